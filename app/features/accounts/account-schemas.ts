import type { TFunction } from "i18next";
import { z } from "zod";
import { confirmationProblem, passwordProblems, type PasswordProblem } from "~/domain/password-policy";

/**
 * One Zod schema per account form (DESIGN §4.4). Issue messages are keys under `auth:validation`
 * (with `:<max>` for length limits); `fieldErrors` turns them into texts in the page's language.
 * Forms are read with `formFields`, so a missing or non-text field is an empty string, never a crash.
 */
export const emailMaxLength = 254;
export const nameMaxLength = 100;

const email = z.string().trim().toLowerCase().min(1, "required").max(emailMaxLength, `maxLength:${emailMaxLength}`).email("emailInvalid");

const passwordMessages: Record<PasswordProblem, string> = {
  required: "required",
  tooShort: "passwordTooShort",
  tooLong: "passwordTooLong",
  needsClasses: "passwordClasses",
  tooCommon: "passwordCommon",
};

/** The new-password rule as a Zod refinement (registration, reset, the profile's password change). */
export function checkNewPassword(value: string, context: z.RefinementCtx) {
  for (const problem of passwordProblems(value)) context.addIssue({ code: "custom", message: passwordMessages[problem] });
}

const newPassword = z.string().superRefine(checkNewPassword);

function confirmMatches<T extends { password: string; confirmPassword: string }>(value: T, context: z.RefinementCtx) {
  const problem = confirmationProblem(value.password, value.confirmPassword);
  if (problem) context.addIssue({ code: "custom", path: ["confirmPassword"], message: problem === "mismatch" ? "passwordMismatch" : "required" });
}

const acceptTerms = z.literal("on", { error: "acceptTerms" });

const name = z.string().trim().min(1, "required").max(nameMaxLength, `maxLength:${nameMaxLength}`);

/** Spaces and dashes as people type them are dropped; what is left is 9 to 15 digits, an optional leading +. */
export const phoneDigits = (value: string) => value.replace(/[\s-]/g, "");
export const phonePattern = /^\+?[0-9]{9,15}$/;

const optionalPhone = z
  .string()
  .transform(phoneDigits)
  .refine((value) => value === "" || phonePattern.test(value), "phoneInvalid")
  .transform((value) => value || null);

const optionalGender = z
  .string()
  .refine((value) => value === "" || value === "1" || value === "2", "genderInvalid")
  .transform((value) => (value ? Number(value) : null));

/** A real calendar date (YYYY-MM-DD) from 1900 up to today. */
export function isPastDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 && date.getTime() <= Date.now();
}

const optionalBirthday = z
  .string()
  .trim()
  .refine((value) => value === "" || isPastDate(value), "birthdayInvalid")
  .transform((value) => value || null);

/** /register without `u`: spec §2 "Register by e-mail form". */
export const registerEmailSchema = z.object({ email, acceptTerms });

/** /register?u=<email>: the rest of the account. */
export const registerAccountSchema = z
  .object({
    email,
    firstName: name,
    lastName: name,
    password: newPassword,
    confirmPassword: z.string(),
    phone: optionalPhone,
    gender: optionalGender,
    birthday: optionalBirthday,
    acceptTerms,
  })
  .superRefine(confirmMatches);

/** /login and /backend/login. The password is only checked against the stored hash (bounded length). */
export const signInSchema = z.object({
  email,
  password: z.string().min(1, "required").max(1024, "maxLength:1024"),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ token: z.string().min(1, "required"), password: newPassword, confirmPassword: z.string() })
  .superRefine(confirmMatches);

/** The named fields of a form as strings ("" when missing or a file). */
export function formFields<const K extends string>(formData: FormData, names: readonly K[]): Record<K, string> {
  const fields = {} as Record<K, string>;
  for (const name of names) {
    const value = formData.get(name);
    fields[name] = typeof value === "string" ? value : "";
  }
  return fields;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The first message per field, translated: `{ email: "E-mail is invalid" }`. */
export function fieldErrors(error: z.ZodError, translate: TFunction<"auth">): Record<string, string> {
  // Keys are built from issue messages, so they are checked against the list below instead of by type.
  const t = translate as unknown as Translate;
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (field in errors) continue;
    const [key, max] = (issue.message || "invalid").split(":");
    const known = [
      "required",
      "invalid",
      "emailInvalid",
      "maxLength",
      "acceptTerms",
      "passwordTooShort",
      "passwordTooLong",
      "passwordClasses",
      "passwordCommon",
      "passwordMismatch",
      "phoneInvalid",
      "birthdayInvalid",
      "genderInvalid",
    ];
    const label = t(`fields.${field === "token" ? "password" : field}`);
    errors[field] = t(`validation.${known.includes(key!) ? key : "invalid"}`, { field: label, max });
  }
  return errors;
}
