import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, CreditCard, Repeat } from "lucide-react";
import { data, Form, Link } from "react-router";

import { isCountryCode } from "~/domain/address";
import { formatDate } from "~/domain/dates";
import { lineAmountSatang } from "~/domain/line-amounts";
import { formatBaht } from "~/domain/money";
import { orderStatusId, statusLabelKey } from "~/domain/order-status";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { customerRoute } from "~/features/accounts/customer-route.server";
import { OrderDocumentsList } from "~/features/billing/order-documents-list";
import { IntentButton, Section } from "~/features/profile/account-ui";
import { type CustomerOrderIntent, customerOrderIntentSchema } from "~/features/purchases/purchase-schemas";
import { applyCustomerOrderIntent, checkCustomerOrderIntent, getPurchase } from "~/features/purchases/purchases.server";
import { OrderStatusBadge } from "~/features/purchases/purchases-ui";
import { reviewLinksForOrder } from "~/features/reviews/reviews.server";
import { WriteReviewLink } from "~/features/reviews/write-review-link";
import { orderAreaNames } from "~/features/thai-address/thai-address.server";
import { intlLocale, type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { confirmStep, confirmStepValue, isConfirmed } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";
import { AnswerErrors } from "~/ui/form/fields";
import { storefrontMeta } from "~/ui/meta";
import { NewTabLink } from "~/ui/new-tab-link";
import { CurrencyNote, Price, useDisplayCurrency } from "~/ui/price";
import { ProfileLayout } from "~/ui/profile-layout";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/my-purchase-order";

/**
 * One of the customer's orders (/my-purchase/{orderNumber}): lines as bought (snapshots), totals,
 * address, status history, parcel tracking, documents, and what the customer may do now — pay
 * (the payment page /cart/checkout/{orderNumber}), cancel, confirm receipt, ask for a refund (each
 * through changeOrderStatus as the customer), ask for an exchange. Cancelling and asking for a
 * refund ask first (a dialog with JavaScript, a confirm step without). Someone else's order number
 * is a 404, for reading and for every action.
 */
const notFound = () => data(null, { status: 404 });

export async function loader(args: Route.LoaderArgs) {
  const { viewer, env, locale, t } = customerRoute(args, "purchases");
  const purchase = await getPurchase(env.DB, viewer.customerId, args.params.orderNumber);
  if (!purchase) throw notFound();
  const title = t("meta.orderTitle", { number: purchase.order.orderNumber });
  const [areaNames, reviewLinks] = await Promise.all([
    orderAreaNames(purchase.order, locale),
    purchase.order.statusId === orderStatusId.completed ? reviewLinksForOrder(env.DB, viewer.customerId, purchase.order.id) : [],
  ]);
  return data({ purchase, areaNames, reviewLinks, meta: { title, description: t("meta.description") } }, { headers: { "Cache-Control": "no-store" } });
}

/** What cannot be taken back asks first; confirming receipt only moves the order on. */
const asksFirst = new Set(["cancel", "request-refund"] as const);
type AskedIntent = typeof asksFirst extends Set<infer T> ? T : never;
const isAsked = (intent: unknown): intent is AskedIntent => asksFirst.has(intent as AskedIntent);

const doneMessage: Record<CustomerOrderIntent, string> = {
  cancel: "purchases:flash.orderCancelled",
  "confirm-receipt": "purchases:flash.receiptConfirmed",
  "request-refund": "purchases:flash.refundRequested",
};

export async function action(args: Route.ActionArgs) {
  const { viewer, env, locale } = customerRoute(args, "purchases");
  // The Worker's door (workers/form-body.ts) has already answered 4xx to a body that is not a readable form.
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: customerOrderIntentSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ formErrors: ["invalid"] }), confirm: null }, { status: 400 });
  const { intent } = submission.value;
  // What cannot be taken back is asked first — about an order the customer may do it to.
  const ask = isAsked(intent) && !isConfirmed(formData);
  const { orderNumber } = args.params;
  const result = ask
    ? await checkCustomerOrderIntent(env.DB, viewer.customerId, orderNumber, intent)
    : await applyCustomerOrderIntent(env.DB, viewer.customerId, orderNumber, intent, linkOrigin(env.PUBLIC_ORIGIN, args.request));
  if (!result.ok && result.reason === "not-found") throw notFound();
  if (!result.ok) return data({ result: submission.reply({ formErrors: ["notAllowed"] }), confirm: null }, { status: 409 });
  if (ask) return data({ result: undefined, confirm: confirmStep(formData) });
  return redirectWithToast(args.request, localizePath(locale, `/my-purchase/${encodeURIComponent(args.params.orderNumber)}`), { key: doneMessage[intent] });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

