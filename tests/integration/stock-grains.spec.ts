import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { staffAttentionStatusIds } from "~/domain/order-status";
import { bangkokDayOf, dayRangeMs } from "~/domain/report-period";
import { rebuildReportSummary } from "~/features/reports/report-summary.server";
import { stockReportPageSize } from "~/features/reports/stock-report-levels";

import { backendTestCookies } from "./backend-sessions";
import { get } from "./worker";

/**
 * Issue 18's budget for the stock report and for what every back-office page reads before its own content: rows read
 * (D1's, from Server-Timing) stay flat when the shop has four times the low-stock variants, ledger rows and orders needing
 * attention — the level's count, the chart and the sidebar's chip read counts kept by the database and monthly rows, not a
 * row per variant, day or order. The kept counts equal a fresh GROUP BY after every kind of raw write (the shop's own
 * writes are checked in report-summary.spec.ts). Rows are counted, never time.
 */
const lastYear = String(Number(bangkokDayOf(Date.now()).slice(0, 4)) - 1);
const wholeYear = `from=${lastYear}-01-01&to=${lastYear}-12-31`;
let cookie: Record<string, string>;
let batch = 0;

const rowsRead = (response: Response) => Number(/(\d+) rows? read"/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);
const numbers = (count: number) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`;

/**
 * `count` more sold-out variants, each with a delivery and a sale in every month of last year in the ledger, and `count`
 * more orders waiting for payment; then the summary is rebuilt from the ledger (the kept counts need nothing). Sold out,
 * so every page measured lists the same variants at either size: the seed's sold-out ones, then the first of these by id.
 */
async function grow(count: number) {
  batch += 1;
  const prefix = `STOCKGRAIN-${batch}-`;
  const firstDay = dayRangeMs(`${lastYear}-01-01`, `${lastYear}-01-01`).startMs;
  const monthMs = Math.floor((dayRangeMs(`${lastYear}-01-01`, `${lastYear}-12-31`).endMs - firstDay) / 12);
  await env.DB.batch(
    [
      `INSERT INTO products (slug, sku, kind, category_id, status_id, name_en, name_th, weight_grams, created_at, updated_at)
       ${numbers(count)} SELECT lower('${prefix}') || i, '${prefix}' || i, 'variation', (SELECT min(id) FROM categories), 1, 'Stock tee ' || i, 'เสื้อสต็อก ' || i, 200, ${firstDay}, ${firstDay} FROM n`,
      `INSERT INTO variants (product_id, sku, price_satang, stock, sort_order, is_active, created_at, updated_at)
       SELECT id, sku || '-1', 20000, 0, 0, 1, ${firstDay}, ${firstDay} FROM products WHERE sku LIKE '${prefix}%'`,
      `INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note, created_at)
       ${numbers(12)}
       SELECT variant.id, 10, variant.stock, 'restock', 'stock grains', ${firstDay} + (n.i - 1) * ${monthMs} + 86400000 FROM variants AS variant JOIN n WHERE variant.sku LIKE '${prefix}%'
       UNION ALL
       SELECT variant.id, -3, variant.stock, 'order', 'stock grains', ${firstDay} + (n.i - 1) * ${monthMs} + 15 * 86400000 FROM variants AS variant JOIN n WHERE variant.sku LIKE '${prefix}%'`,
      `INSERT INTO orders (order_number, email, order_type_id, payment_type_id, status_id, subtotal_satang, discount_satang, points_discount_satang,
         shipping_satang, vat_satang, total_satang, vat_percent, points_redeemed, shipping_method, locale, created_at, updated_at)
       ${numbers(count)}
       SELECT '${prefix}' || i, 'stock-grains@example.test', 1, 3, ${staffAttentionStatusIds[0]}, 10000, 0, 0, 0, 654, 10000, 7, 0, 'standard', 'en',
         ${firstDay} + i * 1000, ${firstDay} + i * 1000 FROM n`,
    ].map((query) => env.DB.prepare(query)),
  );
  await rebuildReportSummary(env.DB);
}

/** The kept counts next to a fresh GROUP BY of the rows they count (rows of zero are the same as no row). */
async function keptCounts() {
  const periodTotals = (table: string, period: string) =>
    `SELECT ${period} AS period, sum(sold_units <> 0) AS products, sum(sold_units) AS sold_units, sum(sold_satang) AS sold_satang, sum(flash_units) AS flash_units
     FROM ${table} GROUP BY 1 HAVING products <> 0 OR sum(sold_units) <> 0 OR sum(sold_satang) <> 0 OR sum(flash_units) <> 0`;
  const [statusKept, statusCounted, levelKept, levelCounted, totalsKept, totalsCounted] = await env.DB.batch<Record<string, number | string>>([
    env.DB.prepare("SELECT status_id, orders FROM order_status_counts WHERE orders <> 0 ORDER BY 1"),
    env.DB.prepare("SELECT status_id, count(*) AS orders FROM orders GROUP BY 1 ORDER BY 1"),
    env.DB.prepare("SELECT level, is_active, variants, stock FROM variant_stock_counts WHERE variants <> 0 OR stock <> 0 ORDER BY 1, 2"),
    env.DB.prepare(
      `SELECT CASE WHEN stock <= 0 THEN 0 WHEN stock <= 5 THEN 1 ELSE 2 END AS level, is_active, count(*) AS variants, sum(stock) AS stock
       FROM variants GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
    env.DB.prepare(
      `SELECT period, products, sold_units, sold_satang, flash_units FROM report_product_period_totals
       WHERE products <> 0 OR sold_units <> 0 OR sold_satang <> 0 OR flash_units <> 0 ORDER BY 1`,
    ),
    env.DB.prepare(`${periodTotals("report_monthly_products", "month")} UNION ALL ${periodTotals("report_yearly_products", "year")}
       UNION ALL ${periodTotals("report_window_products", "days || 'd'")} ORDER BY 1`),
  ]);
  return {
    kept: [statusKept!.results, levelKept!.results, totalsKept!.results],
    counted: [statusCounted!.results, levelCounted!.results, totalsCounted!.results],
  };
}

