import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { bangkokDayOf, dayRangeMs, monthDays } from "~/domain/report-period";
import { productPageSize } from "~/features/reports/order-report-views";
import { rebuildReportSummary } from "~/features/reports/report-summary.server";

import { backendTestCookies } from "./backend-sessions";
import { get } from "./worker";

/**
 * Issue 18's budget for the order report by product: a whole calendar year or month reads fewer than
 * 1,000 rows (D1's rows read, from the page's Server-Timing), on a generated year in which a sum
 * over the monthly grain could not: 400 products, each sold in every month of last year (4,800
 * monthly rows). The figures still equal a direct SQL sum over the order lines. Rows are counted,
 * never time.
 */
const productCount = 400;
const lastYear = String(Number(bangkokDayOf(Date.now()).slice(0, 4)) - 1);
let cookie: Record<string, string>;

const rowsRead = (response: Response) => Number(/(\d+) rows? read"/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);

beforeAll(async () => {
  cookie = (await backendTestCookies())["staff-1"];
  const numbers = (count: number) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`;
  const firstDay = dayRangeMs(`${lastYear}-01-01`, `${lastYear}-01-01`).startMs;
  const monthMs = Math.floor((dayRangeMs(`${lastYear}-01-01`, `${lastYear}-12-31`).endMs - firstDay) / 12);
  // One completed order per product and month (the 15th-ish of each month), each with one line of 1–3 units.
  await env.DB.batch(
    [
      `INSERT INTO products (slug, sku, kind, category_id, status_id, name_en, name_th, weight_grams, created_at, updated_at)
       ${numbers(productCount)} SELECT 'grain-tee-' || i, 'GRAIN-' || i, 'variation', (SELECT min(id) FROM categories), 1, 'Grain tee ' || i, 'เสื้อทดสอบ ' || i, 200, ${firstDay}, ${firstDay} FROM n`,
      `INSERT INTO variants (product_id, sku, price_satang, stock, sort_order, is_active, created_at, updated_at)
       SELECT id, sku || '-1', 20000 + id % 17 * 1000, 10, 0, 1, ${firstDay}, ${firstDay} FROM products WHERE sku LIKE 'GRAIN-%'`,
      `INSERT INTO orders (order_number, email, order_type_id, payment_type_id, status_id, subtotal_satang, discount_satang, points_discount_satang,
         shipping_satang, vat_satang, total_satang, vat_percent, points_redeemed, shipping_method, locale, created_at, updated_at, paid_at)
       ${numbers(productCount * 12)}
       SELECT 'GR' || printf('%06d', i), 'grain@example.test', 1, 3, 7, 0, 0, 0, 0, 0, 0, 7, 0, 'standard', 'en',
         ${firstDay} + ((i - 1) % 12) * ${monthMs} + 14 * 86400000 + i * 1000, ${firstDay}, ${firstDay} + ((i - 1) % 12) * ${monthMs} + 14 * 86400000 + i * 1000 FROM n`,
      `INSERT INTO order_lines (order_id, product_id, variant_id, product_name_en, product_name_th, variant_label_en, variant_label_th, sku, unit_price_satang, quantity, line_total_satang)
       SELECT placed.id, variant.product_id, variant.id, 'Grain tee', 'เสื้อทดสอบ', '', '', variant.sku, variant.price_satang, 1 + placed.id % 3, (1 + placed.id % 3) * variant.price_satang
       FROM orders AS placed JOIN variants AS variant ON variant.sku = 'GRAIN-' || ((CAST(substr(placed.order_number, 3) AS INTEGER) - 1) / 12 + 1) || '-1'
       WHERE placed.order_number LIKE 'GR%'`,
      `UPDATE orders SET subtotal_satang = (SELECT sum(line_total_satang) FROM order_lines WHERE order_id = orders.id),
         total_satang = (SELECT sum(line_total_satang) FROM order_lines WHERE order_id = orders.id) WHERE order_number LIKE 'GR%'`,
    ].map((query) => env.DB.prepare(query)),
  );
  await rebuildReportSummary(env.DB);
});

async function soldLines(from: string, to: string) {
  const { startMs, endMs } = dayRangeMs(from, to);
  return (await env.DB.prepare(
    `SELECT count(DISTINCT line.product_id) AS products, sum(line.quantity) AS units, sum(line.quantity * line.unit_price_satang) AS value
     FROM order_lines AS line JOIN orders AS placed ON placed.id = line.order_id
     WHERE line.product_id IS NOT NULL AND placed.status_id IN (2, 3, 4, 5, 7) AND placed.created_at >= ? AND placed.created_at < ?`,
  )
    .bind(startMs, endMs)
    .first<{ products: number; units: number; value: number }>())!;
}

describe("the order report by product over one whole period", () => {
  it("given a generated year too big for the monthly grain, should hold more than 1,000 monthly product rows for it", async () => {
    const monthly = await env.DB.prepare("SELECT count(*) AS n FROM report_monthly_products WHERE month BETWEEN ? AND ?")
      .bind(`${lastYear}-01`, `${lastYear}-12`)
      .first<{ n: number }>();
    expect(monthly!.n).toBeGreaterThanOrEqual(productCount * 12);
  });

  for (const [name, from, to] of [
    ["a whole calendar year", `${lastYear}-01-01`, `${lastYear}-12-31`],
    ["a whole month", monthDays(`${lastYear}-03`).from, monthDays(`${lastYear}-03`).to],
  ] as const) {
    it(`given ${name}, should read fewer than 1,000 rows for the top 20, a page of all and the CSV's totals as the order lines say`, async () => {
      const lines = await soldLines(from, to);
      expect(lines.products).toBeGreaterThanOrEqual(productCount);

      const top = await get(`/th/backend/reports/order?from=${from}&to=${to}&by=product`, cookie);
      expect(top.status).toBe(200);
      expect(rowsRead(top), "top 20").toBeLessThan(1_000);
      const page = await top.text();
      expect(page.match(/data-testid="order-report-row"/g)?.length).toBe(20);

      const second = await get(`/backend/reports/order?from=${from}&to=${to}&by=product&show=all&page=2`, cookie);
      expect(rowsRead(second), "page 2").toBeLessThan(1_000);
      expect((await second.text()).match(/data-testid="order-report-row"/g)?.length).toBe(50);

      const csv = await get(`/backend/reports/order/export.csv?from=${from}&to=${to}&by=product`, cookie);
      const rows = new TextDecoder()
        .decode(new Uint8Array(await csv.arrayBuffer()))
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      const header = rows[0]!.split(",");
      const totals = rows.at(-1)!.split(",");
      expect(rows.length - 2).toBe(lines.products);
      expect(Number(totals[header.indexOf("Items")])).toBe(lines.units);
      expect(Number(totals[header.indexOf("Sales")])).toBe(lines.value / 100);
    });
  }

  it("given the pager's next and previous links, should read page 3 with the rows of page 1 and list the same products as skipping would", async () => {
    const base = `/backend/reports/order?from=${lastYear}-01-01&to=${lastYear}-12-31&by=product&show=all`;
    const ids = (page: string) => [...page.matchAll(/<tr [^>]*data-testid="order-report-row"[^>]*>(.*?)<\/tr>/gs)].map((match) => match[1]);
    /** A page's rows read and products, and the pager's link `rel` (plain URLs: no script needed, the back button works). */
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
      return { rows: rowsRead(response), ids: ids(page), next: link("next"), previous: link("prev") };
    };
    const first = await open(base);
    expect(first.ids.length).toBe(productPageSize);
    const second = await open(first.next!);
    const third = await open(second.next!);
    // Skipping two pages would read 2 × 50 more index entries; sought from the key, only ties at the key's value are read again.
    expect(third.rows, "page 3").toBeLessThan(first.rows + productPageSize);
    expect(third.rows).toBeLessThan(1_000);
    expect(second.next).toContain("page=3&after=");
    expect(third.ids).toEqual((await open(`${base}&page=3`)).ids);
    const back = await open(third.previous!);
    expect(back.ids).toEqual(second.ids);
    expect(back.rows, "page 2 from page 3").toBeLessThan(first.rows + productPageSize);
    expect((await open(back.previous!)).ids).toEqual(first.ids);
  });

  it("given the period picker, should offer this and last month and year as whole periods, in Thai with Buddhist-era years", async () => {
    const response = await get(`/th/backend/reports/order?from=${lastYear}-01-01&to=${lastYear}-12-31&by=product`, cookie);
    const page = await response.text();
    for (const preset of ["thisMonth", "lastMonth", "thisYear", "lastYear"]) expect(page).toContain(`data-testid="report-preset-${preset}"`);
    const lastYearLink = /<a [^>]*data-testid="report-preset-lastYear"[^>]*>/.exec(page)?.[0] ?? "";
    expect(lastYearLink).toContain('aria-current="true"');
    expect(lastYearLink).toContain(`from=${lastYear}-01-01&amp;to=${lastYear}-12-31&amp;by=product`);
    expect(page).toContain(String(Number(lastYear) + 543));
  });
});
