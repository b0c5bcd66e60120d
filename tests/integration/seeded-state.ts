/**
 * The seeded database and media bucket as data, so a run migrates and seeds once (global-setup.ts,
 * in Node) and every test file starts from a copy of that state (setup.ts, in workerd) — the way
 * the Epic Stack copies a base database per test file. Only the D1Database/R2Bucket interfaces are
 * used, so the same code reads the Node-side proxy and the test's own bindings.
 */

type SqlValue = string | number | null;

export interface SeededState {
  /** Schema, then rows, then indexes and triggers (so no trigger fires on the copied rows). */
  statements: { sql: string; params: SqlValue[] }[];
  media: { key: string; etag: string; base64: string; httpMetadata?: R2HTTPMetadata; customMetadata?: Record<string, string> }[];
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

function fromBase64(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** D1 allows 100 bound parameters per statement. */
const maxParameters = 100;
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** The tables SQLite makes for each FTS5 table (they come back when the virtual table is created). */
const ftsShadowSuffixes = ["_data", "_idx", "_content", "_docsize", "_config"];

interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string;
}

async function schema(db: D1Database): Promise<SchemaRow[]> {
  const { results } = await db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid")
    .all<SchemaRow>();
  const virtual = results.filter((row) => row.type === "table" && /^CREATE VIRTUAL TABLE/i.test(row.sql)).map((row) => row.name);
  const shadow = (table: string) => virtual.some((name) => ftsShadowSuffixes.some((suffix) => table === `${name}${suffix}`));
  return results.filter((row) => !shadow(row.tbl_name));
}

async function rowStatements(db: D1Database, table: SchemaRow): Promise<SeededState["statements"]> {
  // A virtual table's rowid ties each entry to its row elsewhere (the search index to products).
  const isVirtual = /^CREATE VIRTUAL TABLE/i.test(table.sql);
  const [columns = [], ...rows] = await db.prepare(`SELECT ${isVirtual ? "rowid, " : ""}* FROM ${quote(table.name)}`).raw<SqlValue>({ columnNames: true });
  if (rows.length === 0) return [];
  const rowsPerStatement = Math.max(1, Math.floor(maxParameters / columns.length));
  const statements: SeededState["statements"] = [];
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const chunk = rows.slice(start, start + rowsPerStatement);
    for (const value of chunk.flat()) {
      if (value !== null && typeof value !== "string" && typeof value !== "number") throw new Error(`${table.name}: cannot copy a ${typeof value} value`);
    }
    const placeholders = chunk.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ");
    statements.push({
      sql: `INSERT INTO ${quote(table.name)} (${columns.map((column) => quote(String(column))).join(", ")}) VALUES ${placeholders}`,
      params: chunk.flat(),
    });
  }
  return statements;
}

export async function dumpSeededState(db: D1Database, bucket: R2Bucket): Promise<SeededState> {
  const objects = await schema(db);
  const tables = objects.filter((row) => row.type === "table");
  const statements: SeededState["statements"] = [
    // Rows go in table by table, not in the order they were written.
    { sql: "PRAGMA defer_foreign_keys = on", params: [] },
    ...tables.map((table) => ({ sql: table.sql, params: [] })),
  ];
  for (const rows of await Promise.all(tables.map((table) => rowStatements(db, table)))) statements.push(...rows);
  for (const object of objects.filter((row) => row.type !== "table")) statements.push({ sql: object.sql, params: [] });

  const media: SeededState["media"] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, include: ["httpMetadata", "customMetadata"] });
    const bodies = await Promise.all(page.objects.map(async (object) => (await bucket.get(object.key))?.arrayBuffer()));
    page.objects.forEach((object, index) => {
      const body = bodies[index];
      if (body)
        media.push({
          key: object.key,
          etag: object.etag,
          base64: toBase64(new Uint8Array(body)),
          httpMetadata: object.httpMetadata,
          customMetadata: object.customMetadata,
        });
    });
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return { statements, media };
}

/**
 * Puts the database, KV and bucket back to the seeded state. A workerd runs test file after test
 * file (`isolate: false` in vitest.config.ts), so what the previous file left is removed first: its
 * views and tables (indexes, triggers and the tables' AUTOINCREMENT counters go with them), in the
 * same batch — one transaction — that writes the seeded rows back; every KV key; and every media
 * object the file added, replaced or removed (see restoreBucket).
 */
export async function restoreSeededState(db: D1Database, kv: KVNamespace, bucket: R2Bucket, state: SeededState): Promise<void> {
  const leftovers = await schema(db);
  const tables = await childrenFirst(
    db,
    leftovers.filter((row) => row.type === "table").map((row) => row.name),
  );
  const drops = [
    ...leftovers.filter((row) => row.type === "view").map((row) => `DROP VIEW ${quote(row.name)}`),
    ...tables.map((name) => `DROP TABLE ${quote(name)}`),
  ];
  // Foreign keys checked at the end, as the seeded rows go in table by table.
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = on"),
    ...drops.map((sql) => db.prepare(sql)),
    ...state.statements.map(({ sql, params }) => db.prepare(sql).bind(...params)),
  ]);
  await Promise.all([emptyKv(kv), restoreBucket(bucket, state.media)]);
}

/**
 * Tables in an order to drop them: each before the tables its foreign keys point at (a table's
 * drop deletes its rows first, and deleting a row that references a table already dropped fails).
 */
async function childrenFirst(db: D1Database, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const lists = await db.batch<{ table: string }>(tables.map((table) => db.prepare(`PRAGMA foreign_key_list(${quote(table)})`)));
  const results = tables.flatMap((child, index) => lists[index]!.results.map(({ table: parent }) => ({ child, parent })));
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const done = new Set<string>();
  // Depth-first: a table goes in after every table that references it.
  const visit = (table: string) => {
    if (done.has(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const { child, parent } of results) if (parent === table && child !== table) visit(child);
    visiting.delete(table);
    done.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered.filter((table) => tables.includes(table));
}

async function emptyKv(kv: KVNamespace): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await kv.list({ cursor });
    await Promise.all(page.keys.map((key) => kv.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

/**
 * Puts the seeded media back. Most files write none, and writing all ~90 objects again was two thirds
 * of a file's restore: an object whose key, content (its etag, an MD5) and metadata are the seeded
 * ones stays; every other is deleted, and whatever seeded object is then missing is written again.
 */
async function restoreBucket(bucket: R2Bucket, media: SeededState["media"]): Promise<void> {
  const seeded = new Map(media.map((object) => [object.key, object]));
  const metadata = (object: Pick<R2Object, "httpMetadata" | "customMetadata">) => JSON.stringify([object.httpMetadata ?? {}, object.customMetadata ?? {}]);
  const unchanged = new Set<string>();
  const stale: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, include: ["httpMetadata", "customMetadata"] });
    for (const object of page.objects) {
      const original = seeded.get(object.key);
      if (original && original.etag === object.etag && metadata(original) === metadata(object)) unchanged.add(object.key);
      else stale.push(object.key);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  // R2 deletes at most 1,000 keys a call.
  for (let start = 0; start < stale.length; start += 1000) await bucket.delete(stale.slice(start, start + 1000));
  await Promise.all(
    media
      .filter((object) => !unchanged.has(object.key))
      .map(({ key, base64, httpMetadata, customMetadata }) => bucket.put(key, fromBase64(base64), { httpMetadata, customMetadata })),
  );
}
