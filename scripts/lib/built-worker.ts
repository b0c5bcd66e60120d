import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

import { unstable_getMiniflareWorkerOptions } from "wrangler";

/**
 * A built Worker as Miniflare runs it (flat options, as wrangler reads them from its config): the
 * config's bindings and assets with the given variables, under the config's name (what a service
 * binding asks for: pryde-office), and every module of its folder listed, the entry first — a
 * Worker's dynamic imports of its own chunks are not followed from the entry alone. For
 * scripts/serve-built.ts and the integration pool's back-office Worker (tests/integration/vitest.config.ts).
 */
export function builtWorkerOptions(configPath: string, vars: Record<string, string>) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(configPath);
  const directory = dirname(resolve(configPath));
  const { name } = JSON.parse(readFileSync(configPath, "utf8")) as { name: string };
  const modules = readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js") && !file.startsWith("."))
    .sort((a, b) => (a === "index.js" ? -1 : b === "index.js" ? 1 : a.localeCompare(b)))
    .map((file) => ({ type: "ESModule" as const, path: join(directory, file) }));
  return {
    ...workerOptions,
    name,
    modulesRoot: directory,
    modules,
    bindings: { ...(workerOptions.bindings as Record<string, unknown> | undefined), ...vars },
  };
}
