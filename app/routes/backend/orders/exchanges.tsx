import { clsx } from "clsx";
import { data, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { exchangeStatuses, isExchangeReason, type ExchangeStatus } from "~/domain/exchange";
import { ActionMessages } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { ExchangeStatusBadge } from "~/features/exchanges/exchanges-ui";
import { listExchangesForStaff } from "~/features/exchanges/exchanges.server";
import { ordersAdminContext, ordersNoticeFrom } from "~/features/orders/orders-admin-route.server";
import { dateTime } from "~/features/orders/orders-admin-ui";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { DataTable, PageHeading, SearchForm } from "~/ui/backend/data-table";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/exchanges";

/**
 * Exchange requests (issue 5 item 13): tabs by status with their counts, search by order number or
 * the order's e-mail, 20 a page, newest first. All in the URL (GET form), like the order list.
 */
const listPath = "/backend/orders/exchanges";

function listQuery(url: URL) {
  const params = url.searchParams;
  const status = params.get("status") ?? "";
  const page = params.get("page") ?? "";
  return {
    search: (params.get("q") ?? "").trim().slice(0, 100),
    status: (exchangeStatuses as readonly string[]).includes(status) ? (status as ExchangeStatus) : null,
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = ordersAdminContext(args.context);
  const query = listQuery(new URL(args.request.url));
  const list = await listExchangesForStaff(env.DB, { status: query.status ?? undefined, search: query.search, page: query.page });
  return data({ ...list, query, notice: ordersNoticeFrom(args.request, t), meta: { title: title(t("meta.exchanges")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Exchanges({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const { t: tx } = useTranslation("exchanges");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, listPath);
  const { query, rows, total, page, pageCount, statusCounts, allCount } = loaderData;
  const href = (changes: { status?: ExchangeStatus | null; page?: number }) => {
    const params = new URLSearchParams();
    const status = changes.status === undefined ? query.status : changes.status;
    if (status) params.set("status", status);
    if (query.search) params.set("q", query.search);
    if ((changes.page ?? 1) > 1) params.set("page", String(changes.page));
    const search = params.toString();
    return search ? `${base}?${search}` : base;
  };
  const tab = (active: boolean) =>
    clsx(
      "inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm whitespace-nowrap",
      active ? "border-primary-dark bg-primary-dark text-white" : "border-line bg-surface hover:bg-surface-muted",
    );
  const tabs: { status: ExchangeStatus | null; label: string; count: number }[] = [
    ...exchangeStatuses.map((status) => ({ status, label: tx(`status.${status}`), count: statusCounts[status] })),
    { status: null, label: t("exchanges.all"), count: allCount },
  ];

  return (
    <div data-testid="exchanges-page">
      <PageHeading title={t("exchanges.heading")} intro={t("exchanges.intro")} />
      <ActionMessages notice={loaderData.notice} />

      <nav aria-label={t("exchanges.statusTabs")} className="mb-4 overflow-x-auto" data-testid="exchange-status-tabs">
        <ul className="flex gap-2 pb-1">
          {tabs.map((entry) => (
            <li key={entry.status ?? "all"}>
              <Link
                to={href({ status: entry.status })}
                className={tab(query.status === entry.status)}
                aria-current={query.status === entry.status ? "page" : undefined}
                data-testid={`exchange-tab-${entry.status ?? "all"}`}
              >
                {entry.label} <span className="tabular-nums">{entry.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <SearchForm
        action={base}
        label={t("exchanges.searchLabel")}
        placeholder={t("exchanges.searchPlaceholder")}
        submitLabel={t("common.filter")}
        clearLabel={t("common.clear")}
        defaultValue={query.search}
        hidden={query.status ? { status: query.status } : {}}
      />

      <p className="mb-2 text-sm text-ink-muted" data-testid="exchange-count">
        {t("exchanges.resultCount", { count: total })}
      </p>
      <DataTable
        caption={t("exchanges.heading")}
        testId="exchange-list"
        rowCount={rows.length}
        empty={query.search || query.status ? t("exchanges.empty") : t("exchanges.emptyAll")}
        columns={[
          { label: t("exchanges.columns.id") },
          { label: t("exchanges.columns.requested"), className: "hidden md:table-cell" },
          { label: t("exchanges.columns.order") },
          { label: t("exchanges.columns.item") },
          { label: t("exchanges.columns.status") },
        ]}
      >
        {rows.map((row) => (
          <tr key={row.id} data-testid="exchange-row" data-exchange-id={row.id}>
            <td className="px-3 py-2">
              <Link to={`${base}/${row.id}`} className="font-semibold text-primary-dark underline" aria-label={t("exchanges.view", { id: row.id })}>
                #{row.id}
              </Link>
              <div className="text-xs whitespace-nowrap text-ink-muted md:hidden">{dateTime(row.createdAt, locale)}</div>
            </td>
            <td className="hidden px-3 py-2 whitespace-nowrap md:table-cell">{dateTime(row.createdAt, locale)}</td>
            <td className="px-3 py-2">
              <div className="font-mono">{row.orderNumber}</div>
              <div className="text-xs break-all text-ink-muted">{row.customerEmail}</div>
            </td>
            <td className="min-w-40 px-3 py-2">
              <div>
                {row.quantity} × {locale === "th" ? row.productNameTh : row.productNameEn}
              </div>
              <div className="text-xs text-ink-muted">
                {[
                  locale === "th" ? row.variantLabelTh : row.variantLabelEn,
                  t("exchanges.wanted", { label: locale === "th" ? row.wantedLabelTh : row.wantedLabelEn }),
                ]
                  .filter(Boolean)
                  .join(" ")}
              </div>
              <div className="text-xs text-ink-muted">{isExchangeReason(row.reason) ? tx(`reasons.${row.reason}`) : row.reason}</div>
            </td>
            <td className="px-3 py-2">
              <ExchangeStatusBadge status={row.status} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination page={page} pageCount={pageCount} href={(target) => href({ page: target })} />
    </div>
  );
}
