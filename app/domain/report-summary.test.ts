import { describe, expect, it } from "vitest";

import { orderStatusId } from "./order-status";
import { bangkokDaySql, combineDeltas, exchangeContribution, orderContribution, type OrderFacts, planOrderChange, planStockMovements } from "./report-summary";

const placedAt = Date.parse("2026-03-01T18:30:00Z"); // 01:30 on 2 March in Bangkok

const order = (overrides: Partial<OrderFacts> = {}): OrderFacts => ({
  createdAt: placedAt,
  statusId: orderStatusId.waiting_payment,
  orderTypeId: 1,
  paymentTypeId: 3,
  subtotalSatang: 100_000,
  discountSatang: 10_000,
  pointsDiscountSatang: 500,
  pointsRedeemed: 5,
  pointsEarned: 0,
  shippingSatang: 5_000,
  vatSatang: 6_183,
  totalSatang: 94_500,
  paidAt: null,
  sponsorIds: [],
  distributorAffiliateId: null,
  lines: [
    { productId: 7, categoryId: 1, quantity: 2, unitPriceSatang: 30_000, flashSale: true },
    { productId: 8, categoryId: 1, quantity: 1, unitPriceSatang: 40_000, flashSale: false },
    { productId: null, categoryId: null, quantity: 3, unitPriceSatang: 1_000, flashSale: false },
  ],
  ...overrides,
});

describe("bangkokDaySql", () => {
  it("should add Bangkok's fixed offset to an epoch-ms column", () => {
    expect(bangkokDaySql("placed.created_at")).toBe("date((placed.created_at + 25200000) / 1000, 'unixepoch')");
  });
});

describe("orderContribution: the sponsor report's rows", () => {
  const sponsorRows = (facts: Partial<OrderFacts>) => orderContribution(order(facts)).filter((delta) => delta.table.endsWith("_sponsors"));
  const paidAt = Date.parse("2026-03-31T17:30:00Z"); // 00:30 on 1 April in Bangkok

  it("given a sold order made for a sponsor, should count it for the sponsor on the Bangkok day and month it was paid", () => {
    expect(sponsorRows({ statusId: orderStatusId.paid, paidAt, sponsorIds: [4], distributorAffiliateId: 9 })).toEqual([
      { table: "report_daily_sponsors", key: { day: "2026-04-01", kind: "sponsor", partner_id: 4 }, values: { orders: 1, quantity: 6, value_satang: 94_500 } },
      { table: "report_monthly_sponsors", key: { month: "2026-04", kind: "sponsor", partner_id: 4 }, values: { orders: 1, quantity: 6, value_satang: 94_500 } },
    ]);
  });

  it("given sponsor orders of one day, should add them up across partners per kind in the day's totals row (an order for two sponsors counts for each)", () => {
    const totals = (facts: Partial<OrderFacts>) => orderContribution(order(facts)).filter((delta) => delta.table === "report_daily_sponsor_totals");
    expect(totals({ statusId: orderStatusId.paid, paidAt, sponsorIds: [4, 5] })).toEqual([
      { table: "report_daily_sponsor_totals", key: { day: "2026-04-01" }, values: { sponsor_orders: 1, sponsor_quantity: 6, sponsor_value_satang: 94_500 } },
      { table: "report_daily_sponsor_totals", key: { day: "2026-04-01" }, values: { sponsor_orders: 1, sponsor_quantity: 6, sponsor_value_satang: 94_500 } },
    ]);
    expect(
      combineDeltas(
        [
          order({ statusId: orderStatusId.paid, paidAt, sponsorIds: [4] }),
          order({ statusId: orderStatusId.completed, paidAt, distributorAffiliateId: 9 }),
        ].flatMap(orderContribution),
      ).find((delta) => delta.table === "report_daily_sponsor_totals"),
    ).toEqual({
      table: "report_daily_sponsor_totals",
      key: { day: "2026-04-01" },
      values: {
        sponsor_orders: 1,
        sponsor_quantity: 6,
        sponsor_value_satang: 94_500,
        distributor_orders: 1,
        distributor_quantity: 6,
        distributor_value_satang: 94_500,
      },
    });
    expect(totals({ statusId: orderStatusId.cancelled, paidAt, sponsorIds: [4] })).toEqual([]);
  });

  it("given a sold order of a distributor at placing, should count it for the affiliate; unpaid, cancelled or plain orders count for no one", () => {
    expect(sponsorRows({ statusId: orderStatusId.completed, distributorAffiliateId: 9 }).map((delta) => delta.key)).toEqual([
      { day: "2026-03-02", kind: "distributor", partner_id: 9 },
      { month: "2026-03", kind: "distributor", partner_id: 9 },
    ]);
    expect(sponsorRows({ statusId: orderStatusId.waiting_payment, sponsorIds: [4] })).toEqual([]);
    expect(sponsorRows({ statusId: orderStatusId.cancelled, paidAt, distributorAffiliateId: 9 })).toEqual([]);
    expect(sponsorRows({ statusId: orderStatusId.paid })).toEqual([]);
  });
});

