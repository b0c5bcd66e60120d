import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { database } from "~/db/client";
import { orders } from "~/db/schema/orders";
import { type OrderStatusId } from "~/domain/order-status";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { normalizeOrderNumber } from "~/features/orders/tracking.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { confirmStep, type ConfirmStepData, isConfirmed } from "~/ui/confirm";
import { redirectWithToast } from "~/ui/toast.server";

import { type BillingRefusal, invoiceableStatusIds, issueCreditNote, issueDocument, liveSaleDocument, loadSeller, voidDocument } from "./billing.server";
import {
  buyerFromForm,
  creditNoteSchema,
  findOrderSchema,
  issueCustomerReceiptSchema,
  issueInvoiceSchema,
  issueReceiptSchema,
  voidSchema,
} from "./billing-schemas";
import { documentPagePath } from "./document-list";
import { loadDocument } from "./documents.server";

/**
 * The server half of the billing forms (issue 17): /backend/bill/invoices/form/{id?},
 * /backend/bill/receipt/form/{id?} and /backend/bill/receipt/customer-form/{id?}. Without an id the
 * page finds a paid order by its number (intent "find") and issues its document with the buyer as
 * staff confirmed it ("issue"); with an id it shows the issued document, which can only be voided
 * with a reason ("void", asks first) or — a full tax invoice — lowered by a credit note ("credit").
 * billing.server's refusals come back as the fields' messages.
 */
export type DocumentFormMode = "invoice" | "receipt" | "customer";

type Args = Parameters<typeof requireStaffFor>[0] & { params: { id?: string }; context: Parameters<typeof getCloudflare>[0] };

export const documentFormPaths: Record<DocumentFormMode, string> = {
  invoice: "/backend/bill/invoices/form",
  receipt: "/backend/bill/receipt/form",
  customer: "/backend/bill/receipt/customer-form",
};
export const documentListPaths: Record<DocumentFormMode, string> = {
  invoice: "/backend/bill/invoices",
  receipt: "/backend/bill/receipt",
  customer: "/backend/bill/receipt",
};

const tableOf = (mode: DocumentFormMode) => (mode === "invoice" ? "invoice" : "receipt");

function documentId(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  if (!/^[1-9]\d{0,9}$/.test(params.id)) throw data(null, { status: 404 });
  return Number(params.id);
}

/** The order a document is being issued for, with the buyer prefilled from its shipping details. */
async function orderForIssue(d1: D1Database, orderNumber: string) {
  const db = database(d1);
  const byNumber = eq(orders.orderNumber, orderNumber);
  const [[order], live] = await Promise.all([
    db.select().from(orders).where(byNumber),
    liveSaleDocument(d1, db.select({ id: orders.id }).from(orders).where(byNumber)),
  ]);
  if (!order) return null;
  const address = [order.shipAddress, order.shipSuburb, order.shipCity, order.shipProvince, order.shipZipcode].filter(Boolean).join(" ");
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    totalSatang: order.totalSatang,
    paid: invoiceableStatusIds.includes(order.statusId as OrderStatusId),
    live,
    prefill: {
      buyerName: [order.shipFirstName, order.shipLastName].filter(Boolean).join(" "),
      buyerAddress: address,
      buyerTaxId: "",
      buyerBranch: "00000",
    },
  };
}

export async function documentFormLoader(args: Args, mode: DocumentFormMode) {
  const { env } = getCloudflare(args.context);
  const id = documentId(args.params);
  // The seller's settings and the page's document or order in one round trip (issue 19).
  if (id !== null) {
    const [{ seller }, document] = await Promise.all([loadSeller(env.DB), loadDocument(env.DB, tableOf(mode), id)]);
    if (!document) throw data(null, { status: 404 });
    const creditable = document.voidedAt === null && (document.kind === "tax_invoice" || document.kind === "tax_invoice_receipt");
    return { mode, id, document, creditable, order: null, vatRegistered: seller.vatRegistered };
  }
  const typed = normalizeOrderNumber(new URL(args.request.url).searchParams.get("order") ?? "");
  const [{ seller }, order] = await Promise.all([loadSeller(env.DB), typed ? orderForIssue(env.DB, typed) : null]);
  return { mode, id, document: null, creditable: false, order, vatRegistered: seller.vatRegistered };
}