beforeAll(async () => {
  cookie = (await backendTestCookies())["staff-1"];
});

describe("the stock report and the back-office frame at four times the data", () => {
  it("given 4× the low-stock variants, ledger rows and orders needing attention, should read the same rows (under 1,000) for a whole year", async () => {
    const pages = [
      `/backend/reports/stock?${wholeYear}`,
      `/th/backend/reports/stock?${wholeYear}&level=out`,
      `/backend/reports/stock?${wholeYear}&level=all&page=2`,
      `/backend/reports/order?${wholeYear}`,
    ];
    const measure = async () => {
      const rows: number[] = [];
      for (const page of pages) {
        const response = await get(page, cookie);
        expect(response.status, page).toBe(200);
        await response.arrayBuffer();
        rows.push(rowsRead(response));
      }
      return rows;
    };
    await grow(150);
    const small = await measure();
    await grow(450);
    const large = await measure();
    pages.forEach((page, index) => {
      expect(large[index], page).toBeLessThan(1_000);
      // The same 50 variants' worth of rows a page, 12 monthly rows for the chart, a handful of counts: nothing per variant or order.
      expect(large[index]! - small[index]!, page).toBeLessThanOrEqual(10);
    });
    const { kept, counted } = await keptCounts();
    expect(kept).toEqual(counted);
  });

  it("given the pager's next and previous links over 600 more sold-out variants, should read page 5 with the rows of page 3", async () => {
    const base = `/backend/reports/stock?${wholeYear}&level=out`;
    const open = async (path: string) => {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(200);
      const page = await response.text();
      const link = (rel: string) =>
        page
          .match(/<a [^>]*>/g)
          ?.find((tag) => tag.includes(` rel="${rel}"`))
          ?.match(/href="([^"]+)"/)?.[1]
          ?.replace(/&amp;/g, "&");
      const rows = [...page.matchAll(/<tr [^>]*data-testid="stock-report-row"[^>]*>(.*?)<\/tr>/gs)].map((match) => match[1]);
      return { rows: rowsRead(response), listed: rows, next: link("next"), previous: link("prev") };
    };
    const pages = [await open(base)];
    for (let page = 2; page <= 5; page += 1) pages.push(await open(pages.at(-1)!.next!));
    const [third, fourth, fifth] = [pages[2]!, pages[3]!, pages[4]!];
    expect(fifth.listed.length).toBe(stockReportPageSize);
    // Pages 3–5 list only the added variants (stock 0, the same ledger each): skipping would read 2 × 50 more index
    // entries for page 5 than for page 3; the key seeks (stock = 0 AND id > ?).
    expect(fifth.rows, "page 5").toBeLessThanOrEqual(third.rows + 10);
    expect(fifth.rows).toBeLessThan(1_000);
    expect(fifth.listed).toEqual((await open(`${base}&page=5`)).listed);
    const back = await open(fifth.previous!);
    expect(back.listed).toEqual(fourth.listed);
    expect(back.rows, "page 4 from page 5").toBeLessThanOrEqual(third.rows + 10);
  });

  it("given a range of part-months, should chart and total the ledger's movements as a direct sum, read by month or by day", async () => {
    const [from, to] = [`${lastYear}-02-10`, `${lastYear}-11-20`];
    const { startMs, endMs } = dayRangeMs(from, to);
    const ledger = (await env.DB.prepare(
      `SELECT coalesce(sum(max(delta, 0)), 0) AS units_in, coalesce(sum(max(-delta, 0)), 0) AS units_out,
         coalesce(sum(CASE WHEN reason IN ('order', 'order-cancelled') THEN -delta ELSE 0 END), 0) AS sold,
         coalesce(sum(CASE WHEN reason IN ('restock', 'correction', 'damaged', 'import') THEN delta ELSE 0 END), 0) AS adjusted
       FROM stock_movements WHERE created_at >= ? AND created_at < ?`,
    )
      .bind(startMs, endMs)
      .first<{ units_in: number; units_out: number; sold: number; adjusted: number }>())!;
    expect(ledger.adjusted).toBeGreaterThan(0);
    for (const group of ["month", "day"]) {
      const csv = await get(`/backend/reports/stock/export.csv?from=${from}&to=${to}&group=${group}`, cookie);
      expect(csv.status).toBe(200);
      const lines = new TextDecoder()
        .decode(new Uint8Array(await csv.arrayBuffer()))
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      const header = lines[0]!.split(",");
      const totals = lines.at(-1)!.split(",");
      expect({ sold: Number(totals[header.indexOf("Sold")]), adjusted: Number(totals[header.indexOf("Adjusted")]) }, group).toEqual({
        sold: ledger.sold,
        adjusted: ledger.adjusted,
      });
      // The chart's bars (each titled "period · series: value"): units in and out per period add up to the ledger's.
      const page = await (await get(`/backend/reports/stock?from=${from}&to=${to}&group=${group}`, cookie)).text();
      const bars = (series: string) =>
        [...page.matchAll(new RegExp(`title="[^"]*: ([\\d,]+)" data-series="${series}"`, "g"))].map((match) => Number(match[1]!.replace(/,/g, "")));
      expect(bars("in").length, group).toBe(group === "month" ? 10 : Math.round((endMs - startMs) / 86_400_000));
      expect({ in: bars("in").reduce((sum, value) => sum + value, 0), out: bars("out").reduce((sum, value) => sum + value, 0) }, group).toEqual({
        in: ledger.units_in,
        out: ledger.units_out,
      });
    }
  });
});

