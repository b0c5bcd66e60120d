import { AlertTriangle, Banknote, CalendarDays, PackageX, UserPlus } from "lucide-react";
import type { ReactNode } from "react";
import { data, Link, useLocation, useRouteLoaderData } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { formatBaht } from "~/domain/money";
import { formatDecimal } from "~/domain/number-format";
import { orderStatusId, statusLabelKey } from "~/domain/order-status";
import { mayLinkTo } from "~/domain/staff-permissions";
import { loadDashboardFigures } from "~/features/backoffice/backoffice.server";
import { listPaymentProblems } from "~/features/payments/payment-problems.server";
import { PaymentProblemsPanel } from "~/features/payments/payment-problems-ui";
import { loadDashboardSales } from "~/features/reports/dashboard.server";
import { reportHeaders } from "~/features/reports/report-page.server";
import { intlLocale, type Locale, localeFromPathname, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/page-parts";
import { BarTable, TimeChart } from "~/ui/backend/report-chart";
import { formatTick, periodLabel } from "~/ui/backend/report-format";

import type { Route } from "./+types/dashboard";
import type { loader as layoutLoader } from "./layout";

/**
 * The dashboard (spec §2; every role; issue 18): sales today and this month, sales per day for 30 days
 * against the 30 before, orders by status, top products, new members, low and out-of-stock variants and
 * the transfer payments waiting for approval. Sales come from the one read of sales
 * (app/features/reports/sales.server.ts), the counts from D1 in one batch. Each figure links to its
 * (filtered) list when the role may open that list; every chart has its figures in a table.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const t = getInstance(context).getFixedT(getLocale(context) as Locale, "backend");
  const [figures, sales, paymentProblems] = await Promise.all([loadDashboardFigures(env.DB), loadDashboardSales(env.DB), listPaymentProblems(env.DB)]);
  return data({ figures, sales, paymentProblems, meta: { title: `${t("meta.dashboard")} | ${t("title")}` } });
}

export const headers = reportHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { figures, sales } = loaderData;
  const { t } = useTranslation("backend");
  const locale = localeFromPathname(useLocation().pathname);
  const frame = useRouteLoaderData<typeof layoutLoader>(`${locale}/backend/layout`);
  const roleId = frame?.staff.roleId ?? 0;
  // A link only where the role may go (a User's dashboard shows the same figures, unlinked). The
  // page decides by its path: a filter in the query (`?status=2`) is not part of it.
  const linkFor = (path: string) => (mayLinkTo(roleId, path.split("?")[0]!) ? localizePath(locale, path) : null);
  const baht = (satang: number) => formatBaht(satang, intlLocale(locale));
  const number = (value: number) => formatDecimal(value, intlLocale(locale), 3);
  const ordersTotal = figures.ordersByStatus.reduce((sum, row) => sum + row.count, 0);

  return (
    <div className="space-y-6" data-testid="dashboard">
      <div>
        <h1 className="text-2xl font-bold">{t("dashboard.heading")}</h1>
        {frame ? <p className="mt-1 text-ink-muted">{t("dashboard.welcome", { name: frame.staff.fullName })}</p> : null}
      </div>

      <PaymentProblemsPanel problems={loaderData.paymentProblems} locale={locale} canOpenOrders={linkFor("/backend/orders/fulfillment/1") !== null} />

      <section aria-label={t("dashboard.salesMonth")}>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <FigureCard testId="sales-today" icon={<Banknote className="size-5" />} label={t("dashboard.salesToday")} to={linkFor("/backend/reports/order")}>
            {baht(sales.todaySatang)}
          </FigureCard>
          <FigureCard testId="sales-month" icon={<CalendarDays className="size-5" />} label={t("dashboard.salesMonth")} to={linkFor("/backend/reports/order")}>
            {baht(sales.monthSatang)}
          </FigureCard>
          <FigureCard testId="new-members" icon={<UserPlus className="size-5" />} label={t("dashboard.newMembers")} to={linkFor("/backend/member")}>
            {number(figures.newMembersThisMonth)}
          </FigureCard>
          <FigureCard
            testId="low-stock"
            icon={<AlertTriangle className="size-5 text-warning" />}
            label={t("dashboard.lowStock")}
            to={linkFor("/backend/products/inventory?stock=low")}
          >
            {number(figures.lowStockCount)}
          </FigureCard>
        </ul>
        <p className="mt-2 text-xs text-ink-muted">{t("dashboard.salesNote")}</p>
      </section>

      <section className="space-y-2" aria-labelledby="sales-chart">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="sales-chart" className="text-lg font-semibold">
            {t("dashboard.salesChart")}
          </h2>
          <MaybeLink to={linkFor(`/backend/reports/order?from=${sales.current.from}&to=${sales.current.to}`)}>{t("dashboard.orderReport")}</MaybeLink>
        </div>
        <TimeChart
          labels={sales.current.days.map((day) => periodLabel(day, "day", locale, true))}
          series={[
            { id: "current", label: t("dashboard.thisPeriod"), kind: "bar", values: sales.current.salesSatang },
            { id: "previous", label: t("dashboard.previousPeriod"), kind: "line", values: sales.previous.salesSatang },
          ]}
          formatValue={baht}
          formatTick={(value) => formatTick(value, "satang", locale)}
          caption={t("dashboard.salesVsPrevious", { current: baht(sales.current.totalSatang), previous: baht(sales.previous.totalSatang) })}
          tableId="sales-table"
          testId="sales-chart"
        />
        <details className="rounded-lg border border-line bg-surface px-4 py-2 text-sm">
          <summary className="cursor-pointer font-semibold">{t("dashboard.showFigures")}</summary>
          <table id="sales-table" className="mt-2 w-full" data-testid="sales-table">
            <caption className="sr-only">{t("dashboard.salesTable")}</caption>
            <thead className="text-left text-ink-muted">
              <tr>
                <th scope="col" className="py-1">
                  {t("dashboard.day")}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t("dashboard.thisPeriod")}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t("dashboard.dayBefore")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {sales.current.days.map((day, index) => (
                <tr key={day} data-testid="sales-day" data-day={day}>
                  <th scope="row" className="py-1 text-left font-normal">
                    {periodLabel(day, "day", locale)}
                  </th>
                  <td className="py-1 text-right tabular-nums">{baht(sales.current.salesSatang[index] ?? 0)}</td>
                  <td className="py-1 text-right text-ink-muted tabular-nums">{baht(sales.previous.salesSatang[index] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t("dashboard.ordersByStatus")} id="orders-by-status">
          <BarTable
            rows={figures.ordersByStatus}
            rowKey={(row) => row.statusId}
            rowTestId={(row) => `status-${row.statusId}`}
            label={({ statusId }) => (
              <MaybeLink to={linkFor(`/backend/orders/fulfillment?status=${statusId}`)}>
                {t(`orderStatus.${statusLabelKey(statusId)}` as "orderStatus.paid")}
              </MaybeLink>
            )}
            value={(row) => row.count}
            formatValue={(value) => number(value)}
            caption={t("dashboard.ordersByStatus")}
            headers={{ label: t("dashboard.status"), value: t("dashboard.orders") }}
            testId="orders-by-status"
            footer={
              <tr className="border-t-2 border-line">
                <th scope="row" className="py-2 text-left">
                  {t("dashboard.ordersTotal")}
                </th>
                <td className="py-2 text-right font-bold tabular-nums" data-testid="orders-total">
                  {number(ordersTotal)}
                </td>
              </tr>
            }
          />
        </Panel>

        {/* This month's ranking, not the 30 days': a month's is kept and read a row per product shown (app/features/reports/sales.server.ts). */}
        <Panel
          title={t("dashboard.topProducts")}
          id="top-products"
          aside={
            <MaybeLink to={linkFor(`/backend/reports/order?from=${sales.topProductsMonth.from}&to=${sales.topProductsMonth.to}&by=product`)}>
              <span className="text-sm" data-testid="top-products-report">
                {t("dashboard.topProductsReport")}
              </span>
            </MaybeLink>
          }
        >
          {sales.topProducts.length === 0 ? (
            <p className="text-sm text-ink-muted">{t("dashboard.topProductsEmpty")}</p>
          ) : (
            <BarTable
              rows={sales.topProducts}
              rowKey={(row) => row.productId}
              rowTestId={() => "top-product"}
              label={(row) => <MaybeLink to={linkFor(`/backend/products/all-product/form/${row.productId}`)}>{localized(row, "name", locale)}</MaybeLink>}
              value={(row) => row.salesSatang}
              formatValue={baht}
              caption={t("dashboard.topProducts")}
              headers={{ label: t("dashboard.product"), value: t("dashboard.salesValue") }}
              testId="top-products"
            />
          )}
          <p className="mt-2 text-xs text-ink-muted" data-testid="top-products-note">
            {t("dashboard.topProductsNote", {
              from: periodLabel(sales.topProductsMonth.from, "day", locale),
              to: periodLabel(sales.current.to, "day", locale),
            })}
          </p>
        </Panel>

        <Panel
          title={t("dashboard.stockAlerts")}
          id="stock-alerts"
          aside={
            <p className="flex items-center gap-1 text-sm text-ink-muted" data-testid="out-of-stock">
              <PackageX className="size-4 text-error" aria-hidden />
              <MaybeLink to={linkFor("/backend/products/inventory?stock=out")}>
                {t("dashboard.outOfStock")}:{" "}
                <span className="font-semibold text-ink" data-testid="count">
                  {number(figures.outOfStockCount)}
                </span>
              </MaybeLink>
            </p>
          }
        >
          {figures.stockAlerts.length === 0 ? (
            <p className="text-sm text-ink-muted">{t("dashboard.stockAlertsEmpty")}</p>
          ) : (
            <ul className="divide-y divide-line text-sm" data-testid="stock-alerts">
              {figures.stockAlerts.map((alert) => (
                <li key={alert.variantId} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <MaybeLink to={linkFor(`/backend/products/all-product/form/${alert.productId}`)}>{localized(alert, "productName", locale)}</MaybeLink>
                    <span className="block text-xs text-ink-muted">{t("dashboard.sku", { sku: alert.sku })}</span>
                  </span>
                  <span
                    className={
                      alert.stock > 0
                        ? "shrink-0 rounded-full bg-warning/10 px-2 py-0.5 font-semibold text-warning"
                        : "shrink-0 rounded-full bg-error/10 px-2 py-0.5 font-semibold text-error"
                    }
                  >
                    {alert.stock > 0 ? t("dashboard.stockLeft", { count: alert.stock }) : t("dashboard.stockNone")}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <Panel
          title={t("dashboard.waitingPayments")}
          id="waiting-payments"
          aside={
            <span className="text-sm" data-testid="waiting-payments-count">
              <MaybeLink to={linkFor(`/backend/orders/fulfillment?status=${orderStatusId.slip_review}`)}>
                {t("dashboard.viewAll", { count: sales.waitingPayments.count })}
              </MaybeLink>
            </span>
          }
        >
          {sales.waitingPayments.oldest.length === 0 ? (
            <p className="text-sm text-ink-muted">{t("dashboard.waitingPaymentsEmpty")}</p>
          ) : (
            <ul className="divide-y divide-line text-sm" data-testid="waiting-payments">
              {sales.waitingPayments.oldest.map((payment) => (
                <li key={payment.orderId} className="flex items-center justify-between gap-3 py-2" data-testid="waiting-payment">
                  <span className="min-w-0">
                    <MaybeLink to={linkFor(`/backend/orders/fulfillment/${payment.orderId}`)}>
                      <span className="font-mono">{payment.orderNumber}</span>
                    </MaybeLink>
                    <span className="block text-xs text-ink-muted">
                      {t("dashboard.waitingSince", { date: formatDate(payment.submittedAt, locale, { dateStyle: "medium", timeStyle: "short" }) })}
                    </span>
                  </span>
                  <span className="shrink-0 font-semibold tabular-nums">{baht(payment.totalSatang)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}

function FigureCard({ testId, icon, label, to, children }: { testId: string; icon: ReactNode; label: string; to: string | null; children: ReactNode }) {
  const body = (
    <>
      <span className="flex items-center gap-2 text-sm text-ink-muted">
        <span aria-hidden>{icon}</span>
        {label}
      </span>
      <span className="mt-2 block text-2xl font-bold tabular-nums" data-testid="value">
        {children}
      </span>
    </>
  );
  const box = "block h-full rounded-lg border border-line bg-surface p-4";
  return (
    <li data-testid={testId}>
      {to ? (
        <Link to={to} className={`${box} hover:border-primary focus-visible:outline-2 focus-visible:outline-primary`}>
          {body}
        </Link>
      ) : (
        <div className={box}>{body}</div>
      )}
    </li>
  );
}

function MaybeLink({ to, children }: { to: string | null; children: ReactNode }) {
  if (!to) return <span>{children}</span>;
  return (
    <Link to={to} className="text-primary-dark hover:underline focus-visible:outline-2 focus-visible:outline-primary">
      {children}
    </Link>
  );
}
