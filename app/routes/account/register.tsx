import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect } from "react-router";

import { getCloudflare } from "~/cloudflare";
import type { SocialProvider } from "~/domain/social-providers";
import { AuthCard, NewPasswordFields, TermsCheckbox } from "~/features/accounts/account-form-ui";
import { registerAccountSchema, registerEmailSchema } from "~/features/accounts/account-schemas";
import { isEmailRegistered, linkOrigin, registerCustomer } from "~/features/accounts/accounts.server";
import { requireGuest } from "~/features/accounts/guards.server";
import { SocialButtons } from "~/features/accounts/social-buttons";
import { configuredProviders } from "~/features/accounts/social-providers.server";
import { getViewer } from "~/features/accounts/viewer.server";
import { sessionCookie } from "~/features/sessions/sessions.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { DateField, Field, FieldError, FormErrors, FormMessages, RadioGroupField, SubmitButton, useFieldMessage, useIsSubmitting } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { storefrontMeta } from "~/ui/meta";
import { redirectWithToast } from "~/ui/toast.server";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/register";

/**
 * Spec §2/§5 register by e-mail. Without `u`: one e-mail field and the membership-terms checkbox;
 * a registered e-mail gets the EMAIL_ALREADY warning and an empty form, a new one goes to
 * `/register?u=<email>`, which completes the account (the terms are confirmed again there, and
 * their time stored, at the moment the account is made). Guests only.
 */
export async function loader(args: Route.LoaderArgs) {
  requireGuest(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "auth");
  const url = new URL(args.request.url);
  const parsed = registerEmailSchema.shape.email.safeParse(url.searchParams.get("u") ?? "");
  const email = parsed.success ? parsed.data : null;
  const taken = email && (await isEmailRegistered(env.DB, email)) ? email : null;
  const step = email && !taken ? ("account" as const) : ("email" as const);
  return data({
    step,
    email: step === "account" ? email : null,
    termsAccepted: url.searchParams.get("terms") === "accepted",
    taken,
    providers: configuredProviders(env),
    meta: { title: step === "account" ? t("meta.completeRegistration") : t("meta.register"), description: t("meta.registerDescription") },
  });
}

export async function action(args: Route.ActionArgs) {
  requireGuest(args);
  const { request, context } = args;
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const formData = await request.formData();
  // Spec §5: a registered e-mail gets the warning, and the form starts empty again.
  const emailTaken = (result: SubmissionResult, email: string) => data({ result, taken: email }, { status: 409 });

  if (formData.get("intent") !== "create") {
    const submission = parseWithZod(formData, { schema: registerEmailSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), taken: null }, { status: 400 });
    if (await isEmailRegistered(env.DB, submission.value.email)) return emailTaken(submission.reply({ resetForm: true }), submission.value.email);
    return redirect(`${localizePath(locale, "/register")}?u=${encodeURIComponent(submission.value.email)}&terms=accepted`);
  }

  const submission = parseWithZod(formData, { schema: registerAccountSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), taken: null }, { status: 400 });
  const result = await registerCustomer(env.DB, submission.value, {
    locale,
    origin: linkOrigin(env.PUBLIC_ORIGIN, request),
    previousSessionId: getViewer(context).sessionId,
  });
  if (!result.ok) return emailTaken(submission.reply({ resetForm: true }), submission.value.email);
  return redirectWithToast(
    request,
    localizePath(locale, "/"),
    { key: "auth:register.successTitle", detailKey: "auth:register.success" },
    { headers: { "Set-Cookie": sessionCookie(request, result.sessionId, { customerId: result.customerId }) } },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("auth:meta.register") }] } satisfies BreadcrumbHandle;

