import { Link, useLocation } from "react-router";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { useHydrated } from "~/ui/use-hydrated";
import { documentPagePath } from "./document-list";
import type { InvoiceDocument } from "./documents.server";
import { TaxDocumentView } from "./tax-document-view";

/**
 * A document for paper (issue 17): ./printInvoice, ./printReceipt and ./printCustomerReceipt. Shown
 * without the back-office frame (the route's `handle.printView`); the browser's print (Save as PDF)
 * makes the PDF. The page CSS sets the sheet — A4 with "page n / m" in the bottom margin (CSS page
 * counters: a long document numbers its own pages), or the 80 mm till roll, one long page.
 */
export function PrintedDocumentPage({
  document,
  copy,
  paper,
  showBuyer = false,
}: {
  document: InvoiceDocument;
  copy: "original" | "copy";
  paper: "a4" | "80mm";
  showBuyer?: boolean;
}) {
  const { t } = useTranslation("billing");
  const { t: tl } = useTranslation("lists");
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
  const pageLabel = JSON.stringify(t("print.page"));
  const sheet =
    paper === "80mm"
      ? "@page { size: 80mm auto; margin: 3mm; }"
      : `@page { size: A4; margin: 14mm 14mm 16mm; @bottom-right { content: ${pageLabel} " " counter(page) " / " counter(pages); font-size: 9pt; } }`;
  return (
    <div data-testid="printed-document">
      <style data-testid="print-sheet">{sheet}</style>
      <div className="mb-4 flex flex-wrap items-center gap-2 print:hidden">
        {hydrated ? (
          <button type="button" className="btn-primary" onClick={() => window.print()} data-testid="print-now">
            {tl("print")}
          </button>
        ) : null}
        <Link to={other("copy", copy === "copy" ? null : "1")} className="btn-ghost border border-line" data-testid="print-toggle-copy">
          {t(copy === "copy" ? "print.showOriginal" : "print.showCopy")}
        </Link>
        <Link to={other("paper", paper === "80mm" ? null : "80mm")} className="btn-ghost border border-line" data-testid="print-toggle-paper">
          {t(paper === "80mm" ? "print.paperA4" : "print.paper80")}
        </Link>
        <Link to={localizePath(locale, documentPagePath(document))} className="btn-ghost border border-line" data-testid="print-back">
          {t("print.back")}
        </Link>
      </div>
      <TaxDocumentView document={document} locale={locale} copy={copy} paper={paper} showBuyer={showBuyer} />
    </div>
  );
}
