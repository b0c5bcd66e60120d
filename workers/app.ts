import "../app/zod-setup";

import { Hono } from "hono";
import { createRequestHandler, type RequestHandler, RouterContextProvider } from "react-router";

import { cloudflareContext, type Env } from "../app/cloudflare";
import { D1Meter } from "../app/db/d1-meter";
import { setPasswordHashCost } from "../app/features/accounts/password.server";
import { contentVersionContext } from "../app/features/cache/shared-reads.server";
import { sendPendingEmails } from "../app/features/email/sender.server";
import { serveMedia } from "../app/features/media/media.server";
import { paypalConfig } from "../app/features/payments/paypal.server";
import { completePayPalReturn, handlePayPalWebhook } from "../app/features/payments/paypal-payments.server";
import { cspNonceContext, refusedBodyContext } from "../app/features/security/door.server";
import { d1PrimaryCookie, readsPrimary } from "../app/features/sessions/session-cookie.server";
import { loadResources } from "../app/i18n/resources";
import { api } from "./api/app";
import { checkPageBody, requestForBackOffice, withoutBody } from "./form-body";
import {
  bumpContentVersion,
  isBackOfficeWrite,
  isShareableResponse,
  PageCache,
  pageCacheKey,
  pageCacheTtlMs,
  readContentVersion,
  readsPublicContent,
  type SharedCache,
  VersionedPageCache,
} from "./page-cache";
import { belongsToOffice, discoveryCrossesParts, reloadDocument, thisPart } from "./parts";
import { withRouterManifest } from "./router-manifest";
import { runScheduledJob } from "./scheduled";
import { newNonce, paypalCheckoutOrigin, setSecurityHeaders, withFreshNonce } from "./security-headers";
import { canonicalPathname } from "./spelling";

const app = new Hono<{ Bindings: Env; Variables: { nonce: string } }>();

// The storefront's Worker hands the back office's addresses to the back office's Worker untouched
// (workers/parts.ts), first of all: that Worker does everything below itself (the door's headers
// with its own nonce, D1 metering, mail after writes, the content-version bump).
app.use("*", async (c, next) => {
  if (thisPart !== "shop") return next();
  const url = new URL(c.req.url);
  if (!belongsToOffice(url, url.pathname === "/__manifest" ? await manifestVersion() : null)) return next();
  if (!c.env.BACKOFFICE) throw new Error("The storefront Worker has no BACKOFFICE service binding (wrangler.toml [[services]])");
  return c.env.BACKOFFICE.fetch(await requestForBackOffice(c.req.raw));
});

// Every page answer says what D1 work it cost (DESIGN §4.14): the request's binding is wrapped once,
// so documents, `.data` answers, the JSON API and the PayPal routes all count the same way
// (app/db/d1-meter.ts), and reads issued in the same turn share one round trip. A page from the page
// cache cost none. Only GET/HEAD answers carry the figure: an action's round trips would tell apart
// outcomes a form keeps alike on purpose (a reset asked for a known or an unknown e-mail).
//
// Reads go through a D1 session (read replication, the Sessions API): any replica for a visitor,
// and the primary for a minute after the shopper's last form post or API call (a cookie says so),
// so they read their own writes. Every such answer that reached D1 sets it, whether it wrote or not
// — its presence must not tell outcomes apart either; a GET sets it only when it wrote (a session
// renewal), so the page cache's anonymous answers, which set no cookie, are unchanged.
app.use("*", async (c, next) => {
  const meter = new D1Meter();
  const session = c.env.DB.withSession(readsPrimary(c.req.raw) ? "first-primary" : "first-unconstrained");
  c.env = { ...c.env, DB: meter.wrap(session) };
  await next();
  const reading = c.req.method === "GET" || c.req.method === "HEAD";
  const touchedD1 = session.getBookmark() !== null;
  const readsPrimaryNext = touchedD1 && (!reading || meter.writes > 0);
  const setHeaders = (headers: Headers) => {
    if (reading) headers.set("Server-Timing", meter.serverTiming());
    if (readsPrimaryNext) headers.append("Set-Cookie", d1PrimaryCookie(c.req.raw));
  };
  try {
    setHeaders(c.res.headers);
  } catch {
    c.res = new Response(c.res.body, c.res);
    setHeaders(c.res.headers);
  }
});

// The door, part 1 (DESIGN §4.15): every answer below, whatever made it, leaves with the security
// headers (workers/security-headers.ts); a page's scripts carry this response's nonce.
app.use("*", async (c, next) => {
  const nonce = newNonce();
  c.set("nonce", nonce);
  await next();
  const paypal = paypalCheckoutOrigin(paypalConfig(c.env)?.base);
  const options = { nonce, https: new URL(c.req.url).protocol === "https:", formActionOrigins: paypal ? [paypal] : [] };
  try {
    setSecurityHeaders(c.res.headers, options);
  } catch {
    // Immutable headers (a Response.redirect, a fetched answer): Hono's setter re-wraps the answer with mutable ones.
    c.res = new Response(c.res.body, c.res);
    setSecurityHeaders(c.res.headers, options);
  }
});

// One spelling per address (workers/spelling.ts): doubled slashes and the language prefix's case. A
// permanent redirect keeps the method and body.
app.use("*", async (c, next) => {
  const url = new URL(c.req.url);
  const pathname = canonicalPathname(url.pathname);
  if (pathname === url.pathname) return next();
  return new Response(null, { status: 308, headers: { location: `${pathname}${url.search}`, "cache-control": "no-store" } });
});

