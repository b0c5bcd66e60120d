import { describe, expect, it } from "vitest";

import { checkEmailBodySchema, convertUsdQuerySchema, countOrdersBodySchema, galleryQuerySchema, loginBodySchema, statusIdsOf } from "./api-schemas";

describe("countOrdersBodySchema", () => {
  it.each([
    [{ query: { $or: [{ order_status_id: 1 }, { order_status_id: 10 }] } }, [1, 10]],
    [{ query: [{ order_status_id: 2 }, { order_status_id: 2 }, { order_status_id: 3 }] }, [2, 3]],
    [{ query: [{ order_status_id: 9, extra: "ignored" }] }, [9]],
  ])("given %j, should count statuses %j", (body, ids) => {
    const parsed = countOrdersBodySchema.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(statusIdsOf(parsed.data!)).toEqual(ids);
  });

  it.each([
    [{}],
    [{ query: [] }],
    [{ query: { $or: [] } }],
    [{ query: [{ order_status_id: 99 }] }],
    [{ query: [{ order_status_id: "1" }] }],
    [{ query: [{ order_status_id: 1.5 }] }],
    [{ query: Array.from({ length: 21 }, () => ({ order_status_id: 1 })) }],
    [{ query: "1,2,3" }],
    [[{ order_status_id: 1 }]],
  ])("given %j, should refuse it on the query field", (body) => {
    const parsed = countOrdersBodySchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.every((issue) => issue.path[0] === "query" || issue.path.length === 0)).toBe(true);
  });
});

describe("login and e-mail check bodies (the sign-in page's rules)", () => {
  it.each([
    [{ email: " Someone@Example.COM ", password: "x" }, true],
    [{ email: "someone@example.com", password: "" }, false],
    [{ email: "nope", password: "x" }, false],
    [{ email: "someone@example.com", password: "x".repeat(1025) }, false],
    [{ email: 1, password: "x" }, false],
  ])("login %j → %s", (body, ok) => {
    expect(loginBodySchema.safeParse(body).success).toBe(ok);
  });

  it("lower-cases and trims the e-mail like the pages", () => {
    expect(checkEmailBodySchema.parse({ email: " A@B.CO " })).toEqual({ email: "a@b.co" });
    expect(loginBodySchema.parse({ email: " A@B.CO ", password: "p" }).email).toBe("a@b.co");
  });
});

describe("queries", () => {
  it.each([
    [{}, 1],
    [{ money: "1" }, 1],
    [{ money: "250.5" }, 250.5],
    [{ money: "0" }, 0],
  ])("convert_usd %j → money %s", (query, money) => {
    expect(convertUsdQuerySchema.parse(query).money).toBe(money);
  });

  it.each([[{ money: "abc" }], [{ money: "-1" }], [{ money: "1e12" }]])("convert_usd refuses %j", (query) => {
    expect(convertUsdQuerySchema.safeParse(query).success).toBe(false);
  });

  it.each([
    [{}, true],
    [{ page: "3" }, true],
    [{ page: "0" }, false],
    [{ page: "1.5" }, false],
    [{ page: "x" }, false],
  ])("gallery %j → %s", (query, ok) => {
    expect(galleryQuerySchema.safeParse(query).success).toBe(ok);
  });
});
