import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { getCloudflare } from "~/cloudflare";
import type { SocialProvider } from "~/domain/social-providers";
import { fieldErrors, formFields, registerAccountSchema, registerEmailSchema } from "~/features/accounts/account-schemas";
import { isEmailRegistered, linkOrigin, registerCustomer } from "~/features/accounts/accounts.server";
import { AuthCard, FieldError, FormAlert, SubmitButton, TextField, useSubmitting } from "~/features/accounts/auth-form";
import { toastCookie } from "~/ui/toast.server";
import { SocialButtons } from "~/features/accounts/social-buttons";
import { configuredProviders } from "~/features/accounts/social-providers.server";
import { requireGuest } from "~/features/accounts/guards.server";
import { getViewer } from "~/features/accounts/viewer.server";
import { sessionCookie } from "~/features/sessions/sessions.server";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { commandButtonProps } from "~/ui/dialog-commands";
import { membershipTermsDialogId } from "~/ui/membership-terms-dialog";
import { storefrontMeta } from "~/ui/meta";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/register";

/**
 * Spec §2/§5 register by e-mail. Without `u`: one e-mail field and the membership-terms checkbox;
 * a registered e-mail gets the EMAIL_ALREADY warning and an empty form, a new one goes to
 * `/register?u=<email>`, which completes the account (the terms are confirmed again there, and
 * their time stored, at the moment the account is made). Guests only.
 */
const accountFields = ["email", "firstName", "lastName", "password", "confirmPassword", "phone", "gender", "birthday", "acceptTerms"] as const;

interface Warning {
  title: string;
  detail: string;
}

export async function loader(args: Route.LoaderArgs) {
  requireGuest(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "auth");
  const url = new URL(args.request.url);
  const parsed = registerEmailSchema.shape.email.safeParse(url.searchParams.get("u") ?? "");
  const email = parsed.success ? parsed.data : null;
  const warning: Warning | null =
    email && (await isEmailRegistered(env.DB, email)) ? { title: t("EMAIL_ALREADY"), detail: t("EMAIL_ALREADY_DETAIL", { email }) } : null;
  const step = email && !warning ? ("account" as const) : ("email" as const);
  return data({
    step,
    email: step === "account" ? email : null,
    termsAccepted: url.searchParams.get("terms") === "accepted",
    warning,
    providers: configuredProviders(env),
    meta: { title: step === "account" ? t("meta.completeRegistration") : t("meta.register"), description: t("meta.registerDescription") },
  });
}

export async function action(args: Route.ActionArgs) {
  requireGuest(args);
  const { request, context } = args;
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "auth");
  const formData = await request.formData();
  const emailTaken = (email: string) =>
    data({ warning: { title: t("EMAIL_ALREADY"), detail: t("EMAIL_ALREADY_DETAIL", { email }) }, errors: {}, values: {}, reset: Date.now() }, { status: 409 });

  if (formData.get("intent") !== "create") {
    const fields = formFields(formData, ["email", "acceptTerms"]);
    const parsed = registerEmailSchema.safeParse(fields);
    if (!parsed.success) {
      return data({ warning: null, errors: fieldErrors(parsed.error, t), values: { email: fields.email.slice(0, 254) }, reset: 0 }, { status: 400 });
    }
    if (await isEmailRegistered(env.DB, parsed.data.email)) return emailTaken(parsed.data.email);
    return redirect(`${localizePath(locale, "/register")}?u=${encodeURIComponent(parsed.data.email)}&terms=accepted`);
  }

  const fields = formFields(formData, accountFields);
  const parsed = registerAccountSchema.safeParse(fields);
  if (!parsed.success) {
    const { firstName, lastName, phone, gender, birthday } = fields;
    const values = Object.fromEntries(Object.entries({ firstName, lastName, phone, gender, birthday }).map(([key, value]) => [key, value.slice(0, 200)]));
    return data({ warning: null, errors: fieldErrors(parsed.error, t), values, reset: 0 }, { status: 400 });
  }
  const result = await registerCustomer(env.DB, parsed.data, {
    locale,
    origin: linkOrigin(env.PUBLIC_ORIGIN, request),
    previousSessionId: getViewer(context).sessionId,
  });
  if (!result.ok) return emailTaken(parsed.data.email);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, result.sessionId, { customerId: result.customerId }));
  headers.append("Set-Cookie", toastCookie(request, { key: "auth:register.successTitle", detailKey: "auth:register.success" }));
  return redirect(localizePath(locale, "/"), { headers });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("auth:meta.register") }] } satisfies BreadcrumbHandle;

function TermsCheckbox({ defaultChecked, error }: { defaultChecked?: boolean; error?: string }) {
  const { t } = useTranslation("auth");
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input
          id="accept-terms"
          type="checkbox"
          name="acceptTerms"
          required
          className="mt-1 size-4"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
        />
        <span className="text-sm">
          <label htmlFor="accept-terms">{t("fields.acceptTermsBefore")}</label>{" "}
          <button {...commandButtonProps(membershipTermsDialogId, "show-modal")} className="font-semibold text-primary-dark underline" data-testid="open-terms">
            {t("fields.acceptTermsLink")}
          </button>
        </span>
      </div>
      <FieldError name="acceptTerms" error={error} />
    </div>
  );
}

