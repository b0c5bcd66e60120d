/**
 * `npm run profile`: where the server's CPU goes when it renders pages. Serves the built Worker as the
 * bench does (a throwaway seeded shop on Miniflare, scripts/serve-built.ts) with workerd's Chrome DevTools inspector,
 * prints the bench's CPU per request (/proc, one request at a time) for each page, then attaches the V8
 * profiler, renders each page PROFILE_COUNT times and prints the self time by function, module and
 * package. Each page's profile is saved as a .cpuprofile (open it in Chrome DevTools → Performance).
 *
 * The profiler attaches to the storefront's Worker (app/build-part.ts). Back-office pages (staff:…) render
 * in the back office's: PROFILE_PART=office profiles that Worker instead (the requests still go through
 * the storefront's, whose hand-over is in the CPU per request but not in the profile).
 *
 * Names are readable in an unminified build: `SSR_MINIFY=0 npm run build` first (the modules
 * are then found from the bundler's `// path` comments). Pages get the bench's session cookie
 * (rendered every time, never the page cache); /cart and /cart/checkout a guest holding one line.
 * Options (env): PROFILE_PATHS (comma-separated), PROFILE_COUNT (default 200), PROFILE_PORT (8797; the
 * inspector uses the next port), PROFILE_OUT (the folder for the .cpuprofile files), PROFILE_TOP (20),
 * PROFILE_INCLUSIVE=1 (inclusive time too), PROFILE_COMPARE=<checkout> (CPU per request against
 * another build, no profile; see {@link compare}).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire, SourceMap, type SourceMapPayload } from "node:module";
import { join } from "node:path";

import { demoStaffPassword } from "../app/db/seed/accounts";
import { projectRoot, startThrowawayShop } from "./lib/local";
import { cpuPerRequest, measuringHeaders } from "./lib/server-cpu";
import { guestWithCart, guestWithLines, staffSession } from "./lib/shoppers";

const paths = (process.env.PROFILE_PATHS ?? "/,/shop,/shop/classic-logo-tee,/th/shop,/cart").split(",");
const count = Number(process.env.PROFILE_COUNT ?? 200);
const port = Number(process.env.PROFILE_PORT ?? 8797);
const outDir = process.env.PROFILE_OUT ?? join(projectRoot, ".profiles");
const top = Number(process.env.PROFILE_TOP ?? 20);
const samplingMicros = 100;
const part = process.env.PROFILE_PART === "office" ? "office" : "shop";
const serverBuild = part === "office" ? "build-office/server" : "build/server";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The source maps of the server build (an unminified build writes them), by file name relative to build/server. */
function sourceMaps(): Map<string, SourceMap> {
  const dir = join(projectRoot, serverBuild);
  const files = ["index.js", ...readdirSync(join(dir, "assets")).map((file) => `assets/${file}`)].filter((file) => existsSync(join(dir, `${file}.map`)));
  return new Map(files.map((file) => [file, new SourceMap(JSON.parse(readFileSync(join(dir, `${file}.map`), "utf8")) as SourceMapPayload)]));
}

const maps = sourceMaps();

/** The source module a frame is in, from its build file's source map ("app/…" or "node_modules/<package>/…"). */
function moduleOf(frame: ProfileNode["callFrame"]): string {
  if (!frame.url) return frame.functionName.startsWith("(") ? frame.functionName : "(native)";
  const file = [...maps.keys()].find((name) => frame.url.endsWith(name));
  const entry = file ? maps.get(file)!.findEntry(frame.lineNumber, frame.columnNumber) : undefined;
  const source = entry && "originalSource" in entry ? String(entry.originalSource) : (file ?? frame.url);
  return source.replace(/^.*node_modules\//, "node_modules/").replace(/^(\.\.\/)+/, "");
}

const packageOf = (module: string) =>
  module.startsWith("node_modules/")
    ? module
        .split("/")
        .slice(0, module.split("/")[1]!.startsWith("@") ? 3 : 2)
        .join("/")
    : module.replace(/\/[^/]*$/, "/");

/** Self time (ms per render) by function, module and package, largest first. */
export function summarise(profile: Profile, renders: number) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  // workerd takes no samples while the isolate waits (on D1, KV, the network): the sample after such a
  // pause would carry the whole pause, so a sample counts for at most ten sampling intervals.
  profile.samples.forEach((sample, index) => self.set(sample, (self.get(sample) ?? 0) + Math.min(profile.timeDeltas[index] ?? 0, 10 * samplingMicros)));
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const key = (frame: ProfileNode["callFrame"]) => `${frame.functionName || "(anonymous)"}  ${moduleOf(frame)}`;
  let busy = 0;
  for (const [id, micros] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(key(nodes.get(at)!.callFrame));
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + micros / 1000 / renders);
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === "(idle)") continue;
    busy += micros;
    const module = moduleOf(frame);
    const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + micros / 1000 / renders);
    add(byFunction, key(frame));
    add(byModule, module);
    add(byPackage, packageOf(module));
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { busyMs: busy / 1000 / renders, inclusive: sorted(inclusive), functions: sorted(byFunction), modules: sorted(byModule), packages: sorted(byPackage) };
}

