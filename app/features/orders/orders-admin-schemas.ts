import { z } from "zod";
import { isOrderStatusId, orderStatusId, type OrderStatusId } from "~/domain/order-status";
import { maxBulkIds } from "~/domain/list-query";
import { maxFormRows } from "~/features/catalog-admin/form-data";

/**
 * The back-office order forms (issue 5 item 11), one schema each: a status change from the order
 * page, and the POS order. Messages are keys of `ordersAdmin:validation` (shipping-rate-schemas.ts
 * lists them), `:<max>` for length limits.
 */
const optionalText = (max: number) => z.string().trim().max(max, `maxLength:${max}`);
const optionalId = z
  .string()
  .trim()
  .regex(/^(|[1-9]\d{0,9})$/, "choice")
  .transform((value) => (value === "" ? null : Number(value)));

/**
 * A status change from the order page, parsed with the form kit (app/ui/form: empty fields arrive
 * as undefined, numbers are coerced) on the server and in the browser, so its messages are the
 * page's language and the browser's own bubbles never show. The ship form also needs a carrier and
 * a tracking number; rejecting a slip needs a reason (`statusChangeSchemaFor`). The domain
 * (applyStaffChange) checks the same again inside the write.
 */
const statusIdField = z
  .number({ error: () => "invalid" })
  .int("invalid")
  .refine((value): value is OrderStatusId => isOrderStatusId(value), "invalid")
  .transform((value) => value as OrderStatusId);
const trackingNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{3,39}$/, "trackingInvalid");
const carrierId = z
  .number({ error: () => "choice" })
  .int("choice")
  .min(1, "choice")
  .max(9_999_999_999, "choice");

export const statusChangeSchema = z.object({
  from: statusIdField,
  to: statusIdField,
  note: z.string().trim().max(500, "maxLength:500").optional(),
  reason: z.string().trim().max(500, "maxLength:500").optional(),
  carrierId: carrierId.optional(),
  trackingNumber: trackingNumber.optional(),
});
export type StatusChangeForm = z.output<typeof statusChangeSchema>;

const shipChangeSchema = statusChangeSchema.extend({ carrierId, trackingNumber: z.string({ error: () => "required" }).pipe(trackingNumber) });
const rejectSlipChangeSchema = statusChangeSchema.extend({
  reason: z
    .string({ error: () => "required" })
    .trim()
    .min(1, "required")
    .max(500, "maxLength:500"),
});

export type StatusChangeKind = "ship" | "reject-slip" | "other";

/** Which form a change is: shipping (to "fulfilment done") or rejecting a slip (slip review → waiting for payment). */
export function statusChangeKind(from: number | null, to: number | null): StatusChangeKind {
  if (to === orderStatusId.fulfilment_done) return "ship";
  if (from === orderStatusId.slip_review && to === orderStatusId.waiting_payment) return "reject-slip";
  return "other";
}

export function statusChangeSchemaFor(kind: StatusChangeKind) {
  return kind === "ship" ? shipChangeSchema : kind === "reject-slip" ? rejectSlipChangeSchema : statusChangeSchema;
}

/**
 * Marking the ticked orders shipped from the order list (issue 15): one carrier, a tracking number
 * for each order (the same rule as the order page's ship form).
 */
export const bulkShipSchema = z.object({
  carrierId,
  shipments: z
    .array(
      z.object({
        orderId: z
          .number({ error: () => "invalid" })
          .int("invalid")
          .min(1, "invalid")
          .max(9_999_999_999, "invalid"),
        trackingNumber: z.string({ error: () => "required" }).pipe(trackingNumber),
      }),
    )
    .min(1, "invalid")
    .max(maxBulkIds, "invalid"),
});
export type BulkShipForm = z.output<typeof bulkShipSchema>;

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
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}$/, "quantityInvalid")
        .transform(Number),
    )
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
    lines: value.lines.map((line, row) => ({ ...line, row })).filter((line) => line.variantId !== null) as {
      variantId: number;
      quantity: number;
      row: number;
    }[],
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
