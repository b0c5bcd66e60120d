import { type FieldMetadata, getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";

import { linePart, type SatangPart } from "~/domain/currency";
import { formatDate } from "~/domain/dates";
import { formatBaht } from "~/domain/money";
import { paymentMethods } from "~/domain/payment-methods";
import { TaxInvoiceRequestFields } from "~/features/billing/tax-invoice-request-fields";
import { checkoutAction, checkoutLoader, type CheckoutState } from "~/features/checkout/checkout-page.server";
import type { CheckoutIntent } from "~/features/checkout/checkout-schemas";
import { AddressFieldset } from "~/features/profile/address-fieldset";
import { intlLocale, type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { Field, FieldError, FormErrors, FormMessages, useFieldMessage } from "~/ui/form/fields";
import { useDeferredSchemaForm } from "~/ui/form/use-deferred-schema-form";
import { MediaImage } from "~/ui/media-image";
import { storefrontMeta } from "~/ui/meta";
import { PageTitle } from "~/ui/page-title";
import { CurrencyNote, Price, PriceSum, useDisplayCurrency } from "~/ui/price";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/checkout";

/**
 * Spec §2 /cart/checkout with the §4 "cart-item" guard (nothing to buy: back to /cart) and the
 * "frontend" guard (staff: the home page).
 * One plain form that works without JavaScript: contact, shipping address (saved or new, Thai
 * pickers), delivery method, discount code (apply / remove buttons), points, totals and payment
 * method. Every button posts the whole form; the server re-reads the cart and re-quotes it
 * (app/features/checkout). "Place order" redirects to /cart/checkout/{orderNumber}.
 */
export async function loader(args: Route.LoaderArgs) {
  return checkoutLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return checkoutAction(args);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

export const handle = {
  breadcrumb: ({ t }) => [{ text: t("cart:cart.heading"), to: "/cart" }, { text: t("cart:checkout.heading") }],
} satisfies BreadcrumbHandle;

const sectionClass = "rounded-lg border border-line bg-surface p-4 md:p-5";
const choiceClass = "flex items-start gap-3 rounded-md border border-line p-3 has-[:checked]:border-primary";

/** One of the form's buttons: each posts the whole form with its intent, and shows its own progress. */
function SubmitIntent({
  intent,
  children,
  variant = "ghost",
  className,
  testId,
}: {
  intent: CheckoutIntent;
  children: React.ReactNode;
  variant?: "primary" | "ghost";
  className?: string;
  testId?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={busy}
      aria-busy={busy || undefined}
      className={`${variant === "primary" ? "btn-primary" : "btn-ghost border border-line"} ${className ?? ""}`}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/** The message under a group of radio buttons (saved address, delivery, payment), worded by the form kit. */
function ChoiceError({ meta, label }: { meta: FieldMetadata<unknown>; label: string }) {
  return <FieldError id={meta.errorId} name={meta.name} message={useFieldMessage(meta.errors, label)} />;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("cart");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { currency } = useDisplayCurrency();
  const state: CheckoutState = actionData?.state ?? loaderData.state;
  const lists = actionData?.lists ?? loaderData.lists;
  const { values, quote } = state;
  const { lines, excluded, addresses, isCustomer, pointsBalance, satangPerPoint } = loaderData;
  // The totals as sums of what the summary shows, so in another currency they add up as shown.
  const lineParts = lines.map(linePart);
  const totalParts: SatangPart[] = [
    ...lineParts,
    { satang: quote.discountSatang, sign: -1 },
    { satang: quote.pointsSatang, sign: -1 },
    { satang: quote.shippingSatang },
  ];
  // The schema and Zod load when the form is first touched, not with the page (first-load JavaScript, issue 19).
  const [form, fields, validation] = useDeferredSchemaForm(() => import("~/features/checkout/checkout-schemas").then((schemas) => schemas.checkoutSchema), {
    id: "checkout",
    lastResult: actionData?.result,
    defaultValue: loaderData.state.values,
    constraint: loaderData.constraint,
    // A field checked on leaving it (no button pressed yet) is checked as for placing the order.
    prepare: (formData) => {
      if (!formData.has("intent")) formData.set("intent", "place");
    },
  });
  const [addressChoice, setAddressChoice] = useState(values.addressChoice);
  const navigation = useNavigation();
  const placing = navigation.state !== "idle" && navigation.formData?.get("intent") === "place";
  const baht = (amount: number) => formatBaht(amount, intlLocale(locale));
  const hydrated = useHydrated();
  const submit = useSubmit();
  // With JavaScript, choosing another delivery method, saved address or country re-quotes at once (the
  // "Update totals" button does the same without it), so the total on the button is the one charged.
  const requote = (element: HTMLFormElement | null) => {
    if (!element) return;
    const formData = new FormData(element);
    formData.set("intent", "review");
    void submit(formData, { method: "post", preventScrollReset: true });
  };
  const showNewAddress = !hydrated || addresses.length === 0 || addressChoice === "new";

  return (
    <FormMessages namespace="shop">
      <div className="mx-auto max-w-6xl px-4 py-6" data-testid="checkout-page">
        <PageTitle title={t("checkout.heading")} intro={t("checkout.intro")} />
        {excluded ? <p className="mt-2 text-sm text-amber-800">{t("checkout.excluded")}</p> : null}
        <div className="mt-4">
          <FormErrors form={form} refusal={state.refusal} />
        </div>

        <Form
          method="post"
          {...getFormProps(form)}
          // A saved address needs no new one, so the browser does not hold the form back: the schema decides.
          noValidate
          className="mt-2 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
          data-testid="checkout-form"
          data-hydrated={hydrated ? "true" : undefined}
          {...validation}
          // Another country is another delivery rate: re-quote at once, as for the method.
          onChange={(event) => {
            const changed: EventTarget = event.target;
            if (changed instanceof HTMLSelectElement && changed.name === "country") requote(event.currentTarget);
          }}
        >
          <input type="hidden" name="idempotencyKey" value={values.idempotencyKey} />
          <input type="hidden" name="expectedTotal" value={values.expectedTotal} />
          <input type="hidden" name="code" value={quote.appliedCode ?? ""} />

          <div className="flex min-w-0 flex-col gap-6">
            <section className={sectionClass} aria-labelledby="checkout-contact">
              <h2 id="checkout-contact" className="mb-3 text-lg font-semibold">
                {t("checkout.contact")}
              </h2>
              <Field meta={fields.email} type="email" label={t("checkout.email")} autoComplete="email" hint={t("checkout.emailHint")} />
            </section>

            <section className={sectionClass} aria-labelledby="checkout-address">
              <h2 id="checkout-address" className="mb-3 text-lg font-semibold">
                {t("checkout.shippingAddress")}
              </h2>
              {addresses.length > 0 ? (
                <fieldset
                  className="mb-4 flex flex-col gap-2"
                  data-testid="saved-addresses"
                  aria-describedby={fields.addressChoice.errors ? fields.addressChoice.errorId : undefined}
                >
                  <legend className="mb-2 text-sm font-semibold">{t("checkout.savedAddresses")}</legend>
                  {addresses.map((address) => (
                    <label key={address.id} className={choiceClass}>
                      <input
                        type="radio"
                        name="addressChoice"
                        value={String(address.id)}
                        defaultChecked={values.addressChoice === String(address.id)}
                        onChange={(event) => {
                          setAddressChoice(String(address.id));
                          requote(event.currentTarget.form);
                        }}
                        className="mt-1 size-4"
                      />
                      <span className="min-w-0 text-sm">
                        <span className="block font-medium">
                          {address.firstName} {address.lastName} · {address.phone}
                        </span>
                        <span className="block break-words text-ink-muted">
                          {[address.address, address.areaNames.suburb, address.areaNames.city, address.areaNames.province, address.zipcode, address.country]
                            .filter(Boolean)
                            .join(", ")}
                        </span>
                      </span>
                    </label>
                  ))}
                  <label className={`${choiceClass} items-center`}>
                    <input
                      type="radio"
                      name="addressChoice"
                      value="new"
                      defaultChecked={values.addressChoice === "new"}
                      onChange={() => setAddressChoice("new")}
                      className="size-4"
                    />
                    <span className="text-sm font-medium">{t("checkout.newAddress")}</span>
                  </label>
                  <ChoiceError meta={fields.addressChoice} label={t("checkout.savedAddresses")} />
                </fieldset>
              ) : (
                <input type="hidden" name="addressChoice" value="new" />
              )}
              {/* Without JavaScript the new-address fields always show; they count only with "new" chosen. */}
              <div className={showNewAddress ? "flex flex-col gap-4" : "hidden"} data-testid="new-address">
                <p className="text-sm text-ink-muted">{t("checkout.addressHint")}</p>
                <FormMessages namespace="account">
                  <AddressFieldset fields={fields} values={values} lists={lists} onAreaChange={(name, value) => form.update({ name, value })} />
                </FormMessages>
              </div>
            </section>

            <section className={sectionClass} aria-labelledby="checkout-tax-invoice">
              <h2 id="checkout-tax-invoice" className="mb-3 text-lg font-semibold">
                {t("documents:request.heading")}
              </h2>
              <TaxInvoiceRequestFields
                fields={fields}
                withBox
                requested={values.taxInvoice === "on" || Boolean(values.taxInvoiceName)}
                remembered={loaderData.state.values.taxInvoiceName !== "" && values.taxInvoiceName === loaderData.state.values.taxInvoiceName}
              />
            </section>

            <section className={sectionClass} aria-labelledby="checkout-delivery">
              <h2 id="checkout-delivery" className="mb-3 text-lg font-semibold">
                {t("checkout.delivery")}
              </h2>
              {quote.options.length === 0 ? (
                <p className="text-sm text-error" data-testid="no-shipping">
                  {t("checkout.noShipping")}
                </p>
              ) : null}
              <div className="flex flex-col gap-2" role="radiogroup" aria-labelledby="checkout-delivery">
                {quote.options.map((option) => (
                  <label key={option.method} className={`${choiceClass} items-center`} data-testid={`method-${option.method}`}>
                    <input
                      type="radio"
                      name="method"
                      value={option.method}
                      defaultChecked={
                        values.method === option.method ||
                        (option.method === "standard" && !quote.options.some((candidate) => candidate.method === values.method))
                      }
                      onChange={(event) => requote(event.currentTarget.form)}
                      className="size-4"
                    />
                    <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3">
                      <span className="font-medium">{t(`checkout.method_${option.method}`)}</span>
                      <span className="text-sm text-ink-muted">
                        {option.carrier ? `${option.carrier[locale] || option.carrier.en} · ` : null}
                        {t("checkout.deliveryDays", { min: option.min, max: option.max })}
                      </span>
                      <Price satang={option.priceSatang} className="font-semibold" />
                    </span>
                  </label>
                ))}
              </div>
              <ChoiceError meta={fields.method} label={t("checkout.delivery")} />
              <SubmitIntent intent="review" className="mt-3" testId="update-totals">
                {t("checkout.updateTotals")}
              </SubmitIntent>
            </section>

            <section className={sectionClass} aria-labelledby="checkout-code">
              <h2 id="checkout-code" className="mb-3 text-lg font-semibold">
                {t("checkout.discountCode")}
              </h2>
              {quote.appliedCode ? (
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm text-success" data-testid="code-message" role="status">
                    {state.codeMessage?.text ?? t("checkout.codeApplied", { code: quote.appliedCode, amount: baht(quote.discountSatang) })}
                  </p>
                  <SubmitIntent intent="remove-code" testId="remove-code">
                    {t("checkout.removeCode")}
                  </SubmitIntent>
                </div>
              ) : (
                <div className="flex flex-col gap-2">
                  <div className="flex items-start gap-2">
                    <Field meta={fields.codeInput} label={t("checkout.discountCode")} autoComplete="off" className="min-w-0 flex-1" />
                    <SubmitIntent intent="apply-code" className="mt-7" testId="apply-code">
                      {t("checkout.applyCode")}
                    </SubmitIntent>
                  </div>
                  {state.codeMessage ? (
                    <p
                      className={`text-sm ${state.codeMessage.tone === "error" ? "text-error" : "text-success"}`}
                      data-testid="code-message"
                      role={state.codeMessage.tone === "error" ? "alert" : "status"}
                    >
                      {state.codeMessage.text}
                    </p>
                  ) : null}
                </div>
              )}
            </section>

            {isCustomer ? (
              <section className={sectionClass} aria-labelledby="checkout-points">
                <h2 id="checkout-points" className="mb-3 text-lg font-semibold">
                  {t("checkout.points")}
                </h2>
                <p className="mb-2 text-sm text-ink-muted" data-testid="points-balance">
                  {t("checkout.pointsBalance", { count: pointsBalance, value: baht(satangPerPoint) })}
                </p>
                {pointsBalance > 0 ? (
                  <div className="flex items-start gap-2">
                    <Field
                      meta={fields.points}
                      type="number"
                      inputMode="numeric"
                      label={t("checkout.pointsToUse")}
                      max={pointsBalance}
                      step={1}
                      className="min-w-0 flex-1"
                    />
                    <SubmitIntent intent="review" className="mt-7">
                      {t("checkout.updateTotals")}
                    </SubmitIntent>
                  </div>
                ) : null}
                {pointsBalance > 0 ? (
                  <p className="mt-2 text-sm" data-testid="points-usable" data-points={quote.pointsUsable}>
                    {t("checkout.pointsUsable", { count: quote.pointsUsable, value: baht(quote.pointsUsableSatang) })}
                  </p>
                ) : null}
                {state.pointsNote ? (
                  <p className="mt-2 text-sm text-amber-800" data-testid="points-note">
                    {state.pointsNote}
                  </p>
                ) : null}
              </section>
            ) : null}

            <section className={sectionClass} aria-labelledby="checkout-payment">
              <h2 id="checkout-payment" className="mb-3 text-lg font-semibold">
                {t("checkout.payment")}
              </h2>
              <div
                className="flex flex-col gap-2"
                role="radiogroup"
                aria-labelledby="checkout-payment"
                aria-describedby={fields.payment.errors ? fields.payment.errorId : undefined}
              >
                {paymentMethods.map((method) => (
                  <label key={method} className={choiceClass}>
                    <input
                      type="radio"
                      name="payment"
                      value={method}
                      defaultChecked={values.payment === method}
                      required
                      className="mt-1 size-4"
                      data-testid={`payment-${method}`}
                    />
                    <span className="text-sm">
                      <span className="block font-medium">{t(`checkout.payment_${method}`)}</span>
                      <span className="block text-ink-muted">{t(`checkout.payment_${method}Hint`)}</span>
                    </span>
                  </label>
                ))}
              </div>
              <ChoiceError meta={fields.payment} label={t("checkout.payment")} />
            </section>
          </div>

          <aside className="min-w-0 lg:sticky lg:top-4 lg:self-start" aria-labelledby="checkout-summary">
            <div className={sectionClass}>
              <h2 id="checkout-summary" className="mb-3 text-lg font-semibold">
                {t("checkout.summary")}
              </h2>
              <ul className="divide-y divide-line" aria-label={t("checkout.items")}>
                {lines.map((line) => (
                  <li key={line.cartLineId} className="flex gap-3 py-3" data-testid="checkout-line">
                    {line.imageKey ? (
                      <MediaImage imageKey={line.imageKey} width={48} height={60} className="h-15 w-12 shrink-0 rounded bg-surface-muted object-cover" />
                    ) : null}
                    <div className="min-w-0 flex-1 text-sm">
                      <p className="font-medium">{localized(line, "name", locale)}</p>
                      <p className="text-ink-muted">{localized(line, "options", locale)}</p>
                      <p className="text-ink-muted">
                        {line.quantity} × <Price satang={line.unitPriceSatang} />
                      </p>
                      {line.flashSaleEndsAt ? (
                        <p className="text-xs text-amber-800">
                          {t("checkout.flashSaleUntil", { date: formatDate(line.flashSaleEndsAt, locale, { dateStyle: "medium", timeStyle: "short" }) })}
                        </p>
                      ) : null}
                    </div>
                    <PriceSum parts={[linePart(line)]} satang={line.lineTotalSatang} className="text-sm font-medium" />
                  </li>
                ))}
              </ul>
              <dl className="mt-3 flex flex-col gap-1 border-t border-line pt-3 text-sm" data-testid="checkout-totals">
                <div className="flex justify-between gap-3">
                  <dt>{t("checkout.subtotal")}</dt>
                  <dd data-testid="total-subtotal">
                    <PriceSum parts={lineParts} satang={quote.subtotalSatang} />
                  </dd>
                </div>
                {quote.discountSatang > 0 ? (
                  <div className="flex justify-between gap-3 text-success">
                    <dt>{t("checkout.discount", { code: quote.appliedCode ?? "" })}</dt>
                    <dd data-testid="total-discount">
                      −<Price satang={quote.discountSatang} />
                    </dd>
                  </div>
                ) : null}
                {quote.pointsSatang > 0 ? (
                  <div className="flex justify-between gap-3 text-success">
                    <dt>{t("checkout.pointsDiscount", { count: quote.pointsUsed })}</dt>
                    <dd data-testid="total-points">
                      −<Price satang={quote.pointsSatang} />
                    </dd>
                  </div>
                ) : null}
                <div className="flex justify-between gap-3">
                  <dt>{t("checkout.shipping")}</dt>
                  <dd data-testid="total-shipping">
                    <Price satang={quote.shippingSatang} />
                  </dd>
                </div>
                <div className="mt-2 flex justify-between gap-3 border-t border-line pt-2 text-base font-bold">
                  <dt>{t("checkout.total")}</dt>
                  <dd data-testid="total-total">
                    <PriceSum parts={totalParts} satang={quote.totalSatang} />
                  </dd>
                </div>
                <div className="flex justify-between gap-3 text-ink-muted">
                  <dt className="sr-only">{t("checkout.vatLabel")}</dt>
                  <dd data-testid="total-vat">{t("checkout.vatIncluded", { rate: quote.vatPercent, amount: baht(quote.vatSatang) })}</dd>
                </div>
              </dl>
              {currency !== "THB" ? (
                <p className="mt-2 text-sm font-medium" data-testid="total-thb">
                  {t("checkout.totalInBaht", { amount: baht(quote.totalSatang) })}
                </p>
              ) : null}
              <CurrencyNote className="mt-2" />
              <SubmitIntent intent="place" variant="primary" className="mt-4 w-full" testId="place-order">
                {placing ? t("checkout.placing") : t("checkout.placeOrder")}
              </SubmitIntent>
              <Link to={localizePath(locale, "/cart")} className="btn-ghost mt-2 w-full border border-line">
                {t("checkout.backToCart")}
              </Link>
            </div>
          </aside>
        </Form>
      </div>
    </FormMessages>
  );
}
