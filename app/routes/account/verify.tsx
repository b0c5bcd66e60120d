import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { AuthCard } from "~/features/accounts/account-form-ui";
import { resendVerificationSchema } from "~/features/accounts/account-schemas";
import { linkOrigin, resendVerification, verifyEmail, type VerifyResult } from "~/features/accounts/accounts.server";
import { requireCustomer } from "~/features/accounts/guards.server";
import { getViewer } from "~/features/accounts/viewer.server";
import { sendPendingEmails } from "~/features/email/sender.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { AnswerErrors, SubmitButton } from "~/ui/form/fields";
import { storefrontMeta } from "~/ui/meta";

import type { Route } from "./+types/verify";

/**
 * Spec §2 /verify?token=…: the link from the verification mail (24 h, single use) marks the
 * e-mail verified. Otherwise the page says why not and, for a signed-in customer, sends a new link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "auth");
  const token = new URL(request.url).searchParams.get("token");
  const result: VerifyResult | "missing" = token ? await verifyEmail(env.DB, token) : "missing";
  const viewer = getViewer(context);
  const signedIn = viewer.kind === "customer";
  const alreadyVerified = result !== "verified" && signedIn && viewer.emailVerified;
  return data(
    {
      result,
      alreadyVerified,
      canResend: signedIn && !viewer.emailVerified && result !== "verified",
      signedIn,
      meta: { title: t("meta.verify") },
    },
    { status: result === "verified" || result === "missing" || alreadyVerified ? 200 : 400 },
  );
}

/** Sends a new link to the signed-in customer; a second one within a minute is refused (429). */
export async function action(args: Route.ActionArgs) {
  const customer = requireCustomer(args);
  const { env, ctx } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const submission = parseWithZod(await args.request.formData(), { schema: resendVerificationSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ formErrors: ["unknownAction"] }), resent: null }, { status: 400 });
  if (customer.emailVerified) return data({ result: undefined, resent: null });
  const sending = await resendVerification(env.DB, customer, { locale, origin: linkOrigin(env.PUBLIC_ORIGIN, args.request) });
  if (!sending.sent) return data({ result: submission.reply({ formErrors: ["tooSoon"] }), resent: null }, { status: 429 });
  ctx.waitUntil(sendPendingEmails(env).catch((error: unknown) => console.error("e-mail sender", error)));
  return data({ result: undefined, resent: customer.email });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("auth:meta.verify") }] } satisfies BreadcrumbHandle;

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  const { result, alreadyVerified, canResend, signedIn } = loaderData;
  const problem = result === "expired" ? t("verify.expired") : result === "used" || result === "invalid" ? t("verify.invalid") : null;
  const [form] = useForm({ id: "verify-resend", lastResult: actionData?.result });
  return (
    <AuthCard title={t("verify.heading")} testId="verify-page">
      {actionData?.resent ? (
        <Alert tone="success" testId="verify-resent">
          {t("verify.resent", { email: actionData.resent })}
        </Alert>
      ) : result === "verified" ? (
        <Alert tone="success" testId="verify-success">
          {t("verify.verified")}
        </Alert>
      ) : alreadyVerified ? (
        <Alert tone="success" testId="verify-already">
          {t("verify.alreadyVerified")}
        </Alert>
      ) : problem ? (
        <Alert tone="error" testId="verify-problem">
          {problem}
        </Alert>
      ) : canResend ? (
        <p className="mb-4">{t("verifyReminder.text")}</p>
      ) : null}
      <div className="flex flex-col gap-3">
        {canResend && !actionData?.resent ? (
          <Form method="post" action={localizePath(locale, "/verify")} {...getFormProps(form)}>
            <AnswerErrors form={form} namespace="auth" answered={Boolean(actionData?.result)} testId="verify-too-soon" />
            <SubmitButton name="intent" value="resend" pendingText={t("verify.resending")} className="w-full">
              {t("verify.resend")}
            </SubmitButton>
          </Form>
        ) : null}
        {!signedIn && result !== "verified" ? (
          <Link to={`${localizePath(locale, "/login")}?redirectTo=${encodeURIComponent(localizePath(locale, "/verify"))}`} className="btn-primary w-full">
            {t("verify.signInToResend")}
          </Link>
        ) : null}
        <Link to={localizePath(locale, "/shop")} className="btn-ghost w-full border border-line">
          {t("verify.continueShopping")}
        </Link>
      </div>
    </AuthCard>
  );
}
