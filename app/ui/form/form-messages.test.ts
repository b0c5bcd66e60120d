import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { splitMessageKey } from "./form-messages";

function errorsOf(schema: z.ZodType, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const submission = parseWithZod(form, { schema });
  return submission.status === "error" ? submission.error : null;
}

describe("formErrorMap (Zod's global error map) through parseWithZod", () => {
  const schema = z.object({
    name: z.string().max(5),
    code: z.string().length(4),
    count: z.number().int().min(1).max(9),
    email: z.email(),
    kind: z.enum(["a", "b"]),
    slug: z.string().regex(/^[a-z]+$/, "slugInvalid"),
    note: z.string().optional(),
  });

  it.each([
    ["a missing field", {}, "name", ["required"]],
    ["an empty field (Conform makes it undefined)", { name: "" }, "name", ["required"]],
    ["a string over its maximum", { name: "abcdef" }, "name", ["tooLong:5"]],
    ["a string of the wrong exact length", { code: "abc" }, "code", ["exactLength:4"]],
    ["a number below its minimum", { count: "0" }, "count", ["min:1"]],
    ["a number above its maximum", { count: "10" }, "count", ["max:9"]],
    ["letters where a number goes", { count: "x" }, "count", ["number"]],
    ["a bad e-mail", { email: "not-an-email" }, "email", ["email"]],
    ["a value outside the list", { kind: "c" }, "kind", ["choice"]],
    ["a schema's own key", { slug: "A!" }, "slug", ["slugInvalid"]],
  ])("given %s, should give the key", (_case, fields, field, keys) => {
    expect(errorsOf(schema, fields)?.[field]).toEqual(keys);
  });

  it("given an optional field left empty, should not complain", () => {
    expect(errorsOf(schema, { name: "ab", code: "abcd", count: "3", email: "a@b.co", kind: "a", slug: "ok" })).toBeNull();
  });
});

describe("splitMessageKey", () => {
  it.each([
    ["required", { key: "required", count: undefined }],
    ["tooLong:45", { key: "tooLong", count: 45 }],
    ["weird:x", { key: "weird", count: undefined }],
  ])("given %s, should split it", (message, parts) => {
    expect(splitMessageKey(message)).toEqual(parts);
  });
});
