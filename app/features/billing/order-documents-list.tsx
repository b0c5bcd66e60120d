import { Link } from "react-router";

import { formatDate } from "~/domain/dates";
import type { Locale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

import { shopperDocumentPath } from "./shopper-documents";

export interface OrderDocumentItem {
  kind: "tax_invoice" | "abbreviated_tax_invoice" | "receipt" | "tax_invoice_receipt" | "credit_note";
  number: string;
  issuedAt: number;
  voidedAt: number | null;
  creditFor: string | null;
}

/**
 * An order's tax documents for its shopper (issue 17): kind, number, date, void, and a link to the
 * printed copy (My purchases for a customer, the order's own page for a guest). Until the payment is
 * confirmed there is none yet, and the list says when one comes.
 */
export function OrderDocumentsList({
  documents,
  order,
  locale,
}: {
  documents: readonly OrderDocumentItem[];
  order: { orderNumber: string; customerId: number | null };
  locale: Locale;
}) {
  const { t } = useTranslation("documents");
  if (documents.length === 0) {
    return (
      <p className="text-sm text-ink-muted" data-testid="order-documents-none">
        {t("mine.none")}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-2 text-sm" data-testid="order-documents-list">
      {documents.map((document) => (
        <li
          key={`${document.kind}-${document.number}`}
          className="flex flex-wrap items-baseline gap-x-2"
          data-testid="order-document"
          data-kind={document.kind}
          data-number={document.number}
          data-void={document.voidedAt !== null ? "true" : undefined}
          data-credit-for={document.creditFor ?? undefined}
        >
          <span className="font-medium">{t(`kinds.${document.kind}`)}</span>
          <Link to={shopperDocumentPath(locale, order, document.number)} className="text-primary-dark underline" data-testid="order-document-link">
            {t("mine.view", { number: document.number })}
          </Link>
          <span className="text-ink-muted">{t("mine.issued", { date: formatDate(document.issuedAt, locale) })}</span>
          {document.creditFor ? <span className="text-ink-muted">{t("mine.credit", { number: document.creditFor })}</span> : null}
          {document.voidedAt !== null ? (
            <span className="rounded bg-error/10 px-1.5 text-xs font-semibold text-error" data-testid="order-document-void">
              {t("mine.void")}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
