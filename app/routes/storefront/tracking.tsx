import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Circle, CircleCheck, PackageSearch } from "lucide-react";
import { data, Form } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { clientAddress } from "~/features/accounts/throttle.server";
import { lookupTracking, type PublicTracking } from "~/features/orders/tracking.server";
import { trackingSchema } from "~/features/orders/tracking-schemas";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { Field, FormMessages, SubmitButton } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { storefrontMeta } from "~/ui/meta";
import { NewTabLink } from "~/ui/new-tab-link";
import { PageTitle } from "~/ui/page-title";

import type { Route } from "./+types/tracking";

/**
 * Spec §2 /tracking, §8 (issue 5 item 7): a GET form for the order number (works without
 * JavaScript, the result can be bookmarked); the answer shows the status, a timeline (placed, paid,
 * shipped, completed — dates in Bangkok time, Buddhist-era years in Thai) and the carrier with its
 * tracking link, and nothing personal (tracking.server.ts). An unknown number gets the spec's
 * "order number not found or delivery info being updated"; too many unknown numbers from one
 * address are told to wait (429).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "tracking");
  const query = new URL(request.url).searchParams;
  const meta = { title: t("meta.title"), description: t("meta.description") };
  const headers = { "Cache-Control": "private, no-store" };
  if (!query.has("number")) return data({ result: undefined, tracking: null, meta }, { headers });
  const submission = parseWithZod(query, { schema: trackingSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), tracking: null, meta }, { status: 400, headers });
  const lookup = await lookupTracking(env.DB, submission.value.number, clientAddress(request));
  if (lookup.found) return data({ result: submission.reply(), tracking: lookup.tracking, meta }, { headers });
  return data(
    { result: submission.reply({ fieldErrors: { number: [lookup.throttled ? "throttled" : "notFound"] } }), tracking: null, meta },
    { status: lookup.throttled ? 429 : 404, headers },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

export const handle = { breadcrumb: ({ t }) => [{ text: t("menu.tracking") }] } satisfies BreadcrumbHandle;

function TrackingResult({ tracking, locale }: { tracking: PublicTracking; locale: Locale }) {
  const { t } = useTranslation("tracking");
  const date = (at: number) => formatDate(at, locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section
      aria-labelledby="tracking-result-heading"
      className="mt-8 rounded-xl border border-line bg-surface p-4 shadow-sm md:p-6"
      data-testid="tracking-result"
    >
      <h2 id="tracking-result-heading" className="text-lg font-semibold">
        {t("result", { number: tracking.orderNumber })}
      </h2>
      <p className="mt-1">
        {t("status")}:{" "}
        <strong data-testid="tracking-status" data-status={tracking.status}>
          {t(`statuses.${tracking.status}`)}
        </strong>
      </p>
      <h3 className="mt-6 mb-3 font-semibold">{t("timeline")}</h3>
      <ol className="space-y-3" data-testid="tracking-timeline">
        {tracking.steps.map((step) => (
          <li key={step.step} className="flex items-start gap-3" data-testid={`tracking-step-${step.step}`} data-done={step.at !== null}>
            {step.at !== null ? (
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
            ) : (
              <Circle className="mt-0.5 size-5 shrink-0 text-ink-muted" aria-hidden />
            )}
            <div>
              <div className={step.at !== null ? "font-semibold" : "text-ink-muted"}>{t(`steps.${step.step}`)}</div>
              <div className="text-sm text-ink-muted">
                {step.at !== null ? <time dateTime={new Date(step.at).toISOString()}>{date(step.at)}</time> : t("pending")}
              </div>
            </div>
          </li>
        ))}
      </ol>
      {tracking.shipments.length ? (
        <ul className="mt-6 space-y-3" data-testid="tracking-shipments">
          {tracking.shipments.map((shipment, index) => {
            const carrier = localized(shipment, "carrierName", locale);
            return (
              <li key={index} className="rounded-md border border-line p-3">
                <div>
                  {t("carrier")}: <strong data-testid="tracking-carrier">{carrier}</strong>
                </div>
                <div>
                  {t("trackingNumber")}:{" "}
                  <span className="font-mono" data-testid="tracking-number">
                    {shipment.trackingNumber}
                  </span>
                </div>
                {shipment.trackingUrl ? (
                  <NewTabLink href={shipment.trackingUrl} className="mt-2" testId="tracking-link">
                    {t("trackAtCarrier", { carrier })}
                  </NewTabLink>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : tracking.status !== "cancelled" && tracking.status !== "refunded" ? (
        <p className="mt-6 text-sm text-ink-muted">{t("notShippedYet")}</p>
      ) : null}
    </section>
  );
}

export default function TrackingPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("tracking");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { tracking } = loaderData;
  const [form, fields] = useSchemaForm(trackingSchema, { id: "tracking", lastResult: loaderData.result });
  return (
    <FormMessages namespace="tracking">
      <div className="mx-auto max-w-2xl px-4 py-6 md:py-10" data-testid="tracking-page">
        <header className="flex items-start gap-3">
          <PackageSearch className="mt-1 size-7 shrink-0 text-primary-dark" aria-hidden />
          <div>
            <PageTitle title={t("heading")} intro={t("intro")} />
          </div>
        </header>
        <Form
          method="get"
          action={localizePath(locale, "/tracking")}
          className="mt-6 flex flex-wrap items-start gap-2"
          data-testid="tracking-form"
          {...getFormProps(form)}
        >
          <Field meta={fields.number} label={t("orderNumber")} autoCapitalize="characters" autoComplete="off" spellCheck={false} className="min-w-56 flex-1" />
          <SubmitButton className="mt-6">{t("submit")}</SubmitButton>
        </Form>
        {tracking ? <TrackingResult tracking={tracking} locale={locale} /> : null}
      </div>
    </FormMessages>
  );
}
