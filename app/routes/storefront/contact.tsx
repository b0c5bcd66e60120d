import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink, Mail, MapPin, Phone } from "lucide-react";
import { data, Form, useLocation, useRouteLoaderData } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { clientAddress } from "~/features/accounts/throttle.server";
import { getViewer } from "~/features/accounts/viewer.server";
import { submitContactMessage } from "~/features/content/contact.server";
import { contactLimits, contactMessageSchema } from "~/features/content/contact-schemas";
import { sendPendingEmails } from "~/features/email/sender.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { Field, FormErrors, FormMessages, SubmitButton, TextareaField } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { storefrontMeta } from "~/ui/meta";
import { PageTitle } from "~/ui/page-title";
import { FacebookIcon, InstagramIcon, LineIcon, socialUrl } from "~/ui/social-icons";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/contact";
import type { loader as layoutLoader } from "./layout";

/**
 * Spec §2 /contact and §3 Contact message: a form (name, e-mail, subject, message) and the shop's
 * contact details from the settings, with a Google Maps search link for the address (no embedded
 * map: nothing loads from Google until the visitor asks). A message is stored for staff with an
 * e-mail to the shop in one batch; bad input answers 400 with messages in the page's language and
 * writes nothing; too many messages from one address answer 429. Success: back to /contact with a thank-you toast.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "content");
  const viewer = getViewer(context);
  return data({
    prefill: viewer.kind === "customer" ? { name: `${viewer.firstName} ${viewer.lastName}`.trim(), email: viewer.email } : undefined,
    meta: { title: t("meta.contactTitle"), description: t("meta.contactDescription") },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const submission = parseWithZod(await request.formData(), { schema: contactMessageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  const viewer = getViewer(context);
  const result = await submitContactMessage(env.DB, submission.value, {
    customerId: viewer.kind === "customer" ? viewer.customerId : null,
    locale,
    clientAddress: clientAddress(request),
  });
  if (!result.ok) return data({ result: submission.reply({ formErrors: ["throttled"] }) }, { status: 429 });
  ctx.waitUntil(sendPendingEmails(env).catch((error: unknown) => console.error("e-mail sender", error)));
  return redirectWithToast(request, localizePath(locale, "/contact"), { key: "content:contact.thanks.heading", detailKey: "content:contact.thanks.body" });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("menu.contact") }] } satisfies BreadcrumbHandle;

/** A Google Maps search for the address: a plain link, so nothing from Google loads on this page. */
function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.replace(/\s+/g, " ").trim())}`;
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("content");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const location = useLocation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10" data-testid="contact-page">
      <header className="max-w-3xl">
        <PageTitle title={t("contact.heading")} intro={t("contact.intro")} />
      </header>

      <div className="mt-8 grid gap-8 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="contact-form-heading" className="rounded-xl border border-line bg-surface p-4 shadow-sm md:p-6">
          <h2 id="contact-form-heading" className="mb-4 text-lg font-semibold">
            {t("contact.formHeading")}
          </h2>
          {/* Each visit builds the form afresh, so a sent message leaves empty fields behind. */}
          <ContactForm key={location.key} locale={locale} prefill={loaderData.prefill} lastResult={actionData?.result} />
        </section>

        <ContactDetails locale={locale} />
      </div>
    </div>
  );
}

function ContactForm({
  locale,
  prefill,
  lastResult,
}: {
  locale: Locale;
  prefill: { name: string; email: string } | undefined;
  lastResult: SubmissionResult | undefined;
}) {
  const { t } = useTranslation("content");
  const [form, fields] = useSchemaForm(contactMessageSchema, {
    id: "contact",
    lastResult,
    defaultValue: { name: prefill?.name ?? "", email: prefill?.email ?? "", title: "", note: "" },
  });
  return (
    <FormMessages namespace="content">
      <FormErrors form={form} />
      <Form method="post" action={localizePath(locale, "/contact")} className="flex flex-col gap-4" {...getFormProps(form)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.name} label={t("contact.fields.name")} autoComplete="name" />
          <Field meta={fields.email} type="email" label={t("contact.fields.email")} autoComplete="email" />
        </div>
        <Field meta={fields.title} label={t("contact.fields.title")} />
        <TextareaField meta={fields.note} label={t("contact.fields.note")} rows={6} hint={t("contact.hints.note", { max: contactLimits.note })} />
        <SubmitButton pendingText={t("contact.submitting")} className="w-full">
          {t("contact.submit")}
        </SubmitButton>
      </Form>
    </FormMessages>
  );
}

function ContactDetails({ locale }: { locale: Locale }) {
  const { t } = useTranslation("content");
  const chrome = useRouteLoaderData<typeof layoutLoader>(`${locale}/storefront`);
  const site = chrome?.site;
  if (!site) return null;
  const address = localized(site, "address", locale);
  const socials = [
    { kind: "line", label: "LINE", icon: LineIcon, url: socialUrl("line", site.line) },
    { kind: "facebook", label: "Facebook", icon: FacebookIcon, url: socialUrl("facebook", site.facebook) },
    { kind: "instagram", label: "Instagram", icon: InstagramIcon, url: socialUrl("instagram", site.instagram) },
  ] as const;
  const linkClass = "rounded text-primary-dark hover:underline focus-visible:outline-2 focus-visible:outline-primary";
  return (
    <section aria-labelledby="contact-details-heading" className="rounded-xl bg-surface-muted p-4 md:p-6" data-testid="contact-details">
      <h2 id="contact-details-heading" className="mb-4 text-lg font-semibold">
        {localized(site, "name", locale)} · {t("contact.detailsHeading")}
      </h2>
      <address className="flex flex-col gap-5 not-italic">
        {address ? (
          <div className="flex gap-3">
            <MapPin className="mt-0.5 size-5 shrink-0 text-primary-dark" aria-hidden />
            <div>
              <p className="text-sm font-semibold">{t("contact.address")}</p>
              <p className="whitespace-pre-line">{address}</p>
              <a
                href={mapSearchUrl(address)}
                target="_blank"
                rel="noopener noreferrer"
                className={`mt-1 inline-flex items-center gap-1 text-sm ${linkClass}`}
                data-testid="map-link"
              >
                {t("contact.openMap")}
                <ExternalLink className="size-3.5" aria-hidden />
                <span className="sr-only">{t("contact.newWindow")}</span>
              </a>
            </div>
          </div>
        ) : null}
        {site.phone ? (
          <div className="flex gap-3">
            <Phone className="mt-0.5 size-5 shrink-0 text-primary-dark" aria-hidden />
            <div>
              <p className="text-sm font-semibold">{t("contact.phone")}</p>
              <a href={`tel:${site.phone.replace(/[^\d+]/g, "")}`} className={linkClass}>
                {site.phone}
              </a>
            </div>
          </div>
        ) : null}
        {site.email ? (
          <div className="flex gap-3">
            <Mail className="mt-0.5 size-5 shrink-0 text-primary-dark" aria-hidden />
            <div>
              <p className="text-sm font-semibold">{t("contact.email")}</p>
              <a href={`mailto:${site.email}`} className={`break-all ${linkClass}`}>
                {site.email}
              </a>
            </div>
          </div>
        ) : null}
        {socials.some((social) => social.url) ? (
          <div>
            <p className="text-sm font-semibold">{t("contact.social")}</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {socials.map(({ kind, label, icon: Icon, url }) =>
                url ? (
                  <li key={kind}>
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1.5 text-sm hover:bg-white focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      <Icon width={16} height={16} />
                      {label}
                      <span className="sr-only">{t("contact.newWindow")}</span>
                    </a>
                  </li>
                ) : null,
              )}
            </ul>
          </div>
        ) : null}
      </address>
    </section>
  );
}
