import { fillPlaceholders } from "drizzle-orm";
import type { PreparedQueryConfig, SQLitePreparedQuery } from "drizzle-orm/sqlite-core";

import { type Database, database } from "./client";

type AsyncPreparedQuery = SQLitePreparedQuery<PreparedQueryConfig & { type: "async" }>;
type ResultOf<Query, Kind extends "all" | "get"> = Query extends SQLitePreparedQuery<infer Config> ? Config[Kind] : never;

/** The request's values of a prepared read's placeholders (`sql.placeholder("name")`), by name. */
export type PlaceholderValues = Record<string, unknown>;

export interface PreparedRead<Query extends AsyncPreparedQuery> {
  /** Every row, mapped by Drizzle; sent as the statement itself, as `db.batch` sends it. */
  all(d1: D1Database, values?: PlaceholderValues): Promise<ResultOf<Query, "all">>;
  /**
   * The first row or undefined, as Drizzle's `.get()`: the rows come back as arrays, so that
   * columns of the same name in a join (`sessions.id`, `customers.id`) keep their order.
   */
  get(d1: D1Database, values?: PlaceholderValues): Promise<ResultOf<Query, "get">>;
  /** The SQL and its parameters as sent (tests read query plans and parameters' order). */
  toSQL(values?: PlaceholderValues): { sql: string; params: unknown[] };
}

/**
 * A read whose SQL Drizzle builds once per isolate instead of on every request (issue 19: building a
 * page's statements — Drizzle's `is`, `sql`, dialect — was 0.6–2 ms of its CPU). Write the query
 * as usual with `sql.placeholder("name")` for what changes per request and end it with `.prepare()`.
 *
 * Not Drizzle's prepared query itself: it keeps the D1 statement it was prepared on, and the binding
 * is per request here (the meter's wrapper over the request's D1 session, workers/app.ts). So the
 * query is prepared once over a binding that can only prepare, and each request sends its SQL with
 * the request's values on the request's binding, and maps the rows with Drizzle's own mapping.
 * Reads started in the same turn still share one round trip (app/db/d1-meter.ts).
 */
export function preparedRead<Query extends AsyncPreparedQuery>(prepare: (db: Database) => Query): PreparedRead<Query> {
  let prepared: Query | undefined;
  const query = () => (prepared ??= prepare(database(prepareOnly)));
  const bound = (d1: D1Database, values: PlaceholderValues) => {
    const { sql, params } = query().getQuery();
    return d1.prepare(sql).bind(...fillPlaceholders(params, values));
  };
  return {
    async all(d1, values = {}) {
      return query().mapAllResult(await bound(d1, values).all(), true) as ResultOf<Query, "all">;
    },
    async get(d1, values = {}) {
      const [row] = await bound(d1, values).raw();
      return (row === undefined ? undefined : query().mapGetResult(row)) as ResultOf<Query, "get">;
    },
    toSQL(values = {}) {
      const { sql, params } = query().getQuery();
      return { sql, params: fillPlaceholders(params, values) };
    },
  };
}

/** The binding a prepared read is built on: it prepares statements, and never runs them. */
const prepareOnly = {
  prepare: () => ({
    bind() {
      throw new Error("A prepared read runs on the request's D1 binding (preparedRead), never on the one it was built on.");
    },
  }),
} as unknown as D1Database;
