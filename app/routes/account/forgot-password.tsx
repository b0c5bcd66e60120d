import { data, Form, Link } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { fieldErrors, forgotPasswordSchema, formFields } from "~/features/accounts/account-schemas";
import { linkOrigin, requestPasswordReset } from "~/features/accounts/accounts.server";
import { AuthCard, FormAlert, SubmitButton, TextField } from "~/features/accounts/auth-form";
import { requireGuest } from "~/features/accounts/guards.server";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import type { Route } from "./+types/forgot-password";

/** Spec §2 /forgot-password: a reset link by e-mail; the same answer whether or not the account exists. */
export async function loader(args: Route.LoaderArgs) {
  requireGuest(args);
  const t = getInstance(args.context).getFixedT(getLocale(args.context), "auth");
  return data({ meta: { title: t("meta.forgotPassword") } });
}

export async function action(args: Route.ActionArgs) {
  requireGuest(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "auth");
  const fields = formFields(await args.request.formData(), ["email"]);
  const parsed = forgotPasswordSchema.safeParse(fields);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error, t), sent: null, values: { email: fields.email.slice(0, 254) } }, { status: 400 });
  await requestPasswordReset(env.DB, parsed.data.email, { locale, origin: linkOrigin(env.PUBLIC_ORIGIN, args.request) });
  return data({ errors: {}, sent: parsed.data.email, values: { email: "" } });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("auth:meta.forgotPassword") }] } satisfies BreadcrumbHandle;

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <AuthCard title={t("forgot.heading")} testId="forgot-password-page">
      {actionData?.sent ? (
        <FormAlert tone="success" testId="forgot-sent">
          {t("forgot.sent", { email: actionData.sent })}
        </FormAlert>
      ) : (
        <p className="-mt-3 mb-5 text-sm text-ink-muted">{t("forgot.intro")}</p>
      )}
      <Form method="post" action={localizePath(locale, "/forgot-password")} className="flex flex-col gap-4" noValidate>
        <TextField
          name="email"
          type="email"
          label={t("fields.email")}
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={actionData?.values.email}
          error={errors.email}
        />
        <SubmitButton pendingText={t("forgot.submitting")}>{t("forgot.submit")}</SubmitButton>
      </Form>
      <Link to={localizePath(locale, "/login")} className="mt-6 inline-block text-sm text-primary-dark underline">
        {t("forgot.backToLogin")}
      </Link>
    </AuthCard>
  );
}
