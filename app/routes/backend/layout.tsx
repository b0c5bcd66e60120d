import { Outlet, useLocation, useRouteLoaderData } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { canOpenGroup } from "~/domain/staff-permissions";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { countOrdersNeedingAttention } from "~/features/backoffice/backoffice.server";
import { type BackendFrameData, staffFrame } from "~/features/backoffice/menu";
import { staffAreaMiddleware } from "~/features/backoffice/staff-route.server";
import { backOfficeClientLoader } from "~/i18n/back-office-messages";
import { type Locale, localeFromPathname } from "~/i18n/config";
import { useRootData } from "~/root";
import { BackendErrorScreen } from "~/ui/backend/backend-error";
import { BackendFrame } from "~/ui/backend/backend-frame";

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
  // Only roles that see Orders pay for the count (one indexed query).
  return staffFrame(staff, locale, canOpenGroup(staff.roleId, "orders") ? await countOrdersNeedingAttention(env.DB) : null);
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
 * A page's error (404, 500) inside the back-office frame, built from this layout's data, or the frame a
 * refusal carries, or else the root's viewer (a staff member's menu, without the order count). The
 * middleware's 403 seldom comes here: React Router gives a middleware's error to the highest route with
 * a loader at or above it, the root, whose boundary draws the frame the refusal carries the same way.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const locale = localeFromPathname(useLocation().pathname);
  const layoutData = useRouteLoaderData<typeof loader>(backendLayoutRouteId(locale));
  const viewer = useRootData()?.viewer;
  return <BackendErrorScreen error={error} frame={layoutData ?? (viewer?.kind === "staff" ? staffFrame(viewer, locale) : null)} />;
}