function EmailStep({
  warning,
  errors,
  values,
  providers,
}: {
  warning: Warning | null;
  errors: Record<string, string>;
  values: Record<string, string>;
  providers: readonly SocialProvider[];
}) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  const hydrated = useHydrated();
  const submitting = useSubmitting();
  const formRef = useRef<HTMLFormElement>(null);
  // The browser's own constraints (required e-mail, required checkbox) say whether the form is valid.
  const [valid, setValid] = useState(false);
  useEffect(() => {
    // Something typed or ticked before hydration counts too.
    setValid(formRef.current?.checkValidity() ?? false);
  }, []);
  // Without JavaScript the browser's checks hold the form back instead of a disabled button.
  const disabled = hydrated && (!valid || submitting);
  return (
    <AuthCard title={t("register.heading")} testId="register-email-page">
      <p className="-mt-3 mb-5 text-sm text-ink-muted">{t("register.intro")}</p>
      {warning ? (
        <FormAlert tone="warning" title={warning.title} testId="email-already">
          {warning.detail}{" "}
          <Link to={localizePath(locale, "/login")} className="font-semibold text-primary-dark underline">
            {t("register.signIn")}
          </Link>
        </FormAlert>
      ) : null}
      <Form
        ref={formRef}
        method="post"
        action={localizePath(locale, "/register")}
        className="flex flex-col gap-4"
        onChange={(event) => setValid(event.currentTarget.checkValidity())}
      >
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
        <TermsCheckbox error={errors.acceptTerms} />
        <SubmitButton name="intent" value="check" pendingText={t("register.submitting")} disabled={disabled}>
          {t("register.submit")}
        </SubmitButton>
      </Form>
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

function AccountStep({
  email,
  termsAccepted,
  errors,
  values,
}: {
  email: string;
  termsAccepted: boolean;
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <AuthCard title={t("register.completeHeading")} testId="register-account-page">
      <p className="-mt-3 mb-5 text-sm text-ink-muted">
        {t("register.completeIntro", { email })}{" "}
        <Link to={localizePath(locale, "/register")} className="text-primary-dark underline">
          {t("register.changeEmail")}
        </Link>
      </p>
      {Object.keys(errors).length ? <FormAlert tone="error">{t("validation.summary")}</FormAlert> : null}
      <Form method="post" action={`${localizePath(locale, "/register")}?u=${encodeURIComponent(email)}`} className="flex flex-col gap-4">
        <input type="hidden" name="email" value={email} />
        <FieldError name="email" error={errors.email} />
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
        </div>
        <TextField
          name="password"
          type="password"
          label={t("fields.password")}
          autoComplete="new-password"
          required
          maxLength={128}
          hint={t("fields.passwordHint")}
          error={errors.password}
        />
        <TextField
          name="confirmPassword"
          type="password"
          label={t("fields.confirmPassword")}
          autoComplete="new-password"
          required
          maxLength={128}
          error={errors.confirmPassword}
        />
        <TextField
          name="phone"
          type="tel"
          label={t("fields.phone")}
          optionalText={t("fields.optional")}
          autoComplete="tel"
          maxLength={20}
          defaultValue={values.phone}
          error={errors.phone}
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-semibold">
            {t("fields.gender")} <span className="font-normal text-ink-muted">{t("fields.optional")}</span>
          </legend>
          <div className="flex gap-6 pt-1">
            {(["1", "2"] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="gender" value={value} defaultChecked={values.gender === value} />
                {t(value === "1" ? "fields.male" : "fields.female")}
              </label>
            ))}
          </div>
          <FieldError name="gender" error={errors.gender} />
        </fieldset>
        <TextField
          name="birthday"
          type="date"
          label={t("fields.birthday")}
          optionalText={t("fields.optional")}
          max={today}
          min="1900-01-01"
          autoComplete="bday"
          defaultValue={values.birthday}
          error={errors.birthday}
        />
        <TermsCheckbox defaultChecked={termsAccepted} error={errors.acceptTerms} />
        <SubmitButton name="intent" value="create" pendingText={t("register.completing")}>
          {t("register.complete")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const warning = actionData?.warning ?? loaderData.warning;
  if (loaderData.step === "account" && loaderData.email && !actionData?.warning) {
    return <AccountStep email={loaderData.email} termsAccepted={loaderData.termsAccepted} errors={errors} values={values} />;
  }
  // After the EMAIL_ALREADY warning the form starts empty again (a new key remounts it).
  return <EmailStep key={actionData?.reset ?? 0} warning={warning} errors={errors} values={values} providers={loaderData.providers} />;
}
