/**
 * This isolate's memory of recent answers: entries expire after their lifetime, and the least
 * recently used goes first when full. Shared by the anonymous page cache (workers/page-cache.ts) and
 * the catalogue reads signed-in pages reuse (shared-reads.server.ts).
 */
export class TtlLru<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    // Most recently used last: Map keeps insertion order.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, now: number, ttlMs: number): void {
    if (ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: now + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
