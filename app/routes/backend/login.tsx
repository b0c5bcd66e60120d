import { data, Link, useLocation } from "react-router";

import { AuthCard, SignInForm } from "~/features/accounts/account-form-ui";
import { requireGuestStaff } from "~/features/accounts/guards.server";
import { handleSignIn } from "~/features/accounts/sign-in-action.server";
import { backOfficeClientLoader } from "~/i18n/back-office-messages";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Logo } from "~/ui/logo";

import type { Route } from "./+types/login";

/** Spec §2/§6: the back-office sign-in, separate from the shoppers' (staff_users, own session). */
/** Entering the back office from a storefront page loads the whole document (app/i18n/back-office-messages.ts). */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  return backOfficeClientLoader(args);
}

export async function loader(args: Route.LoaderArgs) {
  requireGuestStaff(args);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "auth");
  return data({ title: t("meta.staffLogin") });
}

export async function action(args: Route.ActionArgs) {
  requireGuestStaff(args);
  return handleSignIn(args, "staff");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Staff sign-in"} | Pryde` },
  { name: "robots", content: "noindex" },
];

export default function StaffLogin({ actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  const { search } = useLocation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-surface-muted px-4 py-10">
      <div className="mb-4">
        <Logo locale={locale} siteName="Pryde" />
      </div>
      <div className="w-full max-w-md">
        <AuthCard title={t("staffLogin.heading")} testId="staff-login-page">
          <p className="-mt-3 mb-5 text-sm text-ink-muted">{t("staffLogin.intro")}</p>
          <SignInForm
            id="staff-login"
            action={`${localizePath(locale, "/backend/login")}${search}`}
            lastResult={actionData?.result}
            emailAutoComplete="username"
          />
          <Link to={localizePath(locale, "/")} reloadDocument discover="none" className="mt-6 inline-block text-sm text-primary-dark underline">
            {t("staffLogin.toShop")}
          </Link>
        </AuthCard>
      </div>
    </main>
  );
}
