import { useLocation } from "react-router";
import { invoiceKinds } from "~/domain/tax-documents";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { listInvoices } from "~/features/billing/documents.server";
import { documentStates, invoiceListColumns, invoiceListDefinition } from "~/features/billing/invoice-list";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { FilterDate, FilterSelect, ListView } from "~/ui/backend/list-page";
import type { Route } from "./+types/invoices";

/**
 * Tax invoices and credit notes (spec §2 /backend/bill/invoices; issue 17), the "billings" group
 * (roles 1–3). The back-office list pattern: search, kind / state / date filters, sort, pages, CSV
 * of the filtered list at ./export.csv, print view; each number opens the printed document.
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  const list = await loadListPage(args, { definition: invoiceListDefinition, fetch: listInvoices });
  return { list, meta: { title: `${i18n.getFixedT(locale, "billing")("meta.invoices")} | ${i18n.getFixedT(locale, "backend")("title")}` } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/bill/invoices");
  const { list } = loaderData;
  const { query } = list;
  const filtered = query.q !== "" || Object.values(query.filters).some((value) => value !== null);
  return (
    <ListView
      list={list}
      definition={invoiceListDefinition}
      base={base}
      namespace="billing"
      title={t("list.heading")}
      intro={t("list.intro")}
      searchPlaceholder={t("list.searchPlaceholder")}
      filters={
        <>
          <FilterSelect
            name="kind"
            label={t("list.kind")}
            value={query.filters.kind}
            allLabel={t("list.kindAll")}
            options={invoiceKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          />
          <FilterSelect
            name="state"
            label={t("list.state")}
            value={query.filters.state}
            allLabel={t("list.stateAll")}
            options={documentStates.map((state) => ({ value: state, label: t(`list.states.${state}`) }))}
          />
          <FilterDate name="from" label={t("list.from")} value={query.filters.from} />
          <FilterDate name="to" label={t("list.to")} value={query.filters.to} />
        </>
      }
      columns={invoiceListColumns}
      rowId={(row) => row.id}
      rowName={(row) => row.number}
      rowTestId="invoice-row"
      testId="invoice-list"
      empty={filtered ? t("list.empty") : t("list.emptyAll")}
      exportPath={`${base}/export.csv`}
    />
  );
}
