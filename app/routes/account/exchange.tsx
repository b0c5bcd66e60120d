import { ChevronRight, Repeat } from "lucide-react";
import { data, Form, Link } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { exchangeNoteMaxLength, exchangeReasons } from "~/domain/exchange";
import { formFields } from "~/features/accounts/account-schemas";
import { FieldError, FormAlert } from "~/features/accounts/auth-form";
import { redirectWithToast } from "~/ui/toast.server";
import { requireCustomer } from "~/features/accounts/guards.server";
import { exchangeFormFields, exchangeIssues, exchangeRequestSchema } from "~/features/exchanges/exchange-schemas";
import { ExchangeStatusBadge } from "~/features/exchanges/exchanges-ui";
import {
  exchangePhotoMaxBytes,
  exchangePhotoMaxLabel,
  exchangeWindowDays,
  getExchangeForm,
  listCustomerExchanges,
  listExchangeableLines,
  requestExchange,
} from "~/features/exchanges/exchanges.server";
import { IntentButton, Section } from "~/features/profile/account-ui";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { ProfileLayout } from "~/ui/profile-layout";
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
  const viewer = requireCustomer(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "exchanges");
  const params = new URL(args.request.url).searchParams;
  const meta = { title: t("meta.title"), description: t("meta.description") };
  const windowDays = await exchangeWindowDays(env.DB);

  if (params.has("line")) {
    const lineId = lineParam(params.get("line"));
    const form = lineId === null ? null : await getExchangeForm(env.DB, viewer.customerId, lineId);
    if (!form) throw notFound();
    return data({ view: "form" as const, form, windowDays, photoMaxLabel: exchangePhotoMaxLabel, meta }, { headers: { "Cache-Control": "no-store" } });
  }
  const orderNumber = params.get("order") ?? undefined;
  const [requests, lines] = await Promise.all([
    orderNumber === undefined ? listCustomerExchanges(env.DB, viewer.customerId) : Promise.resolve([]),
    listExchangeableLines(env.DB, viewer.customerId, Date.now(), orderNumber?.slice(0, 64)),
  ]);
  return data({ view: "list" as const, requests, lines, orderNumber: orderNumber ?? null, windowDays, meta }, { headers: { "Cache-Control": "no-store" } });
}

