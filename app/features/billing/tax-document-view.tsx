import { bahtText } from "~/domain/baht-text";
import { formatDate } from "~/domain/dates";
import { lineAmountSatang } from "~/domain/line-amounts";
import { branchLabel, type DocumentKind, formatThaiTaxId, namesBuyer } from "~/domain/tax-documents";
import { baht } from "~/features/orders/orders-admin-ui";
import type { Locale } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { BrandMark } from "~/ui/logo";

import type { InvoiceDocument } from "./documents.server";

/** The document's own name, always in Thai and English: §86/4 asks for "ใบกำกับภาษี" in plain sight. */
const titles: Record<DocumentKind, string> = {
  tax_invoice: "ใบกำกับภาษี / Tax Invoice",
  abbreviated_tax_invoice: "ใบกำกับภาษีอย่างย่อ / Abbreviated Tax Invoice",
  receipt: "ใบเสร็จรับเงิน / Receipt",
  tax_invoice_receipt: "ใบกำกับภาษี / ใบเสร็จรับเงิน — Tax Invoice / Receipt",
  credit_note: "ใบลดหนี้ / Credit Note",
};

/**
 * A tax document on A4 (issue 17): every element §86/4 requires, each marked `data-element` (the list
 * is `fullTaxInvoiceElements`; a test checks the printed HTML has them all), in the page's language
 * apart from the bilingual title. Amounts as stored at issue: lines VAT-inclusive, then the value
 * before VAT, the VAT and the total, and the total in Thai words.
 */
