import { data, redirect, type RouterContextProvider } from "react-router";

import { pageAddressOf } from "~/domain/return-path";
import { decideRouteAccess } from "~/domain/staff-permissions";
import type { ViewerCustomer, ViewerStaff } from "~/features/sessions/sessions.server";
import { localeFromPathname, localizePath } from "~/i18n/config";

import { getViewer } from "./viewer.server";

/**
 * Route guards of spec §4, checked on the server in loaders, actions and middleware (hiding a
 * menu entry is not a check). Redirects keep the page's language and bring the shopper back.
 */
interface GuardArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** Where to come back to after signing in: the page, also when a hydrated page's `.data` request was refused. */
function here(request: Request): string {
  return pageAddressOf(new URL(request.url));
}

function localized(request: Request, path: string): string {
  return localizePath(localeFromPathname(new URL(request.url).pathname), path);
}

/** authen + frontend: a signed-in customer; guests go to sign in, staff to the home page. */
export function requireCustomer({ request, context }: GuardArgs): ViewerCustomer {
  const viewer = getViewer(context);
  if (viewer.kind === "customer") return viewer;
  if (viewer.kind === "staff") throw redirect(localized(request, "/"));
  throw redirect(`${localized(request, "/login")}?redirectTo=${encodeURIComponent(here(request))}`);
}

/** frontend: a shopper's page (the cart, the checkout) — staff have no cart and go to the home page. */
export function refuseStaff({ request, context }: GuardArgs): void {
  if (getViewer(context).kind === "staff") throw redirect(localized(request, "/"));
}

/**
 * An owner-only page (an order, a design) that this viewer cannot see. A guest may be its owner in
 * a browser that is signed out (an e-mailed link), so they sign in first and come back; a signed-in
 * stranger gets 404. Guests go to sign in whether or not the thing exists, so the answer reveals no
 * more than the sign-in page would. Staff go home (the "frontend" guard).
 */
export function refuseOwnerOnlyPage({ request, context }: GuardArgs): never {
  const viewer = getViewer(context);
  if (viewer.kind === "guest") throw redirect(`${localized(request, "/login")}?redirectTo=${encodeURIComponent(here(request))}`);
  if (viewer.kind === "staff") throw redirect(localized(request, "/"));
  throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
}

/** guest: sign-in and registration pages; a signed-in user goes to the home page (staff: the back office). */
export function requireGuest({ request, context }: GuardArgs): void {
  const viewer = getViewer(context);
  if (viewer.kind === "customer") throw redirect(localized(request, "/"));
  if (viewer.kind === "staff") throw redirect(localized(request, "/backend"));
}

/** guest-admin: the back-office sign-in page; a signed-in staff member goes to the back office, a customer home. */
export function requireGuestStaff({ request, context }: GuardArgs): void {
  const viewer = getViewer(context);
  if (viewer.kind === "staff") throw redirect(localized(request, "/backend"));
  if (viewer.kind === "customer") throw redirect(localized(request, "/"));
}

export interface StaffGuardArgs extends GuardArgs {
  /** The matched route's pattern (React Router's `pattern`): what the permission is read from. */
  pattern: string;
}

/**
 * authen-admin + backend + the page's permission, for every /backend page below the back-office
 * layout (middleware runs before any child loader or action): guests go to the back-office sign-in,
 * customers home, staff whose role lacks the matched route's permission get 403 — and so does
 * everyone on a route the permission table does not list (deny by default). The permission comes
 * from the route React Router matched, never from the URL's spelling (DESIGN §4.3). `refusal` is what a
 * refused staff member's 403 carries (the back office's middleware: the frame its error page is drawn in).
 */
export function requireStaffFor({ request, context, pattern }: StaffGuardArgs, refusal?: (staff: ViewerStaff) => unknown): ViewerStaff {
  const viewer = getViewer(context);
  if (viewer.kind === "guest") {
    throw redirect(`${localized(request, "/backend/login")}?redirectTo=${encodeURIComponent(here(request))}`);
  }
  if (viewer.kind === "customer") throw redirect(localized(request, "/"));
  if (!decideRouteAccess(viewer.roleId, pattern).allowed) throw data(refusal?.(viewer) ?? null, { status: 403 });
  return viewer;
}
