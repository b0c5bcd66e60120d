import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { safeReturnPath } from "~/domain/return-path";
import { AuthCard, TermsCheckbox } from "~/features/accounts/account-form-ui";
import { socialTermsSchema } from "~/features/accounts/account-schemas";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { requireGuest } from "~/features/accounts/guards.server";
import { signInTarget } from "~/features/accounts/sign-in-action.server";
import { completeSocialSignIn, findPendingSignUp, registerFromSocialSignUp } from "~/features/accounts/social.server";
import { clearedFlowCookie, clearedSignUpCookie, flowCookie, readFlow, readSignUpToken, signUpCookie } from "~/features/accounts/social-cookies.server";
import {
  createAuthorizationRequest,
  isSocialProvider,
  providerSettings,
  readSocialProfile,
  type SocialProfile,
} from "~/features/accounts/social-providers.server";
import { getViewer } from "~/features/accounts/viewer.server";
import { signedInToast } from "~/features/cart/cart-action.server";
import { sendPendingEmails } from "~/features/email/sender.server";
import { sessionCookie } from "~/features/sessions/sessions.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { FormMessages, SubmitButton } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { storefrontMeta } from "~/ui/meta";
import { redirectWithToast, toastCookie } from "~/ui/toast.server";

import type { Route } from "./+types/social-auth";

/**
 * Spec §2 /auth, §4 "social" sign-in (docs/decisions/0009-social-sign-in.md). One URL, three uses:
 * - `/auth?provider=google` (or /th/auth): starts — state/PKCE/nonce in a short cookie, off to the provider;
 * - `/auth?code=…&state=…` (or `?error=…`): the provider's redirect back (the one callback URL
 *   registered with every provider; the language comes from the cookie);
 * - `/auth?step=terms`: a new shopper accepts the membership terms; POST creates the account.
 * Every failure goes back to /login with a message in the shopper's language; never a 5xx.
 */
export type SocialError = "denied" | "state" | "failed" | "unavailable" | "noEmail" | "emailUnverified" | "disabled" | "expired" | "emailTaken";

function toLogin(locale: Locale, error: SocialError, cookies: string[]): Response {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(`${localizePath(locale, "/login")}?social=${error}`, { headers });
}

function callbackUri(env: { PUBLIC_ORIGIN: string }, request: Request): string {
  return `${linkOrigin(env.PUBLIC_ORIGIN, request)}/auth`;
}

