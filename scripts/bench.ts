/**
 * `npm run bench`: builds, serves the built Worker locally (wrangler on miniflare, seeded demo
 * data) and measures, in one run:
 *   - requests/s and latency p50/p99 for /, /shop, /th/shop, a Thai search (/th/shop?search=เสื้อ), /custom, the designer (/custom/select/1),
 *     a product page (/shop/classic-logo-tee), the cart and the checkout page (a guest whose cart holds
 *     one tee, made through the shop's own add-to-cart post) and a static asset (the ceiling);
 *   - each page's throughput as a share of the ceiling;
 *   - the server's CPU per request (wrangler, workerd and the local D1, from /proc; Linux only),
 *     one request at a time, against /healthz as the local server's floor;
 *   - the server bundle size (raw and gzip);
 *   - the JavaScript each page makes the browser load (gzip), measured in Debian's Chromium.
 * Pages are measured twice: as an anonymous visitor (served from the short-lived page cache after
 * the first render) and with a session cookie (rendered every time: loaders + React SSR). The cart
 * and checkout are personal: measured once, with the guest's session (cart read, prices re-read from
 * D1, and for checkout the shipping, VAT and points quote).
 * Figures are for notes and comparisons on the same machine; no test asserts a time.
 * The cold start is the first page request a fresh isolate answers (workers/app.ts imports the server
 * build lazily, so its modules are evaluated then), timed before anything else warms the isolate.
 * Options (env): BENCH_SECONDS (default 8), BENCH_CONNECTIONS (default 8), BENCH_PORT (8798),
 * BENCH_SCALE=1 (the reports over a year of orders: npm run seed:scale), BENCH_ONLY=reports (only the report pages).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

import { chromium } from "playwright-core";

import { projectRoot, run, startThrowawayShop } from "./lib/local";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const port = Number(process.env.BENCH_PORT ?? 8798);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * CPU time (user + system, ms) of a process and everything under it, from /proc (Linux): wrangler's
 * proxy and workerd, which runs the Worker and the local D1. Null where /proc is missing.
 */
function treeCpuMs(rootPid: number | undefined): number | null {
  if (rootPid === undefined) return null;
  let stats: { pid: number; ppid: number; ticks: number }[];
  try {
    stats = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .flatMap((entry) => {
        try {
          const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ");
          return [{ pid: Number(entry), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }];
        } catch {
          return [];
        }
      });
  } catch {
    return null;
  }
  const inTree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const stat of stats) {
      if (inTree.has(stat.pid) || !inTree.has(stat.ppid)) continue;
      inTree.add(stat.pid);
      grew = true;
    }
  }
  // Clock ticks are 1/100 s on Linux (getconf CLK_TCK).
  return stats.filter((stat) => inTree.has(stat.pid)).reduce((sum, stat) => sum + stat.ticks * 10, 0);
}

/** The server's CPU per request: one request at a time, so nothing else is counted. */
async function cpuPerRequest(pid: number | undefined, url: string, headers: Record<string, string> = {}, requests = 100): Promise<number | null> {
  const before = treeCpuMs(pid);
  for (let i = 0; i < requests; i += 1) await (await fetch(url, { headers, redirect: "manual" })).arrayBuffer();
  const after = treeCpuMs(pid);
  return before === null || after === null ? null : (after - before) / requests;
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
        const response = await fetch(url, { headers, redirect: "manual" });
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

/**
 * A guest session whose cart holds one line, made as a shopper's browser makes it: the product page
 * names the variant, and the add-to-cart form's post (POST /cart, intent=add) starts the session.
 */
async function guestWithCart(origin: string, productPath: string): Promise<string> {
  const html = await (await fetch(origin + productPath)).text();
  const variantId = html.match(/name="variantId" value="(\d+)"/)?.[1];
  if (!variantId) throw new Error(`no variant to add on ${productPath}`);
  const response = await fetch(`${origin}/cart`, {
    method: "POST",
    body: new URLSearchParams({ intent: "add", variantId, quantity: "1", enhanced: "1" }),
    redirect: "manual",
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => cookie.startsWith("pryde_session="));
  if (!response.ok || !session) throw new Error(`adding to the cart answered ${response.status} without a session cookie`);
  const checkout = await fetch(`${origin}/cart/checkout`, { headers: { cookie: session }, redirect: "manual" });
  if (checkout.status !== 200) throw new Error(`/cart/checkout with the guest's cart answered ${checkout.status}`);
  return session;
}

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
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => cookie.startsWith("pryde_session="));
  if (!session) throw new Error(`staff sign-in answered ${response.status} without a session cookie`);
  return session;
}