export function TaxDocumentView({
  document,
  locale,
  copy,
  paper = "a4",
  showBuyer = false,
}: {
  document: InvoiceDocument;
  locale: Locale;
  copy: "original" | "copy";
  /** "80mm": the till roll — one column, smaller type, the same elements. */
  paper?: "a4" | "80mm";
  /** Print the buyer on a kind that does not need it (a receipt issued to a customer's company). */
  showBuyer?: boolean;
}) {
  const { t } = useTranslation("documents");
  const branch = (code: string) => {
    const label = branchLabel(code);
    return label.kind === "head_office" ? t("print.headOffice") : t("print.branch", { number: label.number });
  };
  const lineDescription = (line: InvoiceDocument["lines"][number]) =>
    line.type === "item"
      ? localized(line, "description", locale)
      : line.type === "credit"
        ? t("print.lines.credit", { number: line.descriptionEn })
        : t(`print.lines.${line.type}`);
  const named = namesBuyer(document.kind) || (showBuyer && document.billingAddress.trim() !== "");
  const roll = paper === "80mm";
  return (
    <article
      className={`mx-auto bg-surface text-ink print:max-w-none print:p-0 ${roll ? "max-w-[80mm] p-3 text-xs" : "max-w-[210mm] p-8 text-sm"}`}
      data-testid="tax-document"
      data-kind={document.kind}
      data-paper={paper}
      lang={locale}
    >
      <header
        className={`border-b border-line ${roll ? "mb-3 flex flex-col gap-2 pb-2 text-center" : "mb-6 flex flex-wrap items-start justify-between gap-4 pb-4"}`}
      >
        {/* On A4 the seller and the title block share the row (the seller takes what the title leaves);
            on a phone the title block wraps under the seller and keeps to the right edge, whatever its
            length, rather than sitting wherever its own width ends. */}
        <div className={roll ? "flex flex-col items-center" : "min-w-0 flex-[1_1_16rem]"}>
          <span className="mb-2 inline-flex" data-testid="shop-logo">
            <BrandMark size={roll ? 28 : 40} />
          </span>
          <p className={roll ? "text-sm font-bold" : "text-lg font-bold"} data-element="seller-name">
            {localized(document, "sellerName", locale)}
          </p>
          <p className="whitespace-pre-line" data-element="seller-address">
            {localized(document, "sellerAddress", locale)}
          </p>
          <p>
            {t("print.taxId")}: <span data-element="seller-tax-id">{formatThaiTaxId(document.sellerTaxId)}</span>{" "}
            <span data-element="seller-branch">({branch(document.sellerBranch)})</span>
          </p>
        </div>
        <div className={roll ? "" : "flex-[0_1_22rem] text-right"}>
          <h1 className={roll ? "text-sm font-bold" : "text-xl font-bold"} data-element="title">
            {titles[document.kind]}
          </h1>
          <p className="mt-1 inline-block rounded border border-ink px-2 text-xs font-semibold" data-testid="copy-mark">
            {t(`print.${copy}`)}
          </p>
          {document.voidedAt !== null ? (
            <p className="mt-1 font-bold text-error" data-testid="void-mark">
              {t("print.void", { reason: document.voidReason ?? "" })}
            </p>
          ) : null}
          <dl className={`mt-2 grid grid-cols-[auto_auto] gap-x-3 text-left ${roll ? "justify-center" : "justify-end"}`}>
            <dt>{t("print.number")}</dt>
            <dd className="font-semibold" data-element="number">
              {document.number}
            </dd>
            <dt>{t("print.date")}</dt>
            <dd data-element="date">{formatDate(document.issuedAt, locale, { dateStyle: "long" })}</dd>
            <dt>{t("print.order")}</dt>
            <dd>{document.orderNumber}</dd>
          </dl>
        </div>
      </header>

      {named ? (
        <section className="mb-4" aria-label={t("print.buyer")}>
          <h2 className="font-semibold">{t("print.buyer")}</h2>
          <p data-element="buyer-name">{document.billingName}</p>
          <p className="whitespace-pre-line" data-element="buyer-address">
            {document.billingAddress}
          </p>
          {document.billingTaxId ? (
            <p>
              {t("print.taxId")}: <span data-element="buyer-tax-id">{formatThaiTaxId(document.billingTaxId)}</span>{" "}
              <span data-element="buyer-branch">({branch(document.billingBranch ?? "00000")})</span>
            </p>
          ) : null}
        </section>
      ) : null}

      {document.kind === "credit_note" && document.originalInvoice ? (
        <section className="mb-4" data-testid="credit-note-reference">
          <p>
            {t("print.creditFor", {
              number: document.originalInvoice.number,
              date: formatDate(document.originalInvoice.issuedAt, locale, { dateStyle: "long" }),
            })}
          </p>
          <p>
            {t("print.reason")}: {t(`creditCauses.${document.creditNoteCause ?? "other"}`)}
            {document.creditNoteReason ? ` — ${document.creditNoteReason}` : ""}
          </p>
        </section>
      ) : null}
      {document.replaces ? <p className="mb-4">{t("print.replaces", { number: document.replaces.number })}</p> : null}

      <table className="w-full border-collapse">
        <thead>
          <tr className="border-y border-ink text-left">
            <th className="py-1 pr-2">{t("print.columns.description")}</th>
            <th className="py-1 pr-2 text-right">{t("print.columns.quantity")}</th>
            <th className="py-1 pr-2 text-right">{t("print.columns.unitPrice")}</th>
            <th className="py-1 text-right">{t("print.columns.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {document.lines.map((line, index) => (
            <tr key={index} className="border-b border-line align-top">
              <td className="py-1 pr-2" data-element="line-description">
                {lineDescription(line)}
              </td>
              <td className="py-1 pr-2 text-right tabular-nums" data-element="line-quantity">
                {line.quantity}
              </td>
              <td className="py-1 pr-2 text-right whitespace-nowrap tabular-nums" data-element="line-unit-price">
                {baht(line.unitPriceSatang, locale)}
              </td>
              <td className="py-1 text-right whitespace-nowrap tabular-nums" data-element="line-amount">
                {baht(lineAmountSatang(line), locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className={`ml-auto grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 ${roll ? "mt-2" : "mt-4 max-w-sm"}`}>
        {document.kind === "credit_note" ? (
          <>
            <dt>{t("print.originalValue")}</dt>
            <dd className="text-right tabular-nums" data-testid="original-value">
              {baht(document.originalValueSatang ?? 0, locale)}
            </dd>
            <dt>{t("print.correctValue")}</dt>
            <dd className="text-right tabular-nums" data-testid="correct-value">
              {baht(document.correctValueSatang ?? 0, locale)}
            </dd>
          </>
        ) : null}
        <dt>{t(document.kind === "credit_note" ? "print.difference" : "print.valueBeforeVat")}</dt>
        <dd className="text-right tabular-nums" data-element="value-before-vat">
          {baht(document.subtotalSatang, locale)}
        </dd>
        <dt>{t("print.vat", { rate: document.vatPercent })}</dt>
        <dd className="text-right tabular-nums" data-element="vat">
          {baht(document.vatSatang, locale)}
        </dd>
        <dt className="font-bold">{t("print.total")}</dt>
        <dd className="text-right font-bold tabular-nums" data-element="total">
          {baht(document.totalSatang, locale)}
        </dd>
      </dl>
      <p className="mt-2 text-right" lang="th">
        ( <span data-element="total-in-words">{bahtText(document.totalSatang)}</span> )
      </p>
      <p className="mt-8 text-xs text-ink-muted">{t("print.pricesIncludeVat")}</p>
    </article>
  );
}
