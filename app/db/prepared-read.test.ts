import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { preparedRead } from "./prepared-read";
import { customers, sessions } from "./schema/customers";

/** A stand-in D1 binding: logs each statement sent with its values, and answers with the given rows. */
function fakeD1(rows: { objects?: Record<string, unknown>[]; arrays?: unknown[][] }) {
  const sent: { call: string; sql: string; values: unknown[] }[] = [];
  const statement = (sql: string, values: unknown[] = []) => ({
    bind: (...next: unknown[]) => statement(sql, next),
    all: async () => (sent.push({ call: "all", sql, values }), { success: true, meta: {}, results: rows.objects ?? [] }),
    raw: async () => (sent.push({ call: "raw", sql, values }), rows.arrays ?? []),
  });
  return { d1: { prepare: (sql: string) => statement(sql) } as unknown as D1Database, sent };
}

describe("preparedRead", () => {
  it("given two requests, should build the SQL once and send each request's values in the placeholders' order", async () => {
    let builds = 0;
    const read = preparedRead((db) => {
      builds += 1;
      return db
        .select({ id: sessions.id, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(sql`${sessions.id} = ${sql.placeholder("id")} AND ${sessions.expiresAt} > ${sql.placeholder("now")}`)
        .prepare();
    });
    const first = fakeD1({ objects: [{ id: "a", expires_at: 5 }] });
    const second = fakeD1({ objects: [] });

    expect(await read.all(first.d1, { id: "a", now: 1 })).toEqual([{ id: "a", expiresAt: 5 }]);
    expect(await read.all(second.d1, { now: 2, id: "b" })).toEqual([]);

    expect(builds).toBe(1);
    expect(first.sent).toEqual([
      { call: "all", sql: 'select "id", "expires_at" from "sessions" where "sessions"."id" = ? AND "sessions"."expires_at" > ?', values: ["a", 1] },
    ]);
    expect(second.sent.map(({ values }) => values)).toEqual([["b", 2]]);
    expect(read.toSQL({ id: "c", now: 3 }).params).toEqual(["c", 3]);
  });

  it("given a join whose tables share column names, should map the first row by position (get)", async () => {
    const read = preparedRead((db) =>
      db
        .select({ sessionId: sessions.id, customerId: customers.id })
        .from(sessions)
        .leftJoin(customers, eq(customers.id, sessions.customerId))
        .where(eq(sessions.id, sql.placeholder("id")))
        .prepare(),
    );
    const { d1, sent } = fakeD1({ arrays: [["s1", 7]] });

    expect(await read.get(d1, { id: "s1" })).toEqual({ sessionId: "s1", customerId: 7 });
    expect(sent.map(({ call, values }) => ({ call, values }))).toEqual([{ call: "raw", values: ["s1"] }]);
    expect(await read.get(fakeD1({ arrays: [] }).d1, { id: "none" })).toBeUndefined();
  });

  it("given a placeholder without a value, should fail before anything is sent", async () => {
    const read = preparedRead((db) =>
      db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.id, sql.placeholder("id")))
        .prepare(),
    );
    const { d1, sent } = fakeD1({});
    await expect(read.all(d1, {})).rejects.toThrow(/placeholder "id"/);
    expect(sent).toEqual([]);
  });
});
