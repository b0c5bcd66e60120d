/**
 * `npm run bench`: builds, serves the built Worker locally (Miniflare, scripts/serve-built.ts; seeded demo
 * data) and measures, in one run:
 *   - requests/s and latency p50/p99 for /, /shop, /th/shop, a Thai search (/th/shop?search=เสื้อ), /custom, the designer (/custom/select/1),
 *     a product page (/shop/classic-logo-tee), the cart and the checkout page (a guest whose cart holds
 *     one tee, made through the shop's own add-to-cart post) and a static asset (the ceiling);
 *   - each page's throughput as a share of the ceiling;
 *   - the server's CPU per request (Miniflare's workerd with the local D1, and its Node, from /proc; Linux only),
 *     one request at a time, against /healthz as the local server's floor;
 *   - the server bundle size (raw and gzip);
 *   - the JavaScript each page makes the browser load (gzip), measured in Debian's Chromium;
 *   - the cart with 50 lines against the cart with 1 (req/s);
 *   - Lighthouse's mobile performance score and LCP of /, a product page, /th/shop and /shop;
 *   - the FLOOR (bench/floor: a bare React Router page on the shop's versions, served by Miniflare the
 *     same way) measured alongside: its page's req/s as a share of its static file, CPU per render,
 *     server bundle, first-load JavaScript and Lighthouse score;
 *   - with BENCH_CATALOGUE=100, a second shop whose catalogue is 100× the demo's (scripts/seed-catalogue.ts):
 *     /shop, a search and a product page, req/s and rows read against the demo catalogue's, interleaved.
 * It ends with one summary table (floor | shop | goal: issue 19's rows), in Markdown.
 * Pages are measured twice: as an anonymous visitor (served from the short-lived page cache after
 * the first render) and with a session cookie (rendered every time: loaders + React SSR). The cart
 * and checkout are personal: measured once, with the guest's session (cart read, prices re-read from
 * D1, and for checkout the shipping, VAT and points quote).
 * Figures are for notes and comparisons on the same machine; no test asserts a time.
 * The cold start is the first page request a fresh isolate answers (workers/app.ts imports the server
 * build lazily, so its modules are evaluated then), timed before anything else warms the isolate.
 * Options (env): BENCH_SECONDS (default 8), BENCH_CONNECTIONS (default 8), BENCH_PORT (8798; the floor
 * uses the next port, the large catalogue's shop the one after), BENCH_CATALOGUE=100 (the catalogue
 * 100× as large, any factor ≥ 2), BENCH_LIGHTHOUSE=0 (skip Lighthouse), BENCH_LIGHTHOUSE_RUNS (3: the median
 * run of each page is reported), BENCH_SCALE=1 (the reports over
 * a year of orders: npm run seed:scale), BENCH_ONLY=reports (only the report pages),
 * BENCH_CPU_ACCEPT_ENCODING (identity: what the CPU measures ask for, scripts/lib/server-cpu.ts).
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { type Browser, chromium } from "playwright-core";

import { kib, markdownTable, ratio, share, span } from "./lib/bench-table";
import { ensureBuild, projectRoot, run, type RunningWorker, startBuiltWorker, startThrowawayShop } from "./lib/local";
import { browserAcceptEncoding, cpuAcceptEncoding, cpuPerRequest } from "./lib/server-cpu";
import { guestWithCart, guestWithLines, sessionCookieOf } from "./lib/shoppers";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const port = Number(process.env.BENCH_PORT ?? 8798);
const catalogueTimes = Number(process.env.BENCH_CATALOGUE ?? 1);
const withLighthouse = process.env.BENCH_LIGHTHOUSE !== "0";
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const floorRoot = join(projectRoot, "bench/floor");
const ms = (value: number) => value.toFixed(1);

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** A closed-loop load: `connections` clients each sending the next request when the last one ends. */
async function load(url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      try {
        const response = await fetch(url, { headers: { "accept-encoding": browserAcceptEncoding, ...headers }, redirect: "manual" });
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, errors, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) };
}

