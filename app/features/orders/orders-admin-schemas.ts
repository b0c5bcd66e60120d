import { z } from "zod";

import { maxBulkIds } from "~/domain/list-query";
import { isOrderStatusId, type OrderStatusId, orderStatusId } from "~/domain/order-status";
import { optionalText, optionalWholeNumber, text, wholeNumber } from "~/ui/form/schema-fields";

/**
 * The back-office order forms (issue 5 items 11 and 13), one schema each, shared by the action and
 * the page (the form kit, app/ui/form): a status change from the order page, an exchange step, and
 * the POS order. Messages are keys of `ordersAdmin:validation`, then `forms:validation`.
 */

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
  note: z.string().trim().max(500).optional(),
  reason: z.string().trim().max(500).optional(),
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
    .max(500),
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

const recordId = (key: string) => optionalWholeNumber(1, 9_999_999_999, key);

/** A line of the POS form; a line without a product is a blank row of the form, not a mistake. */
const posLine = z.object({
  variantId: recordId("choice"),
  quantity: wholeNumber(1, 999, "quantityInvalid"),
});

/**
 * The POS order form, parsed with the form kit on both sides. Lines are Conform's list
 * (`lines[0].variantId`), added and removed by its list buttons, which work without JavaScript too.
 * The member is a radio choice: "0" is the walk-in customer.
 */
export const posSchema = z
  .object({
    lines: z.array(posLine).max(maxPosLines, "tooManyLines"),
    memberSearch: optionalText(100),
    customerId: optionalWholeNumber(0, 9_999_999_999, "choice"),
    walkInName: optionalText(100),
    walkInPhone: z
      .string()
      .trim()
      .max(30)
      .transform((value) => value.replace(/[\s-]/g, ""))
      .refine((value) => /^\+?\d{9,15}$/.test(value), "phoneInvalid")
      .optional(),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), "emailInvalid")
      .optional(),
    sponsorId: recordId("choice"),
    note: optionalText(500),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    value.lines.forEach((line, row) => {
      if (line.variantId === undefined) return;
      if (seen.has(line.variantId)) context.addIssue({ code: "custom", path: ["lines", row, "variantId"], message: "duplicateLine" });
      seen.add(line.variantId);
    });
    if (seen.size === 0) context.addIssue({ code: "custom", path: ["lines"], message: "linesRequired" });
    if (!value.customerId && !value.walkInName) context.addIssue({ code: "custom", path: ["walkInName"], message: "customerRequired" });
  });
export type PosForm = z.output<typeof posSchema>;

/** "Find a member" posts the whole form (so nothing typed is lost without JavaScript) but checks nothing. */
export const posMemberSearchSchema = z.object({ memberSearch: z.string().optional() });

/** What the POS order is made of: the lines with a product (each with its row in the form, for messages), nulls for "none". */
export interface PosInput {
  lines: { variantId: number; quantity: number; row: number }[];
  customerId: number | null;
  walkInName: string;
  walkInPhone: string;
  email: string;
  sponsorId: number | null;
  note: string;
}

export function posInput(value: PosForm): PosInput {
  return {
    lines: value.lines.flatMap((line, row) => (line.variantId === undefined ? [] : [{ variantId: line.variantId, quantity: line.quantity, row }])),
    customerId: value.customerId || null,
    walkInName: value.walkInName ?? "",
    walkInPhone: value.walkInPhone ?? "",
    email: value.email ?? "",
    sponsorId: value.sponsorId ?? null,
    note: value.note ?? "",
  };
}

// ————— exchange steps —————

/**
 * A staff step on an exchange request (issue 5 item 13): approve, reject (a reason is needed), mark
 * the replacement shipped (carrier and tracking number), restock. `from` is the status the page
 * showed (someone else may have acted since). The domain (app/domain/exchange.ts) decides whether
 * the status allows the step; the server layer checks the carrier.
 */
const exchangeTrackingNumber = text(40)
  .regex(/^[A-Za-z0-9-]+$/, "trackingInvalid")
  .toUpperCase();
export const exchangeStepSchema = z.object({
  from: z.string().max(40).optional(),
  note: optionalText(500),
  carrierId: optionalWholeNumber(1, 999_999_999, "choice"),
  trackingNumber: exchangeTrackingNumber.optional(),
});
const exchangeRejectSchema = exchangeStepSchema.extend({ note: text(500) });
const exchangeShipSchema = exchangeStepSchema.extend({ carrierId: wholeNumber(1, 999_999_999, "choice"), trackingNumber: exchangeTrackingNumber });

export function exchangeStepSchemaFor(step: "approve" | "reject" | "ship" | "restock") {
  return step === "reject" ? exchangeRejectSchema : step === "ship" ? exchangeShipSchema : exchangeStepSchema;
}
