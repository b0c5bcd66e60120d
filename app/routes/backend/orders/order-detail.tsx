import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";

import { lineAmountSatang } from "~/domain/line-amounts";
import { orderStatusId, statusLabelKey } from "~/domain/order-status";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { requiredRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { listExchangesOfOrder } from "~/features/exchanges/exchanges.server";
import { ExchangeStatusBadge } from "~/features/exchanges/exchanges-ui";
import { applyStaffChange, staffChoices } from "~/features/orders/order-actions.server";
import { changeNeedsConfirmation, choiceLabel } from "~/features/orders/order-choices";
import { loadOrderDetail } from "~/features/orders/orders-admin.server";
import { statusChangeKind, statusChangeSchemaFor } from "~/features/orders/orders-admin-schemas";
import { baht, dateTime, OrderStatusBadge, ShipmentFields } from "~/features/orders/orders-admin-ui";
import { listPaymentProblems, refundProblemPayment } from "~/features/payments/payment-problems.server";
import { PaymentProblemNotices, type PaymentProblemView } from "~/features/payments/payment-problems-ui";
import { orderAreaNames } from "~/features/thai-address/thai-address.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { DetailPageHeading } from "~/ui/backend/form-page";
import { Panel } from "~/ui/backend/page-parts";
import { confirmStep, type ConfirmStepData, confirmStepValue, isConfirmed } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";
import { Field, FormErrors, FormMessages, TextareaField } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { TableHead } from "~/ui/table-head";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/order-detail";

/**
 * One order (spec §2 /backend/orders/fulfillment/{id}; issue 5 item 11): lines and totals, the
 * customer and contact, the shipping address, payments (the transfer slip through a staff-only
 * route), shipments with the carrier's tracking link, the status history (who, when, note) and the
 * changes the order state machine offers staff from its status. Every change goes through
 * changeOrderStatus (order-actions.server.ts) and e-mails the shopper; a page that showed an older
 * status gets a "changed meanwhile" message instead of a blind change.
 */
const listPath = "/backend/orders/fulfillment";

function orderIdFrom(params: { id?: string }): number {
  return requiredRecordId(params.id);
}

export async function loader(args: Route.LoaderArgs) {
  const { env, locale, t, title } = staffRoute(args, "ordersAdmin");
  const orderId = orderIdFrom(args.params);
  // The exchanges and payment problems are found by the order's id from the URL, not the order read
  // first: all go out in one round trip (issue 19); an unknown order simply has none.
  const [detail, exchanges, paymentProblems] = await Promise.all([
    loadOrderDetail(env.DB, orderId),
    listExchangesOfOrder(env.DB, orderId),
    listPaymentProblems(env.DB, { orderId }),
  ]);
  if (!detail) throw data(null, { status: 404 });
  return data({
    ...detail,
    areaNames: await orderAreaNames(detail.order, locale),
    exchanges,
    paymentProblems,
    choices: staffChoices(detail.order.statusId),
    meta: { title: title(t("meta.order", { number: detail.order.orderNumber })) },
  });
}

interface Reply {
  /** The change (target status) whose form the reply belongs to. */
  to: number | null;
  /** That form's Conform result (field messages as keys, shown in the page's language). */
  result: SubmissionResult<string[]> | undefined;
  formError: string | null;
  /** Set when a cancel or refund came without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
}

const idle: Reply = { to: null, result: undefined, formError: null, confirm: null };

export async function action(args: Route.ActionArgs) {
  const { staff, env, locale, t } = staffRoute(args, "ordersAdmin");
  const statusLabel = (name: string) => t(`backend:orderStatus.${name}`);
  const orderId = orderIdFrom(args.params);
  const formData = await args.request.formData();
  if (formData.get("intent") === "refund-payment") {
    // Money PayPal took that does not pay this order (issue 13 item 6): refunded in full at PayPal, after asking.
    if (!isConfirmed(formData)) return data<Reply>({ ...idle, confirm: confirmStep(formData) });
    const refunded = await refundProblemPayment(env, orderId, requiredRecordId(String(formData.get("paymentId") ?? "")));
    if (refunded.ok) return redirectWithToast(args.request, localizePath(locale, `${listPath}/${orderId}`), { key: "ordersAdmin:paymentProblems.refunded" });
    return data<Reply>(
      { ...idle, formError: t(`paymentProblems.${refunded.reason === "not-found" ? "notFound" : refunded.reason}`) },
      { status: refunded.reason === "failed" ? 502 : refunded.reason === "unavailable" ? 503 : 404 },
    );
  }
  if (formData.get("intent") !== "change-status") return data<Reply>({ ...idle, formError: t("actions.refused.unknown") }, { status: 400 });
  const statusField = (name: "from" | "to") => {
    const value = formData.get(name);
    return typeof value === "string" && /^\d{1,2}$/.test(value) ? Number(value) : null;
  };
  const [from, to] = [statusField("from"), statusField("to")];
  // A change the page offers gets its form's schema (the ship form needs a carrier…); any other is
  // parsed plainly and refused by the state machine in words ("not possible for an order that is …").
  const offered = from !== null && to !== null && staffChoices(from).some((choice) => choice === to);
  const submission = parseWithZod(formData, { schema: statusChangeSchemaFor(offered ? statusChangeKind(from, to) : "other") });
  if (submission.status !== "success") {
    const unknownChange = Boolean(submission.error?.from || submission.error?.to);
    return data<Reply>({ ...idle, to, result: submission.reply(), formError: unknownChange ? t("actions.refused.unknown") : null }, { status: 400 });
  }
  const input = {
    ...submission.value,
    note: submission.value.note ?? "",
    reason: submission.value.reason ?? "",
    carrierId: submission.value.carrierId ?? null,
    trackingNumber: submission.value.trackingNumber ?? "",
  };
  if (changeNeedsConfirmation(input.to) && !isConfirmed(formData)) return data<Reply>({ ...idle, to: input.to, confirm: confirmStep(formData) });
  const result = await applyStaffChange(
    env.DB,
    { orderId, from: input.from, to: input.to, note: input.note, reason: input.reason, carrierId: input.carrierId, trackingNumber: input.trackingNumber },
    { staffUserId: staff.staffUserId },
    linkOrigin(env.PUBLIC_ORIGIN, args.request),
  );
  if (result.ok)
    return redirectWithToast(args.request, localizePath(locale, `${listPath}/${orderId}`), { key: `ordersAdmin:actions.done.${statusLabelKey(result.to)}` });
  switch (result.reason) {
    case "not-found":
      throw data(null, { status: 404 });
    case "conflict":
      return data<Reply>(
        { ...idle, formError: t("actions.refused.conflict", { status: statusLabel(statusLabelKey(result.currentStatusId)) }) },
        { status: 409 },
      );
    case "not-allowed":
      return data<Reply>(
        { ...idle, formError: t("actions.refused.notAllowed", { status: statusLabel(statusLabelKey(result.currentStatusId)) }) },
        { status: 400 },
      );
    case "no-slip":
      return data<Reply>({ ...idle, formError: t("actions.refused.paymentMissing") }, { status: 400 });
    case "field":
      return data<Reply>({ ...idle, to: input.to, result: submission.reply({ fieldErrors: { [result.field]: [result.message] } }) }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const { t: tb } = useTranslation("backend");
  const location = useLocation();
  const locale = localeFromPathname(location.pathname);
  const { order, member, lines, payments, shipments, history, sponsors, carriers, choices, rateCarrierId, exchanges } = loaderData;
  const base = localizePath(locale, listPath);
  const here = `${base}/${order.id}`;
  const status = (id: number) => tb(`orderStatus.${statusLabelKey(id)}`);
  const name = [order.shipFirstName, order.shipLastName].filter(Boolean).join(" ") || (member ? `${member.firstName} ${member.lastName}` : "");
  const confirmQuestion = (to: typeof orderStatusId.cancelled | typeof orderStatusId.refunded) => {
    const kind = to === orderStatusId.cancelled ? "cancel" : "refund";
    return {
      title: t(`actions.confirm.${kind}Title`, { number: order.orderNumber }),
      description: t(`actions.confirm.${kind}Description`),
      confirmLabel: t(`actions.confirm.${kind}Yes`),
    };
  };
  const refundQuestion = (problem: PaymentProblemView) => ({
    title: t("paymentProblems.confirmTitle", { amount: baht(problem.capturedSatang, locale), number: order.orderNumber }),
    description: t("paymentProblems.refundHint"),
    confirmLabel: t("paymentProblems.refund", { amount: baht(problem.capturedSatang, locale) }),
  });
  const refundAsked =
    confirmStepValue(actionData?.confirm, "intent") === "refund-payment"
      ? loaderData.paymentProblems.find((problem) => String(problem.paymentId) === confirmStepValue(actionData?.confirm, "paymentId"))
      : undefined;
  const area = loaderData.areaNames;
  const address = [order.shipAddress, area.suburb, area.city, area.province, order.shipZipcode, order.shipCountry].filter(Boolean).join(", ");

  return (
    <div className="space-y-6" data-testid="order-detail-page">
      <DetailPageHeading
        title={t("detail.heading", { number: order.orderNumber })}
        backTo={base}
        status={<OrderStatusBadge statusId={order.statusId} className="text-base" />}
        dated={t("detail.placedOn", { date: dateTime(order.createdAt, locale) })}
        refusal={actionData?.formError}
      />
      {actionData?.confirm && actionData.to !== null && changeNeedsConfirmation(actionData.to) ? (
        <ConfirmStep step={actionData.confirm} action={here} cancelTo={here} {...confirmQuestion(actionData.to)} />
      ) : null}
      {refundAsked ? <ConfirmStep step={actionData!.confirm!} action={here} cancelTo={here} {...refundQuestion(refundAsked)} /> : null}
      <PaymentProblemNotices problems={loaderData.paymentProblems} locale={locale} action={here} question={refundQuestion} />

      <Panel title={t("detail.actions")} testId="order-actions">
        {order.isCustom ? (
          <p className="mb-3">
            <Link
              to={`${localizePath(locale, "/backend/orders/fulfillment/custom-form")}?order=${encodeURIComponent(order.orderNumber)}`}
              className="font-semibold text-primary underline"
              data-testid="review-design-link"
            >
              {t("detail.reviewDesign")}
            </Link>
          </p>
        ) : null}
        {choices.length === 0 ? (
          <p className="text-ink-muted">{t("detail.noActions", { status: status(order.statusId) })}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {choices.map((to) => (
              <StatusChangeForm
                key={to}
                from={order.statusId}
                to={to}
                action={here}
                lastResult={actionData?.to === to ? actionData.result : undefined}
                carriers={carriers.map((carrier) => ({ id: carrier.id, name: localized(carrier, "name", locale) }))}
                rateCarrierId={rateCarrierId}
                label={t(choiceLabel(order.statusId, to, order.paymentTypeId))}
                question={changeNeedsConfirmation(to) ? confirmQuestion(to) : null}
              />
            ))}
          </div>
        )}
      </Panel>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Panel title={t("detail.lines")} testId="order-lines">
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <TableHead
                className="text-left text-ink-muted"
                cells={[
                  [t("detail.product"), "py-2 pr-3"],
                  [t("detail.quantity"), "py-2 pr-3 text-right"],
                  [t("detail.unitPrice"), "hidden py-2 pr-3 text-right sm:table-cell"],
                  [t("detail.lineTotal"), "py-2 text-right"],
                ]}
              />
              <tbody className="divide-y divide-line">
                {lines.map((line) => (
                  <tr key={line.id} data-testid="order-line">
                    <td className="py-2 pr-3">
                      <div className="font-semibold">{localized(line, "productName", locale)}</div>
                      <div className="text-xs text-ink-muted">{[localized(line, "variantLabel", locale), line.sku].filter(Boolean).join(" · ")}</div>
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{line.quantity}</td>
                    <td className="hidden py-2 pr-3 text-right tabular-nums sm:table-cell">{baht(line.unitPriceSatang, locale)}</td>
                    <td className="py-2 text-right tabular-nums">{baht(lineAmountSatang(line), locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="order-totals">
            <dt>{t("detail.subtotal")}</dt>
            <dd className="text-right tabular-nums">{baht(order.subtotalSatang, locale)}</dd>
            {order.discountSatang ? (
              <>
                <dt>
                  {t("detail.discount")} {order.discountCode ? <span className="font-mono">({order.discountCode})</span> : null}
                </dt>
                <dd className="text-right tabular-nums">−{baht(order.discountSatang, locale)}</dd>
              </>
            ) : null}
            {order.pointsDiscountSatang ? (
              <>
                <dt>{t("detail.pointsDiscount")}</dt>
                <dd className="text-right tabular-nums">−{baht(order.pointsDiscountSatang, locale)}</dd>
              </>
            ) : null}
            <dt>{t("detail.shipping")}</dt>
            <dd className="text-right tabular-nums">{baht(order.shippingSatang, locale)}</dd>
            <dt className="font-semibold">{t("detail.total")}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="order-total">
              {baht(order.totalSatang, locale)}
            </dd>
            <dt className="text-ink-muted">{t("detail.vat", { percent: order.vatPercent })}</dt>
            <dd className="text-right text-ink-muted tabular-nums">{baht(order.vatSatang, locale)}</dd>
          </dl>
        </Panel>

        <Panel title={t("detail.customer")} testId="order-customer">
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-ink-muted">{t("detail.customer")}</dt>
              <dd>
                {name || t("common.walkIn")}
                {member ? (
                  <>
                    {" · "}
                    <Link to={localizePath(locale, `/backend/member/detail/${member.id}`)} className="text-primary-dark underline">
                      {t("detail.member")}
                    </Link>
                  </>
                ) : null}
              </dd>
            </div>
            {order.email ? (
              <div>
                <dt className="text-ink-muted">{t("detail.email")}</dt>
                <dd className="break-all">{order.email}</dd>
              </div>
            ) : null}
            {order.shipPhone || member?.phone ? (
              <div>
                <dt className="text-ink-muted">{t("detail.phone")}</dt>
                <dd>{order.shipPhone ?? member?.phone}</dd>
              </div>
            ) : null}
            <div>
              <dt className="text-ink-muted">{t("detail.orderType")}</dt>
              <dd>{t(`orderTypes.${order.orderTypeId === 2 ? "2" : "1"}`)}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">{t("detail.paymentType")}</dt>
              <dd>{order.paymentTypeId ? t(`paymentTypes.${String(order.paymentTypeId) as "1" | "2" | "3"}`) : t("paymentTypes.none")}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">{t("detail.language")}</dt>
              <dd>{t(`detail.languages.${order.locale}`)}</dd>
            </div>
            {sponsors.length ? (
              <div>
                <dt className="text-ink-muted">{t("detail.sponsor")}</dt>
                <dd>{sponsors.map((sponsor) => localized(sponsor, "name", locale)).join(", ")}</dd>
              </div>
            ) : null}
            {order.note ? (
              <div>
                <dt className="text-ink-muted">{t("detail.note")}</dt>
                <dd className="whitespace-pre-wrap">{order.note}</dd>
              </div>
            ) : null}
          </dl>
          <h3 className="mt-4 mb-1 text-sm font-semibold">{t("detail.shippingAddress")}</h3>
          {address ? (
            <p className="text-sm" data-testid="order-address">
              {address}
              {order.shippingMethod ? (
                <span className="block text-ink-muted">{`${t("detail.shippingMethod")}: ${t(`methods.${order.shippingMethod}`)}`}</span>
              ) : null}
            </p>
          ) : (
            <p className="text-sm text-ink-muted">{t("detail.noAddress")}</p>
          )}
        </Panel>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t("detail.payments")} testId="order-payments">
          {payments.length === 0 ? (
            <p className="text-sm text-ink-muted">{t("detail.noPayments")}</p>
          ) : (
            <ul className="space-y-3 text-sm">
              {payments.map((payment) => (
                <li key={payment.id} className="rounded-md border border-line p-3" data-testid="payment-row" data-payment-status={payment.status}>
                  <div className="flex flex-wrap justify-between gap-2">
                    <span className="font-semibold">{t(`paymentTypes.${payment.provider === "cash" ? "1" : payment.provider === "paypal" ? "2" : "3"}`)}</span>
                    <span className="tabular-nums">{baht(payment.amountSatang, locale)}</span>
                  </div>
                  <div className="text-ink-muted">
                    {t(`paymentStatuses.${payment.status}`)} · {dateTime(payment.createdAt, locale)}
                  </div>
                  {payment.reviewedAt && payment.reviewerName ? (
                    <div className="text-xs text-ink-muted">
                      {t("detail.reviewedBy", { name: payment.reviewerName, date: dateTime(payment.reviewedAt, locale) })}
                    </div>
                  ) : null}
                  {payment.hasSlip ? (
                    <figure className="mt-2">
                      <figcaption className="mb-1 text-xs font-semibold">{t("detail.slip")}</figcaption>
                      <a href={`${here}/slip/${payment.id}`} target="_blank" rel="noreferrer" className="inline-block" aria-label={t("detail.openSlip")}>
                        <img
                          src={`${here}/slip/${payment.id}`}
                          alt={t("detail.slip")}
                          loading="lazy"
                          className="max-h-80 rounded-md border border-line"
                          data-testid="slip-image"
                        />
                      </a>
                    </figure>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <Panel title={t("detail.shipments")} testId="order-shipments">
          {shipments.length === 0 ? (
            <p className="text-sm text-ink-muted">{t("common.none")}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {shipments.map((shipment) => (
                <li key={shipment.id} data-testid="shipment-row">
                  <span className="font-semibold">{localized(shipment, "carrierName", locale)}</span> ·{" "}
                  <span className="font-mono">{shipment.trackingNumber}</span>
                  {shipment.shippedAt ? <span className="text-ink-muted"> · {dateTime(shipment.shippedAt, locale)}</span> : null}
                  {shipment.trackingUrl ? (
                    <a href={shipment.trackingUrl} target="_blank" rel="noreferrer" className="ml-2 inline-flex items-center gap-1 text-primary-dark underline">
                      {t("detail.trackingLink")}
                      <ExternalLink className="size-3" aria-hidden />
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>

      {exchanges.length > 0 ? (
        <Panel title={t("exchanges.orderPanel.heading")} testId="order-exchanges">
          <ul className="space-y-2 text-sm">
            {exchanges.map((exchange) => (
              <li key={exchange.id} className="flex flex-wrap items-center gap-2" data-testid="order-exchange">
                <Link
                  to={localizePath(locale, `/backend/orders/exchanges/${exchange.id}`)}
                  className="font-semibold text-primary-dark underline"
                  aria-label={t("exchanges.view", { id: exchange.id })}
                >
                  #{exchange.id}
                </Link>
                <span>
                  {exchange.quantity} × {localized(exchange, "productName", locale)}{" "}
                  <span className="text-ink-muted">{t("exchanges.wanted", { label: localized(exchange, "wantedLabel", locale) })}</span>
                </span>
                <ExchangeStatusBadge status={exchange.status} />
                <span className="text-ink-muted">{dateTime(exchange.createdAt, locale)}</span>
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}

      <Panel title={t("detail.timeline")} testId="order-timeline">
        {history.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("detail.noHistory")}</p>
        ) : (
          <ol className="space-y-3 border-l border-line pl-4 text-sm">
            {history.map((entry) => {
              const who = entry.staffName ?? entry.customerFirstName ?? t(`actors.${entry.actorType}`);
              return (
                <li key={entry.id} data-testid="history-row" data-actor={entry.actorType} data-to-status={entry.toStatusId}>
                  <div className="font-semibold">
                    {entry.fromStatusId === null
                      ? t("detail.placed", { status: status(entry.toStatusId) })
                      : t("detail.historyEntry", { from: status(entry.fromStatusId), to: status(entry.toStatusId) })}
                  </div>
                  <div className="text-ink-muted">
                    {dateTime(entry.createdAt, locale)} · {t("detail.by", { who: `${who} (${t(`actors.${entry.actorType}`)})` })}
                  </div>
                  {entry.note ? <div className="whitespace-pre-wrap">{entry.note}</div> : null}
                </li>
              );
            })}
          </ol>
        )}
      </Panel>
    </div>
  );
}

/**
 * One change the order can take (a target status), parsed with the form kit on both sides: the
 * ship form's carrier and tracking number and a slip rejection's reason get their messages from
 * the schema in the page's language (no browser bubbles: getFormProps sets noValidate). Cancel and
 * refund ask first (ConfirmButton).
 */
function StatusChangeForm({
  from,
  to,
  action,
  lastResult,
  carriers,
  rateCarrierId,
  label,
  question,
}: {
  from: number;
  to: number;
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
  carriers: { id: number; name: string }[];
  rateCarrierId: number | null;
  label: string;
  question: { title: string; description: string; confirmLabel: string } | null;
}) {
  const { t } = useTranslation("ordersAdmin");
  const kind = statusChangeKind(from, to);
  const schema = statusChangeSchemaFor(kind);
  const [form, fields] = useSchemaForm(schema, {
    id: `status-change-${to}`,
    lastResult,
    defaultValue: { carrierId: rateCarrierId === null ? "" : String(rateCarrierId) },
  });
  const restocks = to === orderStatusId.cancelled || to === orderStatusId.refunded;
  return (
    <FormMessages namespace="ordersAdmin">
      <Form
        method="post"
        action={action}
        className="flex flex-col gap-3 rounded-md border border-line p-3"
        data-testid={`action-${statusLabelKey(to)}`}
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="change-status" />
        <input type="hidden" name="from" value={from} />
        <input type="hidden" name="to" value={to} />
        <FormErrors form={form} />
        {kind === "ship" ? (
          <>
            <p className="text-sm text-ink-muted">{t("actions.shipHint")}</p>
            <ShipmentFields carrierId={fields.carrierId} trackingNumber={fields.trackingNumber} carriers={carriers} />
          </>
        ) : null}
        {kind === "reject-slip" ? (
          <TextareaField meta={fields.reason} label={t("actions.rejectReason")} rows={2} />
        ) : (
          <Field meta={fields.note} label={t("actions.note")} />
        )}
        {kind === "reject-slip" ? <p className="text-xs text-ink-muted">{t("actions.rejectReasonHint")}</p> : null}
        {restocks ? <p className="text-xs text-ink-muted">{t("actions.cancelHint")}</p> : null}
        {question ? (
          <ConfirmButton className="btn-ghost border border-error/40 text-error" testId={`change-to-${statusLabelKey(to)}`} {...question}>
            {label}
          </ConfirmButton>
        ) : (
          <button
            type="submit"
            className={kind === "reject-slip" ? "btn-ghost border border-error/40 text-error" : "btn-primary"}
            data-testid={`change-to-${statusLabelKey(to)}`}
          >
            {label}
          </button>
        )}
      </Form>
    </FormMessages>
  );
}
