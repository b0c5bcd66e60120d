import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { AuthCard } from "~/features/accounts/account-form-ui";
import { forgotPasswordSchema } from "~/features/accounts/account-schemas";
import { linkOrigin, requestPasswordReset } from "~/features/accounts/accounts.server";
import { requireGuest } from "~/features/accounts/guards.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { Field, FormErrors, FormMessages, SubmitButton } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { storefrontMeta } from "~/ui/meta";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/forgot-password";

/**
 * Spec §2 /forgot-password: a reset link by e-mail. Whether or not the account exists, the answer is
 * the same: the sign-in page saying a link went out if there is an account for that address.
 */
export async function loader(args: Route.LoaderArgs) {
  requireGuest(args);
  const t = getInstance(args.context).getFixedT(getLocale(args.context), "auth");
  return data({ meta: { title: t("meta.forgotPassword") } });
}

export async function action(args: Route.ActionArgs) {
  requireGuest(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const submission = parseWithZod(await args.request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  await requestPasswordReset(env.DB, email, { locale, origin: linkOrigin(env.PUBLIC_ORIGIN, args.request) });
  // A toast's values are short; an address that long is shown shortened rather than not at all.
  const shown = email.length > 200 ? `${email.slice(0, 199)}…` : email;
  return redirectWithToast(args.request, localizePath(locale, "/login"), { key: "auth:forgot.sent", values: { email: shown } });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("auth:meta.forgotPassword") }] } satisfies BreadcrumbHandle;

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  const [form, fields] = useSchemaForm(forgotPasswordSchema, { id: "forgot-password", lastResult: actionData?.result });
  return (
    <AuthCard title={t("forgot.heading")} testId="forgot-password-page">
      <p className="-mt-3 mb-5 text-sm text-ink-muted">{t("forgot.intro")}</p>
      <FormMessages namespace="auth">
        <FormErrors form={form} />
        <Form method="post" action={localizePath(locale, "/forgot-password")} className="flex flex-col gap-4" {...getFormProps(form)}>
          <Field meta={fields.email} type="email" label={t("fields.email")} autoComplete="email" />
          <SubmitButton pendingText={t("forgot.submitting")} className="w-full">
            {t("forgot.submit")}
          </SubmitButton>
        </Form>
      </FormMessages>
      <Link to={localizePath(locale, "/login")} className="mt-6 inline-block text-sm text-primary-dark underline">
        {t("forgot.backToLogin")}
      </Link>
    </AuthCard>
  );
}
