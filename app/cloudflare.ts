import { createContext, type RouterContextProvider } from "react-router";

/** Bindings and variables declared in wrangler.toml (secrets come from .dev.vars / `wrangler secret`). */
export interface Env {
  DB: D1Database;
  KV: KVNamespace;
  MEDIA: R2Bucket;
  /** The build's static files (build/client); the Worker reads data files from it (app/features/thai-address/area-asset.ts). */
  ASSETS: Fetcher;
  /** The back office's Worker (workers/parts.ts): bound to the storefront's only; absent in the back office's and on the dev server. */
  BACKOFFICE?: Fetcher;
  RATES_PRIMARY_URL: string;
  RATES_FALLBACK_URL: string;
  PUBLIC_ORIGIN: string;
  /** How long public pages are shared between anonymous visitors (workers/page-cache.ts); 0 turns it off. */
  PAGE_CACHE_SECONDS?: string;
  /** HTTP e-mail API (Resend-style POST {from,to,subject,html,text}); empty: mails stay in the outbox. */
  EMAIL_API_URL?: string;
  /** Secret (`wrangler secret put EMAIL_API_KEY`), sent as a Bearer token. */
  EMAIL_API_KEY?: string;
  /** Sender address, e.g. "Pryde <no-reply@example.com>". */
  EMAIL_FROM?: string;
  /**
   * Social sign-in (docs/decisions/0009-social-sign-in.md), per provider GOOGLE, LINE, FACEBOOK:
   * `OAUTH_<P>_CLIENT_ID` (var) and `OAUTH_<P>_CLIENT_SECRET` (secret) switch it on; optional
   * `OAUTH_<P>_AUTHORIZATION_URL`, `_TOKEN_URL`, `_USERINFO_URL` replace the real endpoints (local stand-ins).
   */
  [oauthVariable: `OAUTH_${string}`]: string | undefined;
  /**
   * PayPal (docs/decisions/0013-payments.md): REST base (default the sandbox,
   * https://api-m.sandbox.paypal.com; live: https://api-m.paypal.com), the app's client id (var) and
   * secret (`wrangler secret put PAYPAL_CLIENT_SECRET`), and the webhook id the signature check uses.
   * Without id and secret the payment page offers bank transfer only.
   */
  PAYPAL_API_BASE?: string;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  PAYPAL_WEBHOOK_ID?: string;
  /**
   * Origins allowed to call the JSON API from a browser (CORS), comma-separated, e.g.
   * "https://app.example.com,http://localhost:5173"; "*" allows any. Empty (default): CORS off.
   */
  API_CORS_ORIGINS?: string;
  /** "test" only in the test harnesses: cheaper password hashes (app/features/accounts/password.server.ts). Unset in production. */
  PASSWORD_HASH_COST?: string;
}

export interface CloudflareRequestContext {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
}

/** Set by the Hono catch-all in workers/app.ts for every request React Router handles. */
export const cloudflareContext = createContext<CloudflareRequestContext>();

export function getCloudflare(context: Readonly<RouterContextProvider>): CloudflareRequestContext {
  return context.get(cloudflareContext);
}
