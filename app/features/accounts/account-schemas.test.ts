import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { registerAccountSchema, registerEmailSchema, resetPasswordSchema, signInSchema } from "./account-schemas";

function parse(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema });
}

/** The message a field shows: its first. */
function shown(submission: ReturnType<typeof parse>): Record<string, string | undefined> | null {
  if (submission.status !== "error" || !submission.error) return null;
  return Object.fromEntries(Object.entries(submission.error).map(([field, messages]) => [field, messages?.[0]]));
}

const account = {
  email: "Mali@Example.TEST",
  firstName: "Mali",
  lastName: "Srisuk",
  password: "Blue-Elephant-7",
  confirmPassword: "Blue-Elephant-7",
  acceptTerms: "on",
};

describe("the account schemas as a form posts them (Conform: an empty field is missing)", () => {
  it.each([
    ["sign-in with nothing", signInSchema, { email: "", password: "" }, { email: "required", password: "required" }],
    ["sign-in with a bad e-mail", signInSchema, { email: "nok@", password: "x" }, { email: "email" }],
    ["an e-mail of spaces", registerEmailSchema, { email: "   ", acceptTerms: "on" }, { email: "required" }],
    ["terms not accepted", registerEmailSchema, { email: "a@example.test" }, { acceptTerms: "acceptTerms" }],
    ["terms with another value", registerEmailSchema, { email: "a@example.test", acceptTerms: "yes" }, { acceptTerms: "acceptTerms" }],
    ["a name too long", registerAccountSchema, { ...account, lastName: "x".repeat(101) }, { lastName: "maxLength:100" }],
    ["a common password", registerAccountSchema, { ...account, password: "Password1", confirmPassword: "Password1" }, { password: "passwordCommon" }],
    ["a bad phone", registerAccountSchema, { ...account, phone: "12ab" }, { phone: "phoneInvalid" }],
    ["a third gender value", registerAccountSchema, { ...account, gender: "3" }, { gender: "genderInvalid" }],
    ["a birthday in the future", registerAccountSchema, { ...account, birthday: "2999-01-01" }, { birthday: "birthdayInvalid" }],
  ])("given %s, should name the field and its key", (_case, schema, fields, errors) => {
    expect(shown(parse(schema, fields))).toEqual(errors);
  });

  it("given a missing name and passwords that differ, should name every problem in one answer", () => {
    expect(shown(parse(registerAccountSchema, { ...account, firstName: "", password: "abc", confirmPassword: "abd" }))).toEqual({
      firstName: "required",
      password: "passwordTooShort",
      confirmPassword: "passwordMismatch",
    });
  });

  it("given a reset with a missing confirmation, should ask for it", () => {
    expect(shown(parse(resetPasswordSchema, { token: "t", password: "Blue-Elephant-7" }))).toEqual({ confirmPassword: "required" });
  });

  it("given the optional fields left empty, should give nulls and a lower-cased e-mail", () => {
    const submission = parse(registerAccountSchema, { ...account, phone: "", gender: "", birthday: "" });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" ? submission.value : null).toMatchObject({ email: "mali@example.test", phone: null, gender: null, birthday: null });
  });

  it("given the profile's reader (empty strings, not missing fields), should read them the same way", () => {
    const { phone, gender, birthday } = registerAccountSchema.shape;
    expect([phone.parse(""), gender.parse(""), birthday.parse("")]).toEqual([null, null, null]);
    expect([phone.parse("081-234-5678"), gender.parse("2"), birthday.parse("1995-04-13")]).toEqual(["0812345678", 2, "1995-04-13"]);
  });
});
