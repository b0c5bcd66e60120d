import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Printer } from "lucide-react";
import { Form, Link, useLocation } from "react-router";

import { formatDate } from "~/domain/dates";
import { branchLabel, creditNoteCauses, formatThaiTaxId } from "~/domain/tax-documents";
import { baht } from "~/features/orders/orders-admin-ui";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { FormPageHeading } from "~/ui/backend/form-page";
import { Badge, Panel } from "~/ui/backend/page-parts";
import type { ConfirmStepData } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";
import { Field, FormErrors, FormMessages, MoneyField, SelectField, SubmitButton, TextareaField } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";

import {
  creditNoteSchema,
  findOrderSchema,
  issuableInvoiceKinds,
  issueCustomerReceiptSchema,
  issueInvoiceSchema,
  issueReceiptSchema,
  voidSchema,
} from "./billing-schemas";
import type { DocumentFormMode } from "./document-form.server";
import type { InvoiceDocument } from "./documents.server";

/**
 * The billing forms' page (issue 17; server half in document-form.server.ts): find a paid order,
 * confirm the buyer and issue; or, for an issued document, its summary with print links, Void (asks
 * first: a dialog with JavaScript, a confirm step without) and, on a full tax invoice, a credit note.
 */
const formPaths: Record<DocumentFormMode, string> = {
  invoice: "/backend/bill/invoices/form",
  receipt: "/backend/bill/receipt/form",
  customer: "/backend/bill/receipt/customer-form",
};
const listPaths: Record<DocumentFormMode, string> = { invoice: "/backend/bill/invoices", receipt: "/backend/bill/receipt", customer: "/backend/bill/receipt" };

interface OrderForIssue {
  id: number;
  orderNumber: string;
  totalSatang: number;
  paid: boolean;
  live: { invoice: { number: string } | null; receipt: { number: string } | null };
  prefill: { buyerName: string; buyerAddress: string; buyerTaxId: string; buyerBranch: string };
}

export interface DocumentFormData {
  mode: DocumentFormMode;
  id: number | null;
  document: InvoiceDocument | null;
  creditable: boolean;
  order: OrderForIssue | null;
  vatRegistered: boolean;
}
export interface DocumentFormAnswer {
  intent: "find" | "issue" | "void" | "credit";
  result: SubmissionResult<string[]> | undefined;
  confirm: ConfirmStepData | null;
}

export function DocumentFormPage({ loaderData, actionData }: { loaderData: DocumentFormData; actionData: DocumentFormAnswer | undefined }) {
  const { t } = useTranslation("billing");
  const locale = localeFromPathname(useLocation().pathname);
  const { mode, document } = loaderData;
  const list = localizePath(locale, listPaths[mode]);
  const here = localizePath(locale, loaderData.id === null ? formPaths[mode] : `${formPaths[mode]}/${loaderData.id}`);
  const resultOf = (intent: DocumentFormAnswer["intent"]) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <FormMessages namespace="billing">
      <div className="max-w-3xl space-y-6" data-testid="document-form-page" data-mode={mode}>
        <FormPageHeading title={document ? t("form.documentHeading", { number: document.number }) : t(`form.issueHeading.${mode}`)} backTo={list} />
        {document ? (
          <>
            <DocumentSummary document={document} />
            {document.voidedAt === null ? (
              <VoidPanel document={document} action={here} result={resultOf("void")} confirm={actionData?.intent === "void" ? actionData.confirm : null} />
            ) : null}
            {loaderData.creditable ? <CreditPanel document={document} action={here} result={resultOf("credit")} /> : null}
          </>
        ) : loaderData.order ? (
          <IssuePanel
            mode={mode}
            order={loaderData.order}
            action={`${here}?order=${encodeURIComponent(loaderData.order.orderNumber)}`}
            result={resultOf("issue")}
          />
        ) : (
          <FindPanel mode={mode} action={here} result={resultOf("find")} />
        )}
      </div>
    </FormMessages>
  );
}

