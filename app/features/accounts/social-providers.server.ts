import {
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2RequestError,
  OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from "arctic";

import type { Env } from "~/cloudflare";
import { type SocialProvider, socialProviders } from "~/domain/social-providers";

/**
 * The three sign-in providers (LINE, Google, Facebook) over OAuth 2.0 / OpenID Connect, with
 * arctic's primitives (`OAuth2Client`, `OAuth2Tokens`, `generateState`, `generateCodeVerifier`,
 * `decodeIdToken`). arctic's `Google`/`Line`/`Facebook` classes hard-code their endpoints; tests and
 * local development talk to a local stand-in, so every endpoint is configurable
 * (`OAUTH_<PROVIDER>_AUTHORIZATION_URL`, `_TOKEN_URL`, `_USERINFO_URL`) and defaults to the real one.
 * A provider is offered only when `OAUTH_<PROVIDER>_CLIENT_ID` and `_CLIENT_SECRET` are set.
 * See docs/decisions/0009-social-sign-in.md.
 */
export { socialProviders, type SocialProvider };

interface ProviderDefaults {
  authorizationUrl: string;
  tokenUrl: string;
  /** Google: OIDC userinfo; Facebook: Graph `/me`; LINE: unused (the id token carries the profile). */
  userinfoUrl: string;
  scopes: string[];
  /** PKCE (S256) where the provider supports it. */
  pkce: boolean;
  /** How the client authenticates at the token endpoint: HTTP Basic or form fields (what each provider documents). */
  clientAuthentication: "basic" | "post";
  profileSource: "userinfo" | "id-token" | "graph";
}

const providerDefaults: Record<SocialProvider, ProviderDefaults> = {
  google: {
    authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    userinfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
    scopes: ["openid", "email", "profile"],
    pkce: true,
    clientAuthentication: "basic",
    profileSource: "userinfo",
  },
  line: {
    authorizationUrl: "https://access.line.me/oauth2/v2.1/authorize",
    tokenUrl: "https://api.line.me/oauth2/v2.1/token",
    userinfoUrl: "https://api.line.me/oauth2/v2.1/userinfo",
    scopes: ["openid", "profile", "email"],
    pkce: true,
    clientAuthentication: "post",
    profileSource: "id-token",
  },
  facebook: {
    authorizationUrl: "https://www.facebook.com/v19.0/dialog/oauth",
    tokenUrl: "https://graph.facebook.com/v19.0/oauth/access_token",
    userinfoUrl: "https://graph.facebook.com/v19.0/me",
    scopes: ["email", "public_profile"],
    pkce: false,
    clientAuthentication: "post",
    profileSource: "graph",
  },
};

export interface ProviderSettings extends ProviderDefaults {
  provider: SocialProvider;
  clientId: string;
  clientSecret: string;
}

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === "string" && (socialProviders as readonly string[]).includes(value);
}

type OAuthEnv = Pick<Env, `OAUTH_${string}`>;

/** The provider's settings when it is configured (client id and secret present), else null. */
export function providerSettings(env: OAuthEnv, provider: SocialProvider): ProviderSettings | null {
  const variable = (name: string) => env[`OAUTH_${provider.toUpperCase()}_${name}`]?.trim() || undefined;
  const clientId = variable("CLIENT_ID");
  const clientSecret = variable("CLIENT_SECRET");
  if (!clientId || !clientSecret) return null;
  const defaults = providerDefaults[provider];
  return {
    ...defaults,
    provider,
    clientId,
    clientSecret,
    authorizationUrl: variable("AUTHORIZATION_URL") ?? defaults.authorizationUrl,
    tokenUrl: variable("TOKEN_URL") ?? defaults.tokenUrl,
    userinfoUrl: variable("USERINFO_URL") ?? defaults.userinfoUrl,
  };
}

/** Providers to offer, in the order the buttons appear (LINE first: the shop is Thai). */
export function configuredProviders(env: OAuthEnv): SocialProvider[] {
  return (["line", "google", "facebook"] as const).filter((provider) => providerSettings(env, provider) !== null);
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  codeVerifier: string | null;
  nonce: string | null;
}

/** Where to send the shopper: the provider's authorization endpoint with state (and PKCE, nonce). */
export function createAuthorizationRequest(settings: ProviderSettings, redirectUri: string): AuthorizationRequest {
  const client = new OAuth2Client(settings.clientId, settings.clientSecret, redirectUri);
  const state = generateState();
  const codeVerifier = settings.pkce ? generateCodeVerifier() : null;
  const url = codeVerifier
    ? client.createAuthorizationURLWithPKCE(settings.authorizationUrl, state, CodeChallengeMethod.S256, codeVerifier, settings.scopes)
    : client.createAuthorizationURL(settings.authorizationUrl, state, settings.scopes);
  // OIDC nonce: ties the id token to this browser's request (checked when the id token is the profile).
  const nonce = settings.profileSource === "id-token" ? generateState() : null;
  if (nonce) url.searchParams.set("nonce", nonce);
  return { url, state, codeVerifier, nonce };
}

/** What the shop learns from a provider. `email` is null when the shopper did not share one. */
export interface SocialProfile {
  provider: SocialProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** Anything that went wrong talking to the provider; the route turns it into a message. */
export class SocialProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SocialProviderError";
  }
}

const timeoutMs = 10_000;

