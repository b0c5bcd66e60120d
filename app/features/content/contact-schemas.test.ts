import { describe, expect, it } from "vitest";

import { contactLimits, contactMessageSchema } from "./contact-schemas";

const good = { name: "Somchai", email: "somchai@example.test", title: "Sizes", note: "Hello" };

function firstIssue(input: Record<string, string>) {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? null : { field: String(result.error.issues[0]!.path[0]), message: result.error.issues[0]!.message };
}

describe("contactMessageSchema", () => {
  it.each([
    ["an empty name", { name: "" }, "name", "required"],
    ["a name of spaces and control characters", { name: " \u0000\t " }, "name", "required"],
    ["a missing @", { email: "somchai.example.test" }, "email", "email"],
    ["an empty e-mail", { email: "   " }, "email", "required"],
    ["a too long e-mail", { email: `${"a".repeat(250)}@example.test` }, "email", `tooLong:${contactLimits.email}`],
    ["a too long subject", { title: "t".repeat(151) }, "title", "tooLong:150"],
    ["an empty message", { note: "\n\n" }, "note", "required"],
    ["a too long message", { note: "n".repeat(2001) }, "note", "tooLong:2000"],
  ])("given %s, should refuse it with its message key", (_case, overrides, field, message) => {
    expect(firstIssue({ ...good, ...overrides })).toEqual({ field, message });
  });

  it("given good input, should trim it, lower-case the e-mail and keep the message's line breaks", () => {
    const parsed = contactMessageSchema.parse({
      name: "  Nok\u0007 Test ",
      email: " Nok@Example.TEST ",
      title: "Team\norder",
      note: " Line one\r\n\r\nLine\u0000 two ",
    });
    expect(parsed).toEqual({ name: "Nok Test", email: "nok@example.test", title: "Team order", note: "Line one\n\nLine two" });
  });

  it("given Thai text at the limit, should accept it", () => {
    expect(contactMessageSchema.safeParse({ ...good, name: "ก".repeat(contactLimits.name), note: "ข".repeat(contactLimits.note) }).success).toBe(true);
  });
});
