import { data, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { loadInvoiceDocument } from "~/features/billing/documents.server";
import { TaxDocumentView } from "~/features/billing/tax-document-view";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/print-invoice";

/**
 * A tax invoice or credit note for paper (spec §2 /backend/bill/invoices/printInvoice; issue 17):
 * `?id=<document id>`, `&copy=1` for the copy mark. Shown without the back-office frame
 * (`handle.printView`); the browser's print (Save as PDF) makes the PDF. Billings permission.
 */
export const handle = { printView: true };

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const url = new URL(args.request.url);
  const id = url.searchParams.get("id") ?? "";
  const document = /^[1-9]\d{0,9}$/.test(id) ? await loadInvoiceDocument(env.DB, Number(id)) : null;
  if (!document) throw data(null, { status: 404 });
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  const title = `${i18n.getFixedT(locale, "billing")("meta.printInvoice", { number: document.number })} | ${i18n.getFixedT(locale, "backend")("title")}`;
  return { document, copy: url.searchParams.get("copy") === "1" ? ("copy" as const) : ("original" as const), meta: { title } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function PrintInvoice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const { t: tl } = useTranslation("lists");
  const locale = localeFromPathname(useLocation().pathname);
  const hydrated = useHydrated();
  return (
    <div data-testid="print-invoice">
      <div className="mb-4 flex flex-wrap items-center gap-2 print:hidden">
        {hydrated ? (
          <button type="button" className="btn-primary" onClick={() => window.print()} data-testid="print-now">
            {tl("print")}
          </button>
        ) : null}
        <Link to={localizePath(locale, "/backend/bill/invoices")} className="btn-ghost border border-line">
          {t("print.back")}
        </Link>
      </div>
      <TaxDocumentView document={loaderData.document} locale={locale} copy={loaderData.copy} />
    </div>
  );
}
