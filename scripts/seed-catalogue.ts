// `npx tsx scripts/seed-catalogue.ts --persist-to <dir> --times 100`: makes the local catalogue (already migrated
// and seeded with the demo data) `times` as large, for `BENCH_CATALOGUE=100 npm run bench` (issue 19: flat cost as
// data grows). Every demo product gets times − 1 copies in its own category, each with its variants, their options
// and its image rows (the same R2 pictures); then the search index is rebuilt by the shop's own code, so searches
// find the copies. SQLite copies the rows itself (INSERT … SELECT over a counter), and the column lists are read
// from the tables, so columns added later are copied too. Running it again changes nothing.
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

import { getPlatformProxy } from "wrangler";

import { reindexAllProducts } from "../app/features/catalog/search-index.server";

const { values } = parseArgs({ options: { "persist-to": { type: "string" }, times: { type: "string" } }, allowPositionals: false });
const persistTo = resolve(values["persist-to"] ?? ".wrangler/state");
const times = Number(values.times ?? 100);
if (!Number.isInteger(times) || times < 2) throw new Error(`--times must be a whole number from 2 up, not ${values.times}`);
const marker = "catalogue_copies";

process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
const started = performance.now();
const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: "wrangler.toml", persist: { path: join(persistTo, "v3") }, remoteBindings: false });

try {
  const db = proxy.env.DB;
  const first = async <T>(query: string) => (await db.prepare(query).first<T>()) ?? null;
  if (await first(`SELECT 1 AS done FROM config WHERE key = '${marker}'`)) {
    console.log(`${persistTo} already holds the catalogue copies; nothing changed.`);
    process.exit(0);
  }
  if (!(await first(`SELECT 1 AS seeded FROM config WHERE key = 'demo_seed_version'`))) {
    console.error("Seed the demo data first: npm run db:seed -- --migrate");
    process.exit(1);
  }

  const columnsOf = async (table: string) => (await db.prepare(`PRAGMA table_info(${table})`).all<{ name: string }>()).results.map((row) => row.name);
  /** `INSERT INTO table (every column but id) SELECT <source column, or the override's expression>`. */
  const copyColumns = async (table: string, source: string, overrides: Record<string, string>) => {
    const columns = (await columnsOf(table)).filter((column) => column !== "id");
    return { into: `${table} (${columns.join(", ")})`, select: columns.map((column) => overrides[column] ?? `${source}.${column}`).join(", ") };
  };
  // Copies `from`..`to`. Written a few copies per batch: every variant and option row fires the triggers that keep
  // the shop's filter counts (migrations/0026), and one batch of all 99 copies outlasted the local D1's request.
  const copiesOf = (from: number, to: number) => `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})`;
  const copiesPerBatch = 10;
  // Copy i of product p: slug "<slug>-copy-<i>", SKUs "<sku>-C<i>" (both unique), a minute older per copy.
  const copySlug = (original: string) => `${original}.slug || '-copy-' || n.i`;
  const copySku = (original: string) => `${original}.sku || '-C' || n.i`;
  const lastDemoProduct = (await first<{ id: number }>("SELECT max(id) AS id FROM products"))!.id;
  const demo = `original.id <= ${lastDemoProduct}`;

  const product = await copyColumns("products", "original", {
    slug: copySlug("original"),
    sku: copySku("original"),
    name_en: "original.name_en || ' ' || (n.i + 1)",
    name_th: "original.name_th || ' ' || (n.i + 1)",
    created_at: "original.created_at - n.i * 60000",
    updated_at: "original.updated_at - n.i * 60000",
  });
  const variant = await copyColumns("variants", "variant", { product_id: "copy.id", sku: copySku("variant") });
  const image = await copyColumns("product_images", "image", { product_id: "copy.id" });
  const copyOf = `JOIN n JOIN products AS copy ON copy.slug = ${copySlug("original")}`;
  for (let from = 1; from < times; from += copiesPerBatch) {
    const copies = copiesOf(from, Math.min(times - 1, from + copiesPerBatch - 1));
    await db.batch(
      [
        `INSERT INTO ${product.into} ${copies} SELECT ${product.select} FROM products AS original JOIN n WHERE ${demo}`,
        `INSERT INTO ${variant.into} ${copies} SELECT ${variant.select}
         FROM variants AS variant JOIN products AS original ON original.id = variant.product_id ${copyOf} WHERE ${demo}`,
        `INSERT INTO variant_options (variant_id, option_id) ${copies} SELECT copy.id, options.option_id
         FROM variant_options AS options JOIN variants AS original ON original.id = options.variant_id
         JOIN n JOIN variants AS copy ON copy.sku = ${copySku("original")} WHERE original.product_id <= ${lastDemoProduct}`,
        `INSERT INTO ${image.into} ${copies} SELECT ${image.select}
         FROM product_images AS image JOIN products AS original ON original.id = image.product_id ${copyOf} WHERE ${demo}`,
      ].map((query) => db.prepare(query)),
    );
  }
  await db.prepare(`INSERT INTO config (key, value, updated_at) VALUES ('${marker}', '${times}', ${Date.now()})`).run();
  const copied = ((performance.now() - started) / 1000).toFixed(1);
  const { indexed } = await reindexAllProducts(db);
  const counts = await db.batch(
    ["products", "variants", "variant_options", "product_images", "product_search"].map((table) =>
      db.prepare(`SELECT '${table}' AS name, count(*) AS n FROM ${table}`),
    ),
  );
  console.log(
    `Made the catalogue in ${persistTo} ${times}× as large in ${copied} s; ${indexed} products indexed for search, ${((performance.now() - started) / 1000).toFixed(1)} s in all.`,
  );
  console.log(`  ${counts.map((result) => `${(result.results[0] as { name: string }).name} ${(result.results[0] as { n: number }).n}`).join(", ")}`);
} finally {
  await proxy.dispose();
}
