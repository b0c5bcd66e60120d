import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { addDays, bangkokDayOf, dayRangeMs, windowFrom } from "~/domain/report-period";
import { orderSummaryStatements, productWindowStatements, rebuildReportSummary, withOrderSummary } from "~/features/reports/report-summary.server";

import { backendTestCookies } from "./backend-sessions";
import { get, runCron } from "./worker";

/**
 * The order report by product over the last 7, 30, 90 or 365 days (issue 18; migration 0030): a
 * range that is not one whole month or year, read from the rolling window's kept ranking in fewer than
 * 1,000 rows (D1's rows read, from the page's Server-Timing) on a generated year that the summed read
 * could not keep under it (500 products, each sold on 12 days of the last year). The ranking is the
 * order lines' own, compared row by row through the CSV: after the rebuild, after orders placed today,
 * after a refund of an order inside the window, and when the window has not rolled since today began
 * (then summed, exactly, until the cron rolls it). Rows are counted, never time.
 */
const productCount = 500;
const dayMs = 86_400_000;
const today = () => bangkokDayOf(Date.now());
let cookie: Record<string, string>;

const rowsRead = (response: Response) => Number(/(\d+) rows? read"/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);

const numbers = (count: number) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`;

beforeAll(async () => {
  cookie = (await backendTestCookies())["staff-1"];
  const now = Date.now();
  // Order k sells product (k − 1) % 500 + 1, placed 1–360 days ago (never today): 12 days a product.
  await env.DB.batch(
    [
      `INSERT INTO products (slug, sku, kind, category_id, status_id, name_en, name_th, weight_grams, created_at, updated_at)
       ${numbers(productCount)} SELECT 'window-tee-' || i, 'WINDOW-' || i, 'variation', (SELECT min(id) FROM categories), 1, 'Window tee ' || i, 'เสื้อช่วง ' || i, 200, ${now}, ${now} FROM n`,
      `INSERT INTO variants (product_id, sku, price_satang, stock, sort_order, is_active, created_at, updated_at)
       SELECT id, sku || '-1', 20000 + id % 17 * 1000, 100, 0, 1, ${now}, ${now} FROM products WHERE sku LIKE 'WINDOW-%'`,
      `INSERT INTO orders (order_number, email, order_type_id, payment_type_id, status_id, subtotal_satang, discount_satang, points_discount_satang,
         shipping_satang, vat_satang, total_satang, vat_percent, points_redeemed, shipping_method, locale, created_at, updated_at, paid_at)
       ${numbers(productCount * 12)}
       SELECT 'WN' || printf('%06d', i), 'window@example.test', 1, 3, 7, 0, 0, 0, 0, 0, 0, 7, 0, 'standard', 'en',
         ${now} - ((i * 37) % 360 + 1) * ${dayMs} - i * 1000, ${now}, ${now} - ((i * 37) % 360 + 1) * ${dayMs} - i * 1000 FROM n`,
      `INSERT INTO order_lines (order_id, product_id, variant_id, product_name_en, product_name_th, variant_label_en, variant_label_th, sku, unit_price_satang, quantity, line_total_satang)
       SELECT placed.id, variant.product_id, variant.id, 'Window tee', 'เสื้อช่วง', '', '', variant.sku, variant.price_satang, 1 + placed.id % 3, (1 + placed.id % 3) * variant.price_satang
       FROM orders AS placed JOIN variants AS variant ON variant.sku = 'WINDOW-' || ((CAST(substr(placed.order_number, 3) AS INTEGER) - 1) % ${productCount} + 1) || '-1'
       WHERE placed.order_number LIKE 'WN%'`,
      `UPDATE orders SET subtotal_satang = (SELECT sum(line_total_satang) FROM order_lines WHERE order_id = orders.id),
         total_satang = (SELECT sum(line_total_satang) FROM order_lines WHERE order_id = orders.id) WHERE order_number LIKE 'WN%'`,
    ].map((query) => env.DB.prepare(query)),
  );
  await rebuildReportSummary(env.DB);
});

/** The ranking of the order lines themselves: sold orders placed in the range, by sales, units, then product id. */
async function rankingFromLines(from: string, to: string) {
  const { startMs, endMs } = dayRangeMs(from, to);
  const { results } = await env.DB.prepare(
    `SELECT product.name_en AS name, sum(line.quantity) AS units, sum(line.quantity * line.unit_price_satang) AS value
     FROM order_lines AS line JOIN orders AS placed ON placed.id = line.order_id JOIN products AS product ON product.id = line.product_id
     WHERE placed.status_id IN (2, 3, 4, 5, 7) AND placed.created_at >= ? AND placed.created_at < ?
     GROUP BY line.product_id HAVING sum(line.quantity) <> 0 ORDER BY value DESC, units DESC, line.product_id`,
  )
    .bind(startMs, endMs)
    .all<{ name: string; units: number; value: number }>();
  return results.map((row) => `${row.name},${row.units},${row.value / 100}`);
}

/** The report's CSV by product (every product, ranked) as "name,units,sales" lines, and the top 20 page's names and rows read. */
async function report(from: string, to: string) {
  const csv = await get(`/backend/reports/order/export.csv?from=${from}&to=${to}&by=product`, cookie);
  expect(csv.status).toBe(200);
  const rows = new TextDecoder()
    .decode(new Uint8Array(await csv.arrayBuffer()))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  const header = rows[0]!.split(",");
  // The first column names the product.
  const [name, units, sales] = [0, header.indexOf("Items"), header.indexOf("Sales")];
  const ranking = rows.slice(1, -1).map((row) => {
    const cells = row.split(",");
    return `${cells[name!]},${cells[units!]},${Number(cells[sales!])}`;
  });
  const top = await get(`/backend/reports/order?from=${from}&to=${to}&by=product`, cookie);
  expect(top.status).toBe(200);
  const page = await top.text();
  const names = [...page.matchAll(/<tr [^>]*data-testid="order-report-row"[^>]*>(.*?)<\/tr>/gs)].map((match) => />([^<>]+)</.exec(`>${match[1]!}`)?.[1]);
  return { ranking, topNames: names, topRows: rowsRead(top), csvRows: rowsRead(csv) };
}

async function expectReportAsLines(days: number) {
  const [from, to] = [windowFrom(today(), days), today()];
  const expected = await rankingFromLines(from, to);
  const shown = await report(from, to);
  expect(shown.ranking, `last ${days} days, every product`).toEqual(expected);
  expect(shown.topNames, `last ${days} days, top 20`).toEqual(expected.slice(0, 20).map((row) => row.split(",")[0]));
  return shown;
}

describe("the order report by product over the last N days", () => {
  it("given a generated year, should offer the windows as presets and read the last 365 days' top 20 in fewer than 1,000 rows, as the order lines rank them", async () => {
    expect((await rankingFromLines(windowFrom(today(), 365), today())).length).toBeGreaterThanOrEqual(productCount);
    const page = await (await get(`/th/backend/reports/order?from=${windowFrom(today(), 365)}&to=${today()}&by=product`, cookie)).text();
    for (const preset of ["last7", "last30", "last90", "last365"]) expect(page).toContain(`data-testid="report-preset-${preset}"`);
    expect(/<a [^>]*data-testid="report-preset-last365"[^>]*>/.exec(page)?.[0]).toContain('aria-current="true"');
    for (const days of [365, 90, 30, 7]) {
      const shown = await expectReportAsLines(days);
      expect(shown.topRows, `last ${days} days, top 20`).toBeLessThan(1_000);
    }
  });

  it("given orders placed today and a refund of an order inside the window, should rank them at once, still from the window", async () => {
    // A product far down the ranking sells a lot today; another's order of 40 days ago is refunded.
    const [low] = (
      await env.DB.prepare(
        `SELECT variant.id, variant.product_id FROM report_window_products AS window JOIN variants AS variant ON variant.product_id = window.product_id
         WHERE window.days = 365 AND window.sold_units <> 0 ORDER BY window.sold_satang, window.product_id LIMIT 1`,
      ).all<{ id: number; product_id: number }>()
    ).results;
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO orders (order_number, email, order_type_id, payment_type_id, status_id, subtotal_satang, discount_satang, points_discount_satang,
           shipping_satang, vat_satang, total_satang, vat_percent, points_redeemed, shipping_method, locale, created_at, updated_at, paid_at)
         VALUES ('WNTODAY1', 'window@example.test', 1, 3, 7, 5000000, 0, 0, 0, 0, 5000000, 7, 0, 'standard', 'en', ?, ?, ?)`,
      ).bind(now, now, now),
      env.DB.prepare(
        `INSERT INTO order_lines (order_id, product_id, variant_id, product_name_en, product_name_th, variant_label_en, variant_label_th, sku, unit_price_satang, quantity, line_total_satang)
         SELECT id, ?, ?, 'Window tee', 'เสื้อช่วง', '', '', 'WINDOW-TODAY', 50000, 100, 5000000 FROM orders WHERE order_number = 'WNTODAY1'`,
      ).bind(low!.product_id, low!.id),
      ...orderSummaryStatements(env.DB, { orderNumber: "WNTODAY1" }, 1),
    ]);
    const refunded = (await env.DB.prepare(
      "SELECT order_number FROM orders WHERE order_number LIKE 'WN0%' AND created_at < ? AND created_at > ? ORDER BY created_at LIMIT 1",
    )
      .bind(now - 40 * dayMs, now - 45 * dayMs)
      .first<{ order_number: string }>())!.order_number;
    await env.DB.batch(
      withOrderSummary(env.DB, { orderNumber: refunded }, [env.DB.prepare("UPDATE orders SET status_id = 9 WHERE order_number = ?").bind(refunded)]),
    );
    for (const days of [365, 90, 7]) {
      const shown = await expectReportAsLines(days);
      expect(shown.topRows, `last ${days} days`).toBeLessThan(1_000);
    }
    expect((await report(windowFrom(today(), 7), today())).topNames[0]).toBe(
      (await env.DB.prepare("SELECT name_en FROM products WHERE id = ?").bind(low!.product_id).first<{ name_en: string }>())!.name_en,
    );
  });

  it("given a window last rolled yesterday (no cron run since the day began), should sum the range exactly, then read the window again once the cron rolls it", async () => {
    await env.DB.batch(productWindowStatements(env.DB, 365, addDays(today(), -1)));
    const stale = await expectReportAsLines(365);
    // Summed: every product's rows, as before the windows.
    expect(stale.topRows).toBeGreaterThan(1_000);
    await runCron("*/5 * * * *");
    const rolled = await expectReportAsLines(365);
    expect(rolled.topRows).toBeLessThan(1_000);
  });
});
