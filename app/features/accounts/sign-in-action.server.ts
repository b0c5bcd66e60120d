import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { safeReturnPath } from "~/domain/return-path";
import { signedInToast } from "~/features/cart/cart-action.server";
import { sessionCookie } from "~/features/sessions/sessions.server";
import { type Locale, localizePath, stripLocale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { toastCookie } from "~/ui/toast.server";

import { signInSchema } from "./account-schemas";
import { linkOrigin, signIn } from "./accounts.server";
import { deviceCookie, readDeviceClaim } from "./device-cookie.server";
import { clientAddress } from "./throttle.server";
import { getViewer } from "./viewer.server";

/** Where a signed-in person goes: a local `redirectTo` of their side of the shop, else home / the dashboard. */
export function signInTarget(kind: "customer" | "staff", locale: Locale, redirectTo: string | null): string {
  const fallback = localizePath(locale, kind === "staff" ? "/backend/dashboard" : "/");
  const path = safeReturnPath(redirectTo, fallback);
  const bare = stripLocale(new URL(path, "http://x").pathname);
  const isBackend = bare === "/backend" || bare.startsWith("/backend/");
  if (kind === "staff" ? !isBackend : isBackend) return fallback;
  // Signing in must not land on another sign-in or registration page.
  if (["/login", "/register", "/logout", "/backend/login"].includes(bare)) return fallback;
  return path;
}

/**
 * The action of /login (customers) and /backend/login (staff): the same mechanism, different tables.
 * The password never comes back to the page; a wrong password and an unknown e-mail get the same answer.
 */
export async function handleSignIn({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }, kind: "customer" | "staff") {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const submission = parseWithZod(await request.formData(), { schema: signInSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });

  const result = await signIn(env.DB, {
    kind,
    email: submission.value.email,
    password: submission.value.password,
    clientAddress: clientAddress(request),
    device: readDeviceClaim(request, kind),
    origin: linkOrigin(env.PUBLIC_ORIGIN, request),
    previousSessionId: getViewer(context).sessionId,
  });
  if (!result.ok) {
    const throttled = result.reason === "throttled";
    return data({ result: submission.reply({ formErrors: [throttled ? "throttled" : "wrongCredentials"], hideFields }) }, { status: throttled ? 429 : 400 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, result.sessionId, result.owner));
  // This browser is now known to the account: a stranger's failures no longer lock it out (docs/decisions/0007).
  headers.append("Set-Cookie", await deviceCookie(request, kind, result.device.accountId, result.device.deviceId, result.device.passwordHash));
  if (kind === "customer")
    headers.append("Set-Cookie", toastCookie(request, signedInToast(result.cartCapped, locale, getInstance(context).getFixedT(locale, "shop"))));
  return redirect(signInTarget(kind, locale, new URL(request.url).searchParams.get("redirectTo")), { headers });
}
