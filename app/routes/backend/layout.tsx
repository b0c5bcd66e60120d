import { Outlet, useLocation, useRouteLoaderData } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { canOpenGroup } from "~/domain/staff-permissions";
import { requireStaffFor, staffAreaMiddleware } from "~/features/accounts/guards.server";
import { countOrdersNeedingAttention } from "~/features/backoffice/backoffice.server";
import { backofficeMenu } from "~/features/backoffice/menu";
import { backOfficeClientLoader } from "~/i18n/back-office-messages";
import { type Locale, localeFromPathname } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { useRootData } from "~/root";
import { BackendFrame, type BackendFrameData } from "~/ui/backend/backend-frame";
import { ErrorPage, errorStatus, errorTitle, errorTitleKey } from "~/ui/error-page";

import type { Route } from "./+types/layout";

/**
 * The back office (spec §2), mounted twice: "en/backend/layout" at /backend and
 * "th/backend/layout" at /th/backend. Its middleware runs before every loader and action below it:
 * guests go to the back-office sign-in, customers home, and a staff member whose role lacks the
 * matched page's permission gets 403 (app/domain/staff-permissions.ts `backOfficePagePermissions`;
 * a page missing from that table is refused to everyone). Nothing below needs its own check for that.
 */
export const middleware: Route.MiddlewareFunction[] = [staffAreaMiddleware];

/** Entering the back office from a storefront page loads the whole document (app/i18n/back-office-messages.ts). */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  return backOfficeClientLoader(args);
}

export async function loader(args: Route.LoaderArgs): Promise<BackendFrameData> {
  const { request, context } = args;
  const staff = requireStaffFor(args);
  const { env } = getCloudflare(context);
  const locale = localeFromPathname(new URL(request.url).pathname);
  return {
    staff: { fullName: staff.fullName, roleId: staff.roleId },
    menu: backofficeMenu(staff.roleId, locale),
    // Only roles that see Orders pay for the count (one indexed query).
    attentionCount: canOpenGroup(staff.roleId, "orders") ? await countOrdersNeedingAttention(env.DB) : null,
  };
}

export function backendLayoutRouteId(locale: Locale) {
  return `${locale}/backend/layout` as const;
}

export default function BackendLayout({ loaderData }: Route.ComponentProps) {
  const locale = localeFromPathname(useLocation().pathname);
  return (
    <BackendFrame locale={locale} frame={loaderData}>
      <Outlet />
    </BackendFrame>
  );
}

/**
 * A page's error (404, 500) inside the back-office frame, built from this layout's data or else the
 * root's viewer (a staff member's menu, without the order count); without a staff viewer, the bare
 * error page. The middleware's 403 does not come here: React Router gives a middleware's error to the
 * highest route with a loader at or above it, which is the root, whose loader did not run either —
 * so a refused page is the root's bare 403 page, with nothing of the back office on it.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const locale = localeFromPathname(useLocation().pathname);
  const layoutData = useRouteLoaderData<typeof loader>(backendLayoutRouteId(locale));
  const viewer = useRootData()?.viewer;
  const { t } = useTranslation("backend");
  const status = errorStatus(error);
  if (status >= 500) console.error(error);
  const title = <title>{`${errorTitle(status, t(`errors:${errorTitleKey(status)}`))} | ${t("title")}`}</title>;
  const frame: BackendFrameData | null =
    layoutData ??
    (viewer?.kind === "staff"
      ? { staff: { fullName: viewer.fullName, roleId: viewer.roleId }, menu: backofficeMenu(viewer.roleId, locale), attentionCount: null }
      : null);
  if (!frame) {
    return (
      <>
        {title}
        <ErrorPage status={status} />
      </>
    );
  }
  return (
    <BackendFrame locale={locale} frame={frame}>
      {title}
      <ErrorPage status={status} embedded home={{ to: "/backend/dashboard", label: t("meta.dashboard") }} />
    </BackendFrame>
  );
}
