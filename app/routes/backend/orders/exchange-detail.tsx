import { localized } from "~/i18n/localized";
import { data, Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { decideStaffStep, exchangeStatuses, isExchangeReason, type StaffExchangeStep } from "~/domain/exchange";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { SelectField, TextAreaField } from "~/features/catalog-admin/catalog-admin-ui";
import { FormPageHeading } from "~/ui/backend/form-page";
import { ExchangeStatusBadge } from "~/features/exchanges/exchanges-ui";
import {
  approveExchange,
  getExchangeForStaff,
  markExchangeShipped,
  rejectExchange,
  restockReturnedItem,
  type StaffStepResult,
} from "~/features/exchanges/exchanges.server";
import { ordersAdminContext, ordersNoticeFrom, redirectWithOrdersNotice, routeRecordId } from "~/features/orders/orders-admin-route.server";
import { dateTime } from "~/features/orders/orders-admin-ui";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { getInstance } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/data-table";
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
const trackingPattern = /^[A-Za-z0-9-]{1,40}$/;

function exchangeIdFrom(params: { id?: string }): number {
  const id = routeRecordId(params.id);
  if (id === null || id > 2_147_483_647) throw data(null, { status: 404 });
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = ordersAdminContext(args.context);
  const found = await getExchangeForStaff(env.DB, exchangeIdFrom(args.params));
  if (!found) throw data(null, { status: 404 });
  return data(
    { ...found, notice: ordersNoticeFrom(args.request, t), meta: { title: title(t("meta.exchange", { id: found.exchange.id })) } },
    { headers: { "Cache-Control": "no-store" } },
  );
}

interface Reply {
  step: StaffExchangeStep | null;
  errors: Record<string, string>;
  formError: string | null;
}

export async function action(args: Route.ActionArgs) {
  const staff = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t } = ordersAdminContext(args.context);
  const tx = getInstance(args.context).getFixedT(locale, "exchanges");
  const statusLabel = (status: string) => ((exchangeStatuses as readonly string[]).includes(status) ? tx(`status.${status as "requested"}`) : status);
  const exchangeId = exchangeIdFrom(args.params);
  const reply = (status: number, body: Partial<Reply>) => data<Reply>({ step: null, errors: {}, formError: null, ...body }, { status });
  let formData: FormData;
  try {
    formData = await args.request.formData();
  } catch {
    return reply(400, { formError: t("exchanges.refused.unknown") });
  }
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const step = (steps as readonly string[]).includes(text("intent")) ? (text("intent") as StaffExchangeStep) : null;
  if (!step) return reply(400, { formError: t("exchanges.refused.unknown") });

  const current = await getExchangeForStaff(env.DB, exchangeId);
  if (!current) throw data(null, { status: 404 });
  // The status the page showed: someone else may have acted since.
  const from = text("from");
  if (from && from !== current.exchange.status)
    return reply(409, { step, formError: t("exchanges.refused.conflict", { status: statusLabel(current.exchange.status) }) });

  // Before the fields: a step the status does not offer is refused whatever was typed.
  const allowed = decideStaffStep(current.exchange.status, step, current.exchange.returnedRestockedAt !== null);
  if (!allowed.ok) return refusal(allowed.reason);

  const errors: Record<string, string> = {};
  const note = text("note");
  if (note.length > 500) errors.note = t("validation.maxLength", { field: t("fields.note"), max: 500 });
  let carrierId: number | null = null;
  let trackingNumber = "";
  if (step === "reject" && !note) errors.note = t("validation.required", { field: t("fields.reason") });
  if (step === "ship") {
    const carrier = text("carrierId");
    if (!carrier) errors.carrierId = t("validation.required", { field: t("fields.carrierId") });
    else if (!/^[1-9]\d{0,8}$/.test(carrier) || !current.carriers.some((row) => row.id === Number(carrier)))
      errors.carrierId = t("validation.choice", { field: t("fields.carrierId") });
    else carrierId = Number(carrier);
    trackingNumber = text("trackingNumber").toUpperCase();
    if (!trackingNumber) errors.trackingNumber = t("validation.required", { field: t("fields.trackingNumber") });
    else if (!trackingPattern.test(trackingNumber)) errors.trackingNumber = t("validation.trackingInvalid", { field: t("fields.trackingNumber") });
  }
  if (Object.keys(errors).length > 0) return reply(400, { step, errors, formError: t("validation.summary") });

  const input = { exchangeId, staffUserId: staff.staffUserId, note, origin: linkOrigin(env.PUBLIC_ORIGIN, args.request) };
  let result: StaffStepResult;
  switch (step) {
    case "approve":
      result = await approveExchange(env.DB, input);
      break;
    case "reject":
      result = await rejectExchange(env.DB, input);
      break;
    case "ship":
      result = await markExchangeShipped(env.DB, { ...input, carrierId, trackingNumber });
      break;
    case "restock":
      result = await restockReturnedItem(env.DB, input);
      break;
  }
  if (result.ok) return redirectWithOrdersNotice(locale, `${listPath}/${exchangeId}`, `exchange-${step}`);
  if (result.reason === "not-found") throw data(null, { status: 404 });
  if (result.reason === "conflict" || result.reason === "not-allowed") {
    // Another tab applied a step between our read and the batch.
    const now = await getExchangeForStaff(env.DB, exchangeId);
    return reply(409, { step, formError: t("exchanges.refused.conflict", { status: statusLabel(now?.exchange.status ?? current.exchange.status) }) });
  }
  return refusal(result.reason);

  function refusal(reason: "not-allowed" | "already-restocked" | "variant-gone" | "carrier-not-found") {
    switch (reason) {
      case "not-allowed":
        return reply(400, { step, formError: t("exchanges.refused.notAllowed", { status: statusLabel(current!.exchange.status) }) });
      case "already-restocked":
        // A page that offered the step (it sent the status it showed): someone restocked it meanwhile.
        return from
          ? reply(409, { step, formError: t("exchanges.refused.restockedMeanwhile") })
          : reply(400, { step, formError: t("exchanges.refused.alreadyRestocked") });
      case "variant-gone":
        return reply(400, { step, formError: t("exchanges.refused.variantGone") });
      case "carrier-not-found":
        return reply(400, { step, errors: { carrierId: t("exchanges.refused.carrierNotFound") }, formError: t("validation.summary") });
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
  const errorFor = (step: StaffExchangeStep, field: string) => (actionData?.step === step ? actionData.errors[field] : undefined);
  const th = locale === "th";
  const customerName = [exchange.customerFirstName, exchange.customerLastName].filter(Boolean).join(" ");
  const carrier = th ? exchange.carrierNameTh : exchange.carrierNameEn;
  const rows: [string, React.ReactNode][] = [
    [
      t("exchanges.detail.item"),
      [th ? exchange.productNameTh : exchange.productNameEn, th ? exchange.variantLabelTh : exchange.variantLabelEn, exchange.sku].filter(Boolean).join(" · "),
    ],
    [t("exchanges.detail.wanted"), (th ? exchange.wantedLabelTh : exchange.wantedLabelEn) || t("common.none")],
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
      <FormPageHeading title={t("exchanges.detail.heading", { id: exchange.id })} backTo={base}>
        <ExchangeStatusBadge status={exchange.status} className="text-sm" />
      </FormPageHeading>
      <p className="-mt-4 text-sm text-ink-muted">{t("exchanges.detail.requestedOn", { date: dateTime(exchange.createdAt, locale) })}</p>
      <ActionMessages notice={actionData ? null : loaderData.notice} formError={actionData?.formError} />

      <Panel title={t("exchanges.detail.actions")} testId="exchange-actions">
        {open.length === 0 ? (
          <p className="text-ink-muted">{t("exchanges.detail.noActions", { status: tx(`status.${exchange.status}`) })}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {open.map((step) => {
              const danger = step === "reject";
              return (
                <Form
                  key={step}
                  method="post"
                  action={here}
                  className="flex flex-col gap-3 rounded-md border border-line p-3"
                  data-testid={`exchange-step-${step}`}
                >
                  <input type="hidden" name="intent" value={step} />
                  <input type="hidden" name="from" value={exchange.status} />
                  <p className="text-sm text-ink-muted">{t(`exchanges.steps.${step}Hint`)}</p>
                  {step === "ship" ? (
                    <>
                      <SelectField name="carrierId" label={t("exchanges.steps.carrier")} defaultValue="" error={errorFor(step, "carrierId")} required>
                        <option value="">{t("common.none")}</option>
                        {carriers.map((row) => (
                          <option key={row.id} value={row.id}>
                            {localized(row, "name", locale)}
                          </option>
                        ))}
                      </SelectField>
                      <TextField
                        name="trackingNumber"
                        label={t("exchanges.steps.trackingNumber")}
                        maxLength={40}
                        required
                        autoCapitalize="characters"
                        error={errorFor(step, "trackingNumber")}
                      />
                    </>
                  ) : null}
                  {step === "reject" ? (
                    <TextAreaField name="note" label={t("exchanges.steps.rejectReason")} maxLength={500} rows={2} required error={errorFor(step, "note")} />
                  ) : (
                    <TextField name="note" label={t("exchanges.steps.note")} maxLength={500} error={errorFor(step, "note")} />
                  )}
                  <button type="submit" className={danger ? "btn-ghost border border-error/40 text-error" : "btn-primary"} data-testid={`exchange-do-${step}`}>
                    {t(`exchanges.steps.${step}`)}
                  </button>
                </Form>
              );
            })}
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
                    label: (th ? exchange.reservedLabelTh : exchange.reservedLabelEn) || t("common.none"),
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
