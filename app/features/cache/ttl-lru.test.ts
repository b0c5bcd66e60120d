import { describe, expect, it } from "vitest";

import { TtlLru } from "./ttl-lru";

describe("TtlLru", () => {
  it("given an entry within its lifetime, should answer it; after it, should forget it", () => {
    const cache = new TtlLru<string>(10);
    cache.set("a", "A", 1_000, 500);
    expect(cache.get("a", 1_499)).toBe("A");
    expect(cache.get("a", 1_500)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("given a full cache, should drop the least recently used entry", () => {
    const cache = new TtlLru<number>(2);
    cache.set("a", 1, 0, 1_000);
    cache.set("b", 2, 0, 1_000);
    expect(cache.get("a", 1)).toBe(1);
    cache.set("c", 3, 2, 1_000);
    expect(cache.get("b", 3)).toBeUndefined();
    expect(cache.get("a", 3)).toBe(1);
    expect(cache.get("c", 3)).toBe(3);
  });

  it("given no lifetime, should keep nothing", () => {
    const cache = new TtlLru<number>(2);
    cache.set("a", 1, 0, 0);
    expect(cache.get("a", 0)).toBeUndefined();
  });
});