const loadLine = (name: string, result: LoadResult, extra = "") =>
  `  ${name.padEnd(46)} ${result.perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(result.p50).padStart(6)} ms  p99 ${ms(result.p99).padStart(6)} ms  ${result.errors} errors${extra}`;

/**
 * D1 work of one answer, from its Server-Timing (app/db/d1-meter.ts): exact, unlike the times. Null
 * where the answer carries none (the floor has no D1 at all; a page cache hit costs none).
 */
async function d1Work(url: string, headers: Record<string, string> = {}): Promise<{ roundTrips: number | null; rowsRead: number | null }> {
  const response = await fetch(url, { headers, redirect: "manual" });
  await response.arrayBuffer();
  const timing = response.headers.get("server-timing") ?? "";
  const figure = (pattern: RegExp) => {
    const found = pattern.exec(timing)?.[1];
    return found === undefined ? null : Number(found);
  };
  return { roundTrips: figure(/(\d+) round trips?/), rowsRead: figure(/(\d+) rows? read"/) };
}

/** The shop's stylesheet: what the server answers without running any code (the ceiling). */
function staticAssetOf(clientDir: string): string {
  return `/${filesUnder(join(clientDir, "assets"))
    .find((file) => file.endsWith(".css"))!
    .slice(clientDir.length + 1)}`;
}

/** A Worker's built code: the storefront's (build/, issue 19's row), the back office's (build-office/), the floor's. */
function serverBundle(appRoot: string, directory = "build"): { raw: number; gzip: number; files: number } {
  const files = filesUnder(join(appRoot, directory, "server")).filter((file) => file.endsWith(".js"));
  return {
    raw: files.reduce((sum, file) => sum + statSync(file).size, 0),
    gzip: files.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0),
    files: files.length,
  };
}

/** The JavaScript a first visit to `path` makes the browser load, gzip-compressed from the build's files. */
async function clientJavaScript(browser: Browser, origin: string, clientDir: string, path: string, cookie = ""): Promise<{ gzip: number; files: number }> {
  const context = await browser.newContext();
  if (cookie) {
    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: origin }]);
  }
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(origin + path, { waitUntil: "networkidle" });
  await context.close();
  return { gzip: [...scripts].reduce((sum, script) => sum + gzipSync(readFileSync(join(clientDir, script))).length, 0), files: scripts.size };
}

interface LighthouseFigure {
  path: string;
  score: number | null;
  lcpMs: number | null;
  /** When the measured load really painted first (`observedFirstContentfulPaint`); Lantern's figures follow it. */
  observedPaintMs?: number | null;
  /** Every run's score, the median run's first. */
  scores?: (number | null)[];
  error?: string;
}

/**
 * Runs per page (BENCH_LIGHTHOUSE_RUNS, default 3), of which the median one (Lighthouse's computeMedianRun: by first
 * paint and time to interactive) is reported: on this machine a run now and then paints seconds late, in a tab Chromium
 * schedules like a hidden one, and Lantern then counts every request as blocking (docs/performance.md, "CI time, tenth pass").
 */
type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
const lighthouseRuns = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/**
 * Lighthouse's mobile performance (its default: a mid-range phone, simulated slow 4G and 4× CPU
 * slowdown) for each URL, in Debian's Chromium started by chrome-launcher. Never a made-up figure: a
 * page Lighthouse could not measure comes back with the reason.
 */
