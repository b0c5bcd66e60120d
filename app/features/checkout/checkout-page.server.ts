import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { defaultCountry, isCountryCode } from "~/domain/address";
import type { CheckoutQuote } from "~/domain/checkout";
import type { RateTable } from "~/domain/currency";
import type { DiscountRefusal } from "~/domain/discount-code";
import { lineAmountSatang } from "~/domain/line-amounts";
import { formatBaht } from "~/domain/money";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { refuseStaff } from "~/features/accounts/guards.server";
import { getViewer } from "~/features/accounts/viewer.server";
import { taxInvoiceBuyer, taxInvoiceFormValues } from "~/features/billing/tax-invoice-request";
import { rememberedTaxInvoice } from "~/features/billing/tax-invoice-request.server";
import { loadCart } from "~/features/cart/cart.server";
import { cartOwnerOf } from "~/features/cart/cart-action.server";
import { getDisplayRates } from "~/features/currency/exchange-rates.server";
import { readCurrency } from "~/features/preferences/preferences.server";
import { getAddress, listAddresses, type SavedAddress } from "~/features/profile/addresses.server";
import { addressFormSchema, decideAddress } from "~/features/profile/profile-schemas";
import type { Viewer } from "~/features/sessions/sessions.server";
import type { AreaNames } from "~/features/thai-address/area-index";
import { thaiAreaOptions, thaiAreas, withAreaNames } from "~/features/thai-address/thai-address.server";
import { intlLocale, type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { constraintsOf } from "~/ui/form/constraints";
import { redirectWithToast } from "~/ui/toast.server";

import {
  type CheckoutLineView,
  type CheckoutShopper,
  type FailedLine,
  findPlacedOrder,
  loadCheckoutContext,
  placeOrder,
  type PlaceOrderResult,
  priceCheckout,
  type PricedCheckout,
  type ShippingAddress,
} from "./checkout.server";
import {
  addressFieldNames,
  checkoutConstraintSchema,
  type CheckoutFormValues,
  checkoutFormValues,
  type CheckoutIntent,
  checkoutIntents,
  checkoutSchema,
  type PlaceOrderForm,
  pointsOf,
  shippingMethodOf,
} from "./checkout-schemas";

/**
 * The /cart/checkout page's loader and action (the route module stays an adapter). Every round trip
 * re-reads the cart and re-quotes it: the page keeps no state but the form's own fields (the
 * applied code travels as a hidden field, the idempotency key too).
 */
type Args = { request: Request; context: Readonly<RouterContextProvider> };

export interface QuoteView {
  subtotalSatang: number;
  discountSatang: number;
  appliedCode: string | null;
  pointsUsed: number;
  pointsSatang: number;
  /** The most points this order can take and what they are worth (domain/checkout redeemablePoints). */
  pointsUsable: number;
  pointsUsableSatang: number;
  shippingSatang: number;
  shippingAvailable: boolean;
  totalSatang: number;
  vatSatang: number;
  vatPercent: number;
  options: { method: "standard" | "express"; priceSatang: number; min: number; max: number; carrier: { en: string; th: string } | null }[];
}

/** What the page shows besides the form's own messages (Conform's result). */
export interface CheckoutState {
  /** The form's values: the page's first ones, or what was posted with the server's changes (a code applied, points lowered, the new total). */
  values: CheckoutFormValues;
  quote: QuoteView;
  /** The spec §5 word on the discount code, in the page's language. */
  codeMessage: { tone: "success" | "error"; text: string } | null;
  /** A refusal that belongs to no field, in the page's language: no delivery there, or a race lost (which line, code or total). */
  refusal: string | null;
  pointsNote: string | null;
}

function shopperOf(viewer: Viewer): CheckoutShopper | null {
  if (viewer.kind === "customer") return { kind: "customer", customerId: viewer.customerId, email: viewer.email, pointsBalance: viewer.pointsBalance };
  if (viewer.kind === "guest") return { kind: "guest", sessionId: viewer.sessionId };
  return null;
}

function quoteView(quote: CheckoutQuote): QuoteView {
  return {
    subtotalSatang: quote.subtotalSatang,
    discountSatang: quote.discountSatang,
    appliedCode: quote.discount?.ok ? quote.discount.code : null,
    pointsUsed: quote.points.ok ? quote.points.points : 0,
    pointsSatang: quote.pointsSatang,
    pointsUsable: quote.pointsUsable.points,
    pointsUsableSatang: quote.pointsUsable.valueSatang,
    shippingSatang: quote.shippingSatang,
    shippingAvailable: quote.shipping !== null,
    totalSatang: quote.totalSatang,
    vatSatang: quote.vatSatang,
    vatPercent: quote.vatPercent,
    options: quote.shippingOptions.map((option) => ({
      method: option.method,
      priceSatang: option.priceSatang,
      min: option.deliveryDays.min,
      max: option.deliveryDays.max,
      carrier: option.carrier,
    })),
  };
}

function emptyValues(): CheckoutFormValues {
  return {
    intent: "",
    email: "",
    addressChoice: "new",
    firstName: "",
    lastName: "",
    phone: "",
    address: "",
    country: defaultCountry,
    province: "",
    city: "",
    suburb: "",
    zipcode: "",
    method: "standard",
    code: "",
    codeInput: "",
    points: "",
    payment: "",
    idempotencyKey: "",
    expectedTotal: "",
    ...taxInvoiceFormValues({ taxInvoiceName: null, taxInvoiceTaxId: null, taxInvoiceBranch: null, taxInvoiceAddress: null }),
  };
}

/** The destination country the quote uses: the chosen saved address's, or the new address's. */
function destinationCountry(values: CheckoutFormValues, addresses: readonly SavedAddress[]): string {
  if (values.addressChoice !== "new") {
    const saved = addresses.find((address) => String(address.id) === values.addressChoice);
    if (saved) return saved.country;
  }
  return isCountryCode(values.country.trim().toUpperCase()) ? values.country.trim().toUpperCase() : defaultCountry;
}

function priceChoices(values: CheckoutFormValues, addresses: readonly SavedAddress[]) {
  return { code: values.code, points: pointsOf(values.points) ?? 0, country: destinationCountry(values, addresses), method: shippingMethodOf(values.method) };
}

function linesForPage(lines: readonly CheckoutLineView[]) {
  return lines.map(
    ({ cartLineId, variantId, productSlug, nameEn, nameTh, optionsEn, optionsTh, imageKey, quantity, unitPriceSatang, wasPriceSatang, flashSale }) => ({
      cartLineId,
      variantId,
      productSlug,
      nameEn,
      nameTh,
      optionsEn,
      optionsTh,
      imageKey,
      quantity,
      unitPriceSatang,
      wasPriceSatang,
      flashSaleEndsAt: flashSale?.endsAt ?? null,
      lineTotalSatang: lineAmountSatang({ unitPriceSatang, quantity }),
    }),
  );
}

async function areaLists(values: CheckoutFormValues, locale: Locale) {
  const { provinces, districts, subdistricts } = await thaiAreaOptions(values.country === "TH" ? values : { province: "", city: "", suburb: "" }, locale);
  return { provinces, districts, subdistricts };
}

/**
 * ADR 0011: a price that rose since the shopper added the line must be accepted on the cart page
 * first; until then the checkout (page and "place") sends them back to /cart saying why.
 */
async function requirePricesAccepted(request: Request, d1: D1Database, viewer: Viewer, locale: Locale): Promise<void> {
  const cart = await loadCart(d1, cartOwnerOf(viewer), Date.now(), { readOnly: true });
  if (cart.priceAcceptanceNeeded) throw redirectWithToast(request, localizePath(locale, "/cart"), { key: "shop:flash.priceIncrease", type: "warning" });
}

export async function checkoutLoader({ request, context }: Args) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  refuseStaff({ request, context });
  const viewer = getViewer(context);
  const shopper = shopperOf(viewer);
  if (!shopper) throw redirect(localizePath(locale, "/cart"));
  // Started together, so their reads share one D1 round trip (app/db/d1-meter.ts).
  const [, savedAddresses, taxInvoice, checkoutContext] = await Promise.all([
    requirePricesAccepted(request, env.DB, viewer, locale),
    shopper.kind === "customer" ? listAddresses(env.DB, shopper.customerId) : [],
    shopper.kind === "customer" ? rememberedTaxInvoice(env.DB, shopper.customerId) : null,
    loadCheckoutContext(env.DB, shopper),
  ]);
  const addresses = await withAreaNames(savedAddresses, locale);
  const values = emptyValues();
  const preferred = addresses[0];
  if (preferred) values.addressChoice = String(preferred.id);
  if (shopper.kind === "customer") {
    values.email = shopper.email;
    const name = viewer.kind === "customer" ? viewer : null;
    values.firstName = name?.firstName ?? "";
    values.lastName = name?.lastName ?? "";
    if (taxInvoice) Object.assign(values, taxInvoiceFormValues(taxInvoice));
  }
  values.idempotencyKey = crypto.randomUUID();
  const priced = await priceCheckout(env.DB, shopper, priceChoices(values, addresses), Date.now(), { context: checkoutContext });
  if (priced.context.lines.length === 0) throw redirect(localizePath(locale, "/cart"));
  const t = getInstance(context).getFixedT(locale, "shop");
  return data(
    {
      meta: { title: t("meta.checkoutTitle") },
      // The form's HTML constraints, so the page renders them without loading the schema (useDeferredSchemaForm).
      constraint: constraintsOf(checkoutConstraintSchema),
      ...pageParts(priced, addresses, shopper),
      state: {
        values: { ...values, expectedTotal: String(priced.quote.totalSatang) },
        quote: quoteView(priced.quote),
        codeMessage: null,
        refusal: null,
        pointsNote: null,
      } satisfies CheckoutState,
      lists: await areaLists(values, locale),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

function pageParts(priced: PricedCheckout, addresses: readonly (SavedAddress & { areaNames: AreaNames })[], shopper: CheckoutShopper) {
  return {
    lines: linesForPage(priced.context.lines),
    excluded: priced.context.excluded.length > 0,
    addresses: addresses.map((address) => ({ ...address })),
    isCustomer: shopper.kind === "customer",
    pointsBalance: priced.context.pointsBalance,
    satangPerPoint: priced.context.satangPerPoint,
    shipsAbroad: priced.context.rates.some((rate) => rate.zone === "international"),
  };
}

/** i18next's `t` for keys built at run time (checked by the locale tests, not by type). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

function baht(amount: number, locale: Locale): string {
  return formatBaht(amount, intlLocale(locale));
}

function codeMessageFor(quote: CheckoutQuote, t: Translate, locale: Locale): CheckoutState["codeMessage"] {
  if (!quote.discount) return null;
  if (quote.discount.ok)
    return { tone: "success", text: t("checkout.codeApplied", { code: quote.discount.code, amount: baht(quote.discount.discountSatang, locale) }) };
  const amount = quote.discount.reason === "minimum-purchase" ? (quote.discount.minPurchaseSatang / 100).toLocaleString(intlLocale(locale)) : "";
  return { tone: "error", text: codeText(t, quote.discount.reason, amount) };
}

/** The spec §5 message for a refused code, in the page's language. */
function codeText(t: Translate, reason: DiscountRefusal, amount: string): string {
  return t(`checkoutMessages:codeMessages.${reason}`, { amount });
}

function lineName(line: FailedLine, locale: Locale): string {
  const options = localized(line, "options", locale);
  return options ? `${localized(line, "name", locale)} (${options})` : localized(line, "name", locale);
}

function failureMessage(result: Exclude<PlaceOrderResult, { ok: true }>, t: Translate, locale: Locale): string {
  switch (result.reason) {
    case "empty-cart":
      return t("checkoutMessages:checkoutErrors.emptyCart");
    case "no-shipping":
      return t("checkoutMessages:checkoutErrors.noShipping");
    case "busy":
      return t("checkoutMessages:checkoutErrors.busy");
    case "key-taken":
      return t("checkoutMessages:checkoutErrors.keyTaken");
    case "points":
      return t("checkoutMessages:checkoutErrors.pointsChanged");
    case "total-changed":
      return t("checkoutMessages:checkoutErrors.totalChanged", { total: baht(result.totalSatang, locale) });
    case "code": {
      const amount = result.minPurchaseSatang !== undefined ? (result.minPurchaseSatang / 100).toLocaleString(intlLocale(locale)) : "";
      return codeText(t, result.code, amount);
    }
    case "line-reduced":
      return t("checkoutMessages:checkoutErrors.lineReduced", { count: result.line.available, name: lineName(result.line, locale) });
    case "line-sold-out":
      return t("checkoutMessages:checkoutErrors.lineSoldOut", { name: lineName(result.line, locale) });
    case "line-unavailable":
      return t("checkoutMessages:checkoutErrors.lineUnavailable", { name: lineName(result.line, locale) });
    case "flash-sale-sold-out":
      return t("checkoutMessages:checkoutErrors.flashSaleSoldOut", { name: lineName(result.line, locale) });
  }
}

/** The quote's word on the points asked for, as the points field's message key. */
function pointsProblem(values: CheckoutFormValues, quote: CheckoutQuote): string | null {
  if (pointsOf(values.points) === null) return "points";
  if (!quote.points.ok) return quote.points.reason === "guest" ? "pointsGuest" : "points";
  return null;
}

/** The delivery address of a placed order: the chosen saved one, or the new one decided against the Thai directory. */
async function shippingAddress(
  d1: D1Database,
  shopper: CheckoutShopper,
  form: PlaceOrderForm,
): Promise<{ ok: true; address: ShippingAddress } | { ok: false; fieldErrors: Record<string, string[]> }> {
  if (form.addressChoice === "new") {
    const parsed = addressFormSchema.safeParse(Object.fromEntries(addressFieldNames.map((name) => [name, form[name]])));
    if (!parsed.success) return { ok: false, fieldErrors: {} };
    const decided = decideAddress(parsed.data, await thaiAreas());
    if (!decided.ok) return decided;
    const { makeDefault: _, ...address } = decided.address;
    return { ok: true, address };
  }
  const saved = shopper.kind === "customer" ? await getAddress(d1, shopper.customerId, Number(form.addressChoice)) : null;
  return saved ? { ok: true, address: { ...saved } } : { ok: false, fieldErrors: { addressChoice: ["savedAddress"] } };
}

/**
 * POST /cart/checkout. Staff have no cart (403). apply-code / remove-code / review / area answer the
 * page again for the new choices (nothing written); place validates, places the order and
 * redirects to the order's payment page /cart/checkout/{orderNumber}. Bad input: 400 with the
 * fields' messages, nothing written; a race lost (stock, code, sale, total): 409 saying which.
 */
export async function checkoutAction({ request, context }: Args) {
  const { env, ctx } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "cart");
  // Its answers in words are in the server-only `checkoutMessages` (keys built at run time: untyped).
  const words = t as unknown as Translate;
  const viewer = getViewer(context);
  const shopper = shopperOf(viewer);
  if (!shopper) return data({ result: undefined, state: null, lists: null }, { status: 403 });

  // The Worker's door (workers/form-body.ts) has already answered 4xx to a body that is not a readable form.
  const submission = parseWithZod(await request.formData(), { schema: checkoutSchema });
  // What the shopper sent, as the page shows it again (updated below with the server's answer).
  const values = checkoutFormValues(submission.payload);
  const intent: CheckoutIntent = (checkoutIntents as readonly string[]).includes(values.intent) ? (values.intent as CheckoutIntent) : "review";

  // A resubmitted form (double click, back button, retry) lands on the order it already made.
  if (intent === "place" && values.idempotencyKey) {
    const placed = await findPlacedOrder(env.DB, values.idempotencyKey, shopper);
    if (placed) return redirect(localizePath(locale, `/cart/checkout/${placed.orderNumber}`));
  }
  if (intent === "place") await requirePricesAccepted(request, env.DB, viewer, locale);
  const addresses = await withAreaNames(shopper.kind === "customer" ? await listAddresses(env.DB, shopper.customerId) : [], locale);
  if (intent === "apply-code") values.code = values.codeInput.trim();
  if (intent === "remove-code") values.code = "";
  // The choices as sent (the page's values below change with the answer).
  const posted = { ...values };
  // Placing leaves lowering an over-stock line to placeOrder, which then names the line.
  const priced = await priceCheckout(env.DB, shopper, priceChoices(values, addresses), Date.now(), { lowerReducedLines: intent !== "place" });
  // An empty cart at "place" may be a resubmitted form whose order exists: placeOrder answers that.
  if (priced.context.lines.length === 0 && intent !== "place") throw redirect(localizePath(locale, "/cart"));
  let { quote } = priced;

  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  // A guest has no points field: points sent anyway are the form's message.
  const points = pointsProblem(values, quote);
  if (points && shopper.kind === "customer") fieldErrors.points = [points];
  else if (points) formErrors.push(points);
  const pointsNote = quote.points.ok && quote.points.capped ? t("checkout.pointsCapped", { count: quote.points.points }) : null;
  let refusal: string | null = quote.shipping ? null : words("checkoutMessages:checkoutErrors.noShipping");
  let codeMessage = intent === "remove-code" ? null : codeMessageFor(quote, words, locale);
  // A refused code is not kept: the hidden field goes back empty, the typed text stays.
  if (quote.discount && !quote.discount.ok) values.code = "";
  if (intent === "apply-code" && quote.discount?.ok) values.codeInput = "";
  if (quote.points.ok && quote.points.capped) values.points = String(quote.points.points);
  values.expectedTotal = String(quote.totalSatang);

  const lists = await areaLists(values, locale);
  const answer = (status: number, result = submission.reply({ fieldErrors, formErrors })) => {
    // The page shows what the server made of the choices (points lowered, a code applied), not only what was typed.
    const shown = {
      ...result,
      initialValue: result.initialValue ? { ...result.initialValue, points: values.points, codeInput: values.codeInput } : result.initialValue,
    };
    return data({ result: shown, state: { values, quote: quoteView(quote), codeMessage, refusal, pointsNote } satisfies CheckoutState, lists }, { status });
  };

  if (intent !== "place") return answer(submission.status === "success" && !(quote.discount && !quote.discount.ok) ? 200 : 400);

  // Hidden fields the page made (the key, the total, the intent) cannot be wrong in a form it sent.
  const errors = submission.status === "error" ? submission.error : undefined;
  const tampered = ["intent", "idempotencyKey", "expectedTotal", "code"].some((name) => errors?.[name]);
  const form = submission.status === "success" && submission.value.intent === "place" ? submission.value : null;
  const address = form ? await shippingAddress(env.DB, shopper, form) : null;
  if (address && !address.ok) Object.assign(fieldErrors, address.fieldErrors);
  if (tampered) formErrors.push("invalid");
  if (!form || !address?.ok || Object.keys(fieldErrors).length > 0 || formErrors.length > 0 || refusal) return answer(400);
  // The applied code no longer holds (ended, used up meanwhile): say so, place nothing.
  if (quote.discount && !quote.discount.ok) {
    refusal = codeMessage?.text ?? null;
    return answer(409);
  }

  const currency = readCurrency(request);
  const rates = currency === "THB" ? null : (await getDisplayRates(env, ctx)).rates;
  const result = await placeOrder(env.DB, {
    shopper,
    idempotencyKey: form.idempotencyKey,
    email: form.email,
    locale,
    address: address.address,
    choices: { code: posted.code, points: form.points ?? 0, country: address.address.country, method: form.method },
    paymentMethod: form.payment,
    expectedTotalSatang: form.expectedTotal,
    currencyCode: currency,
    exchangeRate: rates?.[currency as keyof RateTable] ?? 1,
    linkOrigin: linkOrigin(env.PUBLIC_ORIGIN, request),
    taxInvoice: taxInvoiceBuyer(form),
  });
  if (result.ok) return redirect(localizePath(locale, `/cart/checkout/${result.orderNumber}`));
  // Nothing was written; the page shows which line, code or amount changed, with the totals as they are now.
  quote = (await priceCheckout(env.DB, shopper, priceChoices(posted, addresses))).quote;
  values.expectedTotal = String(quote.totalSatang);
  refusal = failureMessage(result, words, locale);
  codeMessage = codeMessageFor(quote, words, locale);
  return answer(409);
}