describe("orderContribution", () => {
  it("given an unpaid order, should count it as placed and in its status only (no sales, no products)", () => {
    const [sales, ...products] = orderContribution(order());
    expect(sales).toEqual({
      table: "report_daily_sales",
      key: { day: "2026-03-02" },
      values: { placed_count: 1, placed_total_satang: 94_500, status_1_count: 1, status_1_total_satang: 94_500 },
    });
    expect(products).toEqual([]);
  });

  it("given a paid online transfer order, should count the sale, its channel, payment, discounts, flash-sale units, products and categories, per day and month", () => {
    const [sales, ...products] = orderContribution(order({ statusId: orderStatusId.paid }));
    expect(sales!.values).toMatchObject({
      sold_count: 1,
      sold_units: 6,
      sold_subtotal_satang: 100_000,
      sold_discount_satang: 10_000,
      sold_points_discount_satang: 500,
      sold_points_redeemed: 5,
      sold_flash_units: 2,
      sold_flash_satang: 60_000,
      sold_shipping_satang: 5_000,
      sold_total_satang: 94_500,
      online_count: 1,
      transfer_count: 1,
      transfer_total_satang: 94_500,
    });
    expect(sales!.values).not.toHaveProperty("pos_count");
    expect(sales!.values).not.toHaveProperty("cash_count");
    expect(products).toEqual([
      { table: "report_daily_products", key: { day: "2026-03-02", product_id: 7 }, values: { sold_units: 2, sold_satang: 60_000, flash_units: 2 } },
      { table: "report_daily_products", key: { day: "2026-03-02", product_id: 8 }, values: { sold_units: 1, sold_satang: 40_000, flash_units: 0 } },
      { table: "report_monthly_products", key: { month: "2026-03", product_id: 7 }, values: { sold_units: 2, sold_satang: 60_000, flash_units: 2 } },
      { table: "report_monthly_products", key: { month: "2026-03", product_id: 8 }, values: { sold_units: 1, sold_satang: 40_000, flash_units: 0 } },
      { table: "report_yearly_products", key: { year: "2026", product_id: 7 }, values: { sold_units: 2, sold_satang: 60_000, flash_units: 2 } },
      { table: "report_yearly_products", key: { year: "2026", product_id: 8 }, values: { sold_units: 1, sold_satang: 40_000, flash_units: 0 } },
      // Both products are in category 1: one row per period.
      { table: "report_daily_categories", key: { day: "2026-03-02", category_id: 1 }, values: { sold_units: 3, sold_satang: 100_000, flash_units: 2 } },
      { table: "report_monthly_categories", key: { month: "2026-03", category_id: 1 }, values: { sold_units: 3, sold_satang: 100_000, flash_units: 2 } },
    ]);
  });
});

