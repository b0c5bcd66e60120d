import { data, Link, useLocation } from "react-router";

import { selectedIds } from "~/domain/list-query";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { loadPackingSlips } from "~/features/orders/bulk-orders.server";
import { dateTime } from "~/features/orders/orders-admin-ui";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { TableHead } from "~/ui/table-head";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/packing-slips";

/**
 * Packing slips of the orders ticked on the order list (issue 15; `?ids=…`, or `all=1` with the
 * page's `pageIds`, as the list's bulk form sends them by GET): one sheet per order with the shop,
 * the address, the lines and their quantities. A page for paper, shown without the back-office
 * frame (`handle.printView`); Orders permission like the list.
 */
export const handle = { printView: true };

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "ordersAdmin");
  const ids = selectedIds(new URL(args.request.url).searchParams);
  const { shop, slips } = await loadPackingSlips(env.DB, ids);
  return data({ shop, slips, meta: { title: title(t("meta.packingSlips")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function PackingSlips({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const { t: tl } = useTranslation("lists");
  const locale = localeFromPathname(useLocation().pathname);
  const hydrated = useHydrated();
  const { shop, slips } = loaderData;
  const shopName = localized(shop, "name", locale) || "Pryde";
  const shopAddress = localized(shop, "address", locale);
  return (
    <div data-testid="packing-slips">
      <div className="mb-4 flex flex-wrap items-center gap-2 print:hidden">
        <h1 className="mr-auto text-xl font-bold">{t("slips.heading")}</h1>
        {hydrated && slips.length > 0 ? (
          <button type="button" className="btn-primary" onClick={() => window.print()} data-testid="print-now">
            {tl("print")}
          </button>
        ) : null}
        <Link to={localizePath(locale, "/backend/orders/fulfillment")} className="btn-ghost border border-line">
          {t("slips.back")}
        </Link>
      </div>
      {slips.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-6 text-center text-ink-muted" data-testid="packing-slips-empty">
          {t("slips.none")}
        </p>
      ) : null}
      {slips.map((slip) => {
        const quantity = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
        const name = [slip.firstName, slip.lastName].filter(Boolean).join(" ");
        const area = [slip.suburb, slip.city, slip.province, slip.zipcode].filter(Boolean).join(" ");
        return (
          <article
            key={slip.id}
            className="mb-8 break-after-page rounded-lg border border-line p-6 last:mb-0 last:break-after-auto print:rounded-none print:border-0 print:p-0"
            data-testid="packing-slip"
            aria-labelledby={`slip-${slip.id}`}
          >
            <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-3">
              <div>
                <p className="text-sm text-ink-muted">{t("slips.title")}</p>
                <h2 id={`slip-${slip.id}`} className="font-mono text-2xl font-bold">
                  {t("slips.order", { number: slip.orderNumber })}
                </h2>
                <p className="text-sm">{t("slips.placed", { date: dateTime(slip.createdAt, locale) })}</p>
              </div>
              <div className="text-right text-sm">
                <p className="font-semibold">{t("slips.from")}</p>
                <p>{shopName}</p>
                {shopAddress ? <p className="whitespace-pre-line">{shopAddress}</p> : null}
                {shop.phone ? <p>{shop.phone}</p> : null}
              </div>
            </header>
            <section className="mt-4" aria-label={t("slips.shipTo")}>
              <p className="text-sm font-semibold text-ink-muted">{t("slips.shipTo")}</p>
              <address className="text-lg not-italic" data-testid="slip-address">
                <span className="block font-semibold">{name}</span>
                {slip.address ? <span className="block">{slip.address}</span> : null}
                {area ? <span className="block">{area}</span> : null}
                {slip.country && slip.country !== "TH" ? <span className="block">{slip.country}</span> : null}
                {slip.phone ? <span className="block">{slip.phone}</span> : null}
              </address>
              {slip.shippingMethod ? (
                <p className="mt-1 text-sm">
                  {t("slips.method")}: {t(`methods.${slip.shippingMethod}`)}
                </p>
              ) : null}
            </section>
            <table className="mt-4 w-full text-sm">
              <TableHead
                className="border-b border-line text-left"
                cells={[
                  [t("slips.item"), "py-1 pr-2"],
                  [t("slips.sku"), "py-1 pr-2"],
                  [t("slips.quantity"), "py-1 text-right"],
                ]}
              />
              <tbody className="divide-y divide-line">
                {slip.lines.map((line) => {
                  const variant = localized(line, "variant", locale);
                  return (
                    <tr key={line.id} data-testid="slip-line">
                      <td className="py-1 pr-2">
                        {localized(line, "name", locale)}
                        {variant ? <span className="text-ink-muted"> · {variant}</span> : null}
                      </td>
                      <td className="py-1 pr-2 font-mono">{line.sku}</td>
                      <td className="py-1 text-right text-base font-semibold tabular-nums" data-testid="slip-quantity">
                        {line.quantity}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p className="mt-3 text-right font-semibold" data-testid="slip-total-quantity">
              {t("slips.totalQuantity", { count: quantity })}
            </p>
            {slip.note ? (
              <p className="mt-3 rounded border border-line p-2 text-sm">
                <span className="font-semibold">{t("slips.note")}:</span> {slip.note}
              </p>
            ) : null}
            <p className="mt-8 text-sm text-ink-muted">{t("slips.checkedBy")}: ______________________</p>
          </article>
        );
      })}
    </div>
  );
}
