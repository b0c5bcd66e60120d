/**
 * One request's D1 work, counted in one place (DESIGN §4.14, issue 19), and its reads coalesced.
 *
 * The Worker wraps `env.DB` once per request (workers/app.ts). Every call that goes to D1 —
 * `first`/`all`/`raw`/`run` on a statement, a `batch`, an `exec` — is one round trip (in production
 * each is a trip from the edge to the database), and D1's `meta.rows_read` is summed; the answer's
 * `Server-Timing` says both.
 *
 * Coalescing: reads (`SELECT`/`WITH` statements, and batches made only of them) are not sent at
 * once but queued until the current turn of the event loop ends (a zero timer, after every promise
 * reaction of the turn has run), then sent together in one `d1.batch`. Loaders that React Router
 * runs in parallel (root, layout, page) and a loader's own `Promise.all` thus share one round trip
 * without knowing about each other. Writes go out at once, alone, in the order they were made.
 * See docs/decisions/0019-d1-round-trips.md.
 */

export interface D1Work {
  roundTrips: number;
  rowsRead: number;
  rowsWritten: number;
  /** Sum of the round trips' wall times (ms); parallel trips overlap, so this may exceed the request's time. */
  durationMs: number;
}

type ReadKind = "all" | "first" | "raw";

interface PendingRead {
  statement: MeteredStatement;
  kind: ReadKind;
  column?: string;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

const readOnly = /^\s*(?:select|with)\b/i;
const writeKeyword = /\b(?:insert|update|delete|replace|create|drop|alter|pragma|vacuum|attach)\b/i;

/** A statement that only reads (a CTE that writes is not one). */
export function isReadStatement(sql: string): boolean {
  return readOnly.test(sql) && (/^\s*select\b/i.test(sql) || !writeKeyword.test(sql));
}

/**
 * D1 answers a batch with rows as objects, which lose the order and the duplicates of column
 * names (`sessions.id`, `customers.id`) that Drizzle's array reads (`raw()`) rely on. Selecting from
 * the statement as a subquery makes SQLite name the columns uniquely (`id`, `id:1`) in their order.
 */
function rawAsObjects(sql: string): string {
  return `SELECT * FROM (${sql})`;
}

/** Integer-like keys go first in a JavaScript object, whatever the column order. */
const integerKey = /^(?:0|[1-9]\d*)$/;

export class D1Meter implements D1Work {
  roundTrips = 0;
  rowsRead = 0;
  rowsWritten = 0;
  durationMs = 0;
  private pending: { d1: D1Database | D1DatabaseSession; reads: PendingRead[] }[] = [];
  private scheduled = false;
  private inFlight = new Set<Promise<void>>();

  /** Calls that may have written (statements other than reads, batches holding one, `exec`). */
  writes = 0;

  /** The binding to hand to loaders and actions for this request (a D1 session: its replicas and bookmark). */
  wrap(d1: D1Database | D1DatabaseSession): D1Database {
    return new MeteredD1(this, d1) as unknown as D1Database;
  }

  /** `Server-Timing` entry: `db;dur=…;desc="N round trips, M rows read"`. */
  serverTiming(): string {
    const trips = `${this.roundTrips} round trip${this.roundTrips === 1 ? "" : "s"}`;
    const rows = `${this.rowsRead} row${this.rowsRead === 1 ? "" : "s"} read`;
    return `db;dur=${this.durationMs.toFixed(1)};desc="${trips}, ${rows}"`;
  }

  /** One trip to D1: counted, timed, and its rows added up. */
  async trip<T>(send: () => Promise<T>, results: (value: T) => readonly (D1Result | undefined)[] = () => []): Promise<T> {
    const started = performance.now();
    this.roundTrips += 1;
    try {
      const value = await send();
      for (const result of results(value)) {
        this.rowsRead += result?.meta?.rows_read ?? 0;
        this.rowsWritten += result?.meta?.rows_written ?? 0;
      }
      return value;
    } finally {
      this.durationMs += performance.now() - started;
    }
  }

  /**
   * A write, after the reads the code started before it: a read queued in this turn must not
   * see a write made after it (it would, were the write sent first while the read waits for the timer).
   */
  async write<T>(send: () => Promise<T>, results?: (value: T) => readonly (D1Result | undefined)[]): Promise<T> {
    this.writes += 1;
    if (this.scheduled) this.flush();
    if (this.inFlight.size > 0) await Promise.all(this.inFlight);
    return this.trip(send, results);
  }

  enqueue(d1: D1Database | D1DatabaseSession, read: PendingRead): void {
    let group = this.pending.find((entry) => entry.d1 === d1);
    if (!group) this.pending.push((group = { d1, reads: [] }));
    group.reads.push(read);
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => this.flush(), 0);
  }

  private flush(): void {
    if (!this.scheduled) return;
    const groups = this.pending;
    this.pending = [];
    this.scheduled = false;
    for (const { d1, reads } of groups) {
      const sent = this.send(d1, reads).finally(() => this.inFlight.delete(sent));
      this.inFlight.add(sent);
    }
  }

