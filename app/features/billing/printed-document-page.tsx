import { Link, useLocation } from "react-router";

import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { useHydrated } from "~/ui/use-hydrated";

import { documentPagePath } from "./document-list";
import type { InvoiceDocument } from "./documents.server";
import { TaxDocumentView } from "./tax-document-view";

/**
 * A document for paper (issue 17): the back office's ./printInvoice, ./printReceipt and
 * ./printCustomerReceipt, and the shopper's copy under My purchases or the guest's order page. Shown
 * without the shop's frame (the route's `handle.printView`); the browser's print (Save as PDF) makes
 * the PDF — docs/decisions/0017-tax-documents.md says why there is no server-made PDF. The page CSS sets the sheet — A4 with "page n / m" in the bottom margin (CSS page
 * counters: a long document numbers its own pages), or the 80 mm till roll, one long page.
 */
export function PrintedDocumentPage({
  document,
  copy,
  paper,
  showBuyer = false,
  back,
}: {
  document: InvoiceDocument;
  copy: "original" | "copy";
  paper: "a4" | "80mm";
  showBuyer?: boolean;
  /** Where "back" leads: the shopper's order page; by default the document's back-office page. */
  back?: { to: string; label: "list" | "order" };
}) {
  const { t } = useTranslation("documents");
  const { pathname, search } = useLocation();
  const locale = localeFromPathname(pathname);
  const hydrated = useHydrated();
  const params = new URLSearchParams(search);
  const other = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    return `${pathname}?${next}`;
  };
  return (
    // The paper size and page numbers come from a named page in app.css: an inline <style> would be refused by the CSP.
    <div data-testid="printed-document" data-paper={paper} className={paper === "80mm" ? "print-till-roll" : "print-a4-document"}>
      <div className="mb-4 flex flex-wrap items-center gap-2 print:hidden">
        {hydrated ? (
          <button type="button" className="btn-primary" onClick={() => window.print()} data-testid="print-now">
            {t("print.printOrSave")}
          </button>
        ) : null}
        <Link to={other("copy", copy === "copy" ? null : "1")} className="btn-ghost border border-line" data-testid="print-toggle-copy">
          {t(copy === "copy" ? "print.showOriginal" : "print.showCopy")}
        </Link>
        <Link to={other("paper", paper === "80mm" ? null : "80mm")} className="btn-ghost border border-line" data-testid="print-toggle-paper">
          {t(paper === "80mm" ? "print.paperA4" : "print.paper80")}
        </Link>
        <Link to={back?.to ?? localizePath(locale, documentPagePath(document))} className="btn-ghost border border-line" data-testid="print-back">
          {t(back?.label === "order" ? "print.backToOrder" : "print.back")}
        </Link>
        <p className="w-full text-sm text-ink-muted" data-testid="print-hint">
          {t("print.printHint")}
        </p>
      </div>
      <TaxDocumentView document={document} locale={locale} copy={copy} paper={paper} showBuyer={showBuyer} />
    </div>
  );
}

/** The shopper's copy (My purchases, the guest's order page): the loader's `shopperPrintedDocument`, buyer shown, back to the order. */
export function ShopperDocumentPage({ page }: { page: { document: InvoiceDocument; copy: "original" | "copy"; paper: "a4" | "80mm"; back: string } }) {
  return <PrintedDocumentPage document={page.document} copy={page.copy} paper={page.paper} showBuyer back={{ to: page.back, label: "order" }} />;
}