function FindPanel({ mode, action, result }: { mode: DocumentFormMode; action: string; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("billing");
  const [form, fields] = useSchemaForm(findOrderSchema, { id: `find-order-${mode}`, lastResult: result });
  return (
    <Panel title={t("form.findHeading")} testId="find-order">
      <p className="mb-3 text-sm text-ink-muted">{t(mode === "customer" ? "form.findIntroCustomer" : "form.findIntro")}</p>
      <FormErrors form={form} />
      <Form method="post" action={action} className="flex flex-wrap items-end gap-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="find" />
        <Field meta={fields.orderNumber} label={t("fields.orderNumber")} className="min-w-60 flex-1" autoCapitalize="characters" />
        <SubmitButton action={action} testId="find-order-submit">
          {t("form.find")}
        </SubmitButton>
      </Form>
    </Panel>
  );
}

function IssuePanel({
  mode,
  order,
  action,
  result,
}: {
  mode: DocumentFormMode;
  order: OrderForIssue;
  action: string;
  result: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("billing");
  const locale = localeFromPathname(useLocation().pathname);
  const schema = mode === "invoice" ? issueInvoiceSchema : mode === "customer" ? issueCustomerReceiptSchema : issueReceiptSchema;
  // Every issue schema has the invoice form's fields (the receipt ones fix the kind), so one shape types them all.
  const [form, fields] = useSchemaForm(schema, {
    id: `issue-${mode}-${order.id}`,
    lastResult: result,
    defaultValue: { ...order.prefill, orderId: String(order.id), kind: mode === "invoice" ? issuableInvoiceKinds[0] : undefined },
  });
  return (
    <Panel title={t("form.orderHeading", { number: order.orderNumber })} testId="issue-document">
      <p className="mb-3 text-sm" data-testid="order-total">
        {t("form.orderTotal", { total: baht(order.totalSatang, locale) })}{" "}
        <Link to={localizePath(locale, formPaths[mode])} className="text-primary-dark underline">
          {t("form.otherOrder")}
        </Link>
      </p>
      <FormErrors form={form} refusal={order.paid ? null : t("validation.unpaid")} />
      <Form method="post" action={action} className="space-y-4" {...getFormProps(form)} hidden={!order.paid}>
        <input type="hidden" name="intent" value="issue" />
        <input type="hidden" name={fields.orderId.name} value={String(order.id)} />
        {mode === "invoice" ? (
          <SelectField meta={fields.kind} label={t("fields.kind")} hint={t("form.kindHint")}>
            {issuableInvoiceKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`documents:kinds.${kind}`)}
              </option>
            ))}
          </SelectField>
        ) : null}
        <p className="text-sm text-ink-muted">{t(mode === "customer" ? "form.buyerIntroCustomer" : "form.buyerIntro")}</p>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field meta={fields.buyerName} label={t(mode === "customer" ? "fields.companyName" : "fields.buyerName")} className="md:col-span-2" />
          <TextareaField meta={fields.buyerAddress} label={t("fields.buyerAddress")} className="md:col-span-2" rows={3} />
          <Field meta={fields.buyerTaxId} label={t("fields.buyerTaxId")} inputMode="numeric" hint={t("form.taxIdHint")} />
          <Field meta={fields.buyerBranch} label={t("fields.buyerBranch")} inputMode="numeric" hint={t("seller.branchHint")} />
        </div>
        <SubmitButton action={action} testId="issue-submit">
          {t(`form.issue.${mode}`)}
        </SubmitButton>
      </Form>
    </Panel>
  );
}