export async function loader(args: Route.LoaderArgs) {
  requireGuest(args);
  const { request, context } = args;
  const { env } = getCloudflare(context);
  const pageLocale = getLocale(context) as Locale;
  const params = new URL(request.url).searchParams;

  // The terms step of a new shopper.
  if (params.get("step") === "terms") {
    const pending = await findPendingSignUp(env.DB, readSignUpToken(request));
    if (!pending) throw toLogin(pageLocale, "expired", [clearedSignUpCookie(request)]);
    const t = getInstance(context).getFixedT(pageLocale, "auth");
    return data({
      meta: { title: t("social.terms.heading") },
      provider: pending.provider,
      email: pending.email,
      name: `${pending.firstName} ${pending.lastName}`.trim(),
    });
  }

  // The provider's answer.
  if (params.has("state") || params.has("code") || params.has("error")) {
    const flow = readFlow(request);
    const clear = clearedFlowCookie(request);
    const locale = flow?.locale ?? pageLocale;
    if (!flow || params.get("state") !== flow.state) throw toLogin(locale, "state", [clear]);
    const error = params.get("error");
    if (error) throw toLogin(locale, error === "access_denied" ? "denied" : "failed", [clear]);
    const code = params.get("code");
    if (!code) throw toLogin(locale, "failed", [clear]);
    const settings = providerSettings(env, flow.provider);
    if (!settings) throw toLogin(locale, "unavailable", [clear]);

    let profile: SocialProfile;
    try {
      profile = await readSocialProfile(settings, { redirectUri: callbackUri(env, request), code, codeVerifier: flow.codeVerifier, nonce: flow.nonce });
    } catch (problem) {
      console.warn(`social sign-in (${flow.provider}) failed`, problem instanceof Error ? problem.message : problem);
      throw toLogin(locale, "failed", [clear]);
    }
    const outcome = await completeSocialSignIn(env.DB, profile, { previousSessionId: getViewer(context).sessionId, redirectTo: flow.redirectTo });
    if (outcome.kind === "refused") {
      throw toLogin(locale, outcome.reason === "no-email" ? "noEmail" : outcome.reason === "email-unverified" ? "emailUnverified" : "disabled", [clear]);
    }
    const headers = new Headers();
    headers.append("Set-Cookie", clear);
    if (outcome.kind === "needs-terms") {
      headers.append("Set-Cookie", signUpCookie(request, outcome.token));
      throw redirect(`${localizePath(locale, "/auth")}?step=terms`, { headers });
    }
    headers.append("Set-Cookie", sessionCookie(request, outcome.sessionId, { customerId: outcome.customerId }));
    headers.append("Set-Cookie", toastCookie(request, signedInToast(outcome.cartCapped, locale, getInstance(context).getFixedT(locale, "shop"))));
    throw redirect(signInTarget("customer", locale, flow.redirectTo), { headers });
  }

  // Start: off to the provider, if it is configured.
  const provider = params.get("provider");
  const settings = isSocialProvider(provider) ? providerSettings(env, provider) : null;
  if (!settings) throw toLogin(pageLocale, "unavailable", []);
  const authorization = createAuthorizationRequest(settings, callbackUri(env, request));
  const redirectTo = params.get("redirectTo");
  const cookie = flowCookie(request, {
    provider: settings.provider,
    state: authorization.state,
    codeVerifier: authorization.codeVerifier,
    nonce: authorization.nonce,
    locale: pageLocale,
    redirectTo: redirectTo ? safeReturnPath(redirectTo.slice(0, 500), "/") : null,
  });
  throw redirect(authorization.url.toString(), { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

/**
 * Accepting the membership terms creates the account. Without a pending sign-up (it expired after
 * 15 minutes, was used, or the cookie is gone) nobody is proven to be behind this form: 401, and the
 * error page signs out and goes to sign-in (spec §4).
 */
export async function action(args: Route.ActionArgs) {
  requireGuest(args);
  const { request, context } = args;
  const { env, ctx } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const formData = await request.formData();
  const token = readSignUpToken(request);
  if (!(await findPendingSignUp(env.DB, token))) throw data(null, { status: 401, headers: { "Set-Cookie": clearedSignUpCookie(request) } });
  const submission = parseWithZod(formData, { schema: socialTermsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  const result = await registerFromSocialSignUp(env.DB, token, {
    locale,
    origin: linkOrigin(env.PUBLIC_ORIGIN, request),
    previousSessionId: getViewer(context).sessionId,
  });
  if (!result.ok) {
    if (result.reason === "expired") throw data(null, { status: 401, headers: { "Set-Cookie": clearedSignUpCookie(request) } });
    throw toLogin(locale, "emailTaken", [clearedSignUpCookie(request)]);
  }
  if (!result.emailVerified) ctx.waitUntil(sendPendingEmails(env).catch((error: unknown) => console.error("e-mail sender", error)));
  const headers = new Headers();
  headers.append("Set-Cookie", clearedSignUpCookie(request));
  headers.append("Set-Cookie", sessionCookie(request, result.sessionId, { customerId: result.customerId }));
  // "Account created" (with its "we sent a verification link") only when a link was sent.
  const toast = result.emailVerified ? { key: "auth:login.signedIn" } : { key: "auth:register.successTitle", detailKey: "auth:register.success" };
  return redirectWithToast(request, signInTarget("customer", locale, result.redirectTo), toast, { headers });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("auth:meta.login") }] } satisfies BreadcrumbHandle;

export default function SocialTerms({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  const [form, fields] = useSchemaForm(socialTermsSchema, { id: "social-terms", lastResult: actionData?.result });
  return (
    <AuthCard title={t("social.terms.heading")} testId="social-terms-page">
      <p className="-mt-3 mb-5 text-sm text-ink-muted">
        {t("social.terms.intro", { provider: t(`social.providers.${loaderData.provider}`), email: loaderData.email })}
      </p>
      {loaderData.name ? (
        <dl className="mb-4 text-sm">
          <dt className="font-semibold">{t("social.terms.name")}</dt>
          <dd>{loaderData.name}</dd>
        </dl>
      ) : null}
      <FormMessages namespace="auth">
        <Form method="post" action={`${localizePath(locale, "/auth")}?step=terms`} className="flex flex-col gap-4" {...getFormProps(form)}>
          <TermsCheckbox meta={fields.acceptTerms} />
          <SubmitButton pendingText={t("social.terms.submitting")} className="w-full">
            {t("social.terms.submit")}
          </SubmitButton>
        </Form>
      </FormMessages>
      <Link to={localizePath(locale, "/login")} className="btn-ghost mt-3 w-full border border-line">
        {t("social.terms.cancel")}
      </Link>
    </AuthCard>
  );
}