function EmailStep({ taken, lastResult, providers }: { taken: string | null; lastResult: SubmissionResult | undefined; providers: readonly SocialProvider[] }) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  const [form, fields] = useSchemaForm(registerEmailSchema, { id: "register-email", lastResult });
  const hydrated = useHydrated();
  const submitting = useIsSubmitting();
  const formRef = useRef<HTMLFormElement>(null);
  // Spec §2: the button waits for a valid e-mail and the accepted terms; the constraints the schema
  // puts on the fields (required, e-mail) say whether the form is valid.
  const [valid, setValid] = useState(false);
  useEffect(() => {
    // Something typed or ticked before hydration counts; an emptied form (after the warning) does not.
    setValid(formRef.current?.checkValidity() ?? false);
  }, [form.key]);
  // Without JavaScript the server's messages hold the form back instead of a disabled button.
  const disabled = hydrated && (!valid || submitting);
  return (
    <AuthCard title={t("register.heading")} testId="register-email-page">
      <p className="-mt-3 mb-5 text-sm text-ink-muted">{t("register.intro")}</p>
      {taken ? (
        <Alert tone="warning" title={t("EMAIL_ALREADY")} testId="email-already">
          {t("EMAIL_ALREADY_DETAIL", { email: taken })}{" "}
          <Link to={localizePath(locale, "/login")} className="font-semibold text-primary-dark underline">
            {t("register.signIn")}
          </Link>
        </Alert>
      ) : null}
      <FormMessages namespace="auth">
        <Form
          ref={formRef}
          method="post"
          action={localizePath(locale, "/register")}
          className="flex flex-col gap-4"
          {...getFormProps(form)}
          onChange={(event) => setValid(event.currentTarget.checkValidity())}
        >
          <Field meta={fields.email} type="email" label={t("fields.email")} autoComplete="email" />
          <TermsCheckbox meta={fields.acceptTerms} />
          <button type="submit" name="intent" value="check" className="btn-primary w-full" disabled={disabled} aria-busy={submitting || undefined}>
            {submitting ? t("register.submitting") : t("register.submit")}
          </button>
        </Form>
      </FormMessages>
      <SocialButtons providers={providers} />
      <p className="mt-6 text-sm">
        {t("register.haveAccount")}{" "}
        <Link to={localizePath(locale, "/login")} className="font-semibold text-primary-dark underline">
          {t("register.signIn")}
        </Link>
      </p>
    </AuthCard>
  );
}

function AccountStep({ email, termsAccepted, lastResult }: { email: string; termsAccepted: boolean; lastResult: SubmissionResult | undefined }) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  const [form, fields] = useSchemaForm(registerAccountSchema, {
    id: "register-account",
    lastResult,
    defaultValue: termsAccepted ? { acceptTerms: "on" } : undefined,
  });
  // The e-mail is fixed on this step (a hidden field); should it ever be refused, say so.
  const emailMessage = useFieldMessage(fields.email.errors, t("fields.email"));
  const today = new Date().toISOString().slice(0, 10);
  return (
    <AuthCard title={t("register.completeHeading")} testId="register-account-page">
      <p className="-mt-3 mb-5 text-sm text-ink-muted">
        {t("register.completeIntro", { email })}{" "}
        <Link to={localizePath(locale, "/register")} className="text-primary-dark underline">
          {t("register.changeEmail")}
        </Link>
      </p>
      <FormMessages namespace="auth">
        <FormErrors form={form} />
        <Form
          method="post"
          action={`${localizePath(locale, "/register")}?u=${encodeURIComponent(email)}`}
          className="flex flex-col gap-4"
          {...getFormProps(form)}
        >
          <input type="hidden" name="email" value={email} />
          <FieldError id={fields.email.errorId} name="email" message={emailMessage} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field meta={fields.firstName} label={t("fields.firstName")} autoComplete="given-name" />
            <Field meta={fields.lastName} label={t("fields.lastName")} autoComplete="family-name" />
          </div>
          <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} label={t("fields.password")} />
          <Field meta={fields.phone} type="tel" label={t("fields.phone")} autoComplete="tel" />
          <RadioGroupField
            meta={fields.gender}
            label={`${t("fields.gender")} ${t("fields.optional")}`}
            options={[
              { value: "1", label: t("fields.male") },
              { value: "2", label: t("fields.female") },
            ]}
          />
          <DateField meta={fields.birthday} label={t("fields.birthday")} max={today} min="1900-01-01" autoComplete="bday" />
          <TermsCheckbox meta={fields.acceptTerms} />
          <SubmitButton name="intent" value="create" pendingText={t("register.completing")} className="w-full">
            {t("register.complete")}
          </SubmitButton>
        </Form>
      </FormMessages>
    </AuthCard>
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const taken = actionData?.taken ?? loaderData.taken;
  if (loaderData.step === "account" && loaderData.email && !actionData?.taken) {
    return <AccountStep email={loaderData.email} termsAccepted={loaderData.termsAccepted} lastResult={actionData?.result} />;
  }
  return <EmailStep taken={taken} lastResult={actionData?.result} providers={loaderData.providers} />;
}
