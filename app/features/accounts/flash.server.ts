import { redirect } from "react-router";
import type { TFunction } from "i18next";
import { readCookie } from "~/features/preferences/preferences.server";
import type { Viewer } from "~/features/sessions/sessions.server";
import type { LoaderSnackbar } from "~/ui/snackbar";

/**
 * One-off messages that survive a redirect (registered, signed in): a short-lived cookie naming
 * the message; the root loader turns it into the page's snackbar and clears the cookie. Only known
 * names are honoured, texts come from the locale files (nothing user-typed is echoed).
 */
const flashCookieName = "pryde_flash";
export const flashMessages = [
  "registered",
  "signed-in",
  // The customer's own area (routes/account/my-profile.tsx, my-address.tsx); texts in the account namespace.
  "profile-saved",
  "avatar-saved",
  "avatar-removed",
  "password-changed",
  "address-saved",
  "address-deleted",
  "default-changed",
  // Purchases and exchanges (routes/account/my-purchase*.tsx, exchange*.tsx); texts in their namespaces.
  "order-cancelled",
  "receipt-confirmed",
  "refund-requested",
  "exchange-requested",
] as const;
export type FlashMessage = (typeof flashMessages)[number];

function secure(request: Request): string {
  return new URL(request.url).protocol === "https:" ? "; Secure" : "";
}

export function flashCookie(request: Request, message: FlashMessage): string {
  return `${flashCookieName}=${message}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure(request)}`;
}

/** The snackbar for a pending flash message (for the signed-in viewer it was meant for) and the cookie that clears it. */
export function takeFlash(request: Request, viewer: Viewer, t: TFunction<"auth">): { snackbar: LoaderSnackbar | null; clearCookie: string } | null {
  const value = readCookie(request, flashCookieName);
  if (!value) return null;
  const clearCookie = `${flashCookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure(request)}`;
  if (viewer.kind !== "customer") return { snackbar: null, clearCookie };
  switch (value as FlashMessage) {
    case "registered":
      return { clearCookie, snackbar: { colour: "success", title: t("register.successTitle"), content: t("register.success", { email: viewer.email }) } };
    case "signed-in":
      return { clearCookie, snackbar: { colour: "success", title: t("login.signedIn", { name: viewer.firstName }) } };
    case "profile-saved":
      return { clearCookie, snackbar: { colour: "success", title: t("flash.profileSaved", { ns: "account" }) } };
    case "avatar-saved":
      return { clearCookie, snackbar: { colour: "success", title: t("flash.avatarSaved", { ns: "account" }) } };
    case "avatar-removed":
      return { clearCookie, snackbar: { colour: "success", title: t("flash.avatarRemoved", { ns: "account" }) } };
    case "password-changed":
      return { clearCookie, snackbar: { colour: "success", title: t("flash.passwordChanged", { ns: "account" }) } };
    case "address-saved":
      return { clearCookie, snackbar: { colour: "success", title: t("flash.addressSaved", { ns: "account" }) } };
    case "address-deleted":
      return { clearCookie, snackbar: { colour: "success", title: t("flash.addressDeleted", { ns: "account" }) } };
    case "default-changed":
      return { clearCookie, snackbar: { colour: "success", title: t("flash.defaultChanged", { ns: "account" }) } };
    case "order-cancelled":
      return { clearCookie, snackbar: { colour: "success", title: t("flash.orderCancelled", { ns: "purchases" }) } };
    case "receipt-confirmed":
      return { clearCookie, snackbar: { colour: "success", title: t("flash.receiptConfirmed", { ns: "purchases" }) } };
    case "refund-requested":
      return { clearCookie, snackbar: { colour: "success", title: t("flash.refundRequested", { ns: "purchases" }) } };
    case "exchange-requested":
      return { clearCookie, snackbar: { colour: "success", title: t("flash.requested", { ns: "exchanges" }) } };
    default:
      return { snackbar: null, clearCookie };
  }
}

/** Redirects to `path` (already localized) with a one-off message shown by the next page. */
export function redirectWithFlash(request: Request, path: string, message: FlashMessage): Response {
  return redirect(path, { headers: { "Set-Cookie": flashCookie(request, message) } });
}