  private async send(d1: D1Database | D1DatabaseSession, reads: PendingRead[]): Promise<void> {
    if (reads.length === 1) return this.sendAlone(d1, reads[0]!);
    let results: D1Result[];
    try {
      results = await this.trip(
        () => d1.batch(reads.map((read) => executable(d1, read))),
        (value) => value,
      );
    } catch {
      // A batch fails as a whole: send each read alone so that only the faulty one fails, with its own error.
      await Promise.all(reads.map((read) => this.sendAlone(d1, read)));
      return;
    }
    await Promise.all(reads.map((read, index) => this.settle(d1, read, results[index]!)));
  }

  private async sendAlone(d1: D1Database | D1DatabaseSession, read: PendingRead): Promise<void> {
    try {
      const result = await this.trip(
        () => executable(d1, read).all(),
        (value) => [value],
      );
      await this.settle(d1, read, result);
    } catch (error) {
      read.reject(error);
    }
  }

  private async settle(d1: D1Database | D1DatabaseSession, read: PendingRead, result: D1Result): Promise<void> {
    try {
      read.resolve(await answer(this, d1, read, result));
    } catch (error) {
      read.reject(error);
    }
  }
}

function executable(d1: D1Database | D1DatabaseSession, read: PendingRead): D1PreparedStatement {
  const { sql, values } = read.statement;
  if (read.kind === "raw") return d1.prepare(rawAsObjects(sql)).bind(...values);
  return read.statement.bound(d1);
}

async function answer(meter: D1Meter, d1: D1Database | D1DatabaseSession, read: PendingRead, result: D1Result): Promise<unknown> {
  const rows = result.results as Record<string, unknown>[];
  switch (read.kind) {
    case "all":
      return result;
    case "first": {
      const row = rows[0];
      if (!row) return null;
      if (read.column === undefined) return row;
      if (!(read.column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${read.column})`);
      return row[read.column];
    }
    case "raw": {
      const columns = rows[0] ? Object.keys(rows[0]) : [];
      // Rare: a column named like a number among others — the object lost the order; ask D1 for arrays.
      if (columns.length > 1 && columns.some((name) => integerKey.test(name))) {
        return meter.trip(() => read.statement.bound(d1).raw());
      }
      return rows.map((row) => Object.values(row));
    }
  }
}

class MeteredStatement {
  constructor(
    private readonly meter: D1Meter,
    private readonly d1: D1Database | D1DatabaseSession,
    readonly sql: string,
    readonly values: unknown[],
  ) {}

  /** The statement on the real binding. */
  bound(d1: D1Database | D1DatabaseSession = this.d1): D1PreparedStatement {
    const statement = d1.prepare(this.sql);
    return this.values.length > 0 ? statement.bind(...this.values) : statement;
  }

  bind(...values: unknown[]): MeteredStatement {
    return new MeteredStatement(this.meter, this.d1, this.sql, values);
  }

  private read(kind: ReadKind, column?: string): Promise<unknown> {
    return new Promise((resolve, reject) => this.meter.enqueue(this.d1, { statement: this, kind, column, resolve, reject }));
  }

  first(column?: string): Promise<unknown> {
    if (isReadStatement(this.sql)) return this.read("first", column);
    return this.meter.write(() => (column === undefined ? this.bound().first() : this.bound().first(column)));
  }

  all(): Promise<unknown> {
    if (isReadStatement(this.sql)) return this.read("all");
    return this.meter.write(
      () => this.bound().all(),
      (value) => [value],
    );
  }

  raw(options?: { columnNames?: boolean }): Promise<unknown> {
    if (options?.columnNames) return this.meter.trip(() => this.bound().raw({ columnNames: true }));
    if (isReadStatement(this.sql)) return this.read("raw");
    return this.meter.write(() => this.bound().raw());
  }

  run(): Promise<unknown> {
    const send = () => this.bound().run();
    const results = (value: D1Result) => [value];
    return isReadStatement(this.sql) ? this.meter.trip(send, results) : this.meter.write(send, results);
  }
}

class MeteredD1 {
  constructor(
    private readonly meter: D1Meter,
    private readonly d1: D1Database | D1DatabaseSession,
  ) {}

  prepare(sql: string): MeteredStatement {
    return new MeteredStatement(this.meter, this.d1, sql, []);
  }

  async batch(statements: MeteredStatement[]): Promise<D1Result[]> {
    // Reads only: they join the turn's other reads (one batch is one consistent snapshot either way).
    if (statements.every((statement) => isReadStatement(statement.sql))) {
      return Promise.all(statements.map((statement) => statement.all() as Promise<D1Result>));
    }
    return this.meter.write(
      () => this.d1.batch(statements.map((statement) => statement.bound(this.d1))),
      (value) => value,
    );
  }

  exec(sql: string): Promise<D1ExecResult> {
    if (!("exec" in this.d1)) throw new Error("exec() is not available on a D1 session");
    const d1 = this.d1;
    return this.meter.write(() => d1.exec(sql));
  }

  withSession(constraintOrBookmark?: string): MeteredD1 & { getBookmark(): string | null } {
    if (!("withSession" in this.d1)) throw new Error("withSession() on a D1 session");
    const session = this.d1.withSession(constraintOrBookmark);
    return Object.assign(new MeteredD1(this.meter, session), { getBookmark: () => session.getBookmark() });
  }

  dump(): Promise<ArrayBuffer> {
    if (!("dump" in this.d1)) throw new Error("dump() is not available on a D1 session");
    return this.d1.dump();
  }
}