export const handle = {
  breadcrumb: ({ t, data: loaderData }) => [
    { text: t("purchases:meta.title"), to: "/my-purchase" },
    ...(loaderData ? [{ text: (loaderData as { meta: { title: string } }).meta.title }] : []),
  ],
} satisfies BreadcrumbHandle;

function Row({ label, children, strong, testId }: { label: string; children: React.ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex justify-between gap-4 py-1 ${strong ? "text-base font-bold" : "text-sm"}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}

export default function MyPurchaseOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("purchases");
  const { t: tAccount } = useTranslation("account");
  const locale = i18n.language as Locale;
  const { currency } = useDisplayCurrency();
  const { order, lines, history, shipments, documents, intents, exchange } = loaderData.purchase;
  const { t: tDocuments } = useTranslation("documents");
  const path = localizePath(locale, `/my-purchase/${encodeURIComponent(order.orderNumber)}`);
  const thb = (satang: number) => formatBaht(satang, intlLocale(locale));
  const dateTime = (ms: number) => formatDate(ms, locale, { dateStyle: "medium", timeStyle: "short" });
  const country = order.shipCountry && isCountryCode(order.shipCountry) ? tAccount(`countries.${order.shipCountry}`) : (order.shipCountry ?? "");
  const hints: Record<CustomerOrderIntent, string> = {
    cancel: t("detail.cancelHint"),
    "confirm-receipt": t("detail.confirmHint"),
    "request-refund": t("detail.refundHint"),
  };
  const labels: Record<CustomerOrderIntent, string> = {
    cancel: t("detail.cancel"),
    "confirm-receipt": t("detail.confirmReceipt"),
    "request-refund": t("detail.requestRefund"),
  };
  const questions: Record<AskedIntent, { title: string; description: string; confirmLabel: string }> = {
    cancel: { title: t("detail.askCancel", { number: order.orderNumber }), description: hints.cancel, confirmLabel: labels.cancel },
    "request-refund": {
      title: t("detail.askRefund", { number: order.orderNumber }),
      description: hints["request-refund"],
      confirmLabel: labels["request-refund"],
    },
  };
  const asked = confirmStepValue(actionData?.confirm, "intent");
  const [form] = useForm({ id: "order-actions", lastResult: actionData?.result });
  const waitingPayment = order.statusId === orderStatusId.waiting_payment;
  const hasActions = waitingPayment || intents.length > 0 || exchange.open;

  return (
    <ProfileLayout locale={locale}>
      <div className="flex flex-col gap-6" data-testid="purchase-detail" data-order-number={order.orderNumber}>
        <div className="flex flex-col gap-2">
          <Link to={localizePath(locale, "/my-purchase")} className="inline-flex items-center gap-1 text-sm text-primary-dark underline">
            <ArrowLeft className="size-4" aria-hidden />
            {t("detail.back")}
          </Link>
          <h1 className="text-2xl font-semibold break-all">{t("detail.heading", { number: order.orderNumber })}</h1>
          <div className="flex flex-wrap items-center gap-3 text-sm text-ink-muted">
            <OrderStatusBadge statusId={order.statusId} />
            <span>{t("detail.placedOn", { date: dateTime(order.createdAt) })}</span>
          </div>
        </div>

        <AnswerErrors form={form} namespace="purchases" answered={Boolean(actionData?.result)} />

        {actionData?.confirm && isAsked(asked) ? <ConfirmStep step={actionData.confirm} action={path} cancelTo={path} {...questions[asked]} /> : null}

        <Section title={t("detail.actions")} testId="order-actions">
          {hasActions ? (
            <div className="flex flex-col gap-4">
              {waitingPayment ? (
                <LinkAction
                  hint={t("detail.payHint")}
                  to={localizePath(locale, `/cart/checkout/${encodeURIComponent(order.orderNumber)}`)}
                  className="btn-primary w-full sm:w-auto"
                  testId="pay-now"
                  icon={<CreditCard className="size-4" aria-hidden />}
                  label={t("detail.payNow")}
                />
              ) : null}
              {intents.length > 0 ? (
                <Form method="post" action={path} className="flex flex-col gap-4" {...getFormProps(form)}>
                  {intents.map((intent) => (
                    <div key={intent} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                      <p className="text-sm text-ink-muted">{hints[intent]}</p>
                      {isAsked(intent) ? (
                        <ConfirmButton
                          name="intent"
                          value={intent}
                          {...questions[intent]}
                          className="btn-ghost w-full border border-line sm:w-auto"
                          testId={`intent-${intent}`}
                        >
                          {labels[intent]}
                        </ConfirmButton>
                      ) : (
                        <IntentButton intent={intent} className="w-full sm:w-auto" testId={`intent-${intent}`}>
                          {labels[intent]}
                        </IntentButton>
                      )}
                    </div>
                  ))}
                </Form>
              ) : null}
              {exchange.open ? (
                <LinkAction
                  hint={t("detail.exchangeUntil", { date: formatDate(exchange.until, locale) })}
                  to={`${localizePath(locale, "/exchange")}?order=${encodeURIComponent(order.orderNumber)}`}
                  className="btn-ghost w-full border border-line sm:w-auto"
                  testId="request-exchange"
                  icon={<Repeat className="size-4" aria-hidden />}
                  label={t("detail.requestExchange")}
                />
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-ink-muted">{exchange.reason === "window-closed" ? t("detail.exchangeClosed") : t("detail.noActions")}</p>
          )}
        </Section>

        <Section title={t("detail.items")} testId="order-lines">
          <ul className="flex flex-col divide-y divide-line">
            {lines.map((line) => (
              <li key={line.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="order-line">
                <div className="min-w-0">
                  <p className="font-medium">{localized(line, "productName", locale)}</p>
                  <p className="text-sm text-ink-muted">{[localized(line, "variantLabel", locale), line.sku].filter(Boolean).join(" · ")}</p>
                  {line.exchangeRequested > 0 ? (
                    <p className="text-xs text-primary-dark">{t("detail.exchangeRequested", { count: line.exchangeRequested })}</p>
                  ) : null}
                  <WriteReviewLink link={loaderData.reviewLinks.find((link) => link.productId === line.productId)} locale={locale} />
                </div>
                <div className="text-sm sm:text-right">
                  <p>
                    <Price satang={line.unitPriceSatang} /> × {line.quantity}
                  </p>
                  {line.discountSatang > 0 ? <p className="text-ink-muted">{t("detail.lineDiscount", { amount: thb(line.discountSatang) })}</p> : null}
                  <p className="font-semibold">
                    <Price satang={lineAmountSatang(line)} />
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <dl className="mt-3 border-t border-line pt-3" data-testid="order-totals">
            <Row label={t("detail.subtotal")}>
              <Price satang={order.subtotalSatang} />
            </Row>
            {order.discountSatang > 0 ? (
              <Row label={order.discountCode ? t("detail.discountCode", { code: order.discountCode }) : t("detail.discount")}>
                −<Price satang={order.discountSatang} />
              </Row>
            ) : null}
            {order.pointsDiscountSatang > 0 ? (
              <Row label={t("detail.pointsDiscount", { count: order.pointsRedeemed })}>
                −<Price satang={order.pointsDiscountSatang} />
              </Row>
            ) : null}
            <Row label={order.shippingMethod ? t(`detail.shippingMethod_${order.shippingMethod}`) : t("detail.shipping")}>
              <Price satang={order.shippingSatang} />
            </Row>
            <Row label={t("detail.total")} strong testId="order-total">
              <Price satang={order.totalSatang} />
            </Row>
            <p className="text-right text-xs text-ink-muted">{t("detail.vat", { percent: order.vatPercent, amount: thb(order.vatSatang) })}</p>
            {currency !== "THB" ? (
              <p className="text-right text-sm font-semibold" data-testid="order-total-thb">
                {t("detail.totalThb", { amount: thb(order.totalSatang) })}
              </p>
            ) : null}
            {order.pointsEarned > 0 ? <p className="mt-2 text-sm text-green-700">{t("detail.pointsEarned", { count: order.pointsEarned })}</p> : null}
          </dl>
          <CurrencyNote className="mt-3" />
        </Section>

        <div className="grid gap-6 lg:grid-cols-2">
          <Section title={t("detail.shippingAddress")} testId="order-address">
            {order.shipAddress ? (
              <address className="not-italic">
                <p className="font-semibold">
                  {order.shipFirstName} {order.shipLastName}
                </p>
                {order.shipPhone ? <p className="text-sm text-ink-muted">{order.shipPhone}</p> : null}
                <p className="break-words">{order.shipAddress}</p>
                <p className="break-words">
                  {[loaderData.areaNames.suburb, loaderData.areaNames.city, loaderData.areaNames.province, order.shipZipcode].filter(Boolean).join(" ")}
                </p>
                <p className="text-sm text-ink-muted">{country}</p>
              </address>
            ) : (
              <p className="text-sm text-ink-muted">{t("detail.noAddress")}</p>
            )}
          </Section>

          <Section title={t("detail.delivery")} testId="order-delivery">
            {shipments.length === 0 ? (
              <p className="text-sm text-ink-muted">{t("detail.noShipment")}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {shipments.map((parcel) => {
                  const carrier = localized(parcel, "carrierName", locale);
                  return (
                    <li key={parcel.trackingNumber} className="text-sm" data-testid="shipment">
                      <p className="font-semibold">{carrier}</p>
                      <p className="break-all">{t("detail.trackingNumber", { number: parcel.trackingNumber })}</p>
                      {parcel.shippedAt ? <p className="text-ink-muted">{t("detail.shippedOn", { date: formatDate(parcel.shippedAt, locale) })}</p> : null}
                      {parcel.deliveredAt ? (
                        <p className="text-ink-muted">{t("detail.deliveredOn", { date: formatDate(parcel.deliveredAt, locale) })}</p>
                      ) : null}
                      {parcel.trackingUrl ? (
                        <NewTabLink href={parcel.trackingUrl} className="mt-1" testId="tracking-link">
                          {t("detail.track", { carrier })}
                        </NewTabLink>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </Section>
        </div>

        <Section title={t("detail.timeline")} testId="order-timeline">
          {history.length === 0 ? (
            <p className="text-sm text-ink-muted">{t("detail.timelineEmpty")}</p>
          ) : (
            <ol className="relative ml-2 flex flex-col gap-4 border-l border-line pl-5">
              {history.map((row, index) => (
                <li key={index} className="relative text-sm" data-testid="timeline-entry">
                  <span className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-primary" aria-hidden />
                  <p className="font-semibold">{t(`status.${statusLabelKey(row.toStatusId)}`)}</p>
                  <p className="text-ink-muted">
                    {dateTime(row.createdAt)} · {t("detail.by", { actor: t(`actor.${row.actorType}`) })}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </Section>

        {/* An order cancelled before payment never has a document: no promise of one. */}
        {documents.length > 0 || order.statusId !== orderStatusId.cancelled ? (
          <Section title={tDocuments("mine.heading")} testId="order-documents">
            <OrderDocumentsList documents={documents} order={order} locale={locale} />
          </Section>
        ) : null}
      </div>
    </ProfileLayout>
  );
}

/** One of the order's ways on that is a link (pay, ask for an exchange): what it does, then the link. */
function LinkAction({
  hint,
  to,
  className,
  testId,
  icon,
  label,
}: {
  hint: string;
  to: string;
  className: string;
  testId: string;
  icon: React.ReactNode;
  label: string;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-ink-muted">{hint}</p>
      <Link to={to} className={className} data-testid={testId}>
        {icon}
        {label}
      </Link>
    </div>
  );
}
