import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ChevronRight, Repeat } from "lucide-react";
import { data, Form, Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { exchangeNoteMaxLength, exchangeReasons, type ExchangeRequestProblem } from "~/domain/exchange";
import { imageAccept } from "~/domain/image-type";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { customerRoute } from "~/features/accounts/customer-route.server";
import { exchangePhotoMaxBytes, exchangePhotoMaxMegabytes, exchangeRequestSchema } from "~/features/exchanges/exchange-schemas";
import { exchangeWindowDays, getExchangeForm, listCustomerExchanges, listExchangeableLines, requestExchange } from "~/features/exchanges/exchanges.server";
import { ExchangeStatusBadge } from "~/features/exchanges/exchanges-ui";
import { Section } from "~/features/profile/account-ui";
import { type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { Field, FileField, FormErrors, FormMessages, SelectField, SubmitButton, TextareaField } from "~/ui/form/fields";
import { Options } from "~/ui/form/options";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { storefrontMeta } from "~/ui/meta";
import { ProfileLayout } from "~/ui/profile-layout";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/exchange";

/**
 * Spec §2 /exchange (profile layout), customers only: the customer's exchange requests, the items
 * of delivered orders still open to one (?order={number} narrows to one order), and the request
 * form for one order line (?line={id}): quantity, the wanted variant (another size or colour of the
 * same product, or the same one for a defect), reason, note, photo. Sending it reserves the wanted
 * variant (app/features/exchanges/exchanges.server.ts) and opens /exchange/{id}. Everything works
 * as plain GET links and one multipart POST, without JavaScript.
 */
const notFound = () => data(null, { status: 404 });

function lineParam(value: string | null): number | null {
  return value && /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

export async function loader(args: Route.LoaderArgs) {
  const { viewer, env, t } = customerRoute(args, "exchanges");
  const params = new URL(args.request.url).searchParams;
  const meta = { title: t("meta.title"), description: t("meta.description") };
  const windowDays = await exchangeWindowDays(env.DB);

  if (params.has("line")) {
    const lineId = lineParam(params.get("line"));
    const form = lineId === null ? null : await getExchangeForm(env.DB, viewer.customerId, lineId);
    if (!form) throw notFound();
    return data({ view: "form" as const, form, windowDays, meta }, { headers: { "Cache-Control": "no-store" } });
  }
  const orderNumber = params.get("order") ?? undefined;
  const [requests, lines] = await Promise.all([
    orderNumber === undefined ? listCustomerExchanges(env.DB, viewer.customerId) : Promise.resolve([]),
    listExchangeableLines(env.DB, viewer.customerId, Date.now(), orderNumber?.slice(0, 64)),
  ]);
  return data({ view: "list" as const, requests, lines, orderNumber: orderNumber ?? null, windowDays, meta }, { headers: { "Cache-Control": "no-store" } });
}

/** The field a refusal of requestExchange belongs to (the rest are about the order: the form's own). */
const problemFields: Partial<Record<ExchangeRequestProblem | "out-of-stock" | "photo-too-large" | "photo-not-image", string>> = {
  "quantity-invalid": "quantity",
  "quantity-too-many": "quantity",
  "variant-other-product": "wanted",
  "variant-unavailable": "wanted",
  "out-of-stock": "wanted",
  "reason-invalid": "reason",
  "photo-required": "photo",
  "photo-too-large": "photo",
  "photo-not-image": "photo",
};

export async function action(args: Route.ActionArgs) {
  const { viewer, env, locale } = customerRoute(args, "exchanges");
  // A body far above the photo limit is refused before it is read.
  if (Number(args.request.headers.get("content-length") ?? 0) > exchangePhotoMaxBytes + 64 * 1024) {
    const tooLarge: SubmissionResult<string[]> = { status: "error", error: { photo: [`photo-too-large:${exchangePhotoMaxMegabytes}`] } };
    return data({ result: tooLarge, badRequest: false }, { status: 400 });
  }
  // The Worker's door (workers/form-body.ts) has already answered 4xx to a body that is not a readable form.
  const formData = await args.request.formData();
  if (formData.get("intent") !== "request") return data({ result: undefined, badRequest: true }, { status: 400 });
  const line = formData.get("line");
  const lineId = lineParam(typeof line === "string" ? line : null);
  const form = lineId === null ? null : await getExchangeForm(env.DB, viewer.customerId, lineId);
  if (lineId === null || !form) throw notFound();

  const submission = parseWithZod(formData, { schema: exchangeRequestSchema(form.line.openQuantity) });
  if (submission.status !== "success") return data({ result: submission.reply(), badRequest: false }, { status: 400 });
  const { quantity, wanted, reason, note, photo } = submission.value;
  const result = await requestExchange(
    env,
    viewer.customerId,
    { lineId, quantity, wantedVariantId: wanted === "same" ? null : wanted, reason, note: note ?? "", photo: photo ?? null },
    linkOrigin(env.PUBLIC_ORIGIN, args.request),
  );
  if (!result.ok) {
    if (result.problem === "not-found") throw notFound();
    const counted: Partial<Record<typeof result.problem, number>> = {
      "quantity-invalid": form.line.openQuantity,
      "quantity-too-many": result.maxQuantity ?? form.line.openQuantity,
      "photo-too-large": exchangePhotoMaxMegabytes,
    };
    const count = counted[result.problem];
    const message = count === undefined ? result.problem : `${result.problem}:${count}`;
    const field = problemFields[result.problem];
    return data({ result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }), badRequest: false }, { status: 400 });
  }
  return redirectWithToast(args.request, localizePath(locale, `/exchange/${result.exchangeId}`), { key: "exchanges:flash.requested" });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

export const handle = {
  breadcrumb: ({ t }) => [{ text: t("purchases:meta.title"), to: "/my-purchase" }, { text: t("exchanges:meta.title") }],
} satisfies BreadcrumbHandle;

type LoaderData = Route.ComponentProps["loaderData"];

function ExchangeList({ loaderData }: { loaderData: Extract<LoaderData, { view: "list" }> }) {
  const { t, i18n } = useTranslation("exchanges");
  const locale = i18n.language as Locale;
  const base = localizePath(locale, "/exchange");
  return (
    <>
      <Section title={t("form.heading")} testId="exchangeable-lines">
        <p className="mb-4 text-sm text-ink-muted">{t("form.intro", { days: loaderData.windowDays })}</p>
        {loaderData.lines.length === 0 ? (
          <p className="text-ink-muted" data-testid="exchangeable-empty">
            {t("form.eligibleEmpty")}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {loaderData.lines.map((line) => (
              <li
                key={line.lineId}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="exchangeable-line"
                data-line-id={line.lineId}
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    {localized(line, "productName", locale)}
                    {localized(line, "variantLabel", locale) ? <span className="text-ink-muted"> · {localized(line, "variantLabel", locale)}</span> : null}
                  </p>
                  <p className="text-sm text-ink-muted break-all">
                    {t("form.fromOrder", { number: line.orderNumber })} · {t("form.left", { count: line.openQuantity, total: line.quantity })} ·{" "}
                    {t("form.until", { date: formatDate(line.until, locale) })}
                  </p>
                </div>
                <Link to={`${base}?line=${line.lineId}`} className="btn-ghost w-full border border-line sm:w-auto">
                  <Repeat className="size-4" aria-hidden />
                  {t("form.choose")}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {loaderData.orderNumber === null ? (
        <Section title={t("list.requestsHeading")} testId="exchange-requests">
          {loaderData.requests.length === 0 ? (
            <p className="text-ink-muted" data-testid="exchanges-empty">
              {t("list.empty")}
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-line" data-testid="exchange-list">
              {loaderData.requests.map((request) => (
                <li key={request.id} data-testid="exchange-row" data-exchange-id={request.id}>
                  <Link
                    to={`${base}/${request.id}`}
                    className="flex items-center gap-3 py-3 hover:bg-surface-muted sm:px-2"
                    aria-label={t("list.view", { id: request.id })}
                  >
                    <div className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4">
                      <div className="min-w-0">
                        <p className="font-semibold">
                          #{request.id} · {localized(request, "productName", locale)}
                        </p>
                        <p className="truncate text-sm text-ink-muted">
                          {formatDate(request.createdAt, locale)} · {t("form.fromOrder", { number: request.orderNumber })} · × {request.quantity}
                        </p>
                      </div>
                      <ExchangeStatusBadge status={request.status} className="justify-self-start" />
                    </div>
                    <ChevronRight className="size-5 shrink-0 text-ink-muted" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Section>
      ) : null}
    </>
  );
}

function ExchangeForm({ loaderData, actionData }: { loaderData: Extract<LoaderData, { view: "form" }>; actionData: Route.ComponentProps["actionData"] }) {
  const { t, i18n } = useTranslation("exchanges");
  const locale = i18n.language as Locale;
  const { form: exchangeForm } = loaderData;
  const { line } = exchangeForm;
  const action = `${localizePath(locale, "/exchange")}?line=${line.lineId}`;
  const boughtLabel = localized(line, "variantLabel", locale);
  const choices = exchangeForm.choices.filter((choice) => choice.variantId !== line.variantId);
  const schema = exchangeRequestSchema(line.openQuantity);
  const [form, fields] = useSchemaForm(schema, {
    id: `exchange-${line.lineId}`,
    lastResult: actionData?.result,
    defaultValue: { quantity: "1", wanted: choices.find((choice) => choice.inStock)?.variantId.toString() ?? "same", reason: "", note: "" },
  });

  return (
    <Section title={t("form.heading")} testId="exchange-form-section">
      <div className="mb-4 rounded-lg bg-surface-muted p-3 text-sm">
        <p className="font-semibold">
          {localized(line, "productName", locale)}
          {boughtLabel ? <span className="font-normal text-ink-muted"> · {boughtLabel}</span> : null}
        </p>
        <p className="text-ink-muted break-all">
          {t("form.fromOrder", { number: line.orderNumber })}
          {exchangeForm.until ? ` · ${t("form.until", { date: formatDate(exchangeForm.until, locale) })}` : null}
        </p>
      </div>
      <FormErrors form={form} refusal={actionData?.badRequest ? t("errors.invalid") : null} />
      {!exchangeForm.open || line.openQuantity === 0 ? (
        <Alert tone="warning" testId="exchange-closed">
          {exchangeForm.closedReason && exchangeForm.closedReason !== "line-not-exchangeable" ? t(`validation.${exchangeForm.closedReason}`) : t("form.closed")}
        </Alert>
      ) : (
        <Form method="post" action={action} encType="multipart/form-data" className="flex flex-col gap-4" data-testid="exchange-form" {...getFormProps(form)}>
          <input type="hidden" name="line" value={line.lineId} />
          <Field
            meta={fields.quantity}
            type="number"
            label={t("form.quantity")}
            inputMode="numeric"
            step={1}
            hint={t("form.quantityHint", { max: line.openQuantity })}
            className="max-w-32"
          />
          <SelectField meta={fields.wanted} label={t("form.wanted")}>
            {choices.map((choice) => {
              const label = localized(choice, "label", locale) || `#${choice.variantId}`;
              return (
                <option key={choice.variantId} value={choice.variantId} disabled={!choice.inStock}>
                  {choice.inStock ? label : t("form.outOfStock", { label })}
                </option>
              );
            })}
            <option value="same">{boughtLabel ? t("form.sameVariant", { label: boughtLabel }) : t("form.sameVariantPlain")}</option>
          </SelectField>
          <SelectField meta={fields.reason} label={t("form.reason")}>
            <option value="" disabled>
              {t("form.chooseReason")}
            </option>
            <Options of={exchangeReasons} label={(reason) => t(`reasons.${reason}`)} />
          </SelectField>
          <TextareaField meta={fields.note} label={t("form.note")} rows={3} hint={t("form.noteHint", { max: exchangeNoteMaxLength })} />
          <FileField meta={fields.photo} label={t("form.photo")} accept={imageAccept} hint={t("form.photoHint", { max: `${exchangePhotoMaxMegabytes} MB` })} />
          <p className="text-sm text-ink-muted">{t("form.reserveNote")}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <SubmitButton
              name="intent"
              value="request"
              action={action}
              pendingText={t("form.submitting")}
              className="w-full sm:w-auto"
              testId="exchange-submit"
            >
              {t("form.submit")}
            </SubmitButton>
            <Link to={localizePath(locale, "/exchange")} className="btn-ghost w-full border border-line sm:w-auto">
              {t("form.back")}
            </Link>
          </div>
        </Form>
      )}
    </Section>
  );
}

export default function Exchange({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("exchanges");
  const locale = i18n.language as Locale;
  return (
    <FormMessages namespace="exchanges">
      <ProfileLayout locale={locale} title={t("list.heading")}>
        <div className="flex flex-col gap-6" data-testid="exchange-page">
          {loaderData.view === "form" ? <ExchangeForm loaderData={loaderData} actionData={actionData} /> : <ExchangeList loaderData={loaderData} />}
        </div>
      </ProfileLayout>
    </FormMessages>
  );
}
