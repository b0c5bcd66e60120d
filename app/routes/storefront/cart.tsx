import { clsx } from "clsx";
import { Minus, Plus, ShoppingBag, Trash2, TrendingDown, TrendingUp, Zap } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useFetcher, useFetchers, useNavigate } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { maxRequestQuantity } from "~/domain/cart";
import { linePart } from "~/domain/currency";
import { formatDate } from "~/domain/dates";
import { refuseStaff } from "~/features/accounts/guards.server";
import { viewerOf } from "~/features/accounts/viewer.server";
import { type CartLineView, loadCart } from "~/features/cart/cart.server";
import type { CartActionData } from "~/features/cart/cart-action.server";
import { handleCartAction } from "~/features/cart/cart-action.server";
import { useCartRefusal } from "~/features/cart/cart-refusal";
import { readSessionId } from "~/features/sessions/session-cookie.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { followInPage } from "~/ui/follow-in-page";
import { FormMessages } from "~/ui/form/fields";
import { IconSprite, SpriteIcon } from "~/ui/icon-sprite";
import { MediaImage } from "~/ui/media-image";
import { storefrontMeta } from "~/ui/meta";
import { PageTitle } from "~/ui/page-title";
import { CurrencyNote, Price, PriceSum, useFormatPrice } from "~/ui/price";
import { useSnackbar } from "~/ui/snackbar";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/cart";

/**
 * Spec §2 /cart, §4 Cart, §5 cart quantity. The lines with prices read from D1 now, flagged when
 * sold out, withdrawn or lowered to what is left, or priced differently from what the shopper last
 * saw (ADR 0011: a rise stays flagged, and the checkout waits, until the shopper presses OK or
 * changes the line's quantity); quantity stepper, remove and OK update optimistically with
 * JavaScript and are plain forms without it. Staff have no cart (spec §6): the page sends them home
 * (spec §4 "frontend" guard); a cart change they post is refused (403) with a message.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "shop");
  // The cart is selected through the session cookie, so it comes in the session's round trip (ADR 0019).
  const sessionId = readSessionId(request);
  const [, cart] = await Promise.all([viewerOf(context), loadCart(env.DB, sessionId ? { sessionCookie: sessionId } : null)]);
  refuseStaff({ request, context });
  return data(
    {
      meta: { title: t("meta.cartTitle"), description: t("meta.cartDescription") },
      lines: cart.lines,
      subtotalSatang: cart.subtotalSatang,
      purchasableQuantity: cart.purchasableQuantity,
      priceAcceptanceNeeded: cart.priceAcceptanceNeeded,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const action = (args: Route.ActionArgs) => handleCartAction(args);

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

export const handle = { breadcrumb: ({ t }) => [{ text: t("cart:cart.heading") }] } satisfies BreadcrumbHandle;

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FormMessages namespace="shop">
      <CartPage loaderData={loaderData} actionData={actionData} />
    </FormMessages>
  );
}

function CartPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t, i18n } = useTranslation("cart");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const to = (path: string) => localizePath(locale, path);
  const { lines, subtotalSatang, purchasableQuantity, priceAcceptanceNeeded } = loaderData;
  const error = useCartRefusal(actionData);
  // Asked once for the page, not once per line (issue 19: a line's cost is its markup and hooks).
  const hydrated = useHydrated();
  const pendingAccepted = usePendingAcceptedLines();
  const navigate = useNavigate();

  return (
    <div className="mx-auto max-w-5xl px-4 py-6" data-testid="cart-page">
      <PageTitle title={t("cart.heading")} />
      {error ? (
        <p role="alert" className="mt-4 rounded-md border border-error bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="cart-error">
          {error}
        </p>
      ) : null}
      {lines.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-line px-6 py-16 text-center" data-testid="cart-empty">
          <ShoppingBag className="mx-auto size-10 text-ink-muted" aria-hidden />
          <p className="mt-3 text-lg font-semibold">{t("cart.empty")}</p>
          <p className="mt-1 text-ink-muted">{t("cart.emptyHint")}</p>
          <Link to={to("/shop")} className="btn-primary mt-6">
            {t("cart.continueShopping")}
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_20rem]">
          {priceAcceptanceNeeded ? <PriceNotice lines={lines} locale={locale} /> : null}
          <IconSprite icons={lineIcons} />
          {/* A line's link is a plain <a> (no route matching per line); clicks on it navigate here. */}
          <ul className="divide-y divide-line border-y border-line" data-testid="cart-lines" onClick={(event) => followInPage(event, navigate)}>
            {lines.map((line) => (
              <CartLine key={line.lineId} line={line} locale={locale} hydrated={hydrated} acceptancePending={pendingAccepted.has(line.lineId)} />
            ))}
          </ul>
          <aside className="h-fit rounded-xl border border-line p-4" aria-labelledby="cart-summary">
            <h2 id="cart-summary" className="sr-only">
              {t("cart.subtotal")}
            </h2>
            <div className="flex items-baseline justify-between gap-4">
              <span className="font-semibold">{t("cart.subtotal")}</span>
              <span data-testid="cart-subtotal">
                <PriceSum parts={lines.filter((line) => line.lineTotalSatang > 0).map(linePart)} satang={subtotalSatang} className="text-xl font-bold" />
              </span>
            </div>
            <p className="mt-2 text-sm text-ink-muted">{t("cart.subtotalNote")}</p>
            <CurrencyNote className="mt-2" />
            {purchasableQuantity > 0 ? (
              <Link to={to("/cart/checkout")} className="btn-primary mt-4 w-full" data-testid="checkout-link">
                {t("cart.checkout")}
              </Link>
            ) : null}
            <Form method="post" action={to("/cart")} className="mt-3">
              <input type="hidden" name="intent" value="clear" />
              <button type="submit" className="btn-ghost w-full border border-line text-sm" data-testid="clear-cart">
                {t("cart.clear")}
              </button>
            </Form>
            <Link to={to("/shop")} className="mt-3 block text-center text-sm text-primary-dark underline">
              {t("cart.continueShopping")}
            </Link>
          </aside>
        </div>
      )}
    </div>
  );
}