// The `ws` package (a dependency of wrangler).
const WebSocketClient = createRequire(import.meta.url)("ws") as typeof WebSocket;

/** A DevTools protocol client on workerd's inspector. */
async function inspector(inspectorPort: number, workerName: string) {
  // workerd lists every Worker of the process (Miniflare's own too); the user's are core:user:<name>.
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  const target = targets.find((candidate) => candidate.webSocketDebuggerUrl.endsWith(`/core:user:${workerName}`));
  if (!target) throw new Error(`workerd's inspector lists no Worker named ${workerName}`);
  const socket = new WebSocketClient(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id === undefined) return;
    pending.get(message.id)?.(message.error ? Promise.reject(new Error(message.error.message)) : message.result);
    pending.delete(message.id);
  });
  return {
    send: <T = unknown>(method: string, params: object = {}) =>
      new Promise<T>((resolve) => {
        nextId += 1;
        pending.set(nextId, resolve as (result: unknown) => void);
        socket.send(JSON.stringify({ id: nextId, method, params }));
      }),
    close: () => socket.close(),
  };
}

const format = (rows: [string, number][]) => rows.map(([name, value]) => `  ${value.toFixed(3).padStart(7)} ms  ${name}`).join("\n");
function report(title: string, profile: Profile, renders: number) {
  const summary = summarise(profile, renders);
  console.log(`\n${title}: ${renders} renders, the Worker's JavaScript busy ${summary.busyMs.toFixed(2)} ms per render (with the profiler's overhead)`);
  console.log(`self time by package or app folder:\n${format(summary.packages)}`);
  console.log(`self time by module:\n${format(summary.modules)}`);
  console.log(`self time by function:\n${format(summary.functions)}`);
  if (process.env.PROFILE_INCLUSIVE) console.log(`inclusive time by function:\n${format(summary.inclusive)}`);
}

// `npm run profile -- <file.cpuprofile>…`: summarise saved profiles (of PROFILE_COUNT renders each) against the current build.
const saved = process.argv.slice(2).filter((argument) => argument.endsWith(".cpuprofile"));
for (const file of saved) report(file, JSON.parse(readFileSync(file, "utf8")) as Profile, count);
if (saved.length > 0) process.exit(0);

const rendered = { cookie: "pryde_session=benchmarkbenchmarkbench" };

/** A path entry `<staff>:<path>` names the seeded staff member whose session requests it (`lines<N>:<path>`: a guest holding N lines). */
const split = (entry: string) => {
  const [staff, path] = entry.includes(":") ? entry.split(":", 2) : [undefined, entry];
  return { staff, path: path! };
};

/** The cookie each path entry is requested with on one shop: the guest with a cart, a staff session, or the bench's. */
async function cookiesFor(origin: string, entries: string[]): Promise<Map<string, Record<string, string>>> {
  // Only /cart pages need the guest's cart.
  const guest: Record<string, string> = entries.some((entry) => split(entry).path.startsWith("/cart"))
    ? { cookie: await guestWithCart(origin, "/shop/classic-logo-tee") }
    : {};
  const staff = new Map<string, Record<string, string>>();
  const cookies = new Map<string, Record<string, string>>();
  for (const entry of entries) {
    const { staff: name, path } = split(entry);
    // `lines50:/cart`: a guest whose cart holds 50 lines (the bench's large cart).
    const lines = /^lines(\d+)$/.exec(name ?? "")?.[1];
    if (name && !staff.has(name))
      staff.set(name, { cookie: lines ? await guestWithLines(origin, Number(lines)) : await staffSession(origin, `${name}@pryde.test`, demoStaffPassword) });
    cookies.set(entry, name ? staff.get(name)! : path.startsWith("/cart") ? guest : rendered);
  }
  return cookies;
}