// BENCH_SCALE=1: the reports over a year of trading (npm run seed:scale: 100,000 orders, 5,000 variants, 20,000 customers).
const atScale = process.env.BENCH_SCALE === "1";
const worker = await startThrowawayShop(port, "bench", {
  prepare: atScale ? (persistTo) => run("npx", ["tsx", "scripts/seed-scale.ts", "--persist-to", persistTo]) : undefined,
});

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
  const staticAsset = `/${filesUnder(join(clientDir, "assets"))
    .find((file) => file.endsWith(".css"))!
    .slice(clientDir.length + 1)}`;
  // BENCH_ONLY=reports: the report pages alone (the storefront's pages, cart and client JavaScript skipped).
  const reportsOnly = process.env.BENCH_ONLY === "reports";
  // A Thai full-text search (segmentation + FTS5) and a product page (a demo slug).
  const storefrontPages = ["/", "/shop", "/th/shop", `/th/shop?search=${encodeURIComponent("เสื้อ")}`, "/shop/classic-logo-tee", "/custom", "/custom/select/1"];
  const pages = reportsOnly ? [] : storefrontPages;
  const label = (path: string) => decodeURI(path);
  // A session cookie makes a request personal: it bypasses the page cache and is rendered every time.
  const rendered = { cookie: "pryde_session=benchmarkbenchmarkbench" };
  // The cart and the checkout page, for a guest holding one line.
  const cartPages = reportsOnly ? [] : ["/cart", "/cart/checkout"];
  const guest = { cookie: reportsOnly ? "" : await guestWithCart(worker.url, "/shop/classic-logo-tee") };

  // Warm up (first render in a fresh isolate is slow, and rates get fetched once).
  for (const path of [...pages, staticAsset]) for (let i = 0; i < 5; i += 1) await (await fetch(worker.url + path)).arrayBuffer();
  for (const path of cartPages) for (let i = 0; i < 5; i += 1) await (await fetch(worker.url + path, { headers: guest })).arrayBuffer();

  console.log(`\nLoad: ${connections} connections × ${seconds} s per URL, built Worker on wrangler/miniflare\n`);
  const ceiling = await load(worker.url + staticAsset);
  // D1 round trips of one answer, from its Server-Timing (app/db/d1-meter.ts): exact, unlike the times.
  const roundTrips = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { headers, redirect: "manual" });
    await response.arrayBuffer();
    return /(\d+) round trips?/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? "?";
  };
  const rows: [string, LoadResult, string][] = [];
  for (const path of pages) rows.push([`${label(path)} (anonymous, page cache)`, await load(worker.url + path), await roundTrips(worker.url + path)]);
  for (const path of pages)
    rows.push([`${label(path)} (session, rendered)`, await load(worker.url + path, rendered), await roundTrips(worker.url + path, rendered)]);
  for (const path of cartPages)
    rows.push([`${path} (guest, 1 line, rendered)`, await load(worker.url + path, guest), await roundTrips(worker.url + path, guest)]);
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
  for (const [path, result, trips] of rows) {
    console.log(
      path.padEnd(48),
      result.perSecond.toFixed(0).padStart(8),
      result.p50.toFixed(1).padStart(8),
      result.p99.toFixed(1).padStart(8),
      String(result.errors).padStart(7),
      `${((result.perSecond / ceiling.perSecond) * 100).toFixed(0)}%`.padStart(11),
      trips.padStart(9),
    );
  }

  // CPU per request of the server processes (wrangler's proxy, workerd with the Worker and the local
  // D1), against /healthz, which Hono answers without the framework, D1 or React: the local server's floor.
  if (!reportsOnly) {
    console.log("\nServer CPU per request (wrangler + workerd + local D1, one request at a time, 100 each):");
    const floor = await cpuPerRequest(worker.pid, `${worker.url}/healthz`);
    const show = (name: string, ms: number | null) => console.log(`  ${name.padEnd(46)} ${ms === null ? "n/a" : `${ms.toFixed(1)} ms`}`);
    show("/healthz (the local server's floor)", floor);
    for (const path of pages) show(`${label(path)} (session, rendered)`, await cpuPerRequest(worker.pid, worker.url + path, rendered));
    for (const path of cartPages) show(`${path} (guest, 1 line)`, await cpuPerRequest(worker.pid, worker.url + path, guest));
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
  console.log(`\nReports over a year (${from} to ${to}${atScale ? ", at scale" : ", demo data; BENCH_SCALE=1 for a year of orders"}):`);
  console.log("URL".padEnd(64), "rows read".padStart(10), "size".padStart(10), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8));
  for (const path of reportPages) {
    const first = await fetch(worker.url + path, { headers: staff });
    const size = (await first.arrayBuffer()).byteLength;
    const rowsRead = /(\d+) rows? read"/.exec(first.headers.get("server-timing") ?? "")?.[1] ?? "?";
    const result = await load(worker.url + path, staff);
    console.log(
      path.replace(/from=[^&]+&to=[^&]+&?/, "").padEnd(64),
      rowsRead.padStart(10),
      kib(size).padStart(10),
      result.perSecond.toFixed(0).padStart(8),
      result.p50.toFixed(1).padStart(8),
      result.p99.toFixed(1).padStart(8),
    );
  }

  const serverFiles = filesUnder(join(projectRoot, "build/server")).filter((file) => file.endsWith(".js"));
  const serverRaw = serverFiles.reduce((sum, file) => sum + statSync(file).size, 0);
  const serverGzip = serverFiles.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
  console.log(`\nServer bundle: ${kib(serverRaw)} raw, ${kib(serverGzip)} gzip (${serverFiles.length} files; budget 500 KiB gzip)`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  console.log("\nClient JavaScript loaded per page (gzip; budget 120 KiB):");
  for (const path of [...pages, ...cartPages]) {
    const context = await browser.newContext();
    if (cartPages.includes(path)) {
      const [name, value] = guest.cookie.split("=") as [string, string];
      await context.addCookies([{ name, value, url: worker.url }]);
    }
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(worker.url + path, { waitUntil: "networkidle" });
    const gzip = [...scripts].reduce((sum, script) => sum + gzipSync(readFileSync(join(clientDir, script))).length, 0);
    console.log(`  ${label(path).padEnd(24)} ${kib(gzip).padStart(10)}  (${scripts.size} files)`);
    await context.close();
  }
  await browser.close();
} finally {
  await worker.stop();
}
