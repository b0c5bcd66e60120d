import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";

import * as schema from "~/db/schema";

/**
 * DESIGN §4.12: nothing under app/db and no *.server module reaches the browser. ESLint forbids the
 * imports (eslint.config.js); this checks what the build actually ships. `npm run test:integration`
 * builds first (scripts/ensure-build.ts), so build/client is the output of the current sources.
 */
// Both Workers' builds (app/build-part.ts): the storefront's and the back office's.
const clientChunks = import.meta.glob<string>(["/build/client/assets/*.js", "/build-office/client/assets/*.js"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const chunkNames = Object.keys(clientChunks).map((path) => path.slice(path.lastIndexOf("/") + 1));

const tableNames = Object.values(schema)
  .filter((value) => is(value, SQLiteTable))
  .map((table) => getTableName(table))
  // One-word names (products, orders, faqs…) are also route and translation keys; two-word names are
  // spelled this way only by the schema.
  .filter((name) => name.includes("_"));

/** A table's name as a string literal, however the minifier quoted it. */
function quotedTableNamesIn(code: string): string[] {
  return tableNames.filter((name) => ['"', "'", "`"].some((quote) => code.includes(`${quote}${name}${quote}`)));
}

describe("client bundle", () => {
  it("given the build, should have client chunks to check and a schema with tables", () => {
    expect(chunkNames.length).toBeGreaterThan(20);
    expect(chunkNames.some((name) => name.startsWith("entry.client-"))).toBe(true);
    expect(tableNames.length).toBeGreaterThan(20);
    expect(tableNames).toContain("staff_users");
    expect(tableNames).toContain("email_outbox");
  });

  it("given every client chunk, should contain no Drizzle code (its entity symbols are named drizzle:…)", () => {
    const withDrizzle = Object.entries(clientChunks)
      .filter(([, code]) => code.includes("drizzle:") || code.includes("drizzle-orm"))
      .map(([path]) => path);
    expect(withDrizzle).toEqual([]);
  });

  it("given every client chunk, should name no table of the schema", () => {
    const found = Object.entries(clientChunks)
      .map(([path, code]) => ({ chunk: path, tables: quotedTableNamesIn(code) }))
      .filter((entry) => entry.tables.length > 0);
    expect(found).toEqual([]);
  });

  it("given the client chunk names, should include no *.server module", () => {
    expect(chunkNames.filter((name) => /\.server[-.]/.test(name))).toEqual([]);
  });

  it("given a schema chunk, should notice it (the check can fail)", () => {
    const schemaLike = 'const t=sqliteTable(`staff_users`,{id:integer(`id`)});var s=Symbol.for("drizzle:Name")';
    expect(quotedTableNamesIn(schemaLike)).toEqual(["staff_users"]);
    expect(schemaLike.includes("drizzle:")).toBe(true);
  });
});
