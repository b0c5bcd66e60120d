/**
 * Serves built Workers on Miniflare — the local runtime `wrangler dev` itself runs — without
 * `wrangler dev`'s own proxy in front: a second workerd and a Node process that every request
 * crossed (about 20 s of the end-to-end run's CPU, issue 15; and part of every figure the bench
 * called "CPU per render", issue 19, though production has no such hop). Started by
 * `startBuiltWorker` (scripts/lib/local.ts) as a child process, so the bench can read the CPU of this
 * process and its workerd alone.
 *
 * Argument: a JSON {@link ServeOptions}. Each config is a built Worker's wrangler.json; the first one
 * answers on the port, the others are reached through its service bindings (the storefront's
 * `BACKOFFICE`). State is wrangler's layout under `persistTo` (`v3/d1`, `v3/kv`, …), the one
 * `npm run db:seed` writes.
 */
import { createRequire } from "node:module";
import { join } from "node:path";

import type * as MiniflareModule from "miniflare";

import { builtWorkerOptions } from "./lib/built-worker";

export interface ServeOptions {
  configs: string[];
  port: number;
  persistTo: string;
  vars: Record<string, string>;
  quiet: boolean;
  inspectorPort?: number;
}

// The Miniflare wrangler itself depends on: the options wrangler reads from a config are that version's.
const wranglerRequire = createRequire(createRequire(import.meta.url).resolve("wrangler"));
const { convertV4MiniflareOptions, Log, LogLevel, Miniflare } = wranglerRequire("miniflare") as typeof MiniflareModule;

// The flat options wrangler's config reader gives (Miniflare 5 nests them; convertV4MiniflareOptions does that).
type WorkerOptions = Extract<MiniflareModule.V4MiniflareOptions, { workers: unknown }>["workers"][number];

const options = JSON.parse(process.argv[2] ?? "{}") as ServeOptions;
const state = join(options.persistTo, "v3");
const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    workers: options.configs.map((config) => builtWorkerOptions(config, options.vars) as WorkerOptions),
    host: "127.0.0.1",
    port: options.port,
    inspectorPort: options.inspectorPort,
    // D1, KV, R2 and the cache each in their folder below it (v3/d1, …), as wrangler keeps them.
    resourcePersistencePath: state,
    // No network for Request.cf locally (DESIGN §1): Miniflare's stand-in values.
    cf: false,
    log: new Log(options.quiet ? LogLevel.ERROR : LogLevel.INFO),
    logRequests: !options.quiet,
  }),
);
const url = await miniflare.ready;
if (!options.quiet) console.log(`Serving ${options.configs.length === 1 ? "the Worker" : "the Workers"} on ${url.origin}`);

const stop = () => {
  miniflare.dispose().finally(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
