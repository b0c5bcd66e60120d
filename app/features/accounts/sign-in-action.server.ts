import { data, redirect, type RouterContextProvider } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { safeReturnPath } from "~/domain/return-path";
import { cartFlashCookie } from "~/features/cart/cart-flash.server";
import { sessionCookie } from "~/features/sessions/sessions.server";
import { localizePath, stripLocale, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { fieldErrors, formFields, signInSchema } from "./account-schemas";
import { linkOrigin, signIn } from "./accounts.server";
import { deviceCookie, readDeviceClaim } from "./device-cookie.server";
import { toastCookie } from "~/ui/toast.server";
import { clientAddress } from "./throttle.server";
import { getViewer } from "./viewer.server";

export interface SignInActionData {
  errors?: Record<string, string>;
  formError?: string;
  values: { email: string };
}

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

/** The action of /login (customers) and /backend/login (staff): the same mechanism, different tables. */
export async function handleSignIn({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }, kind: "customer" | "staff") {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "auth");
  const fields = formFields(await request.formData(), ["email", "password"]);
  const values = { email: fields.email.trim().slice(0, 254) };
  const parsed = signInSchema.safeParse(fields);
  if (!parsed.success) return data<SignInActionData>({ errors: fieldErrors(parsed.error, t), values }, { status: 400 });

  const result = await signIn(env.DB, {
    kind,
    email: parsed.data.email,
    password: parsed.data.password,
    clientAddress: clientAddress(request),
    device: readDeviceClaim(request, kind),
    origin: linkOrigin(env.PUBLIC_ORIGIN, request),
    previousSessionId: getViewer(context).sessionId,
  });
  if (!result.ok) {
    return result.reason === "throttled"
      ? data<SignInActionData>({ formError: t("login.throttled"), values }, { status: 429 })
      : data<SignInActionData>({ formError: t("login.wrongCredentials"), values }, { status: 400 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, result.sessionId, result.owner));
  // This browser is now known to the account: a stranger's failures no longer lock it out (docs/decisions/0007).
  headers.append("Set-Cookie", await deviceCookie(request, kind, result.device.accountId, result.device.deviceId, result.device.passwordHash));
  if (kind === "customer") headers.append("Set-Cookie", toastCookie(request, { key: "auth:login.signedIn" }));
  // The guest cart joined the account's and some line hit what is left: the cart page says so.
  if (result.cartCapped.length) headers.append("Set-Cookie", cartFlashCookie(request, "merge-capped", result.cartCapped));
  return redirect(signInTarget(kind, locale, new URL(request.url).searchParams.get("redirectTo")), { headers });
}