/** Where a refusal shows: a field of the form that was sent, or the form itself. */
const refusalFields: Partial<Record<BillingRefusal, string>> = {
  "buyer-tax-id": "buyerTaxId",
  "buyer-incomplete": "buyerAddress",
  "kind-not-allowed": "kind",
  "already-void": "reason",
  "not-lower": "correctTotal",
};

function refusalErrors(reason: BillingRefusal, mode: DocumentFormMode) {
  const field = reason === "kind-not-allowed" && mode !== "invoice" ? undefined : refusalFields[reason];
  return field ? { fieldErrors: { [field]: [reason] } } : { formErrors: [reason] };
}

interface Answer {
  intent: "find" | "issue" | "void" | "credit";
  result: SubmissionResult<string[]> | undefined;
  confirm: ConfirmStepData | null;
}
const answer = (body: Answer, status = 400) => data(body, { status });

export async function documentFormAction(args: Args, mode: DocumentFormMode) {
  const viewer = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = localeFromPathname(new URL(args.request.url).pathname);
  const id = documentId(args.params);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const formPath = localizePath(locale, documentFormPaths[mode]);

  if (id === null && intent === "find") {
    const submission = parseWithZod(formData, { schema: findOrderSchema });
    if (submission.status !== "success") return answer({ intent, result: submission.reply(), confirm: null });
    const typed = normalizeOrderNumber(submission.value.orderNumber);
    const order = typed ? await orderForIssue(env.DB, typed) : null;
    const problem = !order
      ? "order-not-found"
      : !order.paid
        ? "unpaid"
        : (mode === "invoice" ? order.live.invoice : order.live.receipt)
          ? "already-issued"
          : null;
    if (problem) return answer({ intent, result: submission.reply({ fieldErrors: { orderNumber: [problem] } }), confirm: null });
    return redirect(`${formPath}?order=${encodeURIComponent(order!.orderNumber)}`);
  }

  if (id === null && intent === "issue") {
    const schema = mode === "invoice" ? issueInvoiceSchema : mode === "customer" ? issueCustomerReceiptSchema : issueReceiptSchema;
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success") return answer({ intent, result: submission.reply(), confirm: null });
    const value = submission.value;
    const issued = await issueDocument(env.DB, {
      orderId: value.orderId,
      buyer: buyerFromForm(value),
      kind: value.kind,
      staffUserId: viewer.staffUserId,
    });
    if (!issued.ok) return answer({ intent, result: submission.reply(refusalErrors(issued.reason, mode)), confirm: null });
    return redirectWithToast(args.request, localizePath(locale, documentPagePath(issued.value)), {
      key: "billing:toasts.issued",
      values: { number: issued.value.number },
    });
  }

  if (id !== null && intent === "void") {
    const submission = parseWithZod(formData, { schema: voidSchema });
    if (submission.status !== "success") return answer({ intent, result: submission.reply(), confirm: null });
    if (!isConfirmed(formData)) return answer({ intent, result: undefined, confirm: confirmStep(formData) }, 200);
    const voided = await voidDocument(env.DB, { table: tableOf(mode), id, reason: submission.value.reason, staffUserId: viewer.staffUserId });
    if (!voided.ok && voided.reason === "document-not-found") throw data(null, { status: 404 });
    if (!voided.ok) return answer({ intent, result: submission.reply(refusalErrors(voided.reason, mode)), confirm: null });
    return redirectWithToast(args.request, localizePath(locale, documentPagePath({ table: tableOf(mode), id })), { key: "billing:toasts.voided" });
  }

  if (id !== null && intent === "credit" && mode === "invoice") {
    const submission = parseWithZod(formData, { schema: creditNoteSchema });
    if (submission.status !== "success") return answer({ intent, result: submission.reply(), confirm: null });
    const note = await issueCreditNote(env.DB, {
      invoiceId: id,
      correctTotalSatang: submission.value.correctTotal,
      cause: submission.value.cause,
      reason: submission.value.reason,
      staffUserId: viewer.staffUserId,
    });
    if (!note.ok && note.reason === "document-not-found") throw data(null, { status: 404 });
    if (!note.ok) return answer({ intent, result: submission.reply(refusalErrors(note.reason, mode)), confirm: null });
    return redirectWithToast(args.request, localizePath(locale, documentPagePath(note.value)), {
      key: "billing:toasts.credited",
      values: { number: note.value.number },
    });
  }
  // A form this page does not have (or a stale one): nothing to do.
  throw data(null, { status: 400 });
}
