import { drizzle } from "drizzle-orm/d1";

// Without `{ schema }`: the shop writes its queries with the query builder and never uses
// drizzle's relational `db.query`, whose config drizzle would rebuild from the whole schema on
// every call (about a millisecond of CPU per page, issue 19).
export function database(d1: D1Database) {
  return drizzle(d1);
}

export type Database = ReturnType<typeof database>;
