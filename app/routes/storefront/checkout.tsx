import { data, Link, redirect } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { getViewer } from "~/features/accounts/viewer.server";
import { cartOwnerOf } from "~/features/cart/cart-action.server";
import { cartFlashCookie } from "~/features/cart/cart-flash.server";
import { loadCart } from "~/features/cart/cart.server";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { CurrencyNote, Price } from "~/ui/price";
import type { Route } from "./+types/checkout";
import { lineName } from "./cart";

/**
 * Spec §2 /cart/checkout with the §4 "cart-item" guard: nothing to buy (an empty cart, or only
 * sold-out / withdrawn lines; staff have no cart) goes back to /cart. So does a cart with a price
 * rise the shopper has not accepted (ADR 0011), with a message saying why: viewing this review is
 * not acceptance, and it records nothing. Payment is the next issue; this step reviews the lines
 * at today's prices.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const viewer = getViewer(context);
  const cart = viewer.kind === "staff" ? null : await loadCart(env.DB, cartOwnerOf(viewer));
  if (!cart || cart.purchasableQuantity === 0) throw redirect(localizePath(locale, "/cart"));
  if (cart.priceAcceptanceNeeded) throw redirect(localizePath(locale, "/cart"), { headers: { "Set-Cookie": cartFlashCookie(request, "price-increase") } });
  const t = getInstance(context).getFixedT(locale, "shop");
  const lines = cart.lines.filter((line) => line.status === "ok" || line.status === "reduced");
  return data(
    { meta: { title: t("meta.checkoutTitle") }, lines, subtotalSatang: cart.subtotalSatang, excluded: lines.length < cart.lines.length },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => [
  ...storefrontMeta(loaderData?.meta, matches, location.pathname),
  { name: "robots", content: "noindex" },
];

export const handle = {
  breadcrumb: ({ t }) => [{ text: t("shop:cart.heading"), to: "/cart" }, { text: t("shop:checkout.heading") }],
} satisfies BreadcrumbHandle;

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("shop");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { lines, subtotalSatang, excluded } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6" data-testid="checkout-review">
      <h1 className="text-2xl font-bold md:text-3xl">{t("checkout.heading")}</h1>
      <p className="mt-2 text-ink-muted">{t("checkout.intro")}</p>
      {excluded ? <p className="mt-2 text-sm text-amber-800">{t("checkout.excluded")}</p> : null}
      <table className="mt-6 w-full text-sm">
        <thead className="border-b border-line text-left text-ink-muted">
          <tr>
            <th scope="col" className="py-2 font-medium">{t("cart.item")}</th>
            <th scope="col" className="py-2 text-right font-medium">{t("cart.price")}</th>
            <th scope="col" className="py-2 text-right font-medium">{t("cart.quantity")}</th>
            <th scope="col" className="py-2 text-right font-medium">{t("cart.total")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {lines.map((line) => (
            <tr key={line.lineId} data-testid="checkout-line">
              <td className="py-3">
                <span className="font-medium">{lineName(line, locale)}</span>
                <span className="block text-ink-muted">{locale === "th" ? line.optionsTh : line.optionsEn}</span>
              </td>
              <td className="py-3 text-right"><Price satang={line.unitPriceSatang} /></td>
              <td className="py-3 text-right">{line.quantity}</td>
              <td className="py-3 text-right"><Price satang={line.lineTotalSatang} /></td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-line">
          <tr>
            <th scope="row" colSpan={3} className="py-3 text-right">{t("cart.subtotal")}</th>
            <td className="py-3 text-right font-bold" data-testid="checkout-subtotal"><Price satang={subtotalSatang} /></td>
          </tr>
        </tfoot>
      </table>
      <CurrencyNote className="mt-3" />
      <p role="note" className="mt-6 rounded-md border border-primary bg-blue-50 px-4 py-3 text-sm" data-testid="checkout-next-step">
        {t("checkout.nextStep")}
      </p>
      <Link to={localizePath(locale, "/cart")} className="btn-ghost mt-4 border border-line">
        {t("checkout.backToCart")}
      </Link>
    </div>
  );
}
