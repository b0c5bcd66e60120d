import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { unstable_splitSqlQuery } from "wrangler";

/**
 * Applies the pending migrations of `folder` the way `wrangler d1 migrations apply DB --local` does —
 * files in order, statements split by Wrangler's own splitter, each file in one batch with its row in
 * `d1_migrations` (the table Wrangler and cloudflare:test's applyD1Migrations keep) — but through a
 * binding the caller already has open, without starting another Wrangler. Returns the names applied.
 */
export async function applyMigrations(db: D1Database, folder: string): Promise<string[]> {
  await db
    .prepare(
      "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
    )
    .run();
  const { results } = await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>();
  const applied = new Set(results.map((row) => row.name));
  const pending = readdirSync(folder)
    .filter((name) => name.endsWith(".sql") && !applied.has(name))
    .sort();
  for (const name of pending) {
    const queries = unstable_splitSqlQuery(readFileSync(join(folder, name), "utf8"));
    await db.batch([...queries.map((query) => db.prepare(query)), db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name)]);
  }
  return pending;
}
