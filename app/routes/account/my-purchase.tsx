import { ChevronRight, Repeat } from "lucide-react";
import { data, Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { formatDecimal } from "~/domain/number-format";
import { isPastLastPage, parsePageNumber } from "~/domain/page-number";
import { customerRoute } from "~/features/accounts/customer-route.server";
import { Section } from "~/features/profile/account-ui";
import { pointsNoteText } from "~/features/purchases/points-note";
import { getPoints, listPurchases } from "~/features/purchases/purchases.server";
import { OrderStatusBadge } from "~/features/purchases/purchases-ui";
import { intlLocale, type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { Pagination } from "~/ui/pagination";
import { CurrencyNote, Price } from "~/ui/price";
import { ProfileLayout } from "~/ui/profile-layout";
import { TableHead } from "~/ui/table-head";

import type { Route } from "./+types/my-purchase";

/**
 * Spec §2 /my-purchase (profile layout): the signed-in customer's orders, newest first, paginated
 * (?page), and their loyalty points — balance and ledger (?pointsPage), spec §1 "earn and see
 * loyalty points". A page past the end of either is a 404 (app/domain/page-number.ts). Customers only (guests go to sign in, staff home). Each order opens at
 * /my-purchase/{orderNumber}.
 */
export async function loader(args: Route.LoaderArgs) {
  const { viewer, env, t } = customerRoute(args, "purchases");
  const params = new URL(args.request.url).searchParams;
  const page = parsePageNumber(params.get("page"));
  const pointsPage = parsePageNumber(params.get("pointsPage"));
  const [purchases, points] = await Promise.all([listPurchases(env.DB, viewer.customerId, page), getPoints(env.DB, viewer.customerId, pointsPage)]);
  if (isPastLastPage(page, purchases.pageCount) || isPastLastPage(pointsPage, points.pageCount)) {
    throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return data({ purchases, points, meta: { title: t("meta.title"), description: t("meta.description") } }, { headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

export const handle = { breadcrumb: ({ t }) => [{ text: t("purchases:meta.title") }] } satisfies BreadcrumbHandle;

export default function MyPurchase({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("purchases");
  const locale = i18n.language as Locale;
  const { purchases, points } = loaderData;
  const base = localizePath(locale, "/my-purchase");
  const href = (params: Record<string, number>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value > 1) search.set(key, String(value));
    const query = search.toString();
    return query ? `${base}?${query}` : base;
  };

  return (
    <ProfileLayout locale={locale} title={t("list.heading")}>
      <div className="flex flex-col gap-6" data-testid="purchases-page">
        <Section title={t("list.ordersHeading")} testId="orders-section">
          {purchases.orders.length === 0 ? (
            <div className="flex flex-col items-start gap-3">
              <p className="text-ink-muted" data-testid="orders-empty">
                {t("list.empty")}
              </p>
              <Link to={localizePath(locale, "/shop")} className="btn-primary">
                {t("list.startShopping")}
              </Link>
            </div>
          ) : (
            <ul className="flex flex-col divide-y divide-line" data-testid="order-list">
              {purchases.orders.map((order) => (
                <li key={order.orderNumber} data-testid="order-row" data-order-number={order.orderNumber}>
                  <Link
                    to={`${base}/${encodeURIComponent(order.orderNumber)}`}
                    className="flex items-center gap-3 py-3 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary sm:px-2"
                    aria-label={t("list.view", { number: order.orderNumber })}
                  >
                    <div className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4">
                      <div className="min-w-0">
                        <p className="font-semibold break-all">{order.orderNumber}</p>
                        <p className="truncate text-sm text-ink-muted">
                          {formatDate(order.createdAt, locale)} · {localized(order, "firstItem", locale)} · {t("list.items", { count: order.itemCount })}
                        </p>
                      </div>
                      <OrderStatusBadge statusId={order.statusId} className="justify-self-start" />
                      <p className="font-semibold sm:text-right">
                        <Price satang={order.totalSatang} />
                      </p>
                    </div>
                    <ChevronRight className="size-5 shrink-0 text-ink-muted" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={purchases.page} pageCount={purchases.pageCount} href={(page) => href({ page, pointsPage: points.page })} />
          <CurrencyNote className="mt-3" />
          <Link to={localizePath(locale, "/exchange")} className="btn-ghost mt-4 border border-line" data-testid="exchanges-link">
            <Repeat className="size-4" aria-hidden />
            {t("list.exchanges")}
          </Link>
        </Section>

        <Section title={t("points.heading")} testId="points-section" id="points">
          <p className="text-2xl font-bold text-primary-darker" data-testid="points-balance">
            {t("points.balance", { count: points.balance, formatted: formatDecimal(points.balance, intlLocale(locale)) })}
          </p>
          <p className="mt-1 text-sm text-ink-muted">{t("points.intro")}</p>
          {points.entries.length === 0 ? (
            <p className="mt-4 text-ink-muted">{t("points.empty")}</p>
          ) : (
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-sm" data-testid="points-ledger">
                <TableHead
                  className="border-b border-line text-left text-ink-muted"
                  cells={[
                    [t("points.date"), "py-2 pr-3 font-medium"],
                    [t("points.reason"), "py-2 pr-3 font-medium"],
                    [t("points.change"), "py-2 text-right font-medium"],
                  ]}
                />
                <tbody className="divide-y divide-line">
                  {points.entries.map((entry) => (
                    <tr key={entry.id} data-testid="points-entry">
                      <td className="py-2 pr-3 align-top whitespace-nowrap">{formatDate(entry.createdAt, locale)}</td>
                      <td className="py-2 pr-3 align-top">
                        {t(`points.reasons.${entry.reason as "adjustment"}`)}
                        {entry.orderNumber ? (
                          <>
                            {" · "}
                            <Link to={`${base}/${encodeURIComponent(entry.orderNumber)}`} className="text-primary-dark underline break-all">
                              {entry.orderNumber}
                            </Link>
                          </>
                        ) : null}
                        {pointsNoteText(entry, t) ? (
                          <span className="block text-ink-muted" data-testid="points-note">
                            {pointsNoteText(entry, t)}
                          </span>
                        ) : null}
                      </td>
                      <td className={`py-2 text-right align-top font-semibold whitespace-nowrap ${entry.delta < 0 ? "text-error" : "text-green-700"}`}>
                        {entry.delta > 0 ? "+" : "−"}
                        {formatDecimal(Math.abs(entry.delta), intlLocale(locale))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination page={points.page} pageCount={points.pageCount} href={(pointsPage) => href({ page: purchases.page, pointsPage })} />
        </Section>
      </div>
    </ProfileLayout>
  );
}