async function lighthouseMobile(origin: string, paths: readonly string[]): Promise<LighthouseFigure[]> {
  let chrome: Awaited<ReturnType<typeof launch>>;
  try {
    chrome = await launch({ chromePath: chromiumPath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"], logLevel: "silent" });
  } catch (error) {
    return paths.map((path) => ({ path, score: null, lcpMs: null, error: `Chromium did not start for Lighthouse: ${String(error)}` }));
  }
  const figures: LighthouseFigure[] = [];
  try {
    for (const path of paths) {
      try {
        const reports: LighthouseResult[] = [];
        for (let run = 0; run < lighthouseRuns; run += 1) {
          const result = await lighthouse(origin + path, { port: chrome.port, onlyCategories: ["performance"], logLevel: "error", output: "json" });
          if (result?.lhr) reports.push(result.lhr);
        }
        const scoreOf = (report: LighthouseResult) => {
          const score = report.categories.performance?.score;
          return typeof score === "number" ? Math.round(score * 100) : null;
        };
        const report = reports.length > 0 ? computeMedianRun(reports) : undefined;
        const metrics = report?.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined;
        figures.push({
          path,
          score: report ? scoreOf(report) : null,
          lcpMs: report?.audits["largest-contentful-paint"]?.numericValue ?? null,
          observedPaintMs: metrics?.items?.[0]?.observedFirstContentfulPaint ?? null,
          scores: report ? [scoreOf(report), ...reports.filter((other) => other !== report).map(scoreOf)] : [],
          error: report?.runtimeError?.message ?? (report ? undefined : "Lighthouse returned no report"),
        });
      } catch (error) {
        figures.push({ path, score: null, lcpMs: null, error: String(error) });
      }
    }
  } finally {
    chrome.kill();
  }
  return figures;
}

const lighthouseLine = (figure: LighthouseFigure) =>
  `  ${decodeURI(figure.path).padEnd(28)} ${figure.score === null ? "n/a" : String(figure.score).padStart(3)}  LCP ${figure.lcpMs === null ? "n/a" : `${(figure.lcpMs / 1000).toFixed(1)} s`}${
    typeof figure.observedPaintMs === "number"
      ? `  (painted at ${Math.round(figure.observedPaintMs)} ms; scores of the runs: ${figure.scores?.join(", ")})`
      : ""
  }${figure.error ? `  (${figure.error})` : ""}`;

/**
 * A staff session for the back-office report pages, signed in through the staff sign-in form as a
 * browser does (the Origin header: React Router refuses cross-origin posts).
 */
async function staffSession(origin: string): Promise<string> {
  const response = await fetch(`${origin}/backend/login`, {
    method: "POST",
    headers: { origin },
    body: new URLSearchParams({ email: "admin@pryde.test", password: "Staff12345" }),
    redirect: "manual",
  });
  const session = sessionCookieOf(response);
  if (!session) throw new Error(`staff sign-in answered ${response.status} without a session cookie`);
  return session;
}

// BENCH_SCALE=1: the reports over a year of trading (npm run seed:scale: 100,000 orders, 5,000 variants, 20,000 customers).
const atScale = process.env.BENCH_SCALE === "1";
// BENCH_ONLY=reports: the report pages alone (the storefront's pages, cart, client JavaScript, floor and summary skipped).
const reportsOnly = process.env.BENCH_ONLY === "reports";
const catalogueRun = !reportsOnly && Number.isInteger(catalogueTimes) && catalogueTimes >= 2;

const worker = await startThrowawayShop(port, "bench", {
  prepare: atScale ? (persistTo) => run("npx", ["tsx", "scripts/seed-scale.ts", "--persist-to", persistTo]) : undefined,
});
const stops: (() => Promise<void>)[] = [() => worker.stop()];

try {
  // Before any other page request: /healthz (answered by Hono alone) is all the isolate has served so far.
  const coldStarted = performance.now();
  const cold = await fetch(`${worker.url}/shop`);
  await cold.arrayBuffer();
  const coldMs = performance.now() - coldStarted;
  const warmStarted = performance.now();
  await (await fetch(`${worker.url}/shop`, { headers: { cookie: "pryde_session=benchmarkbenchmarkbench" } })).arrayBuffer();
  console.log(
    `\nCold start: a fresh isolate's first /shop ${coldMs.toFixed(0)} ms (${cold.status}); the next render ${(performance.now() - warmStarted).toFixed(0)} ms`,
  );

  const clientDir = join(projectRoot, "build/client");
  const staticAsset = staticAssetOf(clientDir);

  // The floor: its own Worker, served as the shop is, measured next to the shop below.
  // Its static ceiling is the shop's own stylesheet, copied into its assets: the same file from the same server.
  let floor: RunningWorker | null = null;
  if (!reportsOnly) {
    await ensureBuild(floorRoot);
    copyFileSync(join(clientDir, staticAsset), join(floorRoot, "build/client", staticAsset));
    const floorState = mkdtempSync(join(tmpdir(), "pryde-bench-floor-"));
    const started = await startBuiltWorker({ port: port + 1, persistTo: floorState, quiet: true, appRoot: floorRoot });
    floor = started;
    stops.push(async () => {
      await started.stop();
      rmSync(floorState, { recursive: true, force: true });
    });
    const floorColdStarted = performance.now();
    await (await fetch(`${started.url}/`)).arrayBuffer();
    console.log(`Floor (bench/floor, a bare React Router page): a fresh isolate's first / ${(performance.now() - floorColdStarted).toFixed(0)} ms`);
  }

  // The large catalogue (BENCH_CATALOGUE): a second shop, seeded, then made N× as large before it opens its state.
  const large = catalogueRun
    ? await startThrowawayShop(port + 2, "bench-catalogue", {
        prepare: (persistTo) => run("npx", ["tsx", "scripts/seed-catalogue.ts", "--persist-to", persistTo, "--times", String(catalogueTimes)]),
      })
    : null;
  if (large) stops.push(() => large.stop());

  // A Thai full-text search (segmentation + FTS5) and a product page (a demo slug).
  const search = `/th/shop?search=${encodeURIComponent("เสื้อ")}`;
  const product = "/shop/classic-logo-tee";
  const storefrontPages = ["/", "/shop", "/th/shop", search, product, "/custom", "/custom/select/1"];
  const pages = reportsOnly ? [] : storefrontPages;
  const label = (path: string) => decodeURI(path);
  // A session cookie makes a request personal: it bypasses the page cache and is rendered every time.
  const rendered = { cookie: "pryde_session=benchmarkbenchmarkbench" };
  // The cart and the checkout page, for a guest holding one line (and the cart for one holding 50).
  const cartPages = reportsOnly ? [] : ["/cart", "/cart/checkout"];
  const guest = { cookie: reportsOnly ? "" : await guestWithCart(worker.url, product) };
  const guest50 = { cookie: reportsOnly ? "" : await guestWithLines(worker.url, 50) };

  // Warm up (first render in a fresh isolate is slow, and rates get fetched once).
  for (const path of [...pages, staticAsset]) for (let i = 0; i < 5; i += 1) await (await fetch(worker.url + path)).arrayBuffer();
  for (const path of cartPages) for (let i = 0; i < 5; i += 1) await (await fetch(worker.url + path, { headers: guest })).arrayBuffer();
  if (!reportsOnly) for (let i = 0; i < 5; i += 1) await (await fetch(`${worker.url}/cart`, { headers: guest50 })).arrayBuffer();
  if (floor) for (const path of ["/", staticAsset]) for (let i = 0; i < 5; i += 1) await (await fetch(floor.url + path)).arrayBuffer();

  console.log(
    `\nLoad: ${connections} connections × ${seconds} s per URL, built Worker on Miniflare; Accept-Encoding: ${browserAcceptEncoding}, as a browser\n`,
  );
  const ceiling = await load(worker.url + staticAsset);
  const roundTrips = async (url: string, headers: Record<string, string> = {}) => String((await d1Work(url, headers)).roundTrips ?? "?");
  const rows: [string, LoadResult, string][] = [];
  const renderedLoads = new Map<string, LoadResult>();
  const trips = new Map<string, string>();
  for (const path of pages) rows.push([`${label(path)} (anonymous, page cache)`, await load(worker.url + path), await roundTrips(worker.url + path)]);
  for (const path of pages) {
    const result = await load(worker.url + path, rendered);
    const pathTrips = await roundTrips(worker.url + path, rendered);
    renderedLoads.set(path, result);
    trips.set(path, pathTrips);
    rows.push([`${label(path)} (session, rendered)`, result, pathTrips]);
  }
  for (const path of cartPages) {
    const result = await load(worker.url + path, guest);
    const pathTrips = await roundTrips(worker.url + path, guest);
    renderedLoads.set(path, result);
    trips.set(path, pathTrips);
    rows.push([`${path} (guest, 1 line, rendered)`, result, pathTrips]);
  }
  rows.push([`${staticAsset} (static ceiling)`, ceiling, "-"]);
  console.log(
    "URL".padEnd(48),
    "req/s".padStart(8),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "errors".padStart(7),
    "of ceiling".padStart(11),
    "D1 trips".padStart(9),
  );
  for (const [path, result, pathTrips] of rows) {
    console.log(
      path.padEnd(48),
      result.perSecond.toFixed(0).padStart(8),
      result.p50.toFixed(1).padStart(8),
      result.p99.toFixed(1).padStart(8),
      String(result.errors).padStart(7),
      share(result.perSecond, ceiling.perSecond).padStart(11),
      pathTrips.padStart(9),
    );
  }

  // The floor's page (rendered on every request: it has no cache) against its own static file, right after the shop's.
  let floorPage: LoadResult | null = null;
  let floorCeiling: LoadResult | null = null;
  let cart1: LoadResult | null = null;
  let cart50: LoadResult | null = null;
  const cartRowsRead: { one: number | null; fifty: number | null } = { one: null, fifty: null };
  if (floor) {
    console.log("\nThe floor (bench/floor), same load:");
    floorCeiling = await load(floor.url + staticAsset);
    floorPage = await load(`${floor.url}/`);
    console.log(loadLine("/ (rendered)", floorPage, `  ${share(floorPage.perSecond, floorCeiling.perSecond)} of its ceiling`));
    console.log(loadLine(`${staticAsset} (the same file, ceiling)`, floorCeiling));

    // A cart of 50 lines against one line, back to back (issue 19: cart pricing in one query for all lines).
    console.log("\nThe cart, guest, rendered:");
    cart1 = await load(`${worker.url}/cart`, guest);
    cart50 = await load(`${worker.url}/cart`, guest50);
    const cart50Work = await d1Work(`${worker.url}/cart`, guest50);
    const cart1Work = await d1Work(`${worker.url}/cart`, guest);
    console.log(loadLine("/cart (1 line)", cart1, `  ${cart1Work.roundTrips ?? "?"} D1 trips, ${cart1Work.rowsRead ?? "?"} rows read`));
    console.log(loadLine("/cart (50 lines)", cart50, `  ${cart50Work.roundTrips ?? "?"} D1 trips, ${cart50Work.rowsRead ?? "?"} rows read`));
    console.log(`  50 lines vs 1: ${ratio(cart50.perSecond, cart1.perSecond)} the req/s`);
    cartRowsRead.one = cart1Work.rowsRead;
    cartRowsRead.fifty = cart50Work.rowsRead;
  }

  // CPU per request of the server processes (Miniflare's Node and workerd with the Worker and the local
  // D1), against /healthz, which Hono answers without the framework, D1 or React: the local server's floor.
  const cpu = new Map<string, number | null>();
  let floorCpu: number | null = null;
  if (!reportsOnly) {
    console.log(
      `\nServer CPU per request (workerd + local D1 + Miniflare's Node, one request at a time, 100 each; Accept-Encoding: ${cpuAcceptEncoding}, the Worker's work without the edge's compression):`,
    );
    const show = (name: string, value: number | null) => console.log(`  ${name.padEnd(46)} ${value === null ? "n/a" : `${ms(value)} ms`}`);
    show("/healthz (the local server's floor)", await cpuPerRequest(worker.pid, `${worker.url}/healthz`));
    for (const path of pages) {
      cpu.set(path, await cpuPerRequest(worker.pid, worker.url + path, rendered));
      show(`${label(path)} (session, rendered)`, cpu.get(path)!);
    }
    for (const path of cartPages) {
      cpu.set(path, await cpuPerRequest(worker.pid, worker.url + path, guest));
      show(`${path} (guest, 1 line)`, cpu.get(path)!);
    }
    if (floor) {
      show("floor /healthz (the floor's Worker, no framework)", await cpuPerRequest(floor.pid, `${floor.url}/healthz`));
      floorCpu = await cpuPerRequest(floor.pid, `${floor.url}/`);
      show("floor / (rendered)", floorCpu);
    }
  }

  // The catalogue N× as large: the same rendered pages on both shops, one after the other for each page.
  const catalogueRows: { path: string; today: LoadResult; large: LoadResult; todayRows: number | null; largeRows: number | null }[] = [];
  if (large) {
    const comparedPages = ["/shop", search, product];
    for (const path of comparedPages) for (let i = 0; i < 5; i += 1) await (await fetch(large.url + path, { headers: rendered })).arrayBuffer();
    console.log(`\nCatalogue ${catalogueTimes}× as large (scripts/seed-catalogue.ts), session, rendered; each page on both shops in turn:`);
    for (const path of comparedPages) {
      // Each shop's rows right after its own load: the shared catalogue reads it keeps expire within the
      // other shop's load, and a cold read against a warm one says nothing about the catalogue's size.
      const today = await load(worker.url + path, rendered);
      const todayRows = (await d1Work(worker.url + path, rendered)).rowsRead;
      const largeResult = await load(large.url + path, rendered);
      const largeRows = (await d1Work(large.url + path, rendered)).rowsRead;
      catalogueRows.push({ path, today, large: largeResult, todayRows, largeRows });
      console.log(loadLine(`${label(path)} (demo catalogue)`, today, `  ${todayRows ?? "?"} rows read`));
      console.log(
        loadLine(
          `${label(path)} (${catalogueTimes}×)`,
          largeResult,
          `  ${largeRows ?? "?"} rows read; ${ratio(largeResult.perSecond, today.perSecond)} the req/s`,
        ),
      );
    }
  }

  // The reports over the last 365 Bangkok days (the order report per month and by product, the stock report):
  // rows D1 read come from the page's Server-Timing (issue 18: a year's report reads fewer than 1,000 rows).
  const staff = { cookie: await staffSession(worker.url) };
  const to = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  const from = new Date(Date.now() + 7 * 3_600_000 - 364 * 86_400_000).toISOString().slice(0, 10);
  const reportPages = [
    `/backend/reports/order?from=${from}&to=${to}`,
    `/backend/reports/order?from=${from}&to=${to}&by=status`,
    `/backend/reports/order?from=${from}&to=${to}&by=category`,
    `/backend/reports/order?from=${from}&to=${to}&by=product`,
    `/backend/reports/order?from=${from}&to=${to}&by=product&show=all&page=2`,
    `/backend/reports/order/export.csv?from=${from}&to=${to}&by=product`,
    `/backend/reports/stock?from=${from}&to=${to}`,
    `/backend/reports/sponsor?from=${from}&to=${to}`,
  ];
  // This calendar year by product (one whole period: read from its ranking index), page 1 and page 3 as the pager
  // reaches it (each "next" link carries the page's last ranking key), and the dashboard.
  const thisYear = `from=${to.slice(0, 4)}-01-01&to=${to.slice(0, 4)}-12-31`;
  let pagerPage = `/backend/reports/order?${thisYear}&by=product&show=all`;
  reportPages.push(pagerPage);
  for (let step = 0; step < 2; step += 1) {
    const tags = (await (await fetch(worker.url + pagerPage, { headers: staff })).text()).match(/<a [^>]*>/g) ?? [];
    const next = tags.find((tag) => tag.includes(' rel="next"'))?.match(/href="([^"]+)"/)?.[1];
    if (next) pagerPage = next.replace(/&amp;/g, "&");
  }
  reportPages.push(pagerPage, "/backend/dashboard");
  console.log(`\nReports over a year (${from} to ${to}${atScale ? ", at scale" : ", demo data; BENCH_SCALE=1 for a year of orders"}):`);
  console.log("URL".padEnd(64), "rows read".padStart(10), "size".padStart(10), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8));
  for (const path of reportPages) {
    const first = await fetch(worker.url + path, { headers: staff });
    const size = (await first.arrayBuffer()).byteLength;
    const rowsRead = /(\d+) rows? read"/.exec(first.headers.get("server-timing") ?? "")?.[1] ?? "?";
    const result = await load(worker.url + path, staff);
    console.log(
      (path.includes(thisYear)
        ? `${path.replace(`${thisYear}&`, "").replace(/&after=[^&]+/, "")} (this year${path.includes("after=") ? ", pager" : ""})`
        : path
      )
        .replace(/from=[^&]+&to=[^&]+&?/, "")
        .padEnd(64),
      rowsRead.padStart(10),
      kib(size).padStart(10),
      result.perSecond.toFixed(0).padStart(8),
      result.p50.toFixed(1).padStart(8),
      result.p99.toFixed(1).padStart(8),
    );
  }

  // The shop is two Workers (app/build-part.ts); a visitor's pages run in the storefront's.
  const shopBundle = serverBundle(projectRoot);
  const officeBundle = serverBundle(projectRoot, "build-office");
  console.log(`\nServer bundle: ${kib(shopBundle.raw)} raw, ${kib(shopBundle.gzip)} gzip (${shopBundle.files} files; goal ≤ 400 KiB gzip)`);
  console.log(`Back office's Worker: ${kib(officeBundle.raw)} raw, ${kib(officeBundle.gzip)} gzip (${officeBundle.files} files)`);
  const floorBundle = floor ? serverBundle(floorRoot) : null;
  if (floorBundle) console.log(`Floor's server bundle: ${kib(floorBundle.raw)} raw, ${kib(floorBundle.gzip)} gzip (${floorBundle.files} files)`);

  const javaScript = new Map<string, number>();
  let floorJavaScript: number | null = null;
  if (!reportsOnly) {
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    try {
      console.log("\nClient JavaScript loaded per page (gzip; goal ≤ 125 KiB):");
      for (const path of [...pages, ...cartPages]) {
        const figure = await clientJavaScript(browser, worker.url, clientDir, path, cartPages.includes(path) ? guest.cookie : "");
        javaScript.set(path, figure.gzip);
        console.log(`  ${label(path).padEnd(24)} ${kib(figure.gzip).padStart(10)}  (${figure.files} files)`);
      }
      if (floor) {
        const figure = await clientJavaScript(browser, floor.url, join(floorRoot, "build/client"), "/");
        floorJavaScript = figure.gzip;
        console.log(`  ${"floor /".padEnd(24)} ${kib(figure.gzip).padStart(10)}  (${figure.files} files)`);
      }
    } finally {
      await browser.close();
    }
  }

  // Lighthouse last among the measurements: it loads the machine for half a minute per page.
  const lighthousePages = ["/", product, "/th/shop", "/shop"];
  let shopLighthouse: LighthouseFigure[] = [];
  let floorLighthouse: LighthouseFigure | null = null;
  if (!reportsOnly && withLighthouse) {
    console.log("\nLighthouse, mobile performance (simulated mid-range phone on slow 4G; anonymous visitor):");
    shopLighthouse = await lighthouseMobile(worker.url, lighthousePages);
    for (const figure of shopLighthouse) console.log(lighthouseLine(figure));
    if (floor) {
      floorLighthouse = (await lighthouseMobile(floor.url, ["/"]))[0]!;
      console.log(lighthouseLine({ ...floorLighthouse, path: "floor /" }));
    }
  }

  if (!reportsOnly) {
    const kibSpan = (paths: string[]) =>
      span(
        paths.map((path) => javaScript.get(path) ?? null),
        (bytes) => (bytes / 1024).toFixed(1),
        " KiB",
      );
    const cpuFigure = (value: number | null | undefined) => (value === null || value === undefined ? "n/a" : `${ms(value)} ms`);
    const lighthouseNames: Record<string, string> = { "/": "`/`", [product]: "product", "/th/shop": "`/th/shop`", "/shop": "`/shop`" };
    const lcps = shopLighthouse.map((figure) => (figure.lcpMs === null ? null : figure.lcpMs / 1000));
    const lighthouseShop = !withLighthouse
      ? "skipped (BENCH_LIGHTHOUSE=0)"
      : `${shopLighthouse.map((figure) => `${lighthouseNames[figure.path]} ${figure.score ?? "n/a"}`).join(", ")}; LCP ${span(lcps, (value) => value.toFixed(1), " s")}${
          shopLighthouse.some((figure) => figure.error) ? " (errors above)" : ""
        }`;
    const lighthouseFloor = floorLighthouse
      ? `${floorLighthouse.score ?? "n/a"}; LCP ${floorLighthouse.lcpMs === null ? "n/a" : `${(floorLighthouse.lcpMs / 1000).toFixed(1)} s`} (anchor: Hydrogen p75 LCP 1.4 s)`
      : "Hydrogen p75 LCP 1.4 s (anchor)";
    const tripsOf = (name: string, path: string) => `${name} ${trips.get(path) ?? "?"}`;
    const catalogueShop =
      catalogueRows.length > 0
        ? catalogueRows
            .map(
              ({ path, today, large: largeResult }) =>
                `${path === search ? "search" : path === product ? "product" : "`/shop`"} ${ratio(largeResult.perSecond, today.perSecond)}`,
            )
            .join(", ") + ` (rows read ${catalogueRows.map((row) => ratio(row.largeRows, row.todayRows)).join(", ")})`
        : "not run (BENCH_CATALOGUE=100)";
    const summaryRows = [
      [
        "storefront first-load JS (gzip)",
        floorJavaScript === null ? "n/a" : kib(floorJavaScript),
        `${kibSpan(["/", "/shop", "/th/shop"])} (\`/\`, \`/shop\`, \`/th/shop\`); product ${kibSpan([product])}`,
        "≤ 125 KiB",
      ],
      [
        "server bundle (gzip)",
        floorBundle ? kib(floorBundle.gzip) : "n/a",
        `${kib(shopBundle.gzip)} (back office's Worker ${kib(officeBundle.gzip)})`,
        "≤ 400 KiB",
      ],
      [
        "rendered `/shop` (with a session) req/s as share of a static file",
        floorPage && floorCeiling ? share(floorPage.perSecond, floorCeiling.perSecond) : "n/a",
        share(renderedLoads.get("/shop")?.perSecond, ceiling.perSecond),
        "≥ 50 %",
      ],
      ["CPU per render", cpuFigure(floorCpu), `\`/shop\` ${cpuFigure(cpu.get("/shop"))}; pages ${span([...cpu.values()], ms, " ms")}`, "≤ 8 ms"],
      [
        "D1 round trips per page",
        "0 (no D1)",
        [tripsOf("`/shop`", "/shop"), tripsOf("`/`", "/"), tripsOf("product", product), tripsOf("cart", "/cart"), tripsOf("checkout", "/cart/checkout")].join(
          ", ",
        ),
        "1 per page; checkout ≤ 2",
      ],
      ["Lighthouse mobile performance", lighthouseFloor, lighthouseShop, "≥ 95 everywhere, LCP < 2 s"],
      [`${catalogueRun ? catalogueTimes : 100}× catalogue, req/s vs today's`, "flat", catalogueShop, "≥ 0.9×"],
      [
        "cart of 50 lines vs 1 line",
        "–",
        `${ratio(cart50?.perSecond, cart1?.perSecond)} (rows read ${cartRowsRead.one ?? "?"} → ${cartRowsRead.fifty ?? "?"})`,
        "≥ 0.8×",
      ],
    ];
    console.log(`\nSummary (issue 19), ${seconds} s × ${connections} connections per load, the floor and the shop in the same run:\n`);
    console.log(markdownTable(["measure", "floor / anchor", "this shop", "goal"], summaryRows));
  }
} finally {
  for (const stop of stops.reverse()) await stop();
}
