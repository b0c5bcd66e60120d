import { data, Link, useLocation } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { AuthCard, SignInForm } from "~/features/accounts/account-form-ui";
import { requireGuest } from "~/features/accounts/guards.server";
import { handleSignIn } from "~/features/accounts/sign-in-action.server";
import { SocialButtons } from "~/features/accounts/social-buttons";
import { configuredProviders } from "~/features/accounts/social-providers.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";

import type { Route } from "./+types/login";

/** Spec §2 /login: customers sign in with e-mail and password (guests only). */
export async function loader(args: Route.LoaderArgs) {
  requireGuest(args);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "auth");
  const params = new URL(args.request.url).searchParams;
  // A social sign-in that came back here (routes/account/social-auth.tsx): only known codes are shown.
  const social = params.get("social");
  const socialErrors = ["denied", "state", "failed", "unavailable", "noEmail", "emailUnverified", "disabled", "expired", "emailTaken"] as const;
  const socialError = socialErrors.find((code) => code === social);
  return data({
    meta: { title: t("meta.login"), description: t("meta.loginDescription") },
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
  return (
    <AuthCard title={t("login.heading")} testId="login-page">
      {loaderData.socialError && !actionData ? (
        <Alert tone="error" testId="social-error">
          {loaderData.socialError}
        </Alert>
      ) : null}
      <SignInForm id="login" action={`${localizePath(locale, "/login")}${search}`} lastResult={actionData?.result} emailAutoComplete="email" />
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
