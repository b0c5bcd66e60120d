import { z } from "zod";
import { isOrderStatusId, type OrderStatusId } from "~/domain/order-status";
import { maxFormRows } from "~/features/catalog-admin/form-data";

/**
 * The back-office order forms (issue 5 item 11), one schema each: a status change from the order
 * page, and the POS order. Messages are keys of `ordersAdmin:validation` (shipping-rate-schemas.ts
 * lists them), `:<max>` for length limits.
 */
const statusId = z
  .string()
  .trim()
  .regex(/^\d{1,2}$/, "invalid")
  .transform(Number)
  .refine((value): value is OrderStatusId => isOrderStatusId(value), "invalid")
  .transform((value) => value as OrderStatusId);

const optionalText = (max: number) => z.string().trim().max(max, `maxLength:${max}`);
const optionalId = z
  .string()
  .trim()
  .regex(/^(|[1-9]\d{0,9})$/, "choice")
  .transform((value) => (value === "" ? null : Number(value)));

export const statusChangeFields = ["from", "to", "note", "reason", "carrierId", "trackingNumber"] as const;

export const statusChangeSchema = z.object({
  from: statusId,
  to: statusId,
  note: optionalText(500),
  reason: optionalText(500),
  carrierId: optionalId,
  trackingNumber: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === "" || /^[A-Z0-9][A-Z0-9-]{3,39}$/.test(value), "trackingInvalid"),
});
export type StatusChangeForm = z.output<typeof statusChangeSchema>;

// ————— POS order —————

export const maxPosLines = 50;
export const posFields = ["customerId", "walkInName", "walkInPhone", "email", "sponsorId", "note"] as const;
export const posLineFields = ["variantId", "quantity"] as const;
export type PosDraft = Record<(typeof posFields)[number], string> & { lines: Record<(typeof posLineFields)[number], string>[] };

const posLine = z.object({
  variantId: optionalId,
  quantity: z
    .string()
    .trim()
    .transform((value) => (value === "" ? "1" : value))
    .pipe(z.string().regex(/^\d{1,3}$/, "quantityInvalid").transform(Number))
    .refine((value) => value >= 1 && value <= 999, "quantityInvalid"),
});

export const posSchema = z
  .object({
    customerId: optionalId,
    walkInName: optionalText(100),
    walkInPhone: z
      .string()
      .trim()
      .transform((value) => value.replace(/[\s-]/g, ""))
      .refine((value) => value === "" || /^\+?\d{9,15}$/.test(value), "phoneInvalid"),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, "maxLength:254")
      .refine((value) => value === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), "emailInvalid"),
    sponsorId: optionalId,
    note: optionalText(500),
    // Rows without a product are blank rows of the form, not mistakes.
    lines: z.array(posLine).max(maxFormRows, "tooManyLines"),
  })
  .transform((value) => ({
    ...value,
    // Each line keeps its row number in the form, so a message lands next to the row it is about.
    lines: value.lines.map((line, row) => ({ ...line, row })).filter((line) => line.variantId !== null) as { variantId: number; quantity: number; row: number }[],
  }))
  .superRefine((value, context) => {
    const seen = new Set<number>();
    for (const line of value.lines) {
      if (seen.has(line.variantId)) context.addIssue({ code: "custom", path: ["lines", line.row, "variantId"], message: "duplicateLine" });
      seen.add(line.variantId);
    }
    if (value.lines.length === 0) context.addIssue({ code: "custom", path: ["lines"], message: "linesRequired" });
    if (value.lines.length > maxPosLines) context.addIssue({ code: "custom", path: ["lines"], message: "tooManyLines" });
    if (value.customerId === null && value.walkInName === "") context.addIssue({ code: "custom", path: ["walkInName"], message: "customerRequired" });
  });
export type PosInput = z.output<typeof posSchema>;
