import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { backInStockCustomerSchema, backInStockGuestSchema } from "./back-in-stock-schemas";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("the back-in-stock request form", () => {
  it("given a guest's address in any case with spaces, should keep it trimmed and lower-cased", () => {
    const submission = parseWithZod(form({ variantId: "12", email: "  Mali@Example.TEST " }), { schema: backInStockGuestSchema });
    expect(submission.status === "success" && submission.value).toEqual({ variantId: 12, email: "mali@example.test" });
  });

  it.each([
    ["not-an-email", "email"],
    ["", "required"],
    [`${"a".repeat(250)}@example.test`, "tooLong:254"],
  ])("given %j, should answer the message key %s on the e-mail field", (email, key) => {
    const submission = parseWithZod(form({ variantId: "12", email }), { schema: backInStockGuestSchema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.email).toEqual([key]);
  });

  it.each([["0"], ["-1"], ["1.5"], ["abc"], [""]])("given the variant id %j, should refuse it", (variantId) => {
    expect(parseWithZod(form({ variantId }), { schema: backInStockCustomerSchema }).status).toBe("error");
  });

  it("given a customer's form, should need no address", () => {
    expect(parseWithZod(form({ variantId: "7", email: "ignored@example.test" }), { schema: backInStockCustomerSchema }).status).toBe("success");
  });
});
