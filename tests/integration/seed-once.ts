/**
 * `node --import tsx tests/integration/seed-once.ts <out.json>` (global-setup.ts runs it once per
 * run): migrations from empty and the demo data on in-memory local D1/R2 — what `npm run db:migrate`
 * and `npm run db:seed` do — written out as data setup.ts copies into each test file's bindings.
 * A separate Node process: through Vite's module runner (which inlines every dependency for the
 * Workers pool) loading Wrangler alone takes many seconds.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { getPlatformProxy, unstable_splitSqlQuery } from "wrangler";
import { seedDemoData } from "../../app/db/seed";
import { projectRoot } from "../../scripts/lib/local";
import { dumpSeededState } from "./seeded-state";

const [output] = process.argv.slice(2);
if (!output) throw new Error("usage: seed-once.ts <out.json>");

process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
const proxy = await getPlatformProxy<{ DB: D1Database; MEDIA: R2Bucket }>({ configPath: `${projectRoot}wrangler.toml`, persist: false, remoteBindings: false });
try {
  const db = proxy.env.DB;
  // Files, order, splitting and bookkeeping as `wrangler d1 migrations apply` and applyD1Migrations (cloudflare:test) have them.
  await db
    .prepare(
      "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
    )
    .run();
  const migrations = readdirSync(`${projectRoot}migrations`)
    .filter((name) => /^\d+.*\.sql$/.test(name))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  for (const name of migrations) {
    const queries = unstable_splitSqlQuery(readFileSync(`${projectRoot}migrations/${name}`, "utf8"));
    await db.batch([...queries.map((query) => db.prepare(query)), db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name)]);
  }
  await seedDemoData(proxy.env);
  writeFileSync(output, JSON.stringify(await dumpSeededState(db, proxy.env.MEDIA)));
} finally {
  await proxy.dispose();
}
