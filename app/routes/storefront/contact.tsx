import { localized } from "~/i18n/localized";
import { ExternalLink, Mail, MapPin, Phone } from "lucide-react";
import { data, Form, redirect, useLocation, useRouteLoaderData } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { FormAlert, SubmitButton, TextField } from "~/features/accounts/auth-form";
import { clientAddress } from "~/features/accounts/throttle.server";
import { getViewer } from "~/features/accounts/viewer.server";
import { echoValues, textFields, translatedFieldErrors, type Translate } from "~/features/backoffice/form-errors";
import { contactFormFields, contactLimits, contactMessageSchema, contactValidationKeys } from "~/features/content/contact-schemas";
import { submitContactMessage } from "~/features/content/contact.server";
import { sendPendingEmails } from "~/features/email/sender.server";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { FacebookIcon, InstagramIcon, LineIcon, socialUrl } from "~/ui/social-icons";
import type { Route } from "./+types/contact";
import type { loader as layoutLoader } from "./layout";

/**
 * Spec §2 /contact and §3 Contact message: a form (name, e-mail, subject, message) and the shop's
 * contact details from the settings, with a Google Maps search link for the address (no embedded
 * map: nothing loads from Google until the visitor asks). A message is stored for staff with an
 * e-mail to the shop in one batch; bad input answers 400 with messages in the page's language and
 * writes nothing; too many messages from one address answer 429. Success: POST → redirect → `?sent=1`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "content");
  const viewer = getViewer(context);
  return data({
    sent: new URL(request.url).searchParams.get("sent") === "1",
    prefill: (viewer.kind === "customer" ? { name: `${viewer.firstName} ${viewer.lastName}`.trim(), email: viewer.email } : {}) as Record<string, string>,
    meta: { title: t("meta.contactTitle"), description: t("meta.contactDescription") },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "content") as unknown as Translate;
  const scoped: Translate = (key, options) => t(`contact.${key}`, options);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data({ errors: { form: scoped("validation.invalid", { field: scoped("fields.form") }) }, values: {}, throttled: false }, { status: 400 });
  }
  const fields = textFields(formData, contactFormFields);
  const values = echoValues(fields) as Record<string, string>;
  const parsed = contactMessageSchema.safeParse(fields);
  if (!parsed.success) {
    return data({ errors: translatedFieldErrors(parsed.error, scoped, contactValidationKeys), values, throttled: false }, { status: 400 });
  }

  const viewer = getViewer(context);
  const result = await submitContactMessage(env.DB, parsed.data, {
    customerId: viewer.kind === "customer" ? viewer.customerId : null,
    locale,
    clientAddress: clientAddress(request),
  });
  if (!result.ok) return data({ errors: {} as Record<string, string>, values, throttled: true }, { status: 429 });
  ctx.waitUntil(sendPendingEmails(env).catch((error: unknown) => console.error("e-mail sender", error)));
  return redirect(`${localizePath(locale, "/contact")}?sent=1`);
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
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = { ...loaderData.prefill, ...actionData?.values };
  const showThanks = loaderData.sent && !actionData;
  const location = useLocation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10" data-testid="contact-page">
      <header className="max-w-3xl">
        <h1 className="text-2xl font-bold md:text-3xl">{t("contact.heading")}</h1>
        <p className="mt-2 text-ink-muted">{t("contact.intro")}</p>
      </header>

      <div className="mt-8 grid gap-8 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="contact-form-heading" className="rounded-xl border border-line bg-surface p-4 shadow-sm md:p-6">
          <h2 id="contact-form-heading" className="mb-4 text-lg font-semibold">
            {t("contact.formHeading")}
          </h2>
          {showThanks ? (
            <FormAlert tone="success" title={t("contact.thanks.heading")} testId="contact-thanks">
              {t("contact.thanks.body")}
            </FormAlert>
          ) : null}
          {actionData?.throttled ? (
            <FormAlert tone="warning" testId="contact-throttled">
              {t("contact.throttled")}
            </FormAlert>
          ) : Object.keys(errors).length ? (
            <FormAlert tone="error" testId="contact-errors">
              {errors.form ?? t("contact.validation.summary")}
            </FormAlert>
          ) : null}
          {/* Messages come from the server in the page's language (not the browser's bubbles): noValidate.
              Each visit builds the form afresh, so a sent message leaves empty fields behind. */}
          <Form method="post" action={localizePath(locale, "/contact")} className="flex flex-col gap-4" key={location.key} noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                name="name"
                label={t("contact.fields.name")}
                autoComplete="name"
                required
                maxLength={contactLimits.name}
                defaultValue={values.name}
                error={errors.name}
              />
              <TextField
                name="email"
                type="email"
                label={t("contact.fields.email")}
                autoComplete="email"
                required
                maxLength={contactLimits.email}
                defaultValue={values.email}
                error={errors.email}
              />
            </div>
            <TextField
              name="title"
              label={t("contact.fields.title")}
              required
              maxLength={contactLimits.title}
              defaultValue={values.title}
              error={errors.title}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor="contact-note" className="text-sm font-semibold">
                {t("contact.fields.note")}
              </label>
              <textarea
                id="contact-note"
                name="note"
                rows={6}
                required
                maxLength={contactLimits.note}
                defaultValue={values.note}
                aria-invalid={errors.note ? true : undefined}
                aria-describedby={errors.note ? "contact-note-error contact-note-hint" : "contact-note-hint"}
                className={`rounded-md border px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary ${errors.note ? "border-error" : "border-line"}`}
              />
              <p id="contact-note-hint" className="text-xs text-ink-muted">
                {t("contact.hints.note", { max: contactLimits.note })}
              </p>
              {errors.note ? (
                <p id="contact-note-error" className="text-sm text-error" data-testid="error-note">
                  {errors.note}
                </p>
              ) : null}
            </div>
            <SubmitButton pendingText={t("contact.submitting")}>{t("contact.submit")}</SubmitButton>
          </Form>
        </section>

        <ContactDetails locale={locale} />
      </div>
    </div>
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
