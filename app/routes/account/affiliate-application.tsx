import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { formatThaiNationalId } from "~/domain/thai-national-id";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { FieldError, FormAlert, SubmitButton, TextField } from "~/features/accounts/auth-form";
import { getViewer } from "~/features/accounts/viewer.server";
import { affiliateApplicationSchema, affiliateFormFields, affiliateValidationKeys, socialChannels } from "~/features/affiliates/affiliate-schemas";
import { submitAffiliateApplication } from "~/features/affiliates/affiliates.server";
import { echoValues, textFields, translatedFieldErrors, type Translate } from "~/features/backoffice/form-errors";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import type { Route } from "./+types/affiliate-application";

/**
 * Affiliate account registration (spec §2 /register-pryde-affiliate-account; issue 3 item 8), for
 * guests and customers (a signed-in customer's application is linked to their account and the form
 * starts with their name and e-mail). The Thai national id is checked by the spec §5 rule, stored as
 * 13 digits and shown as 1-4-5-2-1. Stored as pending together with the acknowledgement e-mail in
 * the applicant's language (one batch); then POST → redirect → the thank-you state (`?submitted=1`).
 * Staff are sent to the home page (spec §4 "frontend" guard).
 */
function refuseStaff(context: Route.LoaderArgs["context"]) {
  if (getViewer(context).kind === "staff") throw redirect(localizePath(getLocale(context) as Locale, "/"));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  refuseStaff(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "affiliate");
  const viewer = getViewer(context);
  const submitted = new URL(request.url).searchParams.get("submitted") === "1";
  return data({
    submitted,
    prefill: (viewer.kind === "customer" ? { firstName: viewer.firstName, lastName: viewer.lastName, email: viewer.email } : {}) as Record<string, string>,
    meta: { title: t("meta.title"), description: t("meta.description") },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  refuseStaff(context);
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "affiliate") as unknown as Translate;
  const viewer = getViewer(context);
  const fields = textFields(await request.formData(), affiliateFormFields);
  const values = echoValues(fields) as Record<string, string>;
  // Shown back as it is shown everywhere (1-4-5-2-1), whatever spacing it was typed with.
  if (values.nationalId) values.nationalId = formatThaiNationalId(values.nationalId);
  const parsed = affiliateApplicationSchema.safeParse(fields);
  if (!parsed.success) return data({ errors: translatedFieldErrors(parsed.error, t, affiliateValidationKeys), values, duplicate: false }, { status: 400 });

  const result = await submitAffiliateApplication(env.DB, parsed.data, {
    customerId: viewer.kind === "customer" ? viewer.customerId : null,
    locale,
    origin: linkOrigin(env.PUBLIC_ORIGIN, request),
  });
  if (!result.ok) return data({ errors: { nationalId: t("duplicate") }, values, duplicate: true }, { status: 409 });
  return redirect(`${localizePath(locale, "/register-pryde-affiliate-account")}?submitted=1`);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("affiliate:meta.title") }] } satisfies BreadcrumbHandle;

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-line p-4">
      <legend className="px-1 font-semibold">{title}</legend>
      {hint ? <p className="-mt-2 text-sm text-ink-muted">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

export default function AffiliateApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("affiliate");
  const locale = i18n.language as Locale;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = { ...loaderData.prefill, ...actionData?.values };

  if (loaderData.submitted && !actionData) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-12" data-testid="affiliate-thanks">
        <div className="rounded-xl border border-line bg-surface p-8 text-center shadow-sm">
          <CircleCheck className="mx-auto size-12 text-success" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold">{t("thanks.heading")}</h1>
          <p className="mt-3 text-ink-muted">{t("thanks.body")}</p>
          <Link to={localizePath(locale, "/")} className="btn-primary mt-6">
            {t("thanks.home")}
          </Link>
        </div>
      </div>
    );
  }

  const optional = t("fields.optional");
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 md:py-12" data-testid="affiliate-application-page">
      <h1 className="text-2xl font-bold">{t("heading")}</h1>
      <p className="mt-2 mb-6 text-ink-muted">{t("intro")}</p>
      {actionData?.duplicate ? (
        <FormAlert tone="warning" testId="affiliate-duplicate">
          {t("duplicate")}
        </FormAlert>
      ) : Object.keys(errors).length ? (
        <FormAlert tone="error">{t("validation.summary")}</FormAlert>
      ) : null}
      <Form method="post" action={localizePath(locale, "/register-pryde-affiliate-account")} className="flex flex-col gap-6">
        <Section title={t("sections.about")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="firstName"
              label={t("fields.firstName")}
              autoComplete="given-name"
              required
              maxLength={100}
              defaultValue={values.firstName}
              error={errors.firstName}
            />
            <TextField
              name="lastName"
              label={t("fields.lastName")}
              autoComplete="family-name"
              required
              maxLength={100}
              defaultValue={values.lastName}
              error={errors.lastName}
            />
            <TextField
              name="email"
              type="email"
              label={t("fields.email")}
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={values.email}
              error={errors.email}
            />
            <TextField
              name="phone"
              type="tel"
              label={t("fields.phone")}
              autoComplete="tel"
              required
              maxLength={20}
              defaultValue={values.phone}
              error={errors.phone}
            />
          </div>
        </Section>
        <Section title={t("sections.channels")} hint={t("sections.channelsHint")}>
          <div className="grid gap-4 sm:grid-cols-2">
            {socialChannels.map((channel) => (
              <TextField
                key={channel}
                name={channel}
                label={t(`fields.${channel}`)}
                optionalText={optional}
                maxLength={200}
                placeholder="@name"
                defaultValue={values[channel]}
                error={errors[channel]}
              />
            ))}
          </div>
          <FieldError name="channels" error={errors.channels} />
        </Section>
        <Section title={t("sections.identity")}>
          <TextField
            name="nationalId"
            label={t("fields.nationalId")}
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={20}
            hint={t("fields.nationalIdHint")}
            defaultValue={values.nationalId}
            error={errors.nationalId}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="affiliate-note" className="text-sm font-semibold">
              {t("fields.note")} <span className="font-normal text-ink-muted">{optional}</span>
            </label>
            <textarea
              id="affiliate-note"
              name="note"
              rows={4}
              maxLength={1000}
              defaultValue={values.note}
              aria-invalid={errors.note ? true : undefined}
              className="rounded-md border border-line px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary"
            />
            <FieldError name="note" error={errors.note} />
          </div>
        </Section>
        <SubmitButton pendingText={t("submitting")}>{t("submit")}</SubmitButton>
      </Form>
    </div>
  );
}
