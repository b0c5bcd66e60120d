import { describe, expect, it } from "vitest";
import { outboxListHref, parseOutboxListQuery } from "./outbox-list-query";
import { shortError } from "./outbox-ui";

const query = (search: string) => parseOutboxListQuery(new URL(`http://shop.test/backend/setting/outbox${search}`));

describe("parseOutboxListQuery", () => {
  it("given no parameters, should list everything from page 1", () => {
    expect(query("")).toEqual({ status: "all", search: "", page: 1 });
  });

  it("given a known status, a search and a page, should keep them (search trimmed)", () => {
    expect(query("?status=failed&q=%20dao%40example.test%20&page=3")).toEqual({ status: "failed", search: "dao@example.test", page: 3 });
  });

  it.each(["?status=deleted", "?status=FAILED", "?status=", "?page=0", "?page=-2", "?page=1e3", "?page=9999999", "?page=abc"])(
    "given the odd query %s, should fall back to the defaults",
    (search) => {
      const parsed = query(search);
      expect(parsed.status).toBe("all");
      expect(parsed.page).toBe(1);
    },
  );

  it("given a very long search, should cut it to 100 characters", () => {
    expect(query(`?q=${"ก".repeat(300)}`).search).toHaveLength(100);
  });
});

describe("outboxListHref", () => {
  it("should leave defaults out and keep the rest", () => {
    expect(outboxListHref("/backend/setting/outbox", { status: "all", search: "", page: 1 })).toBe("/backend/setting/outbox");
    expect(outboxListHref("/th/backend/setting/outbox", { status: "sent", search: "a&b", page: 2 })).toBe(
      "/th/backend/setting/outbox?status=sent&q=a%26b&page=2",
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
