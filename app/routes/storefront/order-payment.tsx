import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, Clock, Info } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { isCountryCode } from "~/domain/address";
import { formatDate } from "~/domain/dates";
import { formatBytes } from "~/domain/format-bytes";
import { formatBaht } from "~/domain/money";
import { orderStatusId, statusLabelKey } from "~/domain/order-status";
import type { PaymentMethod } from "~/domain/payment-methods";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { refuseOwnerOnlyPage } from "~/features/accounts/guards.server";
import { getViewer } from "~/features/accounts/viewer.server";
import { listOrderDocuments } from "~/features/billing/order-documents.server";
import { OrderDocumentsList } from "~/features/billing/order-documents-list";
import {
  canSeeOrder,
  findOrderByNumber,
  loadOrderPageData,
  openGuestOrderLink,
  orderPagePath,
  paymentMethodOf,
  type PaymentOrder,
  submitPaymentSlip,
  switchPaymentMethod,
} from "~/features/payments/order-payment.server";
import { paymentActionSchema, type PaymentForm, paymentFormOf, slipAccept, slipMaxMegabytes, slipSchema } from "~/features/payments/payment-schemas";
import { slipMaxBytes } from "~/features/payments/payment-settings";
import { paypalConfig } from "~/features/payments/paypal.server";
import { type PayPalReturnMessage, paypalReturnMessages, startPayPalPayment } from "~/features/payments/paypal-payments.server";
import { orderAreaNames } from "~/features/thai-address/thai-address.server";
import { intlLocale, type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { FileField, FormErrors, FormMessages, SubmitButton } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { storefrontMeta } from "~/ui/meta";
import { CurrencyNote, Price } from "~/ui/price";
import { TableHead } from "~/ui/table-head";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/order-payment";

/**
 * The order payment page (spec §2 /cart/checkout/{id}; docs/decisions/0013-payments.md): pay or
 * retry an unpaid order by PayPal or bank transfer (PromptPay QR, bank accounts, slip upload), see a
 * slip under review, and the thank-you view once paid. The id is the order's public number. Only
 * the order's customer or the guest session that placed it may open it: a signed-out visitor is sent
 * to sign in (and back), staff go home, another customer gets 404.
 */
async function visibleOrder({ params, context, request }: Pick<Route.LoaderArgs, "params" | "context" | "request">) {
  const { env } = getCloudflare(context);
  const order = await findOrderByNumber(env.DB, params.id ?? "");
  // An e-mailed link opened signed out leads to sign-in and back here (missing or not: same answer).
  if (!order || !canSeeOrder(order, getViewer(context))) refuseOwnerOnlyPage({ request, context });
  return order;
}

/** Who and where the order goes, the area named in the page's language (the thank-you view). */
async function deliveryOf(order: PaymentOrder, locale: Locale) {
  if (!order.shipAddress) return null;
  const area = await orderAreaNames(order, locale);
  return {
    name: [order.shipFirstName, order.shipLastName].filter(Boolean).join(" "),
    phone: order.shipPhone ?? "",
    lines: [order.shipAddress, [area.suburb, area.city].filter(Boolean).join(" "), [area.province, order.shipZipcode].filter(Boolean).join(" ")].filter(
      Boolean,
    ),
    country: order.shipCountry ?? "",
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  // A guest's e-mailed link (?key=) opens the order in whichever browser it is clicked in.
  const linked = await findOrderByNumber(env.DB, args.params.id ?? "");
  const opened = linked ? await openGuestOrderLink(env.DB, args.request, getViewer(args.context), linked, locale) : null;
  if (opened) throw opened;
  const order = await visibleOrder(args);
  const page = await loadOrderPageData(env.DB, order);
  const t = getInstance(args.context).getFixedT(locale, "payments");
  const message = new URL(args.request.url).searchParams.get("payment");
  const latestTransfer = page.payments.find((payment) => payment.provider === "transfer");
  return data(
    {
      meta: { title: t("meta.title", { number: order.orderNumber }) },
      order: {
        orderNumber: order.orderNumber,
        statusId: order.statusId,
        method: paymentMethodOf(order),
        createdAt: order.createdAt,
        subtotalSatang: order.subtotalSatang,
        discountSatang: order.discountSatang,
        pointsDiscountSatang: order.pointsDiscountSatang,
        shippingSatang: order.shippingSatang,
        vatSatang: order.vatSatang,
        vatPercent: order.vatPercent,
        totalSatang: order.totalSatang,
      },
      delivery: await deliveryOf(order, locale),
      customerId: order.customerId,
      documents: await listOrderDocuments(env.DB, order.id),
      lines: page.lines,
      transfer: page.transfer,
      slipRejected: order.statusId === orderStatusId.waiting_payment && latestTransfer?.status === "rejected",
      paypalAvailable: paypalConfig(env) !== null,
      returnMessage: (paypalReturnMessages as readonly string[]).includes(message ?? "") ? (message as PayPalReturnMessage) : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * Pay by PayPal (to PayPal's approval page), switch the method, or upload a slip; success goes back
 * to this page with a toast. Refusals come back as the form's messages (payments:validation), each
 * to the form it belongs to: a slip that is missing, too large (413) or not an image, an order no
 * longer waiting (409), PayPal unavailable or failing (502).
 */
export async function action(args: Route.ActionArgs) {
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const order = await visibleOrder(args);
  const request = args.request;
  const here = orderPagePath(locale, order.orderNumber);
  const answer = (form: PaymentForm, result: SubmissionResult<string[]>, status: number) =>
    data({ form, result }, { status, headers: { "Cache-Control": "no-store" } });
  const tooLarge = `slipTooLarge:${slipMaxMegabytes}`;

  // A body far over the slip limit is refused before it is read.
  const declaredLength = Number(request.headers.get("content-length") ?? "0");
  if (declaredLength > slipMaxBytes + 64 * 1024) return answer("slip", { status: "error", error: { slip: [tooLarge] } }, 413);
  // The Worker's door (workers/form-body.ts) has already answered 4xx to a body that is not a readable form.
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: paymentActionSchema });
  const form = paymentFormOf(formData.get("intent"));
  const refuse = (key: string, status: number) => answer(form, submission.reply({ formErrors: [key] }), status);
  if (submission.status !== "success") {
    if (form === "slip") return answer(form, submission.reply(), submission.error?.slip?.[0] === tooLarge ? 413 : 400);
    // The payment choice has no fields to mark: its one message goes above the page.
    return refuse(Object.values(submission.error ?? {}).flat()[0] ?? "unknownAction", 400);
  }

  const origin = linkOrigin(env.PUBLIC_ORIGIN, request);
  const value = submission.value;
  switch (value.intent) {
    case "pay-paypal": {
      const started = await startPayPalPayment(env, order, { origin, locale, brandName: "Pryde" });
      if (started.ok) return redirect(started.approveUrl);
      if (started.reason === "not-waiting") return refuse("notWaiting", 409);
      return started.reason === "unavailable" ? refuse("paypalUnavailable", 400) : refuse("paypalFailed", 502);
    }
    case "switch-method": {
      const switched = await switchPaymentMethod(env.DB, order, value.method);
      if (!switched.ok) return refuse("notWaiting", 409);
      return redirectWithToast(request, here, { key: "payments:message.methodChanged" });
    }
    case "upload-slip": {
      const result = await submitPaymentSlip(env, order, getViewer(args.context), value.slip, origin);
      if (result.ok) return redirectWithToast(request, here, { key: "payments:message.slipSent" }, { headers: { "Cache-Control": "no-store" } });
      if (result.reason === "not-waiting") return refuse("notWaiting", 409);
      const slipTooLarge = result.problem === "slipTooLarge";
      return answer("slip", submission.reply({ fieldErrors: { slip: [slipTooLarge ? tooLarge : result.problem] } }), slipTooLarge ? 413 : 400);
    }
  }
}

// Personal and changing: never stored by a cache; the order number stays out of other sites' Referer.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

const paidStatusIds: readonly number[] = [orderStatusId.paid, orderStatusId.awaiting_fulfilment, orderStatusId.fulfilment_done, orderStatusId.completed];

export default function OrderPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("payments");
  const { t: ta } = useTranslation("account");
  const { t: tDocuments } = useTranslation("documents");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { order, lines, transfer, paypalAvailable, returnMessage, slipRejected } = loaderData;
  const [choiceForm] = useForm({ id: "payment-choice", lastResult: actionData?.form === "choice" ? actionData.result : undefined });
  const [slipForm, slipFields] = useSchemaForm(slipSchema, { id: "slip-form", lastResult: actionData?.form === "slip" ? actionData.result : undefined });
  const waiting = order.statusId === orderStatusId.waiting_payment;
  const paid = paidStatusIds.includes(order.statusId);
  const statusKey = statusLabelKey(order.statusId);
  const methodLabel = (method: PaymentMethod) => t(method === "paypal" ? "pay.paypal" : "pay.transfer");
  const otherMethod: PaymentMethod = order.method === "paypal" ? "transfer" : "paypal";

  return (
    <FormMessages namespace="payments">
      <div className="mx-auto max-w-3xl px-4 py-6" data-testid="order-payment">
        <h1 className="text-2xl font-bold md:text-3xl">{t("heading", { number: order.orderNumber })}</h1>
        <p className="mt-1 text-sm text-ink-muted">
          {t("placedOn", { date: formatDate(order.createdAt, locale, { dateStyle: "medium", timeStyle: "short" }) })}
          {" · "}
          {t("statusLabel")}: <strong data-testid="order-status">{t(`status.${statusKey}`)}</strong>
        </p>

        {returnMessage && !paid ? (
          <p role="alert" className="mt-4 rounded-md border border-warning bg-amber-50 px-4 py-3 text-sm" data-testid="payment-message">
            {t(`message.${returnMessage}`)}
          </p>
        ) : null}
        <div className="mt-4">
          <FormErrors form={choiceForm} />
        </div>

        {paid ? (
          <section className="mt-6 rounded-lg border border-success bg-green-50 p-5" data-testid="thank-you">
            <h2 className="flex items-center gap-2 text-xl font-bold">
              <CheckCircle2 className="size-6 text-success" aria-hidden />
              {t("thanks.heading")}
            </h2>
            <p className="mt-2">{t("thanks.body")}</p>
            <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
              {loaderData.delivery ? (
                <div data-testid="thanks-delivery">
                  <dt className="font-semibold">{t("thanks.deliveryAddress")}</dt>
                  <dd className="mt-1 break-words">
                    {loaderData.delivery.name}
                    {loaderData.delivery.lines.map((line) => (
                      <span key={line} className="block">
                        {line}
                      </span>
                    ))}
                    <span className="block">
                      {isCountryCode(loaderData.delivery.country) ? ta(`countries.${loaderData.delivery.country}`) : loaderData.delivery.country}
                    </span>
                    {loaderData.delivery.phone ? <span className="block text-ink-muted">{loaderData.delivery.phone}</span> : null}
                  </dd>
                </div>
              ) : null}
              <div data-testid="thanks-method" data-method={order.method}>
                <dt className="font-semibold">{t("thanks.paymentMethod")}</dt>
                <dd className="mt-1">{t(order.method === "paypal" ? "pay.paypal" : "pay.transfer")}</dd>
              </div>
            </dl>
            <section className="mt-4" data-testid="order-documents" aria-labelledby="thanks-documents">
              <h3 id="thanks-documents" className="mb-2 font-semibold">
                {tDocuments("mine.heading")}
              </h3>
              <OrderDocumentsList
                documents={loaderData.documents}
                order={{ orderNumber: order.orderNumber, customerId: loaderData.customerId }}
                locale={locale}
              />
            </section>
            <h3 className="mt-4 font-semibold">{t("thanks.nextSteps")}</h3>
            <ol className="mt-2 list-decimal space-y-1 ps-6 text-sm">
              <li>{t("thanks.stepPack")}</li>
              <li>{t("thanks.stepShip")}</li>
              <li>{t("thanks.stepTrack")}</li>
            </ol>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link
                to={`${localizePath(locale, "/tracking")}?number=${encodeURIComponent(order.orderNumber)}`}
                className="btn-primary"
                data-testid="thanks-track"
              >
                {t("thanks.track")}
              </Link>
              <Link to={localizePath(locale, "/shop")} className="btn-ghost border border-line">
                {t("thanks.continue")}
              </Link>
            </div>
          </section>
        ) : null}

        {order.statusId === orderStatusId.slip_review ? (
          <section className="mt-6 rounded-lg border border-primary bg-blue-50 p-5" data-testid="slip-review">
            <h2 className="flex items-center gap-2 text-xl font-bold">
              <Clock className="size-6 text-primary" aria-hidden />
              {t("slipReview.heading")}
            </h2>
            <p className="mt-2">{t("slipReview.body")}</p>
          </section>
        ) : null}

        {order.statusId === orderStatusId.cancelled ||
        order.statusId === orderStatusId.in_review ||
        order.statusId === orderStatusId.refund_request ||
        order.statusId === orderStatusId.refunded ? (
          <p className="mt-6 flex items-start gap-2 rounded-md border border-line bg-surface-muted px-4 py-3" data-testid="order-closed">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t(
              order.statusId === orderStatusId.cancelled
                ? "closed.cancelled"
                : order.statusId === orderStatusId.in_review
                  ? "closed.in_review"
                  : "closed.refund",
            )}
          </p>
        ) : null}

        {waiting ? (
          <section className="mt-6 rounded-lg border border-line p-4 md:p-5" data-testid="pay-section" aria-labelledby="pay-heading">
            <h2 id="pay-heading" className="text-xl font-bold">
              {t("pay.heading")}
            </h2>
            <p className="mt-1 text-lg" data-testid="amount-due">
              {t("pay.amount")}{" "}
              <strong>
                <ThbAmount satang={order.totalSatang} locale={locale} />
              </strong>
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
              <span data-testid="current-method">{t("pay.currentMethod", { method: methodLabel(order.method) })}</span>
              {otherMethod === "transfer" || paypalAvailable ? (
                <Form method="post">
                  <input type="hidden" name="method" value={otherMethod} />
                  <button type="submit" name="intent" value="switch-method" className="btn-ghost border border-line" data-testid="switch-method">
                    {t("pay.switchTo", { method: methodLabel(otherMethod) })}
                  </button>
                </Form>
              ) : null}
            </div>

            {order.method === "paypal" ? (
              <div className="mt-4" data-testid="paypal-section">
                {paypalAvailable ? (
                  <>
                    <p className="text-sm text-ink-muted">{t("paypal.intro")}</p>
                    <Form method="post" reloadDocument className="mt-3">
                      <button type="submit" name="intent" value="pay-paypal" className="btn-primary w-full sm:w-auto" data-testid="pay-paypal">
                        {t("paypal.button")}
                      </button>
                    </Form>
                  </>
                ) : (
                  <p role="note" className="rounded-md border border-warning bg-amber-50 px-4 py-3 text-sm" data-testid="paypal-unavailable">
                    {t("paypal.unavailable")}
                  </p>
                )}
              </div>
            ) : (
              <div className="mt-4 space-y-5" data-testid="transfer-section">
                <p className="text-sm text-ink-muted">{t("transfer.intro")}</p>
                {slipRejected ? (
                  <p role="alert" className="rounded-md border border-error bg-red-50 px-4 py-3 text-sm" data-testid="slip-rejected">
                    {t("transfer.rejected")}
                  </p>
                ) : null}
                {transfer.qrSvg ? (
                  <figure className="flex flex-col items-center gap-2">
                    <div
                      role="img"
                      aria-label={t("transfer.qrLabel", { amount: thbText(order.totalSatang, locale) })}
                      className="w-56 max-w-full [&>svg]:h-auto [&>svg]:w-full"
                      data-testid="promptpay-qr"
                      // Server-made SVG from digits only (app/domain/promptpay.ts, uqr): no user text in it.
                      dangerouslySetInnerHTML={{ __html: transfer.qrSvg }}
                    />
                    <figcaption className="text-center text-sm">
                      {t("transfer.promptPayId", { id: transfer.promptPayId })}
                      <br />
                      <strong>{thbText(order.totalSatang, locale)}</strong>
                    </figcaption>
                  </figure>
                ) : (
                  <p className="text-sm">{t("transfer.noQr")}</p>
                )}
                <div>
                  <h3 className="font-semibold">{t("transfer.accountsHeading")}</h3>
                  {transfer.accounts.length > 0 ? (
                    <ul className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="bank-accounts">
                      {transfer.accounts.map((account) => (
                        <li key={`${account.bank}-${account.accountNumber}`} className="rounded-md border border-line p-3 text-sm">
                          <span className="block font-semibold">{account.bank}</span>
                          <span className="block">
                            {t("transfer.accountName")}: {account.accountName}
                          </span>
                          <span className="block">
                            {t("transfer.accountNumber")}: <span className="font-mono">{account.accountNumber}</span>
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-2 text-sm">{t("transfer.noAccounts")}</p>
                  )}
                </div>
                <Form
                  method="post"
                  encType="multipart/form-data"
                  reloadDocument
                  className="space-y-2"
                  data-testid="slip-form"
                  aria-labelledby="slip-heading"
                  {...getFormProps(slipForm)}
                >
                  <h3 id="slip-heading" className="font-semibold">
                    {t("transfer.slipHeading")}
                  </h3>
                  <FormErrors form={slipForm} />
                  <FileField
                    meta={slipFields.slip}
                    label={t("transfer.slipLabel")}
                    hint={t("transfer.slipHint", { max: formatBytes(slipMaxBytes) })}
                    accept={slipAccept}
                  />
                  <SubmitButton name="intent" value="upload-slip" className="w-full sm:w-auto" testId="upload-slip">
                    {t("transfer.slipSubmit")}
                  </SubmitButton>
                </Form>
              </div>
            )}
          </section>
        ) : null}

        <section className="mt-8" aria-labelledby="summary-heading">
          <h2 id="summary-heading" className="text-lg font-bold">
            {t("summary.heading")}
          </h2>
          <table className="mt-3 w-full text-sm">
            <TableHead
              className="border-b border-line text-left text-ink-muted"
              cells={[
                [t("summary.item"), "py-2 font-medium"],
                [t("summary.quantity"), "py-2 text-right font-medium"],
                [t("summary.total"), "py-2 text-right font-medium"],
              ]}
            />
            <tbody className="divide-y divide-line">
              {lines.map((line) => (
                <tr key={line.id} data-testid="order-line">
                  <td className="py-3">
                    <span className="font-medium">{localized(line, "name", locale)}</span>
                    <span className="block text-ink-muted">{localized(line, "variant", locale)}</span>
                  </td>
                  <td className="py-3 text-right">{line.quantity}</td>
                  <td className="py-3 text-right">
                    <Price satang={line.lineTotalSatang} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-line">
              <SummaryRow label={t("summary.subtotal")} satang={order.subtotalSatang} testId="order-subtotal" />
              {order.discountSatang > 0 ? <SummaryRow label={t("summary.discount")} satang={-order.discountSatang} testId="order-discount" /> : null}
              {order.pointsDiscountSatang > 0 ? <SummaryRow label={t("summary.points")} satang={-order.pointsDiscountSatang} testId="order-points" /> : null}
              <SummaryRow label={t("summary.shipping")} satang={order.shippingSatang} testId="order-shipping" />
              <tr>
                <th scope="row" colSpan={2} className="py-2 text-right text-base">
                  {t(paid ? "summary.paidTotal" : "summary.grandTotal")}
                </th>
                <td className="py-2 text-right text-base font-bold" data-testid="order-total">
                  <ThbAmount satang={order.totalSatang} locale={locale} />
                </td>
              </tr>
              <tr>
                <td colSpan={3} className="pb-2 text-right text-xs text-ink-muted">
                  {t("summary.vat", { percent: order.vatPercent })}: <ThbAmount satang={order.vatSatang} locale={locale} />
                </td>
              </tr>
            </tfoot>
          </table>
          <p className="mt-2 text-sm text-ink-muted">{t("summary.thbNote")}</p>
          <CurrencyNote className="mt-1" />
        </section>
      </div>
    </FormMessages>
  );
}

function SummaryRow({ label, satang, testId }: { label: string; satang: number; testId: string }) {
  return (
    <tr>
      <th scope="row" colSpan={2} className="py-1 text-right font-normal text-ink-muted">
        {label}
      </th>
      <td className="py-1 text-right" data-testid={testId}>
        {satang < 0 ? (
          <>
            −<Price satang={-satang} />
          </>
        ) : (
          <Price satang={satang} />
        )}
      </td>
    </tr>
  );
}

/** Charged amounts are always shown in Baht (display currencies are an estimate; see CurrencyNote). */
function thbText(satang: number, locale: Locale): string {
  return formatBaht(satang, intlLocale(locale));
}

function ThbAmount({ satang, locale }: { satang: number; locale: Locale }) {
  return <span>{thbText(satang, locale)}</span>;
}