describe("the counts the database keeps", () => {
  it("given variants, orders and ranking rows inserted, restocked, sold out, hidden, moved between statuses and deleted (with their product), should equal a fresh GROUP BY", async () => {
    const now = Date.now();
    const product = (sku: string) =>
      env.DB.prepare(
        `INSERT INTO products (slug, sku, kind, category_id, status_id, name_en, name_th, weight_grams, created_at, updated_at)
         VALUES (lower(?1), ?1, 'variation', (SELECT min(id) FROM categories), 1, 'Kept', 'นับ', 200, ?2, ?2)`,
      ).bind(sku, now);
    const variant = (productSku: string, sku: string, stock: number) =>
      env.DB.prepare(
        `INSERT INTO variants (product_id, sku, price_satang, stock, sort_order, is_active, created_at, updated_at)
         VALUES ((SELECT id FROM products WHERE sku = ?1), ?2, 10000, ?3, 0, 1, ?4, ?4)`,
      ).bind(productSku, sku, stock, now);
    const order = (number: string, status: number) =>
      env.DB.prepare(
        `INSERT INTO orders (order_number, email, status_id, subtotal_satang, vat_satang, total_satang, vat_percent, created_at, updated_at)
         VALUES (?, 'kept@example.test', ?, 0, 0, 0, 7, ?, ?)`,
      ).bind(number, status, now, now);
    const sold = (table: string, period: string, key: string, units: number, satang: number) =>
      env.DB.prepare(
        `INSERT INTO ${table} (${period}, product_id, sold_units, sold_satang, flash_units) VALUES (?1, (SELECT id FROM products WHERE sku = 'KEPT-A'), ?2, ?3, ?2)
         ON CONFLICT DO UPDATE SET sold_units = sold_units + excluded.sold_units, sold_satang = sold_satang + excluded.sold_satang, flash_units = flash_units + excluded.flash_units`,
      ).bind(key, units, satang);
    const steps: D1PreparedStatement[][] = [
      [
        product("KEPT-A"),
        variant("KEPT-A", "KEPT-A-1", 0),
        variant("KEPT-A", "KEPT-A-2", 3),
        variant("KEPT-A", "KEPT-A-3", 40),
        order("KEPT-1", 1),
        order("KEPT-2", 2),
        // A product's sales in the ranking tables (migration 0029's totals): inserted, changed, zeroed and gone with the product.
        sold("report_monthly_products", "month", "2000-01", 2, 5000),
        sold("report_yearly_products", "year", "2000", 2, 5000),
      ],
      [sold("report_monthly_products", "month", "2000-01", 1, 2500), sold("report_monthly_products", "month", "2000-02", 3, 100)],
      [sold("report_monthly_products", "month", "2000-01", -3, -7500), sold("report_yearly_products", "year", "2000", 1, 300)],
      [env.DB.prepare("UPDATE variants SET stock = 5 WHERE sku = 'KEPT-A-1'"), env.DB.prepare("UPDATE variants SET stock = 6 WHERE sku = 'KEPT-A-2'")],
      [
        env.DB.prepare("UPDATE variants SET stock = stock - 1 WHERE sku LIKE 'KEPT-A-%'"),
        env.DB.prepare("UPDATE variants SET is_active = 0 WHERE sku = 'KEPT-A-3'"),
      ],
      [
        env.DB.prepare("UPDATE variants SET stock = 0, is_active = 1 WHERE sku = 'KEPT-A-3'"),
        env.DB.prepare("UPDATE variants SET sku = 'KEPT-A-2b' WHERE sku = 'KEPT-A-2'"),
      ],
      [
        env.DB.prepare("UPDATE orders SET status_id = 7 WHERE order_number = 'KEPT-1'"),
        env.DB.prepare("UPDATE orders SET status_id = 2 WHERE order_number = 'KEPT-2'"),
      ],
      [env.DB.prepare("UPDATE orders SET status_id = 8 WHERE order_number LIKE 'KEPT-%'"), env.DB.prepare("DELETE FROM variants WHERE sku = 'KEPT-A-1'")],
      [env.DB.prepare("DELETE FROM orders WHERE order_number = 'KEPT-1'"), env.DB.prepare("DELETE FROM products WHERE sku = 'KEPT-A'")],
    ];
    for (const [index, step] of steps.entries()) {
      await env.DB.batch(step);
      const { kept, counted } = await keptCounts();
      expect(kept, `after step ${index}`).toEqual(counted);
    }
  });
});

