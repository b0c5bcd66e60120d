import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { data, Form, Link, useLocation } from "react-router";

import { decideStaffStep, exchangeStatuses, isExchangeReason, type StaffExchangeStep } from "~/domain/exchange";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { requiredRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import {
  approveExchange,
  getExchangeForStaff,
  markExchangeShipped,
  rejectExchange,
  restockReturnedItem,
  type StaffStepResult,
} from "~/features/exchanges/exchanges.server";
import { ExchangeStatusBadge } from "~/features/exchanges/exchanges-ui";
import { exchangeStepSchemaFor } from "~/features/orders/orders-admin-schemas";
import { dateTime, ShipmentFields } from "~/features/orders/orders-admin-ui";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { getInstance } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { DetailPageHeading } from "~/ui/backend/form-page";
import { Panel } from "~/ui/backend/page-parts";
import { Field, FormErrors, FormMessages, SubmitButton, TextareaField } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/exchange-detail";

/**
 * One exchange request (issue 5 item 13): the order it belongs to, the customer, the line bought and
 * the variant wanted, the reason, note and photo (a staff-only route), what stock is set aside, the
 * history, and the staff steps its status allows (app/domain/exchange.ts): approve, reject with a
 * reason (releases the reservation), mark the replacement shipped (carrier + tracking number),
 * restock the returned item. Each form carries the status the page showed: when someone else acted
 * first the answer is 409 with the status it has now, never a blind step.
 */
const listPath = "/backend/orders/exchanges";
const steps = ["approve", "reject", "ship", "restock"] as const satisfies readonly StaffExchangeStep[];

function exchangeIdFrom(params: { id?: string }): number {
  return requiredRecordId(params.id);
}

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "ordersAdmin");
  const found = await getExchangeForStaff(env.DB, exchangeIdFrom(args.params));
  if (!found) throw data(null, { status: 404 });
  return data({ ...found, meta: { title: title(t("meta.exchange", { id: found.exchange.id })) } }, { headers: { "Cache-Control": "no-store" } });
}

interface Reply {
  /** The step whose form the reply belongs to. */
  step: StaffExchangeStep | null;
  result: SubmissionResult<string[]> | undefined;
  /** A refusal that belongs to no field ("changed meanwhile"), in the page's language. */
  refusal: string | null;
}

