import { z } from "zod";

import { confirmationProblem, type PasswordProblem, passwordProblems } from "~/domain/password-policy";
import { staffRoleIds } from "~/domain/staff-permissions";
import { text } from "~/ui/form/schema-fields";

/** The forms of /backend/user (issue 3 item 15), one schema per form, chosen by `intent`. */
export const staffUserIntents = ["create", "update", "reset-password", "deactivate", "reactivate", "bulk-deactivate"] as const;
export type StaffUserIntent = (typeof staffUserIntents)[number];

/**
 * The forms of /backend/user on the form kit (Conform + Zod, app/ui/form): an empty field arrives
 * as undefined and numbers are coerced, so the same schema checks in the browser and the action.
 * Messages are keys: `staff:validation.<key>` first (the password rules), then `forms:validation`.
 */
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

function confirmMatches(value: { password: string; confirmPassword?: string }, context: z.RefinementCtx) {
  const problem = confirmationProblem(value.password, value.confirmPassword ?? "");
  if (problem) context.addIssue({ code: "custom", path: ["confirmPassword"], message: problem === "mismatch" ? "passwordMismatch" : "required" });
}

const email = z.string().trim().toLowerCase().max(254).email();
const fullName = text(100);
// Text, not a number: "1.0" or "01" is no role (a number field would coerce them). The action maps it to a number.
const roleId = z.enum(staffRoleIds.map(String) as [string, ...string[]], { error: () => "roleInvalid" });
const staffUserId = z.number().int().min(1).max(9_999_999_999);

/** A row id from a hidden field: a positive whole number. */
export const recordId = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,9}$/, "invalid")
  .transform(Number);

export const createStaffUserSchema = z
  .object({ email, fullName, roleId, password: newPassword, confirmPassword: z.string().optional() })
  .superRefine(confirmMatches);

export const updateStaffUserSchema = z.object({ id: staffUserId, fullName, roleId });

export const resetStaffPasswordSchema = z
  .object({ id: staffUserId, password: newPassword, confirmPassword: z.string().optional() })
  .superRefine(confirmMatches);

export const staffUserIdSchema = z.object({ id: staffUserId });
