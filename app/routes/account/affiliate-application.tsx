import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { formatThaiNationalId } from "~/domain/thai-national-id";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { getViewer } from "~/features/accounts/viewer.server";
import { affiliateApplicationSchema, socialChannels } from "~/features/affiliates/affiliate-schemas";
import { submitAffiliateApplication } from "~/features/affiliates/affiliates.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { Field, FieldError, FormErrors, FormMessages, SubmitButton, TextareaField, useFieldMessage } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
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
  const viewer = getViewer(context);
  const formData = await request.formData();
  // Shown back as it is shown everywhere (1-4-5-2-1), whatever spacing it was typed with.
  const nationalId = formData.get("nationalId");
  if (typeof nationalId === "string") formData.set("nationalId", formatThaiNationalId(nationalId));
  const submission = parseWithZod(formData, { schema: affiliateApplicationSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), duplicate: false }, { status: 400 });

  const result = await submitAffiliateApplication(env.DB, submission.value, {
    customerId: viewer.kind === "customer" ? viewer.customerId : null,
    locale,
    origin: linkOrigin(env.PUBLIC_ORIGIN, request),
  });
  if (!result.ok) return data({ result: submission.reply({ fieldErrors: { nationalId: ["duplicate"] } }), duplicate: true }, { status: 409 });
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
  const [form, fields] = useSchemaForm(affiliateApplicationSchema, {
    id: "affiliate-application",
    lastResult: actionData?.result,
    defaultValue: loaderData.prefill,
  });

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

  const action = localizePath(locale, "/register-pryde-affiliate-account");
  return (
    <FormMessages namespace="affiliate">
      <div className="mx-auto w-full max-w-2xl px-4 py-8 md:py-12" data-testid="affiliate-application-page">
        <h1 className="text-2xl font-bold">{t("heading")}</h1>
        <p className="mt-2 mb-6 text-ink-muted">{t("intro")}</p>
        {actionData?.duplicate ? (
          <Alert tone="warning" testId="affiliate-duplicate">
            {t("duplicate")}
          </Alert>
        ) : (
          <FormErrors form={form} />
        )}
        <Form method="post" action={action} className="flex flex-col gap-6" {...getFormProps(form)}>
          <Section title={t("sections.about")}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field meta={fields.firstName} label={t("fields.firstName")} autoComplete="given-name" />
              <Field meta={fields.lastName} label={t("fields.lastName")} autoComplete="family-name" />
              <Field meta={fields.email} type="email" label={t("fields.email")} autoComplete="email" />
              <Field meta={fields.phone} type="tel" label={t("fields.phone")} autoComplete="tel" />
            </div>
          </Section>
          <Section title={t("sections.channels")} hint={t("sections.channelsHint")}>
            <div className="grid gap-4 sm:grid-cols-2">
              {socialChannels.map((channel) => (
                <Field key={channel} meta={fields[channel]} label={t(`fields.${channel}`)} placeholder="@name" />
              ))}
            </div>
            <ChannelsError errors={form.allErrors.channels} />
          </Section>
          <Section title={t("sections.identity")}>
            <Field meta={fields.nationalId} label={t("fields.nationalId")} inputMode="numeric" autoComplete="off" hint={t("fields.nationalIdHint")} />
            <TextareaField meta={fields.note} label={t("fields.note")} />
          </Section>
          <SubmitButton pendingText={t("submitting")} action={action} className="w-full">
            {t("submit")}
          </SubmitButton>
        </Form>
      </div>
    </FormMessages>
  );
}

/** "Enter at least one social channel": a message about the four channel fields together. */
function ChannelsError({ errors }: { errors: string[] | undefined }) {
  const { t } = useTranslation("affiliate");
  return <FieldError name="channels" message={useFieldMessage(errors, t("fields.channels"))} />;
}
