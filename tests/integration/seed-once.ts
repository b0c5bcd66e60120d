/**
 * `node --import tsx tests/integration/seed-once.ts <out.json>` (global-setup.ts runs it once per
 * run): migrations from empty and the demo data on in-memory local D1/R2 — what `npm run db:migrate`
 * and `npm run db:seed` do — written out as data setup.ts copies into each test file's bindings.
 * A separate Node process: through Vite's module runner (which inlines every dependency for the
 * Workers pool) loading Wrangler alone takes many seconds.
 */
import { writeFileSync } from "node:fs";

import { getPlatformProxy } from "wrangler";

import { seedDemoData } from "../../app/db/seed";
import { setPasswordHashCost } from "../../app/features/accounts/password.server";
import { projectRoot } from "../../scripts/lib/local";
import { applyMigrations } from "../../scripts/lib/migrations";
import { dumpSeededState } from "./seeded-state";

const [output] = process.argv.slice(2);
if (!output) throw new Error("usage: seed-once.ts <out.json>");

process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
// The demo accounts' hashes at the cost the tests' Worker uses (PASSWORD_HASH_COST in vitest.config.ts).
setPasswordHashCost("test");
const proxy = await getPlatformProxy<{ DB: D1Database; MEDIA: R2Bucket }>({ configPath: `${projectRoot}wrangler.toml`, persist: false, remoteBindings: false });
try {
  const db = proxy.env.DB;
  await applyMigrations(db, `${projectRoot}migrations`);
  await seedDemoData(proxy.env);
  writeFileSync(output, JSON.stringify(await dumpSeededState(db, proxy.env.MEDIA)));
} finally {
  await proxy.dispose();
}