export async function action(args: Route.ActionArgs) {
  const { staff, env, locale, t } = staffRoute(args, "ordersAdmin");
  const tx = getInstance(args.context).getFixedT(locale, "exchanges");
  const statusLabel = (status: string) => ((exchangeStatuses as readonly string[]).includes(status) ? tx(`status.${status as "requested"}`) : status);
  const exchangeId = exchangeIdFrom(args.params);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const step = steps.find((candidate) => candidate === intent);
  const refuse = (status: number, refusal: string) => data<Reply>({ step: step ?? null, result: undefined, refusal }, { status });
  if (!step) return refuse(400, t("exchanges.refused.unknown"));

  const current = await getExchangeForStaff(env.DB, exchangeId);
  if (!current) throw data(null, { status: 404 });
  // The status the page showed: someone else may have acted since.
  const from = formData.get("from");
  const showed = typeof from === "string" && from !== "";
  if (showed && from !== current.exchange.status) return refuse(409, t("exchanges.refused.conflict", { status: statusLabel(current.exchange.status) }));

  // Before the fields: a step the status does not offer is refused whatever was typed.
  const allowed = decideStaffStep(current.exchange.status, step, current.exchange.returnedRestockedAt !== null);
  if (!allowed.ok) return refused(allowed.reason);

  const submission = parseWithZod(formData, { schema: exchangeStepSchemaFor(step) });
  if (submission.status !== "success") return data<Reply>({ step, result: submission.reply(), refusal: null }, { status: 400 });
  const value = submission.value;
  const carrierId = step === "ship" ? (value.carrierId ?? null) : null;
  if (carrierId !== null && !current.carriers.some((row) => row.id === carrierId))
    return data<Reply>({ step, result: submission.reply({ fieldErrors: { carrierId: ["choice"] } }), refusal: null }, { status: 400 });

  const input = { exchangeId, staffUserId: staff.staffUserId, note: value.note ?? "", origin: linkOrigin(env.PUBLIC_ORIGIN, args.request) };
  let result: StaffStepResult;
  switch (step) {
    case "approve":
      result = await approveExchange(env.DB, input);
      break;
    case "reject":
      result = await rejectExchange(env.DB, input);
      break;
    case "ship":
      result = await markExchangeShipped(env.DB, { ...input, carrierId, trackingNumber: value.trackingNumber ?? "" });
      break;
    case "restock":
      result = await restockReturnedItem(env.DB, input);
      break;
  }
  if (result.ok) return redirectWithToast(args.request, localizePath(locale, `${listPath}/${exchangeId}`), { key: `ordersAdmin:exchanges.done.${step}` });
  if (result.reason === "not-found") throw data(null, { status: 404 });
  if (result.reason === "conflict" || result.reason === "not-allowed") {
    // Another tab applied a step between our read and the batch.
    const now = await getExchangeForStaff(env.DB, exchangeId);
    return refuse(409, t("exchanges.refused.conflict", { status: statusLabel(now?.exchange.status ?? current.exchange.status) }));
  }
  if (result.reason === "carrier-not-found")
    return data<Reply>({ step, result: submission.reply({ fieldErrors: { carrierId: ["choice"] } }), refusal: null }, { status: 400 });
  return refused(result.reason);

  function refused(reason: "not-allowed" | "already-restocked" | "variant-gone") {
    switch (reason) {
      case "not-allowed":
        return refuse(400, t("exchanges.refused.notAllowed", { status: statusLabel(current!.exchange.status) }));
      case "already-restocked":
        // A page that offered the step (it sent the status it showed): someone restocked it meanwhile.
        return showed ? refuse(409, t("exchanges.refused.restockedMeanwhile")) : refuse(400, t("exchanges.refused.alreadyRestocked"));
      case "variant-gone":
        return refuse(400, t("exchanges.refused.variantGone"));
    }
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function ExchangeDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const { t: tx } = useTranslation("exchanges");
  const location = useLocation();
  const locale = localeFromPathname(location.pathname);
  const { exchange, events, carriers, steps: open } = loaderData;
  const base = localizePath(locale, listPath);
  const here = `${base}/${exchange.id}`;
  const customerName = [exchange.customerFirstName, exchange.customerLastName].filter(Boolean).join(" ");
  const carrier = localized(exchange, "carrierName", locale);
  const rows: [string, ReactNode][] = [
    [
      t("exchanges.detail.item"),
      [localized(exchange, "productName", locale), localized(exchange, "variantLabel", locale), exchange.sku].filter(Boolean).join(" · "),
    ],
    [t("exchanges.detail.wanted"), localized(exchange, "wantedLabel", locale) || t("common.none")],
    [t("exchanges.detail.quantity"), `${exchange.quantity} (${t("exchanges.detail.bought", { count: exchange.lineQuantity })})`],
    [t("exchanges.detail.reason"), isExchangeReason(exchange.reason) ? tx(`reasons.${exchange.reason}`) : exchange.reason],
    [
      t("exchanges.detail.note"),
      exchange.note ? <span className="whitespace-pre-wrap">{exchange.note}</span> : <span className="text-ink-muted">{t("exchanges.detail.noNote")}</span>,
    ],
  ];
  if (exchange.staffNote) rows.push([t("exchanges.detail.staffNote"), <span className="whitespace-pre-wrap">{exchange.staffNote}</span>]);

  return (
    <div className="space-y-6" data-testid="exchange-detail-page">
      <DetailPageHeading
        title={t("exchanges.detail.heading", { id: exchange.id })}
        backTo={base}
        status={<ExchangeStatusBadge status={exchange.status} className="text-sm" />}
        dated={t("exchanges.detail.requestedOn", { date: dateTime(exchange.createdAt, locale) })}
        refusal={actionData?.refusal}
      />

      <Panel title={t("exchanges.detail.actions")} testId="exchange-actions">
        {open.length === 0 ? (
          <p className="text-ink-muted">{t("exchanges.detail.noActions", { status: tx(`status.${exchange.status}`) })}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {open.map((step) => (
              <ExchangeStepForm
                key={step}
                step={step}
                from={exchange.status}
                action={here}
                carriers={carriers.map((row) => ({ id: row.id, name: localized(row, "name", locale) }))}
                lastResult={actionData?.step === step ? actionData.result : undefined}
              />
            ))}
          </div>
        )}
      </Panel>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Panel title={t("exchanges.detail.request")} testId="exchange-request">
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-ink-muted">{label}</dt>
                <dd className="min-w-0 break-words">{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-4 mb-1 text-sm font-semibold">{t("exchanges.detail.photo")}</h3>
          {exchange.hasPhoto ? (
            <a href={`${here}/photo`} target="_blank" rel="noreferrer" className="inline-block" aria-label={t("exchanges.detail.openPhoto")}>
              <img
                src={`${here}/photo`}
                alt={t("exchanges.detail.photoAlt", { id: exchange.id })}
                loading="lazy"
                className="max-h-80 max-w-full rounded-md border border-line"
                data-testid="exchange-photo"
              />
            </a>
          ) : (
            <p className="text-sm text-ink-muted">{t("exchanges.detail.noPhoto")}</p>
          )}
        </Panel>

        <div className="space-y-6">
          <Panel title={t("exchanges.detail.order")} testId="exchange-order">
            <dl className="space-y-2 text-sm">
              <div>
                <dt className="text-ink-muted">{t("exchanges.detail.order")}</dt>
                <dd>
                  <Link
                    to={localizePath(locale, `/backend/orders/fulfillment/${exchange.orderId}`)}
                    className="font-mono text-primary-dark underline"
                    aria-label={t("exchanges.detail.openOrder", { number: exchange.orderNumber })}
                    data-testid="exchange-order-link"
                  >
                    {exchange.orderNumber}
                  </Link>
                </dd>
              </div>
              <div>
                <dt className="text-ink-muted">{t("exchanges.detail.customer")}</dt>
                <dd>
                  {exchange.customerId ? (
                    <Link to={localizePath(locale, `/backend/member/detail/${exchange.customerId}`)} className="text-primary-dark underline">
                      {customerName || exchange.customerEmail}
                    </Link>
                  ) : (
                    <span className="text-ink-muted">{t("exchanges.detail.noCustomer")}</span>
                  )}
                  <div className="break-all text-ink-muted">{exchange.orderEmail}</div>
                </dd>
              </div>
            </dl>
          </Panel>

          <Panel title={t("exchanges.detail.reservation")} testId="exchange-reservation">
            <p className="text-sm">
              {exchange.reservedQuantity > 0 && exchange.reservedVariantId !== null
                ? t("exchanges.detail.reserved", {
                    quantity: exchange.reservedQuantity,
                    label: localized(exchange, "reservedLabel", locale) || t("common.none"),
                    stock: exchange.reservedStock ?? 0,
                  })
                : t("exchanges.detail.notReserved")}
            </p>
            <p className="mt-2 text-sm text-ink-muted">
              {exchange.returnedRestockedAt
                ? t("exchanges.detail.restocked", { date: dateTime(exchange.returnedRestockedAt, locale) })
                : t("exchanges.detail.notRestocked")}
            </p>
            {exchange.trackingNumber || carrier ? (
              <p className="mt-2 text-sm" data-testid="exchange-tracking">
                {t("exchanges.detail.replacement")}: {[carrier, exchange.trackingNumber].filter(Boolean).join(" · ")}
              </p>
            ) : null}
          </Panel>
        </div>
      </div>

      <Panel title={t("exchanges.detail.history")} testId="exchange-history">
        <ol className="space-y-3 border-l border-line pl-4 text-sm">
          {events.map((entry) => (
            <li key={entry.id} data-testid="exchange-event">
              <div className="font-semibold">{t(`exchanges.events.${entry.event}`)}</div>
              <div className="text-ink-muted">
                {dateTime(entry.createdAt, locale)} ·{" "}
                {t("exchanges.detail.by", {
                  who: entry.staffName ? `${entry.staffName} (${t(`exchanges.actors.${entry.actorType}`)})` : t(`exchanges.actors.${entry.actorType}`),
                })}
              </div>
              {entry.note ? <div className="whitespace-pre-wrap">{entry.note}</div> : null}
            </li>
          ))}
        </ol>
      </Panel>
    </div>
  );
}

/** One step the exchange can take, parsed with the form kit on both sides (the ship form needs a carrier and a tracking number, a rejection a reason). */
function ExchangeStepForm({
  step,
  from,
  action,
  carriers,
  lastResult,
}: {
  step: StaffExchangeStep;
  from: string;
  action: string;
  carriers: { id: number; name: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("ordersAdmin");
  const schema = exchangeStepSchemaFor(step);
  const [form, fields] = useSchemaForm(schema, { id: `exchange-step-${step}`, lastResult });
  const danger = step === "reject";
  return (
    <FormMessages namespace="ordersAdmin">
      <Form
        method="post"
        action={action}
        className="flex flex-col gap-3 rounded-md border border-line p-3"
        data-testid={`exchange-step-${step}`}
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value={step} />
        <input type="hidden" name="from" value={from} />
        <p className="text-sm text-ink-muted">{t(`exchanges.steps.${step}Hint`)}</p>
        <FormErrors form={form} />
        {step === "ship" ? <ShipmentFields carrierId={fields.carrierId} trackingNumber={fields.trackingNumber} carriers={carriers} /> : null}
        {step === "reject" ? (
          <TextareaField meta={fields.note} label={t("exchanges.steps.rejectReason")} rows={2} />
        ) : (
          <Field meta={fields.note} label={t("exchanges.steps.note")} />
        )}
        {danger ? (
          <button type="submit" className="btn-ghost border border-error/40 text-error" data-testid={`exchange-do-${step}`}>
            {t(`exchanges.steps.${step}`)}
          </button>
        ) : (
          <SubmitButton testId={`exchange-do-${step}`}>{t(`exchanges.steps.${step}`)}</SubmitButton>
        )}
      </Form>
    </FormMessages>
  );
}
