import { describe, expect, it } from "vitest";

import { D1Meter, isReadStatement } from "./d1-meter";

/** A stand-in D1 binding: answers every statement with rows made from its SQL, and logs each call. */
function fakeD1({ failBatch = false } = {}) {
  const calls: string[] = [];
  const resultOf = (sql: string, values: unknown[]) => ({
    success: true,
    meta: { rows_read: 3, rows_written: /^insert/i.test(sql) ? 1 : 0 },
    results: sql.startsWith("SELECT * FROM (") ? [{ id: 1, "id:1": 2 }] : [{ sql, values }],
  });
  const statement = (sql: string, values: unknown[] = []) => ({
    sql,
    values,
    bind: (...next: unknown[]) => statement(sql, next),
    all: async () => (calls.push(`all ${sql}`), resultOf(sql, values)),
    run: async () => (calls.push(`run ${sql}`), resultOf(sql, values)),
    first: async () => (calls.push(`first ${sql}`), resultOf(sql, values).results[0]),
    raw: async () => (calls.push(`raw ${sql}`), [[1, 2]]),
  });
  const d1 = {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: ReturnType<typeof statement>[]) => {
      calls.push(`batch ${statements.map((item) => item.sql).join(" | ")}`);
      if (failBatch) throw new Error("D1_ERROR: no such table");
      return statements.map((item) => resultOf(item.sql, item.values));
    },
    exec: async () => ({ count: 1, duration: 0 }),
    withSession: () => d1,
    dump: async () => new ArrayBuffer(0),
  };
  return { d1: d1 as unknown as D1Database, calls };
}

describe("D1Meter", () => {
  it("given reads started in the same turn, should send them as one batch and count one round trip", async () => {
    const { d1, calls } = fakeD1();
    const meter = new D1Meter();
    const db = meter.wrap(d1);
    const [all, first, column, raw] = await Promise.all([
      db.prepare("select a from t where x = ?").bind(7).all(),
      db.prepare("select b from t").first(),
      db.prepare("select c from t").first<string>("sql"),
      db.prepare("select s.id, c.id from s join c").raw(),
    ]);
    expect(calls).toEqual(["batch select a from t where x = ? | select b from t | select c from t | SELECT * FROM (select s.id, c.id from s join c)"]);
    expect(all.results).toEqual([{ sql: "select a from t where x = ?", values: [7] }]);
    expect(first).toEqual({ sql: "select b from t", values: [] });
    expect(column).toBe("select c from t");
    // Array rows keep both "id" columns, in order.
    expect(raw).toEqual([[1, 2]]);
    expect(meter.roundTrips).toBe(1);
    expect(meter.rowsRead).toBe(12);
    expect(meter.serverTiming()).toMatch(/^db;dur=[\d.]+;desc="1 round trip, 12 rows read"$/);
  });

  it("given a read after an awaited one, should count a second round trip", async () => {
    const { d1 } = fakeD1();
    const meter = new D1Meter();
    const db = meter.wrap(d1);
    await db.prepare("select 1").all();
    await db.prepare("select 2").all();
    expect(meter.roundTrips).toBe(2);
  });

  it("given a write, should send it at once and alone; a batch with a write stays one atomic batch", async () => {
    const { d1, calls } = fakeD1();
    const meter = new D1Meter();
    const db = meter.wrap(d1);
    await db.prepare("insert into t values (?)").bind(1).run();
    await db.batch([db.prepare("select a from t"), db.prepare("update t set a = 1")]);
    expect(calls).toEqual(["run insert into t values (?)", "batch select a from t | update t set a = 1"]);
    expect(meter.roundTrips).toBe(2);
    expect(meter.rowsWritten).toBe(1);
  });

  it("given a read started before a write in the same turn, should send the read first", async () => {
    const { d1, calls } = fakeD1();
    const meter = new D1Meter();
    const db = meter.wrap(d1);
    const [read] = await Promise.all([db.prepare("SELECT stock FROM variants").all(), db.prepare("UPDATE variants SET stock = 0").run()]);
    expect(read).toBeDefined();
    expect(calls).toEqual(["all SELECT stock FROM variants", "run UPDATE variants SET stock = 0"]);
    expect(meter.roundTrips).toBe(2);
  });

  it("given a batch of reads, should join it to the turn's other reads", async () => {
    const { d1, calls } = fakeD1();
    const meter = new D1Meter();
    const db = meter.wrap(d1);
    const [batched] = await Promise.all([db.batch([db.prepare("select a"), db.prepare("select b")]), db.prepare("select c").all()]);
    expect(calls).toEqual(["batch select a | select b | select c"]);
    expect(batched).toHaveLength(2);
    expect(meter.roundTrips).toBe(1);
  });

  it("given a failing batch, should send each read alone so that each gets its own answer", async () => {
    const { d1, calls } = fakeD1({ failBatch: true });
    const meter = new D1Meter();
    const db = meter.wrap(d1);
    const results = await Promise.all([db.prepare("select a").all(), db.prepare("select b").all()]);
    expect(results.map((result) => result.results.length)).toEqual([1, 1]);
    expect(calls).toEqual(["batch select a | select b", "all select a", "all select b"]);
    expect(meter.roundTrips).toBe(3);
  });

  it("should tell reads from writes", () => {
    expect(isReadStatement('select "id" from "products"')).toBe(true);
    expect(isReadStatement("  WITH x AS (select 1) select * from x")).toBe(true);
    expect(isReadStatement("with x as (select 1) insert into t select * from x")).toBe(false);
    expect(isReadStatement('insert into "carts" ("id") values (?) returning "id"')).toBe(false);
    expect(isReadStatement('update "sessions" set "last_seen_at" = ?')).toBe(false);
  });
});
