import { readCookie } from "~/features/preferences/preferences.server";
import { isLocale, type Locale } from "~/i18n/config";

import { isSocialProvider, type SocialProvider } from "./social-providers.server";

/**
 * The two short-lived cookies of social sign-in (HttpOnly, SameSite=Lax so they come back on the
 * provider's top-level redirect, Secure on https):
 * - `pryde_oauth` (Path=/auth, 10 min): the flow this browser started — provider, state, PKCE
 *   verifier, nonce, page language and where to go afterwards. The callback compares the state and
 *   clears it: one flow, one use.
 * - `pryde_social_signup` (15 min): the random token of the pending sign-up row (the terms step).
 */
const flowCookieName = "pryde_oauth";
const flowMaxAgeSeconds = 600;
export const signUpCookieName = "pryde_social_signup";
const signUpMaxAgeSeconds = 900;

export interface SocialFlow {
  provider: SocialProvider;
  state: string;
  codeVerifier: string | null;
  nonce: string | null;
  locale: Locale;
  redirectTo: string | null;
}

function attributes(request: Request, path: string, maxAge: number): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export function flowCookie(request: Request, flow: SocialFlow): string {
  return `${flowCookieName}=${encodeURIComponent(JSON.stringify(flow))}${attributes(request, "/auth", flowMaxAgeSeconds)}`;
}

export function clearedFlowCookie(request: Request): string {
  return `${flowCookieName}=${attributes(request, "/auth", 0)}`;
}

const optionalText = (value: unknown): value is string | null => value === null || (typeof value === "string" && value.length <= 512);

export function readFlow(request: Request): SocialFlow | null {
  const raw = readCookie(request, flowCookieName);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SocialFlow>;
    if (!isSocialProvider(value.provider) || typeof value.state !== "string" || !value.state || !isLocale(value.locale)) return null;
    if (!optionalText(value.codeVerifier) || !optionalText(value.nonce) || !optionalText(value.redirectTo)) return null;
    return value as SocialFlow;
  } catch {
    return null;
  }
}

export function signUpCookie(request: Request, token: string): string {
  return `${signUpCookieName}=${token}${attributes(request, "/", signUpMaxAgeSeconds)}`;
}

export function clearedSignUpCookie(request: Request): string {
  return `${signUpCookieName}=${attributes(request, "/", 0)}`;
}

export function readSignUpToken(request: Request): string | null {
  return readCookie(request, signUpCookieName);
}
