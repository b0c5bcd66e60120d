import { z } from "zod";
import { confirmationProblem, passwordProblems, type PasswordProblem } from "~/domain/password-policy";
import { staffRoleIds } from "~/domain/staff-permissions";

/**
 * The forms of /backend/user (issue 3 item 15), one schema per form, chosen by `intent`. Messages
 * are keys of `staff:validation` (app/features/backoffice/form-errors.ts).
 */
export const staffValidationKeys = [
  "required",
  "maxLength",
  "emailInvalid",
  "roleInvalid",
  "passwordTooShort",
  "passwordTooLong",
  "passwordClasses",
  "passwordCommon",
  "passwordMismatch",
  "wholeNumber",
  "pointsRange",
  "invalid",
] as const;

export const staffUserIntents = ["create", "update", "reset-password", "deactivate", "reactivate"] as const;
export type StaffUserIntent = (typeof staffUserIntents)[number];

const passwordMessages: Record<PasswordProblem, string> = {
  required: "required",
  tooShort: "passwordTooShort",
  tooLong: "passwordTooLong",
  needsClasses: "passwordClasses",
  tooCommon: "passwordCommon",
};

const newPassword = z.string().superRefine((value, context) => {
  const [problem] = passwordProblems(value);
  if (problem) context.addIssue({ code: "custom", message: passwordMessages[problem] });
});

function confirmMatches(value: { password: string; confirmPassword: string }, context: z.RefinementCtx) {
  const problem = confirmationProblem(value.password, value.confirmPassword);
  if (problem) context.addIssue({ code: "custom", path: ["confirmPassword"], message: problem === "mismatch" ? "passwordMismatch" : "required" });
}

const email = z.string().trim().toLowerCase().min(1, "required").max(254, "maxLength:254").email("emailInvalid");
const fullName = z.string().trim().min(1, "required").max(100, "maxLength:100");
const roleId = z
  .string()
  .trim()
  .refine((value) => (staffRoleIds as readonly number[]).includes(Number(value)) && /^\d$/.test(value), "roleInvalid")
  .transform(Number);
/** A row id from a hidden field: a positive whole number. */
export const recordId = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,9}$/, "invalid")
  .transform(Number);

export const createStaffUserSchema = z.object({ email, fullName, roleId, password: newPassword, confirmPassword: z.string() }).superRefine(confirmMatches);

export const updateStaffUserSchema = z.object({ id: recordId, fullName, roleId });

export const resetStaffPasswordSchema = z.object({ id: recordId, password: newPassword, confirmPassword: z.string() }).superRefine(confirmMatches);

export const staffUserIdSchema = z.object({ id: recordId });
