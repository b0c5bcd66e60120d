import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { addToCartSchema, cartFormSchema } from "./cart-schemas";

/** The cart form as Conform parses it: what a browser may post, and the message keys a refusal gets. */
function form(fields: Record<string, string | readonly string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item);
  return data;
}
const parse = (fields: Record<string, string | readonly string[]>) => parseWithZod(form(fields), { schema: cartFormSchema });
const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  submission.status === "error" ? submission.error : undefined;

describe("cart form", () => {
  it("given an add without a quantity, should add one piece", () => {
    expect(parse({ intent: "add", variantId: "3" })).toMatchObject({ status: "success", value: { intent: "add", variantId: 3, quantity: 1 } });
    expect(parse({ intent: "add", variantId: "3", quantity: "" })).toMatchObject({ status: "success", value: { quantity: 1 } });
  });

  it("given a price or anything else the form does not name, should drop it", () => {
    const submission = parse({ intent: "update", lineId: "4", quantity: "0", price: "1", unitPriceSatang: "1" });
    expect(submission.status === "success" ? submission.value : null).toEqual({ intent: "update", lineId: 4, quantity: 0 });
  });

  it.each([
    [{ intent: "add", variantId: "3", quantity: "two" }, "quantity", "quantity"],
    [{ intent: "add", variantId: "3", quantity: "1.5" }, "quantity", "quantity"],
    [{ intent: "add", variantId: "3", quantity: "1e300" }, "quantity", "quantity"],
    [{ intent: "add", variantId: "abc", quantity: "1" }, "variantId", "invalid"],
    [{ intent: "add", quantity: "1" }, "variantId", "invalid"],
    [{ intent: "buy-all", variantId: "1" }, "intent", "intent"],
    [{ variantId: "1" }, "intent", "intent"],
    [{ intent: "update", quantity: "1" }, "lineId", "line"],
    [{ intent: "accept-prices" }, "prices", "line"],
    [{ intent: "accept-prices", prices: "4:abc" }, "prices[0]", "invalid"],
  ])("given %o, should mark %s with the key %s", (fields, field, key) => {
    const submission = parse(fields);
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)?.[field]?.[0]).toBe(key);
  });

  it("given one or several accepted prices, should read each line and price", () => {
    expect(parse({ intent: "accept-prices", prices: "4:100" })).toMatchObject({ value: { prices: [{ lineId: 4, priceSatang: 100 }] } });
    expect(parse({ intent: "accept-prices", prices: ["4:100", "5:200"] })).toMatchObject({
      value: {
        prices: [
          { lineId: 4, priceSatang: 100 },
          { lineId: 5, priceSatang: 200 },
        ],
      },
    });
  });

  it("given the product page's limit, should ask for at most the variant's max in the kit's words", () => {
    const submission = parseWithZod(form({ intent: "add", variantId: "3", quantity: "9" }), { schema: addToCartSchema(8) });
    expect(errorsOf(submission)?.quantity).toEqual(["max:8"]);
  });
});
