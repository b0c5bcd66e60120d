import { data, Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { SelectField } from "~/features/catalog-admin/catalog-admin-ui";
import { listSponsoredOrders, type SponsoredListQuery } from "~/features/orders/orders-admin.server";
import { ordersAdminContext } from "~/features/orders/orders-admin-route.server";
import { baht, dateTime, OrderStatusBadge } from "~/features/orders/orders-admin-ui";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, PageHeading } from "~/ui/backend/data-table";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/sponsored";

/**
 * Distributor and sponsor orders (spec §2 /backend/orders/sponsored; menu "sponsored (distributor
 * and sponsor)"; issue 5 item 11): their own list, on the same list components as the other order
 * pages — filter by kind and sponsor, search by order number or partner name, 20 a page. A sponsor
 * order is linked to a sponsor (the POS form can do that); a distributor order is an order of a
 * customer whose distributor (affiliate) application was approved.
 */
function listQuery(url: URL): SponsoredListQuery {
  const params = url.searchParams;
  const kind = params.get("kind");
  const sponsor = params.get("sponsor") ?? "";
  const page = params.get("page") ?? "";
  return {
    kind: kind === "sponsor" || kind === "distributor" ? kind : null,
    sponsorId: /^[1-9]\d{0,9}$/.test(sponsor) ? Number(sponsor) : null,
    search: (params.get("q") ?? "").trim().slice(0, 100),
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = ordersAdminContext(args.context);
  const query = listQuery(new URL(args.request.url));
  return data({ ...(await listSponsoredOrders(env.DB, query)), query, meta: { title: title(t("meta.sponsored")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function SponsoredOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/orders/sponsored");
  const orderBase = localizePath(locale, "/backend/orders/fulfillment");
  const { rows, total, page, pageCount, sponsors, query } = loaderData;
  const filtered = Boolean(query.kind || query.sponsorId || query.search);
  const pageHref = (target: number) => {
    const params = new URLSearchParams();
    if (query.kind) params.set("kind", query.kind);
    if (query.sponsorId) params.set("sponsor", String(query.sponsorId));
    if (query.search) params.set("q", query.search);
    if (target > 1) params.set("page", String(target));
    const search = params.toString();
    return search ? `${base}?${search}` : base;
  };
  return (
    <div data-testid="sponsored-page">
      <PageHeading title={t("sponsored.heading")} intro={t("sponsored.intro")} />
      <Form method="get" action={base} role="search" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]" data-testid="sponsored-filters">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("orders.searchLabel")}
          <input type="search" name="q" defaultValue={query.search} maxLength={100} className="w-full rounded-md border border-line px-3 py-2 font-normal" />
        </label>
        <SelectField name="kind" label={t("sponsored.kind")} defaultValue={query.kind ?? ""}>
          <option value="">{t("common.all")}</option>
          <option value="sponsor">{t("sponsored.kinds.sponsor")}</option>
          <option value="distributor">{t("sponsored.kinds.distributor")}</option>
        </SelectField>
        <SelectField name="sponsor" label={t("sponsored.sponsorFilter")} defaultValue={query.sponsorId ?? ""}>
          <option value="">{t("common.all")}</option>
          {sponsors.map((sponsor) => (
            <option key={sponsor.id} value={sponsor.id}>
              {localized(sponsor, "name", locale)}
            </option>
          ))}
        </SelectField>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary">
            {t("common.filter")}
          </button>
          {filtered ? (
            <Link to={base} className="btn-ghost">
              {t("common.clear")}
            </Link>
          ) : null}
        </div>
      </Form>
      <p className="mb-2 text-sm text-ink-muted" data-testid="order-count">
        {t("sponsored.resultCount", { count: total })}
      </p>
      <DataTable
        caption={t("sponsored.heading")}
        testId="sponsored-list"
        rowCount={rows.length}
        empty={t("sponsored.empty")}
        columns={[
          { label: t("sponsored.columns.number") },
          { label: t("sponsored.columns.placed"), className: "hidden md:table-cell" },
          { label: t("sponsored.columns.kind") },
          { label: t("sponsored.columns.partner") },
          { label: t("sponsored.columns.status") },
          { label: t("sponsored.columns.total"), numeric: true },
        ]}
      >
        {rows.map((row) => (
          <tr key={`${row.kind}-${row.id}`} data-testid="sponsored-row">
            <td className="px-3 py-2">
              <Link to={`${orderBase}/${row.id}`} className="font-mono font-semibold text-primary-dark underline">
                {row.orderNumber}
              </Link>
            </td>
            <td className="hidden px-3 py-2 whitespace-nowrap md:table-cell">{dateTime(row.createdAt, locale)}</td>
            <td className="px-3 py-2">
              <Badge tone={row.kind === "sponsor" ? "success" : "neutral"}>{t(`sponsored.kinds.${row.kind}`)}</Badge>
            </td>
            <td className="px-3 py-2">{localized(row, "partner", locale)}</td>
            <td className="px-3 py-2">
              <OrderStatusBadge statusId={row.statusId} />
            </td>
            <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{baht(row.totalSatang, locale)}</td>
          </tr>
        ))}
      </DataTable>
      <Pagination page={page} pageCount={pageCount} href={pageHref} />
    </div>
  );
}
