// `npm run reports:rebuild [-- --persist-to <dir>]`: recomputes the report summary (report_daily_sales,
// the daily, monthly and yearly product and daily and monthly category tables, the sponsor tables and
// their daily totals, report_daily_stock, the monthly and per-variant monthly stock, the rolling windows of the last
// 7/30/90/365 days as of today) and the counts kept by triggers
// (order_status_counts, variant_stock_counts) of the local D1 from its source rows — orders, order lines, sponsor
// orders, exchanges, the stock ledger and the variants — in one batch. The shop keeps the
// summary up to date itself; this is for a database filled by other means (npm run seed:scale, an
// import) or to check it: it prints how many summary rows changed.
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

import { getPlatformProxy } from "wrangler";

import { rebuildReportSummary, summaryTables } from "../app/features/reports/report-summary.server";

const { values } = parseArgs({ options: { "persist-to": { type: "string" } }, allowPositionals: false });
const persistTo = resolve(values["persist-to"] ?? ".wrangler/state");

process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
const started = performance.now();
const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: "wrangler.toml", persist: { path: join(persistTo, "v3") }, remoteBindings: false });
try {
  const db = proxy.env.DB;
  const snapshot = async () => {
    const results = await db.batch(summaryTables.map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`)));
    return results.map((result) => new Set(result.results.map((row) => JSON.stringify(row))));
  };
  const before = await snapshot();
  await rebuildReportSummary(db);
  const after = await snapshot();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Rebuilt the report summary of ${persistTo} in ${seconds} s.`);
  summaryTables.forEach((table, index) => {
    const [was, now] = [before[index]!, after[index]!];
    const changed = [...now].filter((row) => !was.has(row)).length + [...was].filter((row) => !now.has(row)).length;
    console.log(`  ${table}: ${now.size} rows (${changed === 0 ? "unchanged" : `${changed} differed`})`);
  });
} finally {
  await proxy.dispose();
}