/**
 * PROFILE_COMPARE=<another checkout, e.g. a worktree of main>: no profile, but the CPU per request of
 * both builds, served side by side and measured in turns (A, B, A, B, …), so that the load of a
 * shared machine falls on both alike. Prints each page's median of PROFILE_ROUNDS (5) turns.
 */
async function compare(otherRoot: string) {
  const shops = [{ name: "this checkout", shop: await startThrowawayShop(port, "profile") }];
  try {
    shops.push({ name: otherRoot, shop: await startThrowawayShop(port + 2, "profile-other", { appRoot: otherRoot }) });
    const cookies = await Promise.all(shops.map(({ shop }) => cookiesFor(shop.url, paths)));
    const rounds = Number(process.env.PROFILE_ROUNDS ?? 5);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `\nServer CPU per request, ms (as npm run bench; median of ${rounds} turns of ${count / 4} requests): ${shops.map(({ name }) => name).join(" | ")}`,
    );
    for (const entry of ["/healthz", ...paths]) {
      const { path } = split(entry);
      const figures: number[][] = shops.map(() => []);
      for (let round = 0; round < rounds; round += 1) {
        for (const [index, { shop }] of shops.entries()) {
          const headers = cookies[index]!.get(entry) ?? {};
          if (round === 0) for (let i = 0; i < 10; i += 1) await (await fetch(shop.url + path, { headers, redirect: "manual" })).arrayBuffer();
          figures[index]!.push((await cpuPerRequest(shop.pid, shop.url + path, headers, count / 4)) ?? Number.NaN);
        }
      }
      console.log(`  ${decodeURI(entry).padEnd(40)} ${figures.map((values) => median(values).toFixed(1).padStart(6)).join(" | ")}`);
    }
  } finally {
    for (const { shop } of shops) await shop.stop();
  }
}

if (process.env.PROFILE_COMPARE) {
  await compare(process.env.PROFILE_COMPARE);
  process.exit(0);
}

const shop = await startThrowawayShop(port, "profile", { inspectorPort: port + 1 });
try {
  const cookies = await cookiesFor(shop.url, paths);
  const headersFor = (entry: string) => cookies.get(entry) ?? {};
  const renderAll = async (entry: string, times: number) => {
    for (let i = 0; i < times; i += 1)
      await (await fetch(shop.url + split(entry).path, { headers: measuringHeaders(headersFor(entry)), redirect: "manual" })).arrayBuffer();
  };
  for (const path of paths) await renderAll(path, 20);

  console.log("\nServer CPU per request (Miniflare's workerd with the local D1, and its Node, one request at a time, 100 each; as npm run bench):");
  console.log(`  ${"/healthz".padEnd(30)} ${(await cpuPerRequest(shop.pid, `${shop.url}/healthz`))?.toFixed(1) ?? "n/a"} ms`);
  for (const entry of paths)
    console.log(`  ${decodeURI(entry).padEnd(40)} ${(await cpuPerRequest(shop.pid, shop.url + split(entry).path, headersFor(entry)))?.toFixed(1) ?? "n/a"} ms`);

  const devtools = await inspector(port + 1, part === "office" ? "pryde-office" : "pryde-shop");
  await devtools.send("Profiler.enable");
  await devtools.send("Profiler.setSamplingInterval", { interval: samplingMicros });
  mkdirSync(outDir, { recursive: true });
  for (const path of paths) {
    await devtools.send("Profiler.start");
    await renderAll(path, count);
    const { profile } = await devtools.send<{ profile: Profile }>("Profiler.stop");
    const file = join(outDir, `${path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    report(`${decodeURI(path)} (${file})`, profile, count);
  }
  devtools.close();
} finally {
  await shop.stop();
}
