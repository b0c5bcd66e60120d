import { z } from "zod";
import { exchangeNoteMaxLength, exchangeReasons } from "~/domain/exchange";

/**
 * The exchange request form (/exchange?line={id}). Messages are keys of `exchanges:errors`; the
 * photo is checked by the server (size, then content) after parsing. `wanted` is "same" or a
 * variant id; the domain decides whether that variant may be chosen.
 */
const rowId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, "not-found")
  .transform(Number)
  .refine((value) => value <= 2_147_483_647, "not-found");

export const exchangeRequestSchema = z.object({
  line: rowId,
  quantity: z
    .string()
    .trim()
    .regex(/^[0-9]{1,4}$/, "quantity-invalid")
    .transform(Number),
  wanted: z.union([z.literal("same"), rowId.transform((value) => value as number)], { error: "variant-unavailable" }),
  reason: z.enum(exchangeReasons, { error: "reason-invalid" }),
  note: z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .refine((value) => value.length <= exchangeNoteMaxLength, "note-too-long"),
});
export type ExchangeRequestInput = z.output<typeof exchangeRequestSchema>;

export const exchangeFormFields = ["line", "quantity", "wanted", "reason", "note"] as const;

/** The first message key per field: `{ quantity: "quantity-invalid" }`. */
export function exchangeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