/** A token request with the client's credentials as form fields (LINE, Facebook), answered like arctic does. */
async function postTokenRequest(settings: ProviderSettings, body: URLSearchParams): Promise<OAuth2Tokens> {
  body.set("client_id", settings.clientId);
  body.set("client_secret", settings.clientSecret);
  const response = await fetch(settings.tokenUrl, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const payload: unknown = await response.json().catch(() => null);
  if (typeof payload !== "object" || payload === null) throw new UnexpectedResponseError(response.status);
  if (response.status === 200) return new OAuth2Tokens(payload);
  const error = (payload as { error?: unknown; error_description?: unknown }).error;
  if (typeof error === "string") {
    const description = (payload as { error_description?: unknown }).error_description;
    throw new OAuth2RequestError(error, typeof description === "string" ? description : null, null, null);
  }
  throw new UnexpectedErrorResponseBodyError(response.status, payload);
}

async function exchangeCode(settings: ProviderSettings, redirectUri: string, code: string, codeVerifier: string | null): Promise<OAuth2Tokens> {
  if (settings.clientAuthentication === "basic") {
    const client = new OAuth2Client(settings.clientId, settings.clientSecret, redirectUri);
    return client.validateAuthorizationCode(settings.tokenUrl, code, codeVerifier);
  }
  const body = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri });
  if (codeVerifier) body.set("code_verifier", codeVerifier);
  return postTokenRequest(settings, body);
}

async function getJson(url: string, accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new SocialProviderError(`profile request answered ${response.status}`);
  const payload: unknown = await response.json();
  if (typeof payload !== "object" || payload === null) throw new SocialProviderError("profile is not an object");
  return payload as Record<string, unknown>;
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** Given and family names, or a display name split at its first space. */
function names(given: unknown, family: unknown, full: unknown): { firstName: string; lastName: string } {
  const firstName = text(given);
  const lastName = text(family);
  if (firstName || lastName) return { firstName: firstName.slice(0, 100), lastName: lastName.slice(0, 100) };
  const [first = "", ...rest] = text(full).split(/\s+/);
  return { firstName: first.slice(0, 100), lastName: rest.join(" ").slice(0, 100) };
}

function normalizedEmail(value: unknown): string | null {
  const email = text(value).toLowerCase();
  return email && email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

/**
 * LINE's id token: received straight from the token endpoint over TLS (OIDC Core 3.1.3.7 allows
 * that in place of a signature check), and LINE signs web-login tokens HS256 with the channel
 * secret, so that signature is checked too. Audience, expiry and nonce must match.
 */
async function idTokenClaims(settings: ProviderSettings, idToken: string, nonce: string | null): Promise<Record<string, unknown>> {
  const [header, payload, signature] = idToken.split(".");
  if (!header || !payload || signature === undefined) throw new SocialProviderError("malformed id token");
  const { alg } = JSON.parse(new TextDecoder().decode(base64UrlBytes(header))) as { alg?: string };
  if (alg === "HS256") {
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(settings.clientSecret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    const valid = await crypto.subtle.verify("HMAC", key, base64UrlBytes(signature), new TextEncoder().encode(`${header}.${payload}`));
    if (!valid) throw new SocialProviderError("id token signature does not match");
  } else if (alg === "none" || !alg) {
    throw new SocialProviderError("unsigned id token");
  }
  const claims = decodeIdToken(idToken) as Record<string, unknown>;
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(settings.clientId)) throw new SocialProviderError("id token is for another client");
  if (typeof claims.exp !== "number" || claims.exp * 1000 < Date.now() - 60_000) throw new SocialProviderError("id token expired");
  if (nonce !== null && claims.nonce !== nonce) throw new SocialProviderError("id token nonce does not match");
  return claims;
}

/**
 * The e-mail counts as verified only when the provider says so: OIDC `email_verified: true`
 * (Google); LINE's id token has no such claim — LINE only releases the address of the account to
 * channels approved for it — so LINE's counts unless it says `email_verified: false`; Facebook's
 * Graph API gives no flag, so Facebook's never counts (decision 0009).
 */
export async function readSocialProfile(
  settings: ProviderSettings,
  input: { redirectUri: string; code: string; codeVerifier: string | null; nonce: string | null },
): Promise<SocialProfile> {
  const tokens = await exchangeCode(settings, input.redirectUri, input.code, input.codeVerifier);
  const profile = await profileFrom(settings, tokens, input.nonce);
  if (!profile.subject || profile.subject.length > 255) throw new SocialProviderError("profile without a subject");
  return profile;
}

async function profileFrom(settings: ProviderSettings, tokens: OAuth2Tokens, nonce: string | null): Promise<SocialProfile> {
  const accessToken = tokens.accessToken();
  switch (settings.profileSource) {
    case "userinfo": {
      const info = await getJson(settings.userinfoUrl, accessToken);
      return {
        provider: settings.provider,
        subject: text(info.sub),
        email: normalizedEmail(info.email),
        emailVerified: info.email_verified === true || info.email_verified === "true",
        ...names(info.given_name, info.family_name, info.name),
      };
    }
    case "id-token": {
      const claims = await idTokenClaims(settings, tokens.idToken(), nonce);
      return {
        provider: settings.provider,
        subject: text(claims.sub),
        email: normalizedEmail(claims.email),
        emailVerified: claims.email_verified !== false,
        ...names(claims.given_name, claims.family_name, claims.name),
      };
    }
    case "graph": {
      const url = new URL(settings.userinfoUrl);
      url.searchParams.set("fields", "id,name,first_name,last_name,email");
      const me = await getJson(url.toString(), accessToken);
      return {
        provider: settings.provider,
        subject: text(me.id),
        email: normalizedEmail(me.email),
        emailVerified: false,
        ...names(me.first_name, me.last_name, me.name),
      };
    }
  }
}
