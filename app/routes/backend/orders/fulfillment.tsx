import { clsx } from "clsx";
import { Search } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { orderStatusIds, isOrderStatusId, statusLabelKey, type OrderStatusId } from "~/domain/order-status";
import { ActionMessages } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { SelectField } from "~/features/catalog-admin/catalog-admin-ui";
import { NewButton } from "~/ui/backend/form-page";
import { listOrders, type OrderListQuery } from "~/features/orders/orders-admin.server";
import { ordersAdminContext, ordersNoticeFrom } from "~/features/orders/orders-admin-route.server";
import { baht, dateTime, OrderStatusBadge } from "~/features/orders/orders-admin-ui";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { DataTable, PageHeading } from "~/ui/backend/data-table";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/fulfillment";

/**
 * Orders (spec §2 /backend/orders/fulfillment; issue 5 item 11): tabs by status with their counts,
 * search by order number, e-mail, name or phone, filters by payment type, order type and the days
 * placed (Bangkok days), 20 a page, newest first. All in the URL (GET forms), like the product list.
 */
function listQuery(url: URL): OrderListQuery {
  const params = url.searchParams;
  const id = (name: string) => {
    const value = params.get(name) ?? "";
    return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
  };
  const status = id("status");
  const paymentType = id("payment");
  const orderType = id("type");
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "";
  };
  return {
    search: (params.get("q") ?? "").trim().slice(0, 100),
    statusId: status !== null && isOrderStatusId(status) ? status : null,
    paymentTypeId: paymentType !== null && paymentType <= 3 ? paymentType : null,
    orderTypeId: orderType !== null && orderType <= 2 ? orderType : null,
    from: day("from"),
    to: day("to"),
    page: Math.min(id("page") ?? 1, 100_000),
  };
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = ordersAdminContext(args.context);
  const query = listQuery(new URL(args.request.url));
  const list = await listOrders(env.DB, query);
  return data({ ...list, query, notice: ordersNoticeFrom(args.request, t), meta: { title: title(t("meta.orders")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Fulfillment({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const { t: tb } = useTranslation("backend");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/orders/fulfillment");
  const { query, rows, total, page, pageCount, statusCounts, allCount } = loaderData;
  const filtered = Boolean(query.search || query.paymentTypeId || query.orderTypeId || query.from || query.to);
  const href = (changes: { status?: OrderStatusId | null; page?: number }) => {
    const params = new URLSearchParams();
    const status = changes.status === undefined ? query.statusId : changes.status;
    if (status) params.set("status", String(status));
    if (query.search) params.set("q", query.search);
    if (query.paymentTypeId) params.set("payment", String(query.paymentTypeId));
    if (query.orderTypeId) params.set("type", String(query.orderTypeId));
    if (query.from) params.set("from", query.from);
    if (query.to) params.set("to", query.to);
    const target = changes.page ?? 1;
    if (target > 1) params.set("page", String(target));
    const search = params.toString();
    return search ? `${base}?${search}` : base;
  };
  const tab = (active: boolean) =>
    clsx(
      "inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm whitespace-nowrap",
      active ? "border-primary-dark bg-primary-dark text-white" : "border-line bg-surface hover:bg-surface-muted",
    );

  return (
    <div data-testid="orders-page">
      <PageHeading title={t("orders.heading")} intro={t("orders.intro")}>
        <NewButton to={`${base}/form`} testId="new-pos-order">
          {t("orders.newOrder")}
        </NewButton>
      </PageHeading>
      <ActionMessages notice={loaderData.notice} />

      <nav aria-label={t("orders.statusTabs")} className="mb-4 overflow-x-auto" data-testid="status-tabs">
        <ul className="flex gap-2 pb-1">
          <li>
            <Link
              to={href({ status: null })}
              className={tab(query.statusId === null)}
              aria-current={query.statusId === null ? "page" : undefined}
              data-testid="status-tab-all"
            >
              {t("orders.allStatuses")} <span className="tabular-nums">{allCount}</span>
            </Link>
          </li>
          {orderStatusIds.map((statusId) => (
            <li key={statusId}>
              <Link
                to={href({ status: statusId })}
                className={tab(query.statusId === statusId)}
                aria-current={query.statusId === statusId ? "page" : undefined}
                data-testid={`status-tab-${statusLabelKey(statusId)}`}
              >
                {tb(`orderStatus.${statusLabelKey(statusId)}`)}{" "}
                <span className="tabular-nums">{statusCounts.find((entry) => entry.statusId === statusId)?.count ?? 0}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Form
        method="get"
        action={base}
        role="search"
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]"
        data-testid="order-filters"
      >
        {query.statusId ? <input type="hidden" name="status" value={query.statusId} /> : null}
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("orders.searchLabel")}
          <span className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" aria-hidden />
            <input
              type="search"
              name="q"
              defaultValue={query.search}
              placeholder={t("orders.searchPlaceholder")}
              maxLength={100}
              className="w-full rounded-md border border-line py-2 pr-3 pl-9 font-normal focus-visible:outline-2 focus-visible:outline-primary"
            />
          </span>
        </label>
        <SelectField name="payment" label={t("orders.paymentType")} defaultValue={query.paymentTypeId ?? ""}>
          <option value="">{t("common.all")}</option>
          {(["1", "2", "3"] as const).map((id) => (
            <option key={id} value={id}>
              {t(`paymentTypes.${id}`)}
            </option>
          ))}
        </SelectField>
        <SelectField name="type" label={t("orders.orderType")} defaultValue={query.orderTypeId ?? ""}>
          <option value="">{t("common.all")}</option>
          {(["1", "2"] as const).map((id) => (
            <option key={id} value={id}>
              {t(`orderTypes.${id}`)}
            </option>
          ))}
        </SelectField>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
          {t("orders.dateFrom")}
          <input type="date" name="from" defaultValue={query.from} className="rounded-md border border-line px-3 py-2 font-normal" />
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
          {t("orders.dateTo")}
          <input type="date" name="to" defaultValue={query.to} className="rounded-md border border-line px-3 py-2 font-normal" />
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary">
            {t("common.filter")}
          </button>
          {filtered ? (
            <Link to={query.statusId ? `${base}?status=${query.statusId}` : base} className="btn-ghost">
              {t("common.clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      <p className="mb-2 text-sm text-ink-muted" data-testid="order-count">
        {t("orders.resultCount", { count: total })}
      </p>
      <DataTable
        caption={t("orders.heading")}
        testId="order-list"
        rowCount={rows.length}
        empty={filtered || query.statusId ? t("orders.empty") : t("orders.emptyAll")}
        columns={[
          { label: t("orders.columns.number") },
          { label: t("orders.columns.placed"), className: "hidden md:table-cell" },
          { label: t("orders.columns.customer") },
          { label: t("orders.columns.status") },
          { label: t("orders.columns.payment"), className: "hidden sm:table-cell" },
          { label: t("orders.columns.total"), numeric: true },
        ]}
      >
        {rows.map((order) => (
          <tr key={order.id} data-testid="order-row">
            <td className="px-3 py-2">
              <Link
                to={`${base}/${order.id}`}
                className="font-mono font-semibold text-primary-dark underline"
                aria-label={t("orders.view", { number: order.orderNumber })}
              >
                {order.orderNumber}
              </Link>
              <div className="text-xs text-ink-muted">{t(`orderTypes.${order.orderTypeId === 2 ? "2" : "1"}`)}</div>
              <div className="text-xs text-ink-muted md:hidden">{dateTime(order.createdAt, locale)}</div>
            </td>
            <td className="hidden px-3 py-2 whitespace-nowrap md:table-cell">{dateTime(order.createdAt, locale)}</td>
            <td className="min-w-40 px-3 py-2">
              <div>{order.name || t("common.walkIn")}</div>
              <div className="text-xs break-all text-ink-muted">{[order.email, order.phone].filter(Boolean).join(" · ")}</div>
            </td>
            <td className="px-3 py-2">
              <OrderStatusBadge statusId={order.statusId} />
            </td>
            <td className="hidden px-3 py-2 sm:table-cell">
              {order.paymentTypeId ? t(`paymentTypes.${String(order.paymentTypeId) as "1" | "2" | "3"}`) : t("paymentTypes.none")}
            </td>
            <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{baht(order.totalSatang, locale)}</td>
          </tr>
        ))}
      </DataTable>
      <Pagination page={page} pageCount={pageCount} href={(target) => href({ page: target })} />
    </div>
  );
}