/** The icons every line repeats, drawn once per page ({@link IconSprite}). */
const lineIcons = { "cart-icon-minus": Minus, "cart-icon-plus": Plus, "cart-icon-remove": Trash2 };

/** The hidden fields of an OK form: each line with the price the page shows (compared with D1, never stored). */
function acceptedPrices(lines: readonly CartLineView[]) {
  return lines.flatMap((line) => (line.priceChange ? [`${line.lineId}:${line.priceChange.currentPriceSatang}`] : []));
}

/** Lines whose OK is on its way (any form of the page): their notice is hidden meanwhile. */
function usePendingAcceptedLines(): Set<number> {
  const pending = new Set<number>();
  for (const fetcher of useFetchers()) {
    if (fetcher.formData?.get("intent") !== "accept-prices") continue;
    for (const entry of fetcher.formData.getAll("prices")) pending.add(Number(String(entry).split(":")[0]));
  }
  return pending;
}

/** Above the lines while a price rise waits for the shopper: one OK for every changed line. */
function PriceNotice({ lines, locale }: { lines: readonly CartLineView[]; locale: Locale }) {
  const { t } = useTranslation("cart");
  const fetcher = useFetcher<CartActionData>();
  const refusal = useCartRefusal(fetcher.data);
  const hydrated = useHydrated();
  const pending = usePendingAcceptedLines();
  const prices = acceptedPrices(lines);
  if (prices.every((entry) => pending.has(Number(entry.split(":")[0])))) return null;
  return (
    <div
      role="status"
      className="rounded-md border border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-900 lg:col-span-2"
      data-testid="cart-price-notice"
    >
      <p>{t("cart.pricesChangedNotice")}</p>
      <fetcher.Form method="post" action={localizePath(locale, "/cart")} className="mt-2">
        <input type="hidden" name="intent" value="accept-prices" />
        {prices.map((entry) => (
          <input key={entry} type="hidden" name="prices" value={entry} />
        ))}
        {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
        <button type="submit" className="btn-primary px-3 py-1.5 text-sm" data-testid="accept-all-prices">
          {t("cart.acceptAllPrices")}
        </button>
      </fetcher.Form>
      {refusal ? (
        <p role="alert" className="mt-2 text-red-700">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

function CartLine({ line, locale, hydrated, acceptancePending }: { line: CartLineView; locale: Locale; hydrated: boolean; acceptancePending: boolean }) {
  const { t } = useTranslation("cart");
  const fetcher = useFetcher<CartActionData>();
  const refusal = useCartRefusal(fetcher.data);
  const to = (path: string) => localizePath(locale, path);
  const name = localized(line, "name", locale);
  const options = localized(line, "options", locale);
  const inputRef = useRef<HTMLInputElement>(null);
  const format = useFormatPrice();
  const snackbar = useSnackbar();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  // A quantity above what is left is set to the max on the server: say so ("Only N left — …").
  useEffect(() => {
    if (result?.ok && result.capped) snackbar.show({ colour: "warning", title: result.message });
  }, [result, snackbar]);

  // Optimistic: while a change is on its way the line shows it (a removal hides the line).
  const pending = fetcher.formData;
  const pendingIntent = pending?.get("intent");
  const pendingQuantity = pending && pendingIntent === "update" ? Math.min(Number(pending.get("quantity")), line.max) : null;
  const quantity = pendingQuantity !== null && Number.isFinite(pendingQuantity) ? pendingQuantity : line.quantity;
  useEffect(() => {
    if (inputRef.current && document.activeElement !== inputRef.current) inputRef.current.value = String(quantity);
  }, [quantity]);
  if (pendingIntent === "remove" || (pendingIntent === "update" && quantity <= 0)) return null;
  // Changing the quantity accepts the price shown (the server records it), so the notice goes too.
  const priceChange = acceptancePending || pendingIntent === "update" ? null : line.priceChange;

  const buyable = line.status === "ok" || line.status === "reduced";
  const hidden = (
    <>
      <input type="hidden" name="lineId" value={line.lineId} />
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
    </>
  );
  // The − and + buttons share one form (the + button joins it through its `form` attribute, past the
  // quantity's own form): each sends its quantity as the pressed button's value.
  const stepsForm = `cart-steps-${line.lineId}`;

  return (
    // One link per line, around the picture and the name: the picture is placed in the line's left
    // column (absolute to the <li>) from inside the name's link.
    <li
      className="relative flex py-4 pl-23 md:pl-24"
      data-testid="cart-line"
      data-variant-id={line.variantId}
      data-status={line.status}
      data-hydrated={hydrated}
    >
      <div className="flex min-h-25 min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <a
              href={to(`/shop/${encodeURIComponent(line.productSlug)}?variant=${line.variantId}`)}
              className="font-medium hover:underline"
              data-discover="true"
              data-testid="cart-line-name"
            >
              <span className="absolute top-4 left-0 flex">
                {line.imageKey ? (
                  <MediaImage imageKey={line.imageKey} width={80} height={100} className="h-25 w-20 rounded-md bg-surface-muted object-cover" />
                ) : (
                  <span className="block h-25 w-20 rounded-md bg-surface-muted" />
                )}
              </span>
              {name}
            </a>
            {options ? <p className="text-sm text-ink-muted">{options}</p> : null}
            <p className="mt-1 flex flex-wrap items-baseline gap-2 text-sm">
              <Price satang={line.unitPriceSatang} className="font-semibold" />
              {line.wasPriceSatang ? (
                <s className="text-ink-muted">
                  <Price satang={line.wasPriceSatang} />
                </s>
              ) : null}
            </p>
            {line.flashSale ? (
              <p className="mt-1 flex items-center gap-1 text-xs font-semibold text-red-700" data-testid="cart-line-flash-sale">
                <Zap className="size-3.5" aria-hidden />
                {t("cart.flashSaleUntil", { date: formatDate(line.flashSale.endsAt, locale, { dateStyle: "medium", timeStyle: "short" }) })}
              </p>
            ) : null}
          </div>
          <span data-testid="line-total">
            <PriceSum parts={[linePart(line)]} satang={line.lineTotalSatang} className="font-semibold" />
          </span>
        </div>
        {priceChange ? (
          <div
            className={clsx("flex flex-wrap items-center gap-2 text-sm font-medium", priceChange.direction === "up" ? "text-amber-800" : "text-green-800")}
            role="status"
            data-testid="cart-line-price-change"
            data-direction={priceChange.direction}
          >
            {priceChange.direction === "up" ? <TrendingUp className="size-4" aria-hidden /> : <TrendingDown className="size-4" aria-hidden />}
            <span>
              {t(priceChange.direction === "up" ? "cart.priceIncreased" : "cart.priceDecreased", {
                was: format(priceChange.seenPriceSatang),
                now: format(priceChange.currentPriceSatang),
              })}
            </span>
            <fetcher.Form method="post" action={to("/cart")}>
              {hidden}
              <input type="hidden" name="intent" value="accept-prices" />
              <input type="hidden" name="prices" value={`${line.lineId}:${priceChange.currentPriceSatang}`} />
              <button
                type="submit"
                className="rounded-md border border-current px-2 py-0.5 text-xs font-semibold hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary"
                aria-label={t("cart.priceAcceptLabel", { name, price: format(priceChange.currentPriceSatang) })}
                data-testid="accept-price"
              >
                {t("cart.priceAccept")}
              </button>
            </fetcher.Form>
            {priceChange.reason ? (
              <p className="basis-full text-sm font-normal" data-testid="cart-line-price-reason" data-reason={priceChange.reason.kind}>
                {priceChange.reason.kind === "flash-sale-sold-out"
                  ? t("cart.flashSaleSoldOut")
                  : priceChange.reason.endedAt === null
                    ? t("cart.flashSaleSwitchedOff")
                    : t("cart.flashSaleEnded", { date: formatDate(priceChange.reason.endedAt, locale, { dateStyle: "medium", timeStyle: "short" }) })}
              </p>
            ) : null}
          </div>
        ) : null}
        {line.status !== "ok" ? (
          <p
            className={clsx("text-sm font-medium", line.status === "reduced" ? "text-amber-800" : "text-red-700")}
            role="status"
            data-testid="cart-line-status"
          >
            {line.status === "reduced"
              ? t("cart.statusReduced", { count: line.max })
              : line.status === "out-of-stock"
                ? t("cart.statusOutOfStock")
                : t("cart.statusUnavailable")}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          {buyable ? (
            <>
              <fetcher.Form id={stepsForm} method="post" action={to("/cart")}>
                {hidden}
                <input type="hidden" name="intent" value="update" />
                <button
                  type="submit"
                  name="quantity"
                  value={quantity - 1}
                  className="btn-step"
                  aria-label={t("cart.decrease", { name })}
                  data-testid="decrease"
                >
                  <SpriteIcon id="cart-icon-minus" className="size-4" />
                </button>
              </fetcher.Form>
              <fetcher.Form method="post" action={to("/cart")} className="flex items-center gap-2">
                {hidden}
                <input type="hidden" name="intent" value="update" />
                <label htmlFor={`quantity-${line.lineId}`} className="sr-only">
                  {t("cart.quantityOf", { name })}
                </label>
                <input
                  ref={inputRef}
                  id={`quantity-${line.lineId}`}
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  // Not the line's max: more is sent, and the server sets the max and says so.
                  max={maxRequestQuantity}
                  defaultValue={quantity}
                  required
                  className="w-16 rounded-md border border-line px-2 py-1.5 text-center"
                  data-testid="quantity-input"
                  onChange={(event) => {
                    const form = event.currentTarget.form;
                    if (hydrated && form && event.currentTarget.value !== "" && event.currentTarget.checkValidity()) fetcher.submit(form);
                  }}
                />
                <button type="submit" className={clsx("btn-ghost border border-line px-3 py-1.5 text-sm", hydrated && "sr-only")}>
                  {t("cart.update")}
                </button>
              </fetcher.Form>
              <button
                type="submit"
                form={stepsForm}
                name="quantity"
                value={quantity + 1}
                className="btn-step"
                disabled={quantity >= line.max}
                aria-label={quantity >= line.max ? t("cart.maxReached") : t("cart.increase", { name })}
                data-testid="increase"
              >
                <SpriteIcon id="cart-icon-plus" className="size-4" />
              </button>
            </>
          ) : null}
          <fetcher.Form method="post" action={to("/cart")} className="ml-auto">
            {hidden}
            <input type="hidden" name="intent" value="remove" />
            <button
              type="submit"
              className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-primary"
              data-testid="remove"
            >
              <SpriteIcon id="cart-icon-remove" className="size-4" />
              <span>{t("cart.remove")}</span>
              <span className="sr-only">{name}</span>
            </button>
          </fetcher.Form>
        </div>
        {refusal ? (
          <p role="alert" className="text-sm text-red-700">
            {refusal}
          </p>
        ) : null}
      </div>
    </li>
  );
}
