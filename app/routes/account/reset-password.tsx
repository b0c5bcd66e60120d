import { data, Form, Link, redirect } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { fieldErrors, formFields, resetPasswordSchema } from "~/features/accounts/account-schemas";
import { isResetTokenUsable, resetPassword } from "~/features/accounts/accounts.server";
import { AuthCard, FormAlert, SubmitButton, TextField } from "~/features/accounts/auth-form";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
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
  const t = getInstance(context).getFixedT(locale, "auth");
  const fields = formFields(await request.formData(), ["token", "password", "confirmPassword"]);
  const parsed = resetPasswordSchema.safeParse(fields);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error, t), invalid: false }, { status: 400 });
  const result = await resetPassword(env.DB, parsed.data.token, parsed.data.password);
  if (result === "invalid") return data({ errors: {}, invalid: true }, { status: 400 });
  return redirect(`${localizePath(locale, "/login")}?reset=done`);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("auth:meta.resetPassword") }] } satisfies BreadcrumbHandle;

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const token = loaderData.token;
  if (!token || actionData?.invalid) {
    return (
      <AuthCard title={t("reset.heading")} testId="reset-password-page">
        <FormAlert tone="error" testId="reset-invalid">
          {t("reset.invalid")}
        </FormAlert>
        <Link to={localizePath(locale, "/forgot-password")} className="btn-primary w-full">
          {t("reset.requestNew")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("reset.heading")} testId="reset-password-page">
      <Form method="post" action={`${localizePath(locale, "/reset-password")}?token=${encodeURIComponent(token)}`} className="flex flex-col gap-4">
        <input type="hidden" name="token" value={token} />
        <TextField
          name="password"
          type="password"
          label={t("fields.newPassword")}
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
        <SubmitButton pendingText={t("reset.submitting")}>{t("reset.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
