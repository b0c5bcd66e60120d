import { data, Form, Link, useLocation } from "react-router";
import { AuthCard, FormAlert, SubmitButton, TextField } from "~/features/accounts/auth-form";
import { requireGuest } from "~/features/accounts/guards.server";
import { handleSignIn } from "~/features/accounts/sign-in-action.server";
import { SocialButtons } from "~/features/accounts/social-buttons";
import { configuredProviders } from "~/features/accounts/social-providers.server";
import { getCloudflare } from "~/cloudflare";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import type { Route } from "./+types/login";

/** Spec §2 /login: customers sign in with e-mail and password (guests only). */
export async function loader(args: Route.LoaderArgs) {
  requireGuest(args);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "auth");
  const params = new URL(args.request.url).searchParams;
  const passwordReset = params.get("reset") === "done";
  // A social sign-in that came back here (routes/account/social-auth.tsx): only known codes are shown.
  const social = params.get("social");
  const socialErrors = ["denied", "state", "failed", "unavailable", "noEmail", "emailUnverified", "disabled", "expired", "emailTaken"] as const;
  const socialError = socialErrors.find((code) => code === social);
  return data({
    meta: { title: t("meta.login"), description: t("meta.loginDescription") },
    notice: passwordReset ? t("login.passwordReset") : null,
    socialError: socialError ? t(`social.errors.${socialError}`) : null,
    providers: configuredProviders(getCloudflare(args.context).env),
    redirectTo: params.get("redirectTo"),
  });
}

export async function action(args: Route.ActionArgs) {
  requireGuest(args);
  return handleSignIn(args, "customer");
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("auth:meta.login") }] } satisfies BreadcrumbHandle;

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  const { search } = useLocation();
  const errors = actionData?.errors ?? {};
  return (
    <AuthCard title={t("login.heading")} testId="login-page">
      {loaderData.notice && !actionData ? <FormAlert tone="success">{loaderData.notice}</FormAlert> : null}
      {actionData?.formError ? (
        <FormAlert tone="error" testId="login-error">
          {actionData.formError}
        </FormAlert>
      ) : null}
      {loaderData.socialError && !actionData ? (
        <FormAlert tone="error" testId="social-error">
          {loaderData.socialError}
        </FormAlert>
      ) : null}
      <Form method="post" action={`${localizePath(locale, "/login")}${search}`} className="flex flex-col gap-4" noValidate>
        <TextField
          name="email"
          type="email"
          label={t("fields.email")}
          autoComplete="email"
          required
          defaultValue={actionData?.values.email}
          error={errors.email}
        />
        <TextField name="password" type="password" label={t("fields.password")} autoComplete="current-password" required error={errors.password} />
        <SubmitButton pendingText={t("login.submitting")}>{t("login.submit")}</SubmitButton>
      </Form>
      <SocialButtons providers={loaderData.providers} redirectTo={loaderData.redirectTo} />
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <Link to={localizePath(locale, "/forgot-password")} className="text-primary-dark underline">
          {t("login.forgotPassword")}
        </Link>
        <p>
          {t("login.noAccount")}{" "}
          <Link to={localizePath(locale, "/register")} className="font-semibold text-primary-dark underline">
            {t("login.register")}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
