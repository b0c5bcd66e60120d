import { data, Form, Link, redirect } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { AuthCard } from "~/features/accounts/account-form-ui";
import { getViewer } from "~/features/accounts/viewer.server";
import { clearedSessionCookie, destroySession } from "~/features/sessions/sessions.server";
import { type Locale, localeFromPathname, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";

import type { Route } from "./+types/logout";

/**
 * Spec §2 /logout. GET asks (a link or a prefetch must not sign anybody out); POST ends the
 * session, clears the cookie and sends staff to the back-office sign-in, customers home.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  const locale = getLocale(context) as Locale;
  if (viewer.kind === "guest") throw redirect(localizePath(locale, "/"));
  const t = getInstance(context).getFixedT(locale, "auth");
  return data({ meta: { title: t("meta.logout") }, staff: viewer.kind === "staff" });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = getViewer(context);
  const locale = localeFromPathname(new URL(request.url).pathname);
  if (viewer.sessionId && viewer.kind !== "guest") await destroySession(getCloudflare(context).env.DB, viewer.sessionId);
  const target = localizePath(locale, viewer.kind === "staff" ? "/backend/login" : "/");
  return redirect(target, { headers: { "Set-Cookie": clearedSessionCookie(request) } });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("auth:meta.logout") }] } satisfies BreadcrumbHandle;

export default function Logout({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("auth");
  const locale = i18n.language as Locale;
  return (
    <AuthCard title={t("logout.heading")} testId="logout-page">
      <p className="mb-6">{t("logout.question")}</p>
      <Form method="post" action={localizePath(locale, "/logout")} className="flex flex-col gap-3">
        <button type="submit" className="btn-primary w-full">
          {t("logout.submit")}
        </button>
        <Link to={localizePath(locale, loaderData.staff ? "/backend" : "/")} reloadDocument={loaderData.staff} className="btn-ghost w-full border border-line">
          {t("logout.cancel")}
        </Link>
      </Form>
    </AuthCard>
  );
}