describe("planOrderChange", () => {
  it("given a paid order refunded, should move it from the paid and sold columns to refunded on the day it was placed", () => {
    const paid = order({ statusId: orderStatusId.refund_request });
    const plan = planOrderChange(paid, { ...paid, statusId: orderStatusId.refunded });
    const sales = plan.find((delta) => delta.table === "report_daily_sales")!;
    expect(sales.key).toEqual({ day: "2026-03-02" });
    expect(sales.values).toMatchObject({ status_5_count: -1, status_9_count: 1, status_9_total_satang: 94_500, sold_count: -1, transfer_count: -1 });
    expect(sales.values).not.toHaveProperty("placed_count");
    expect(plan.filter((delta) => delta.table === "report_daily_products").map((delta) => delta.values.sold_units)).toEqual([-2, -1]);
    expect(plan.filter((delta) => delta.table === "report_monthly_categories").map((delta) => delta.values.sold_units)).toEqual([-3]);
  });

  it("given nothing that the summary counts changed, should plan nothing", () => {
    expect(planOrderChange(order(), order())).toEqual([]);
  });

  it("given a new order, should add its contribution", () => {
    expect(planOrderChange(null, order())).toEqual(orderContribution(order()));
  });
});

describe("exchanges and stock movements", () => {
  it("should count an exchange on the day it was asked for, unless turned down", () => {
    expect(exchangeContribution({ createdAt: placedAt, status: "requested", quantity: 2 })).toEqual([
      { table: "report_daily_sales", key: { day: "2026-03-02" }, values: { exchange_count: 1, exchange_units: 2 } },
    ]);
    expect(exchangeContribution({ createdAt: placedAt, status: "rejected", quantity: 2 })).toEqual([]);
  });

  it("should add movements of a day and a month up per reason, with units in and out, and each variant's per month", () => {
    const nextMonth = Date.parse("2026-03-31T17:30:00Z"); // 00:30 on 1 April in Bangkok
    expect(
      planStockMovements([
        { variantId: 11, createdAt: placedAt, reason: "order", delta: -2 },
        { variantId: 12, createdAt: placedAt, reason: "order", delta: -1 },
        { variantId: 11, createdAt: placedAt, reason: "restock", delta: 10 },
        { variantId: 11, createdAt: nextMonth, reason: "exchange", delta: -1 },
      ]),
    ).toEqual([
      { table: "report_daily_stock", key: { day: "2026-03-02" }, values: { movements: 3, units_in: 10, units_out: 3, order_units: -3, restock_units: 10 } },
      { table: "report_monthly_stock", key: { month: "2026-03" }, values: { movements: 3, units_in: 10, units_out: 3, order_units: -3, restock_units: 10 } },
      {
        table: "report_monthly_variant_stock",
        key: { variant_id: 11, month: "2026-03" },
        values: { movements: 2, units_in: 10, units_out: 2, order_units: -2, restock_units: 10 },
      },
      { table: "report_monthly_variant_stock", key: { variant_id: 12, month: "2026-03" }, values: { movements: 1, units_out: 1, order_units: -1 } },
      { table: "report_daily_stock", key: { day: "2026-04-01" }, values: { movements: 1, units_out: 1, exchange_units: -1 } },
      { table: "report_monthly_stock", key: { month: "2026-04" }, values: { movements: 1, units_out: 1, exchange_units: -1 } },
      { table: "report_monthly_variant_stock", key: { variant_id: 11, month: "2026-04" }, values: { movements: 1, units_out: 1, exchange_units: -1 } },
    ]);
  });

  it("should drop rows whose increments cancel out", () => {
    expect(
      combineDeltas([
        { table: "report_daily_sales", key: { day: "2026-03-02" }, values: { placed_count: 1 } },
        { table: "report_daily_sales", key: { day: "2026-03-02" }, values: { placed_count: -1 } },
      ]),
    ).toEqual([]);
  });
});