function DocumentSummary({ document }: { document: InvoiceDocument }) {
  const { t } = useTranslation("billing");
  const locale = localeFromPathname(useLocation().pathname);
  const printBase =
    document.table === "invoice"
      ? `/backend/bill/invoices/printInvoice?id=${document.id}`
      : `/backend/bill/receipt/${document.billingTaxId ? "printCustomerReceipt" : "printReceipt"}?id=${document.id}`;
  const print = (extra: string) => localizePath(locale, `${printBase}${extra}`);
  const branch = (code: string) => {
    const label = branchLabel(code);
    return label.kind === "head_office" ? t("documents:print.headOffice") : t("documents:print.branch", { number: label.number });
  };
  return (
    <Panel title={t(`documents:kinds.${document.kind}`)} testId="document-summary">
      {document.voidedAt !== null ? (
        <p className="mb-3 rounded-md border border-error/40 bg-error/5 p-3 text-sm text-error" data-testid="document-void">
          <Badge tone="error">{t("list.states.void")}</Badge> {formatDate(document.voidedAt, locale)} — {document.voidReason}
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t("documents:print.number")}</dt>
        <dd data-testid="document-number">{document.number}</dd>
        <dt className="font-semibold">{t("documents:print.date")}</dt>
        <dd>{formatDate(document.issuedAt, locale, { dateStyle: "long" })}</dd>
        <dt className="font-semibold">{t("documents:print.order")}</dt>
        <dd>{document.orderNumber}</dd>
        <dt className="font-semibold">{t("documents:print.buyer")}</dt>
        <dd className="whitespace-pre-line">
          {document.billingName}
          {document.billingAddress ? `\n${document.billingAddress}` : ""}
          {document.billingTaxId
            ? `\n${t("documents:print.taxId")} ${formatThaiTaxId(document.billingTaxId)} (${branch(document.billingBranch ?? "00000")})`
            : ""}
        </dd>
        {document.originalInvoice ? (
          <>
            <dt className="font-semibold">{t("form.creditFor")}</dt>
            <dd>
              <Link to={localizePath(locale, `/backend/bill/invoices/form/${document.originalInvoice.id}`)} className="text-primary-dark underline">
                {document.originalInvoice.number}
              </Link>
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">{t("documents:print.vat", { rate: document.vatPercent })}</dt>
        <dd className="tabular-nums">{baht(document.vatSatang, locale)}</dd>
        <dt className="font-semibold">{t("documents:print.total")}</dt>
        <dd className="font-semibold tabular-nums" data-testid="document-total">
          {baht(document.totalSatang, locale)}
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={print("")} className="btn-ghost border border-line" data-testid="print-original">
          <Printer className="size-4" aria-hidden />
          {t("form.printOriginal")}
        </Link>
        <Link to={print("&copy=1")} className="btn-ghost border border-line" data-testid="print-copy">
          {t("form.printCopy")}
        </Link>
        <Link to={print("&paper=80mm")} className="btn-ghost border border-line" data-testid="print-roll">
          {t("documents:print.paper80")}
        </Link>
      </div>
    </Panel>
  );
}

function VoidPanel({
  document,
  action,
  result,
  confirm,
}: {
  document: InvoiceDocument;
  action: string;
  result: SubmissionResult<string[]> | undefined;
  confirm: ConfirmStepData | null;
}) {
  const { t } = useTranslation("billing");
  const [form, fields] = useSchemaForm(voidSchema, { id: `void-${document.table}-${document.id}`, lastResult: result });
  const question = {
    title: t("void.question", { number: document.number }),
    description: t("void.description"),
    confirmLabel: t("void.yes"),
  };
  return (
    <section className="rounded-lg border border-error/30 bg-surface p-4" aria-labelledby="void-heading" data-testid="void-panel">
      <h2 id="void-heading" className="mb-2 text-lg font-semibold">
        {t("void.heading")}
      </h2>
      <p className="mb-3 text-sm text-ink-muted">{t("void.intro")}</p>
      {confirm ? (
        <ConfirmStep step={confirm} action={action} cancelTo={action} {...question} />
      ) : (
        <>
          <FormErrors form={form} />
          <Form method="post" action={action} className="space-y-3" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="void" />
            <TextareaField meta={fields.reason} label={t("fields.voidReason")} rows={2} />
            <ConfirmButton className="btn-ghost border border-error/40 text-error" testId="void-button" {...question}>
              {t("void.submit")}
            </ConfirmButton>
          </Form>
        </>
      )}
    </section>
  );
}

function CreditPanel({ document, action, result }: { document: InvoiceDocument; action: string; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("billing");
  const locale = localeFromPathname(useLocation().pathname);
  const [form, fields] = useSchemaForm(creditNoteSchema, { id: `credit-${document.id}`, lastResult: result, defaultValue: { cause: "refund" } });
  return (
    <Panel title={t("credit.heading")} testId="credit-panel">
      <p className="mb-3 text-sm text-ink-muted">{t("credit.intro", { total: baht(document.totalSatang, locale) })}</p>
      <FormErrors form={form} />
      <Form method="post" action={action} className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="credit" />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <SelectField meta={fields.cause} label={t("fields.creditCause")}>
            {creditNoteCauses.map((cause) => (
              <option key={cause} value={cause}>
                {t(`documents:creditCauses.${cause}`)}
              </option>
            ))}
          </SelectField>
          <MoneyField meta={fields.correctTotal} label={t("fields.correctTotal")} hint={t("credit.correctHint")} />
          <TextareaField meta={fields.reason} label={t("fields.creditReason")} rows={2} className="md:col-span-2" />
        </div>
        <SubmitButton action={action} testId="credit-submit">
          {t("credit.submit")}
        </SubmitButton>
      </Form>
    </Panel>
  );
}