export async function action(args: Route.ActionArgs) {
  const viewer = requireCustomer(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "exchanges");
  const translate = (key: string, max?: number) =>
    t(`errors.${key}` as "errors.invalid", { max: max ?? (key === "note-too-long" ? exchangeNoteMaxLength : exchangePhotoMaxLabel) });
  const invalid = (errors: Record<string, string>, values: Record<string, string> = {}) => data({ errors, values }, { status: 400 });

  // A body far above the photo limit is refused before it is read.
  if (Number(args.request.headers.get("content-length") ?? 0) > exchangePhotoMaxBytes + 64 * 1024) return invalid({ photo: translate("photo-too-large") });
  let formData: FormData;
  try {
    formData = await args.request.formData();
  } catch {
    return invalid({ form: translate("invalid") });
  }
  const fields = formFields(formData, exchangeFormFields);
  const values = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value.slice(0, exchangeNoteMaxLength + 50)]));
  if (formData.get("intent") !== "request") return invalid({ form: translate("invalid") }, values);
  const parsed = exchangeRequestSchema.safeParse(fields);
  if (!parsed.success) {
    const issues = exchangeIssues(parsed.error.issues);
    if (issues.line) throw notFound();
    return invalid(
      Object.fromEntries(Object.entries(issues).map(([field, key]) => [field, translate(key, key.startsWith("quantity") ? 1 : undefined)])),
      values,
    );
  }
  const photo = formData.get("photo");
  const result = await requestExchange(
    env,
    viewer.customerId,
    {
      lineId: parsed.data.line,
      quantity: parsed.data.quantity,
      wantedVariantId: parsed.data.wanted === "same" ? null : parsed.data.wanted,
      reason: parsed.data.reason,
      note: parsed.data.note,
      photo: photo instanceof File ? photo : null,
    },
    linkOrigin(env.PUBLIC_ORIGIN, args.request),
  );
  if (!result.ok) {
    if (result.problem === "not-found") throw notFound();
    const field: Record<string, string> = {
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
    return invalid({ [field[result.problem] ?? "form"]: translate(result.problem, result.maxQuantity) }, values);
  }
  return redirectWithToast(args.request, localizePath(locale, `/exchange/${result.exchangeId}`), { key: "exchanges:flash.requested" });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => [
  ...storefrontMeta(loaderData?.meta, matches, location.pathname),
  { name: "robots", content: "noindex" },
];

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
                    {locale === "th" ? line.productNameTh : line.productNameEn}
                    {(locale === "th" ? line.variantLabelTh : line.variantLabelEn) ? (
                      <span className="text-ink-muted"> · {locale === "th" ? line.variantLabelTh : line.variantLabelEn}</span>
                    ) : null}
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
                          #{request.id} · {locale === "th" ? request.productNameTh : request.productNameEn}
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
  const { form } = loaderData;
  const { line } = form;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const action = `${localizePath(locale, "/exchange")}?line=${line.lineId}`;
  const boughtLabel = locale === "th" ? line.variantLabelTh : line.variantLabelEn;
  const choices = form.choices.filter((choice) => choice.variantId !== line.variantId);
  const input = "w-full rounded-md border border-line bg-surface px-3 py-2";

  return (
    <Section title={t("form.heading")} testId="exchange-form-section">
      <div className="mb-4 rounded-lg bg-surface-muted p-3 text-sm">
        <p className="font-semibold">
          {locale === "th" ? line.productNameTh : line.productNameEn}
          {boughtLabel ? <span className="font-normal text-ink-muted"> · {boughtLabel}</span> : null}
        </p>
        <p className="text-ink-muted break-all">
          {t("form.fromOrder", { number: line.orderNumber })}
          {form.until ? ` · ${t("form.until", { date: formatDate(form.until, locale) })}` : null}
        </p>
      </div>
      {!form.open || line.openQuantity === 0 ? (
        <FormAlert tone="warning" testId="exchange-closed">
          {form.closedReason && form.closedReason !== "line-not-exchangeable" ? t(`errors.${form.closedReason}`) : t("form.closed")}
        </FormAlert>
      ) : (
        <Form method="post" action={action} encType="multipart/form-data" className="flex flex-col gap-4" noValidate data-testid="exchange-form">
          {errors.form ? (
            <FormAlert tone="error">{errors.form}</FormAlert>
          ) : Object.keys(errors).length ? (
            <FormAlert tone="error">{t("errors.summary")}</FormAlert>
          ) : null}
          <input type="hidden" name="line" value={line.lineId} />
          <div className="flex flex-col gap-1">
            <label htmlFor="exchange-quantity" className="text-sm font-semibold">
              {t("form.quantity")}
            </label>
            <input
              id="exchange-quantity"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={line.openQuantity}
              step={1}
              required
              defaultValue={values.quantity ?? "1"}
              aria-invalid={errors.quantity ? true : undefined}
              aria-describedby="exchange-quantity-hint"
              className={`${input} max-w-32`}
            />
            <p id="exchange-quantity-hint" className="text-xs text-ink-muted">
              {t("form.quantityHint", { max: line.openQuantity })}
            </p>
            <FieldError name="quantity" error={errors.quantity} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="exchange-wanted" className="text-sm font-semibold">
              {t("form.wanted")}
            </label>
            <select
              id="exchange-wanted"
              name="wanted"
              defaultValue={values.wanted ?? choices.find((choice) => choice.inStock)?.variantId.toString() ?? "same"}
              aria-invalid={errors.wanted ? true : undefined}
              className={input}
            >
              {choices.map((choice) => {
                const label = (locale === "th" ? choice.labelTh : choice.labelEn) || `#${choice.variantId}`;
                return (
                  <option key={choice.variantId} value={choice.variantId} disabled={!choice.inStock}>
                    {choice.inStock ? label : t("form.outOfStock", { label })}
                  </option>
                );
              })}
              <option value="same">{boughtLabel ? t("form.sameVariant", { label: boughtLabel }) : t("form.sameVariantPlain")}</option>
            </select>
            <FieldError name="wanted" error={errors.wanted} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="exchange-reason" className="text-sm font-semibold">
              {t("form.reason")}
            </label>
            <select
              id="exchange-reason"
              name="reason"
              required
              defaultValue={values.reason ?? ""}
              aria-invalid={errors.reason ? true : undefined}
              className={input}
            >
              <option value="" disabled>
                {t("form.chooseReason")}
              </option>
              {exchangeReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`reasons.${reason}`)}
                </option>
              ))}
            </select>
            <FieldError name="reason" error={errors.reason} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="exchange-note" className="text-sm font-semibold">
              {t("form.note")} <span className="font-normal text-ink-muted">{t("form.optional")}</span>
            </label>
            <textarea
              id="exchange-note"
              name="note"
              rows={3}
              maxLength={exchangeNoteMaxLength}
              defaultValue={values.note ?? ""}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby="exchange-note-hint"
              className={input}
            />
            <p id="exchange-note-hint" className="text-xs text-ink-muted">
              {t("form.noteHint", { max: exchangeNoteMaxLength })}
            </p>
            <FieldError name="note" error={errors.note} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="exchange-photo" className="text-sm font-semibold">
              {t("form.photo")}
            </label>
            <input
              id="exchange-photo"
              type="file"
              name="photo"
              accept="image/png,image/jpeg,image/gif,image/bmp,image/webp"
              aria-invalid={errors.photo ? true : undefined}
              aria-describedby="exchange-photo-hint"
              className="text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-surface-muted file:px-3 file:py-2"
            />
            <p id="exchange-photo-hint" className="text-xs text-ink-muted">
              {t("form.photoHint", { max: loaderData.photoMaxLabel })}
            </p>
            <FieldError name="photo" error={errors.photo} />
          </div>
          <p className="text-sm text-ink-muted">{t("form.reserveNote")}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <IntentButton intent="request" pendingText={t("form.submitting")} className="w-full sm:w-auto" testId="exchange-submit">
              {t("form.submit")}
            </IntentButton>
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
    <ProfileLayout locale={locale} title={t("list.heading")}>
      <div className="flex flex-col gap-6" data-testid="exchange-page">
        {loaderData.view === "form" ? <ExchangeForm loaderData={loaderData} actionData={actionData} /> : <ExchangeList loaderData={loaderData} />}
      </div>
    </ProfileLayout>
  );
}
