import { env } from "cloudflare:workers";

import { bumpContentVersion } from "../../workers/page-cache";
import { runScheduledJob } from "../../workers/scheduled";

/** The origin test requests use; POSTs carry it as Origin so React Router's CSRF check passes. */
export const origin = "http://shop.test";

/**
 * The storefront's built Worker, as production runs it: in an isolate of its own, beside the back
 * office's (tests/integration/vitest.config.ts), reached by a service binding. The test runner's own
 * copy (`exports.default`), which Vitest loads into the tests' isolate, cost 1.3–4 ms more per request
 * (docs/performance.md, "CI time, eleventh pass").
 */
export const shop: Fetcher = env.SHOP;

export function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return shop.fetch(new Request(`${origin}${path}`, { headers, redirect: "manual" }));
}

export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return shop.fetch(
    new Request(`${origin}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { origin, "content-type": "application/x-www-form-urlencoded", ...headers },
      redirect: "manual",
    }),
  );
}

/**
 * For tests that change the catalogue straight in D1, behind the back office's back (its saves bump
 * the content version): a new version, so the page cache and the catalogue reads shared between
 * shoppers (app/features/cache/shared-reads.server.ts) start afresh, as after a save.
 */
export function newContentVersion(): Promise<void> {
  return bumpContentVersion(env.KV);
}

export function cookieFrom(response: Response): string {
  const setCookie = response.headers.get("set-cookie") ?? "";
  return setCookie.split(";")[0] ?? "";
}

/** Runs the job a Cron Trigger with this expression starts (the dispatch table of workers/scheduled.ts). */
export function runCron(cron: string): Promise<void> {
  return runScheduledJob(cron, env);
}
