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
export const flashMessages = ["registered", "signed-in"] as const;
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
    default:
      return { snackbar: null, clearCookie };
  }
}
