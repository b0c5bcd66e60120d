import { redirect } from "react-router";
import { z } from "zod";

import { readCookie } from "~/features/preferences/preferences.server";
import type { Viewer } from "~/features/sessions/sessions.server";
import type { Locale } from "~/i18n/config";
import type { ServerI18n } from "~/i18n/i18next.server";
import type { LoaderSnackbar } from "~/ui/snackbar";

/**
 * THE way to say something after a redirect ("saved", "deleted", "signed in"): a short-lived cookie
 * holding a message *key* and its values; the root loader turns it into the page's toast (the
 * snackbar, app/ui/snackbar.tsx) in the page's language and clears it. Works without JavaScript (the
 * toast is server-rendered) and survives the redirect that a form without JavaScript ends in.
 *
 * Only keys of the locale files are shown (a forged cookie can pick a known sentence, never write
 * one), and values are interpolated as text (React escapes them).
 */
const toastCookieName = "pryde_toast";

const messageKey = z
  .string()
  .max(100)
  .regex(/^[a-zA-Z]+:[\w.-]+$/);

const toastSchema = z.object({
  /** "namespace:dotted.key" of the title. */
  key: messageKey,
  /** An optional second line. */
  detailKey: messageKey.optional(),
  values: z.record(z.string().max(40), z.union([z.string().max(500), z.number()])).optional(),
  type: z.enum(["success", "info", "warning", "error"]).optional(),
  /** Stays until closed (a list of things to act on), rather than hiding after a few seconds. */
  keep: z.boolean().optional(),
});

export type Toast = z.infer<typeof toastSchema>;

function secure(request: Request): string {
  return new URL(request.url).protocol === "https:" ? "; Secure" : "";
}

/** The Set-Cookie value that makes the next page show `toast` (for redirects that set other cookies too). */
export function toastCookie(request: Request, toast: Toast): string {
  return `${toastCookieName}=${encodeURIComponent(JSON.stringify(toast))}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure(request)}`;
}

/** Redirects to `to` (already localized) and shows `toast` on the page it lands on. */
export function redirectWithToast(request: Request, to: string, toast: Toast, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookie(request, toast));
  return redirect(to, { ...init, headers });
}

function readToast(request: Request): Toast | null {
  const raw = readCookie(request, toastCookieName);
  if (!raw) return null;
  try {
    const parsed = toastSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The pending toast as the page's snackbar, and the cookie that clears it. A signed-in viewer's
 * first name and e-mail are there as `{{name}}` and `{{email}}` unless the toast gives its own.
 */
export function takeToast(request: Request, viewer: Viewer, i18n: ServerI18n, locale: Locale): { snackbar: LoaderSnackbar | null; clearCookie: string } | null {
  if (!readCookie(request, toastCookieName)) return null;
  const clearCookie = `${toastCookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure(request)}`;
  const toast = readToast(request);
  // With its values: a plural key ("added_one", "added_other") exists only for a count.
  if (!toast || !i18n.exists(toast.key, { lng: locale, ...toast.values })) return { snackbar: null, clearCookie };
  // Keys arrive as data, so they are checked with `exists` above rather than by the typed `t`.
  const t = i18n.getFixedT(locale) as unknown as (key: string, values: Record<string, unknown>) => string;
  const values = { ...(viewer.kind === "customer" ? { name: viewer.firstName, email: viewer.email } : {}), ...toast.values };
  const title = t(toast.key, values);
  const content = toast.detailKey && i18n.exists(toast.detailKey, { lng: locale }) ? t(toast.detailKey, values) : undefined;
  return { clearCookie, snackbar: { colour: toast.type ?? "success", title, ...(content ? { content } : {}), ...(toast.keep ? { timeout: 0 } : {}) } };
}