// Mail goes out right after the change that wrote it (DESIGN §5 "E-mail"): every write — a form post,
// an API call, PayPal's webhook or return — may have queued mail in the outbox in its own batch, so
// the sender runs after the answer is sent. It claims rows atomically, so it never races the cron
// sweep into sending a mail twice; without EMAIL_API_URL (the local default) it does nothing.
app.use("*", async (c, next) => {
  await next();
  const wrote = !["GET", "HEAD", "OPTIONS"].includes(c.req.method) || /\/paypal-callback$/.test(c.req.path);
  if (wrote && c.env.EMAIL_API_URL) c.executionCtx.waitUntil(sendPendingEmails(c.env).catch((error: unknown) => console.error("e-mail sender", error)));
});

app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" }));

// The strings are read once per isolate (app/i18n/resources.ts), before anything below may need
// them: pages and their error pages read them synchronously, and every write may queue an e-mail
// whose subject is written then (the PayPal return and webhook too). Media never needs them.
app.use("*", async (c, next) => {
  if (!c.req.path.startsWith("/media/")) await loadResources();
  setPasswordHashCost(c.env.PASSWORD_HASH_COST);
  return next();
});

// Its build's files, asked through the storefront's Worker (whose own assets lack them).
if (thisPart === "office") app.on(["GET", "HEAD"], "/assets/*", (c) => c.env.ASSETS.fetch(c.req.raw));

app.on(["GET", "HEAD"], "/media/*", (c) => serveMedia(c.env.MEDIA, c.req.raw, c.req.path.slice("/media/".length)));

// PayPal (docs/decisions/0013-payments.md): the shopper's return from approving, in either language,
// and PayPal's signed webhook. Both end in the same feature function that marks an order paid once.
const paypalReturn = async (c: { env: Env; req: { url: string } }) => {
  const location = await completePayPalReturn(c.env, new URL(c.req.url));
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
};
app.get("/paypal-callback", (c) => paypalReturn(c));
app.get("/th/paypal-callback", (c) => paypalReturn(c));
app.post("/api/webhooks/paypal", (c) => handlePayPalWebhook(c.env, c.req.raw));

// The JSON API of spec §7 (docs/decisions/0016-json-api.md). Every other /api path is answered
// there too (JSON 404/405), so nothing under /api reaches React Router or the page cache.
app.route("/api", api);

// Built once per isolate: given a build *function*, React Router re-derives its route tables on
// every request (meant for dev reloads), which cost most of a page's time here.
// The built Worker reads React Router's manifest from its static file (workers/router-manifest.ts).
let reactRouterHandler: Promise<RequestHandler> | undefined;

/** The version of this build's React Router manifest (the browser sends it with route discovery). */
async function manifestVersion(): Promise<string> {
  const build = await import("virtual:react-router/server-build");
  return build.assets.version;
}

async function handleReactRouterRequest(request: Request, context: RouterContextProvider, assets: Fetcher) {
  reactRouterHandler ??= import("virtual:react-router/server-build")
    .then((build) => withRouterManifest(build, assets))
    .then((build) => createRequestHandler(build, import.meta.env.MODE))
    .catch((error: unknown) => {
      reactRouterHandler = undefined;
      throw error;
    });
  return (await reactRouterHandler)(request, context);
}

const localPages = new PageCache();
let pageCache: VersionedPageCache | undefined;

// Everything else is a page, a form post or a resource route of React Router (all methods).
// Public pages for visitors without a session may come from the page cache: this isolate's copy,
// else the data centre's (Cache API), both keyed by the content version that back-office writes bump.
app.all("*", async (c) => {
  if (discoveryCrossesParts(new URL(c.req.url), thisPart)) return reloadDocument();
  pageCache ??= new VersionedPageCache(localPages, typeof caches === "undefined" ? null : (caches as unknown as { default: SharedCache }).default);
  const cacheKey = pageCacheKey(c.req.raw);
  const ttlMs = pageCacheTtlMs(c.env.PAGE_CACHE_SECONDS);
  const version = readsPublicContent(c.req.raw) && ttlMs > 0 ? await readContentVersion(c.env.KV) : null;
  if (cacheKey && version !== null) {
    const cached = await pageCache.get(cacheKey, version, Date.now(), ttlMs);
    if (cached) return withFreshNonce(cached, c.get("nonce"));
  }

  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: c.env, ctx: c.executionCtx });
  context.set(cspNonceContext, c.get("nonce"));
  if (version !== null) context.set(contentVersionContext, { version, ttlMs });
  // The door, part 2: a page action's body must be a readable form of a sensible size
  // (workers/form-body.ts). A refused one reaches React Router without its body, and the root
  // middleware answers the status with the error page in the page's language, before any action.
  const verdict = await checkPageBody(c.req.raw);
  if (!verdict.ok) context.set(refusedBodyContext, verdict.status);
  const response = await handleReactRouterRequest(verdict.ok ? verdict.request : withoutBody(c.req.raw), context, c.env.ASSETS);
  // Before the answer leaves, so that the page staff open next already shows the change.
  if (isBackOfficeWrite(c.req.raw, response.status)) await bumpContentVersion(c.env.KV);
  if (!cacheKey || version === null || !isShareableResponse(response)) return response;

  // Keep a copy once it has streamed to the shopper.
  const headers = new Headers(response.headers);
  const copy = response.clone();
  const cache = pageCache;
  c.executionCtx.waitUntil(copy.arrayBuffer().then((body) => cache.set(cacheKey, version, body, headers, Date.now(), ttlMs)));
  const served = new Response(response.body, response);
  served.headers.set("x-page-cache", "miss");
  return served;
});

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJob(controller.cron, env));
  },
} satisfies ExportedHandler<Env>;
