// `npm run db:seed [-- --persist-to <dir>] [-- --migrate]`: writes the demo data (app/db/seed) into the local
// D1/R2 state that `wrangler d1 migrations apply DB --local` and `wrangler dev` uses.
// `--persist-to` means what it means to wrangler (state lives in <dir>/v3); the default is .wrangler/state.
// Apply migrations first (`npm run db:migrate`), or pass `--migrate` to apply the pending ones here
// (one process instead of two: `npm start` and the e2e runner do). Running it again changes nothing.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import { getPlatformProxy } from "wrangler";

import { demoAccounts, seedDemoData } from "../app/db/seed";
import { setPasswordHashCost } from "../app/features/accounts/password.server";
import { reindexIfEmpty } from "../app/features/catalog/search-index.server";
import { applyMigrations } from "./lib/migrations";

const { values } = parseArgs({ options: { "persist-to": { type: "string" }, migrate: { type: "boolean" } }, allowPositionals: false });
const persistTo = resolve(values["persist-to"] ?? ".wrangler/state");

process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
// The e2e harness seeds with the test suites' password cost (PASSWORD_HASH_COST=test), `npm start` with production's.
setPasswordHashCost(process.env.PASSWORD_HASH_COST);
const started = performance.now();
const proxy = await getPlatformProxy<{ DB: D1Database; MEDIA: R2Bucket }>({
  configPath: "wrangler.toml",
  persist: { path: join(persistTo, "v3") },
  remoteBindings: false,
});

try {
  if (values.migrate) {
    const applied = await applyMigrations(proxy.env.DB, fileURLToPath(new URL("../migrations", import.meta.url)));
    if (applied.length > 0) console.log(`Applied ${applied.length} migration${applied.length === 1 ? "" : "s"}: ${applied.join(", ")}.`);
  }
  const { seeded } = await seedDemoData(proxy.env);
  // A state folder seeded before the product search index existed gets it built once.
  if (!seeded && (await reindexIfEmpty(proxy.env.DB))) console.log("Built the product search index for the existing products.");
  const tables = ["categories", "products", "variants", "product_images", "collections", "activities", "faqs", "customers", "staff_users"];
  const counts = await proxy.env.DB.batch(tables.map((table) => proxy.env.DB.prepare(`select count(*) as count from ${table}`)));
  const media = await proxy.env.MEDIA.list({ limit: 1000 });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(seeded ? `Seeded demo data into ${persistTo} in ${seconds} s.` : `Demo data already present in ${persistTo}; nothing changed (${seconds} s).`);
  console.log(
    `  ${tables.map((table, index) => `${table} ${(counts[index]?.results[0] as { count: number } | undefined)?.count ?? 0}`).join(", ")}, R2 objects ${media.objects.length}${media.truncated ? "+" : ""}`,
  );
  if (seeded) console.log(`  Demo accounts: ${demoAccounts.map((account) => `${account.email} / ${account.password} (${account.role})`).join("; ")}`);
} finally {
  await proxy.dispose();
}