describe("the dashboard at four times the orders and members", () => {
  /**
   * `count` more sold orders spread over the chart's 60 days and `count` more members who joined last year: the chart and the
   * top products read the daily summary (a row per day, and per product and day sold), the month's new members an index of
   * the join dates — nothing per order or member.
   */
  async function growSales(count: number) {
    batch += 1;
    const prefix = `DASHBOARD-${batch}-`;
    const now = Date.now();
    const joined = dayRangeMs(`${lastYear}-03-01`, `${lastYear}-03-01`).startMs;
    await env.DB.batch(
      [
        `INSERT INTO orders (order_number, email, order_type_id, payment_type_id, status_id, subtotal_satang, discount_satang, points_discount_satang,
           shipping_satang, vat_satang, total_satang, vat_percent, points_redeemed, shipping_method, locale, created_at, updated_at, paid_at)
         ${numbers(count)}
         SELECT '${prefix}' || i, 'dashboard@example.test', 1, 3, 2, 10000, 0, 0, 0, 654, 10000, 7, 0, 'standard', 'en',
           ${now} - (i % 60) * 86400000, ${now} - (i % 60) * 86400000, ${now} - (i % 60) * 86400000 FROM n`,
        `INSERT INTO customers (email, first_name, last_name, locale, created_at, updated_at)
         ${numbers(count)} SELECT lower('${prefix}') || i || '@example.test', 'Member', 'Dashboard', 'en', ${joined}, ${joined} FROM n`,
      ].map((query) => env.DB.prepare(query)),
    );
    await rebuildReportSummary(env.DB);
  }

  it("given 4× the orders and members, should read about the same rows", async () => {
    const measure = async () => {
      const response = await get("/backend/dashboard", cookie);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      return rowsRead(response);
    };
    await growSales(150);
    const small = await measure();
    await growSales(450);
    const large = await measure();
    expect(large - small).toBeLessThanOrEqual(10);
  });

  /** `count` more orders waiting for slip approval (status 10), each with its slip payment row, placed over the last `count` hours. */
  async function growSlipQueue(count: number) {
    batch += 1;
    const prefix = `SLIPQ-${batch}-`;
    const now = Date.now();
    await env.DB.batch(
      [
        `INSERT INTO orders (order_number, email, order_type_id, payment_type_id, status_id, subtotal_satang, discount_satang, points_discount_satang,
           shipping_satang, vat_satang, total_satang, vat_percent, points_redeemed, shipping_method, locale, created_at, updated_at, paid_at)
         ${numbers(count)}
         SELECT '${prefix}' || i, 'slip-queue@example.test', 1, 3, 10, 10000, 0, 0, 0, 654, 10000, 7, 0, 'standard', 'en',
           ${now} - i * 3600000, ${now} - i * 3600000, NULL FROM n`,
        `INSERT INTO payments (order_id, provider, status, amount_satang, slip_key, created_at, updated_at)
         SELECT id, 'transfer', 'slip_submitted', 10000, 'slips/' || order_number, created_at, created_at + 60000 FROM orders WHERE order_number LIKE '${prefix}%'`,
      ].map((query) => env.DB.prepare(query)),
    );
  }

  it("given 4× the orders waiting for slip approval, should read the same rows and list the oldest five with the whole queue's count", async () => {
    const open = async () => {
      const response = await get("/backend/dashboard", cookie);
      expect(response.status).toBe(200);
      return { rows: rowsRead(response), page: await response.text() };
    };
    await growSlipQueue(100);
    const small = await open();
    await growSlipQueue(300);
    const large = await open();
    // On main the list grouped every waiting order with its payments, and the problem payments panel read every payment: +1,800 rows.
    expect(large.rows - small.rows).toBeLessThanOrEqual(10);
    const waiting = (await env.DB.prepare("SELECT order_number FROM orders WHERE status_id = 10 ORDER BY created_at, id").all<{ order_number: string }>())
      .results;
    expect(waiting.length).toBeGreaterThanOrEqual(400);
    const listed = [...large.page.matchAll(/data-testid="waiting-payment"[^>]*>(.*?)<\/li>/gs)].map((match) => match[1]!);
    expect(listed).toHaveLength(5);
    waiting.slice(0, 5).forEach((order, index) => expect(listed[index]).toContain(order.order_number));
    expect(large.page).toMatch(new RegExp(`data-testid="waiting-payments-count">.*?\\(${waiting.length}\\)<`));
  });

  /**
   * `count` more products, each sold today in an order of its own: the month's best sellers are read from the month's ranking
   * index (a row per product shown), not from one summary row per product and day sold.
   */
  async function growProducts(count: number) {
    batch += 1;
    const prefix = `TOPSELL-${batch}-`;
    const now = Date.now();
    await env.DB.batch(
      [
        `INSERT INTO products (slug, sku, kind, category_id, status_id, name_en, name_th, weight_grams, created_at, updated_at)
         ${numbers(count)} SELECT lower('${prefix}') || i, '${prefix}' || i, 'variation', (SELECT min(id) FROM categories), 1, 'Seller ' || i, 'ขายดี ' || i, 200, ${now}, ${now} FROM n`,
        `INSERT INTO variants (product_id, sku, price_satang, stock, sort_order, is_active, created_at, updated_at)
         SELECT id, sku || '-1', 10000, 10, 0, 1, ${now}, ${now} FROM products WHERE sku LIKE '${prefix}%'`,
        `INSERT INTO orders (order_number, email, order_type_id, payment_type_id, status_id, subtotal_satang, discount_satang, points_discount_satang,
           shipping_satang, vat_satang, total_satang, vat_percent, points_redeemed, shipping_method, locale, created_at, updated_at, paid_at)
         SELECT sku, 'top-sellers@example.test', 1, 3, 2, 10000, 0, 0, 0, 654, 10000, 7, 0, 'standard', 'en', ${now}, ${now}, ${now} FROM products WHERE sku LIKE '${prefix}%'`,
        `INSERT INTO order_lines (order_id, product_id, variant_id, product_name_en, product_name_th, variant_label_en, variant_label_th, sku, unit_price_satang, quantity, line_total_satang)
         SELECT placed.id, variant.product_id, variant.id, 'Seller', 'ขายดี', '', '', variant.sku, 10000, 1, 10000
         FROM orders AS placed JOIN variants AS variant ON variant.sku = placed.order_number || '-1' WHERE placed.order_number LIKE '${prefix}%'`,
      ].map((query) => env.DB.prepare(query)),
    );
    await rebuildReportSummary(env.DB);
  }

  it("given 4× the products sold this month, should read the same rows (under 1,000), and list the month's best sellers", async () => {
    const open = async () => {
      const response = await get("/backend/dashboard", cookie);
      expect(response.status).toBe(200);
      return { rows: rowsRead(response), page: await response.text() };
    };
    await growProducts(150);
    const small = await open();
    await growProducts(450);
    const large = await open();
    expect(large.rows).toBeLessThan(1_000);
    expect(large.rows - small.rows).toBeLessThanOrEqual(10);
    expect(large.page.match(/data-testid="top-product"/g)?.length).toBe(5);
    // The panel says which ranking it shows: the order report by product for this month.
    const month = bangkokDayOf(Date.now()).slice(0, 7);
    expect(large.page).toMatch(
      new RegExp(`href="/backend/reports/order\\?from=${month}-01&amp;to=${month}-\\d\\d&amp;by=product"[^>]*>.*?data-testid="top-products-report"`, "s"),
    );
  });
});
