import { z } from "zod";

import { confirmationProblem, type PasswordProblem, passwordProblems } from "~/domain/password-policy";

/**
 * One Zod schema per account form (DESIGN §4.4), read with Conform's `parseWithZod` (an empty field
 * arrives as `undefined`) and shown by the form kit. Issue messages are keys: the kit's own
 * (forms:validation: required, tooLong, email) or the sign-in pages' (auth:validation: the
 * password rule of spec §5, acceptTerms, phone, gender, birthday).
 * The profile pages reuse the name, phone, gender, birthday and password validators with their own
 * message list (app/features/profile/profile-schemas.ts), which is why those keep their key names.
 */
export const emailMaxLength = 254;
export const nameMaxLength = 100;

const email = z.string().trim().toLowerCase().min(1).max(emailMaxLength).email();

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

/**
 * "Passwords do not match" on the confirmation. It runs even when another field is missing (Zod
 * skips an object's refinements then), so one round trip names every problem at once.
 */
function confirmMatches<T extends { password: string; confirmPassword: string }>(value: T, context: z.RefinementCtx) {
  const problem = confirmationProblem(value.password, value.confirmPassword);
  if (problem) context.addIssue({ code: "custom", path: ["confirmPassword"], message: problem === "mismatch" ? "passwordMismatch" : "required" });
}

const whenBothPasswords = {
  when: ({ value }: { value: unknown }) => {
    const fields = value as { password?: unknown; confirmPassword?: unknown } | undefined;
    return typeof fields?.password === "string" && typeof fields.confirmPassword === "string";
  },
};

const acceptTerms = z.literal("on", { error: "acceptTerms" });

const name = z.string().trim().min(1).max(nameMaxLength, `maxLength:${nameMaxLength}`);

/** Spaces and dashes as people type them are dropped; what is left is 9 to 15 digits, an optional leading +. */
export const phoneDigits = (value: string) => value.replace(/[\s-]/g, "");
export const phonePattern = /^\+?[0-9]{9,15}$/;

/** Optional fields: empty (undefined from a form, "" from the profile's reader) becomes null. */
const optionalPhone = z
  .string()
  .max(20, "phoneInvalid")
  .transform(phoneDigits)
  .refine((value) => value === "" || phonePattern.test(value), "phoneInvalid")
  .optional()
  .transform((value) => value || null);

const optionalGender = z
  .string()
  .refine((value) => value === "" || value === "1" || value === "2", "genderInvalid")
  .optional()
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
  .optional()
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
  .superRefine(confirmMatches, whenBothPasswords);

/** /login and /backend/login. The password is only checked against the stored hash (bounded length). */
export const signInSchema = z.object({
  email,
  password: z.string().min(1).max(1024),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ token: z.string().min(1), password: newPassword, confirmPassword: z.string() })
  .superRefine(confirmMatches, whenBothPasswords);

/**
 * /verify: "send a new link", a form of one button that posts its intent. Not auth:validation's
 * `invalid`, which would stand for the kit's "{{field}} is invalid" on every sign-in form.
 */
export const resendVerificationSchema = z.object({ intent: z.enum(["resend"], { error: "unknownAction" }) });

/** /auth?step=terms: a new shopper from LINE, Google or Facebook accepts the membership terms. */
export const socialTermsSchema = z.object({ acceptTerms });

/** The named fields of a form as strings ("" when missing or a file). */
export function formFields<const K extends string>(formData: FormData, names: readonly K[]): Record<K, string> {
  const fields = {} as Record<K, string>;
  for (const name of names) {
    const value = formData.get(name);
    fields[name] = typeof value === "string" ? value : "";
  }
  return fields;
}
