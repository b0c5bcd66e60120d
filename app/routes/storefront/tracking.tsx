import { CircleCheck, Circle, ExternalLink, PackageSearch } from "lucide-react";
import { data, Form } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { FormAlert } from "~/features/accounts/auth-form";
import { clientAddress } from "~/features/accounts/throttle.server";
import { lookupTracking, type PublicTracking } from "~/features/orders/tracking.server";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
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
  const typed = (new URL(request.url).searchParams.get("number") ?? "").slice(0, 100);
  const meta = { title: t("meta.title"), description: t("meta.description") };
  const headers = { "Cache-Control": "private, no-store" };
  if (!typed.trim()) return data({ typed: "", result: null, meta }, { headers });
  const lookup = await lookupTracking(env.DB, typed, clientAddress(request));
  if (lookup.found) return data({ typed, result: { kind: "found" as const, tracking: lookup.tracking }, meta }, { headers });
  return data(
    { typed, result: { kind: lookup.throttled ? ("throttled" as const) : ("not-found" as const) }, meta },
    { status: lookup.throttled ? 429 : 404, headers },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => [
  ...storefrontMeta(loaderData?.meta, matches, location.pathname),
  { name: "robots", content: "noindex" },
];

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
            const carrier = locale === "th" ? shipment.carrierNameTh : shipment.carrierNameEn;
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
                  <a
                    href={shipment.trackingUrl}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="mt-2 inline-flex items-center gap-1 text-primary-dark underline"
                    data-testid="tracking-link"
                  >
                    {t("trackAtCarrier", { carrier })}
                    <ExternalLink className="size-4" aria-hidden />
                  </a>
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
  const { result } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 md:py-10" data-testid="tracking-page">
      <header className="flex items-start gap-3">
        <PackageSearch className="mt-1 size-7 shrink-0 text-primary-dark" aria-hidden />
        <div>
          <h1 className="text-2xl font-bold md:text-3xl">{t("heading")}</h1>
          <p className="mt-2 text-ink-muted">{t("intro")}</p>
        </div>
      </header>
      <Form method="get" action={localizePath(locale, "/tracking")} className="mt-6 flex flex-wrap items-end gap-2" data-testid="tracking-form">
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-semibold">
          {t("orderNumber")}
          <input
            type="text"
            name="number"
            required
            maxLength={40}
            defaultValue={loaderData.typed}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            className="rounded-md border border-line px-3 py-2 font-mono font-normal uppercase focus-visible:outline-2 focus-visible:outline-primary"
          />
        </label>
        <button type="submit" className="btn-primary">
          {t("submit")}
        </button>
      </Form>
      <div className="mt-6" aria-live="polite">
        {result?.kind === "not-found" ? (
          <FormAlert tone="warning" testId="tracking-not-found">
            {t("notFound")}
          </FormAlert>
        ) : null}
        {result?.kind === "throttled" ? (
          <FormAlert tone="error" testId="tracking-throttled">
            {t("throttled")}
          </FormAlert>
        ) : null}
      </div>
      {result?.kind === "found" ? <TrackingResult tracking={result.tracking} locale={locale} /> : null}
    </div>
  );
}
