import { describe, expect, it } from "vitest";

import { listHref, parseListQuery } from "~/domain/list-query";

import { outboxListDefinition } from "./outbox-list";
import { shortError } from "./outbox-ui";

const query = (search: string) => parseListQuery(outboxListDefinition, new URLSearchParams(search));

describe("the outbox list's query", () => {
  it("given no parameters, should list everything from page 1, newest first", () => {
    expect(query("")).toMatchObject({ q: "", page: 1, sort: "created", dir: "desc", filters: { status: null } });
  });

  it("given a known status, a search and a page, should keep them (search trimmed)", () => {
    expect(query("?status=failed&q=%20dao%40example.test%20&page=3")).toMatchObject({ q: "dao@example.test", page: 3, filters: { status: "failed" } });
  });

  it.each(["?status=deleted", "?status=FAILED", "?status=", "?page=0", "?page=-2", "?page=1e3", "?page=abc", "?sort=lastError"])(
    "given the odd query %s, should fall back to the defaults",
    (search) => {
      const parsed = query(search);
      expect(parsed.filters.status).toBeNull();
      expect(parsed.page).toBe(1);
      expect(parsed.sort).toBe("created");
    },
  );

  it("given a very long search, should cut it to 100 characters", () => {
    expect(query(`?q=${"ก".repeat(300)}`).q).toHaveLength(100);
  });

  it("should leave defaults out of an address and keep the rest", () => {
    expect(listHref("/backend/setting/outbox", outboxListDefinition, query(""))).toBe("/backend/setting/outbox");
    expect(listHref("/th/backend/setting/outbox", outboxListDefinition, query("?status=sent&q=a%26b&page=2"))).toBe(
      "/th/backend/setting/outbox?q=a%26b&status=sent&page=2",
    );
  });
});

describe("shortError", () => {
  it("should put the error on one line and cut it with an ellipsis", () => {
    expect(shortError("HTTP 500:\n  broke")).toBe("HTTP 500: broke");
    expect(shortError("x".repeat(200))).toHaveLength(80);
    expect(shortError("x".repeat(200)).endsWith("…")).toBe(true);
  });
});
