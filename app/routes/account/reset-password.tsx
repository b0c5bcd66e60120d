import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { AuthCard, NewPasswordFields } from "~/features/accounts/account-form-ui";
import { resetPasswordSchema } from "~/features/accounts/account-schemas";
import { isResetTokenUsable, resetPassword } from "~/features/accounts/accounts.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { FormErrors, FormMessages, SubmitButton } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { storefrontMeta } from "~/ui/meta";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/reset-password";

/**
 * Spec §2 /reset-password?token=…: a new password (the password rule) from a single-use link valid
 * for 1 hour; every session of the account ends; then the sign-in page says so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const t = getInstance(context).getFixedT(getLocale(context), "auth");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = await isResetTokenUsable(env.DB, token);
  return data({ token: usable ? token : null, meta: { title: t("meta.resetPassword") } }, { status: usable ? 200 : 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  const hideFields = ["token", "password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }), invalid: false }, { status: 400 });
  const result = await resetPassword(env.DB, submission.value.token, submission.value.password);
  if (result === "invalid") return data({ result: submission.reply({ hideFields }), invalid: true }, { status: 400 });
  return redirectWithToast(request, localizePath(locale, "/login"), { key: "auth:login.passwordReset" });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("auth:meta.resetPassword") }] } satisfies BreadcrumbHandle;

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  const token = loaderData.token;
  const [form, fields] = useSchemaForm(resetPasswordSchema, { id: "reset-password", lastResult: actionData?.result });
  if (!token || actionData?.invalid) {
    return (
      <AuthCard title={t("reset.heading")} testId="reset-password-page">
        <Alert tone="error" testId="reset-invalid">
          {t("reset.invalid")}
        </Alert>
        <Link to={localizePath(locale, "/forgot-password")} className="btn-primary w-full">
          {t("reset.requestNew")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("reset.heading")} testId="reset-password-page">
      <FormMessages namespace="auth">
        <FormErrors form={form} />
        <Form
          method="post"
          action={`${localizePath(locale, "/reset-password")}?token=${encodeURIComponent(token)}`}
          className="flex flex-col gap-4"
          {...getFormProps(form)}
        >
          <input type="hidden" name="token" value={token} />
          <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} label={t("fields.newPassword")} />
          <SubmitButton pendingText={t("reset.submitting")} className="w-full">
            {t("reset.submit")}
          </SubmitButton>
        </Form>
      </FormMessages>
    </AuthCard>
  );
}
