import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { isExchangeReason } from "~/domain/exchange";
import { customerRoute } from "~/features/accounts/customer-route.server";
import { getCustomerExchange } from "~/features/exchanges/exchanges.server";
import { ExchangeStatusBadge } from "~/features/exchanges/exchanges-ui";
import { Section } from "~/features/profile/account-ui";
import { type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { NewTabLink } from "~/ui/new-tab-link";
import { ProfileLayout } from "~/ui/profile-layout";

import type { Route } from "./+types/exchange-detail";

/**
 * Spec §2 /exchange/{id}: one of the customer's exchange requests — what was asked, its status,
 * what happens next, the replacement's tracking and the history of every step. Customers only;
 * another customer's exchange (or an id that is not a number) is a 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { viewer, env, t } = customerRoute(args, "exchanges");
  const id = /^[1-9][0-9]{0,9}$/.test(args.params.id) ? Number(args.params.id) : null;
  const found = id === null || id > 2_147_483_647 ? null : await getCustomerExchange(env.DB, viewer.customerId, id);
  if (!found) throw data(null, { status: 404 });
  return data(
    { ...found, meta: { title: t("meta.detailTitle", { id: found.exchange.id }), description: t("meta.description") } },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

export const handle = {
  breadcrumb: ({ t, data: loaderData }) => [
    { text: t("exchanges:meta.title"), to: "/exchange" },
    ...(loaderData ? [{ text: (loaderData as { meta: { title: string } }).meta.title }] : []),
  ],
} satisfies BreadcrumbHandle;

export default function ExchangeDetail({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("exchanges");
  const locale = i18n.language as Locale;
  const { exchange, events } = loaderData;
  const status = exchange.status as "requested";
  const carrier = localized(exchange, "carrierName", locale);
  const rows: [string, string][] = [
    [t("detail.item"), [localized(exchange, "productName", locale), localized(exchange, "variantLabel", locale)].filter(Boolean).join(" · ")],
    [t("detail.wanted"), localized(exchange, "wantedLabel", locale) || "—"],
    [t("detail.quantity"), String(exchange.quantity)],
    [t("detail.reason"), isExchangeReason(exchange.reason) ? t(`reasons.${exchange.reason}`) : exchange.reason],
  ];

  return (
    <ProfileLayout locale={locale}>
      <div className="flex flex-col gap-6" data-testid="exchange-detail" data-exchange-id={exchange.id}>
        <div className="flex flex-col gap-2">
          <Link to={localizePath(locale, "/exchange")} className="inline-flex items-center gap-1 text-sm text-primary-dark underline">
            <ArrowLeft className="size-4" aria-hidden />
            {t("detail.back")}
          </Link>
          <h1 className="text-2xl font-semibold">{t("detail.heading", { id: exchange.id })}</h1>
          <div className="flex flex-wrap items-center gap-3 text-sm text-ink-muted">
            <ExchangeStatusBadge status={exchange.status} />
            <span>{t("detail.requestedOn", { date: formatDate(exchange.createdAt, locale, { dateStyle: "medium", timeStyle: "short" }) })}</span>
          </div>
          <p className="rounded-md border border-primary bg-blue-50 px-4 py-3 text-sm" role="note" data-testid="exchange-next-step">
            {t(`detail.nextStep.${status}`)}
          </p>
        </div>

        <Section testId="exchange-summary">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">{t("detail.order")}</dt>
            <dd className="break-all">
              <Link to={localizePath(locale, `/my-purchase/${encodeURIComponent(exchange.orderNumber)}`)} className="text-primary-dark underline">
                {exchange.orderNumber}
              </Link>
            </dd>
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
            {exchange.note ? (
              <>
                <dt className="font-semibold">{t("detail.note")}</dt>
                <dd className="break-words whitespace-pre-wrap">{exchange.note}</dd>
              </>
            ) : null}
            {exchange.staffNote ? (
              <>
                <dt className="font-semibold">{t("detail.staffNote")}</dt>
                <dd className="break-words whitespace-pre-wrap" data-testid="staff-note">
                  {exchange.staffNote}
                </dd>
              </>
            ) : null}
          </dl>
          {exchange.photoKey ? (
            <figure className="mt-4">
              <figcaption className="mb-2 text-sm font-semibold">{t("detail.photo")}</figcaption>
              <img
                src={localizePath(locale, `/exchange/${exchange.id}/photo`)}
                alt={t("detail.photoAlt", { id: exchange.id })}
                loading="lazy"
                className="max-h-64 w-auto rounded-md border border-line"
              />
            </figure>
          ) : null}
        </Section>

        {exchange.trackingNumber ? (
          <Section title={t("detail.replacement")} testId="exchange-tracking">
            <p className="text-sm font-semibold">{carrier}</p>
            <p className="text-sm break-all">{t("detail.trackingNumber", { number: exchange.trackingNumber })}</p>
            {exchange.trackingUrl ? (
              <NewTabLink href={exchange.trackingUrl} className="mt-1 text-sm">
                {t("detail.track", { carrier })}
              </NewTabLink>
            ) : null}
          </Section>
        ) : null}

        <Section title={t("detail.history")} testId="exchange-history">
          <ol className="relative ml-2 flex flex-col gap-4 border-l border-line pl-5">
            {events.map((event, index) => (
              <li key={index} className="relative text-sm" data-testid="exchange-event" data-event={event.event}>
                <span className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-primary" aria-hidden />
                <p className="font-semibold">{t(`events.${event.event}`)}</p>
                <p className="text-ink-muted">{formatDate(event.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}</p>
                {event.note ? <p className="mt-1 break-words whitespace-pre-wrap">{event.note}</p> : null}
              </li>
            ))}
          </ol>
        </Section>
      </div>
    </ProfileLayout>
  );
}
