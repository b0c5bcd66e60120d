import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { cloudflareContext, type Env } from "../app/cloudflare";
import { serveMedia } from "../app/features/media/media.server";
import { completePayPalReturn, handlePayPalWebhook } from "../app/features/payments/paypal-payments.server";
import { api } from "./api/app";
import { badRequest, hasUnreadableFormBody } from "./form-body";
import { isShareableResponse, PageCache, pageCacheKey, pageCacheTtlMs } from "./page-cache";
import { runScheduledJob } from "./scheduled";

const app = new Hono<{ Bindings: Env }>();

app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" }));

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
let reactRouterHandler: RequestHandler | undefined;
async function handleReactRouterRequest(request: Request, context: RouterContextProvider) {
  reactRouterHandler ??= createRequestHandler(await import("virtual:react-router/server-build"), import.meta.env.MODE);
  return reactRouterHandler(request, context);
}

const pageCache = new PageCache();

// Everything else is a page, a form post or a resource route of React Router (all methods).
// Public pages for visitors without a session may come from the short-lived page cache.
app.all("*", async (c) => {
  const cacheKey = pageCacheKey(c.req.raw);
  const ttlMs = pageCacheTtlMs(c.env.PAGE_CACHE_SECONDS);
  if (cacheKey && ttlMs > 0) {
    const cached = pageCache.get(cacheKey, Date.now());
    if (cached) return cached;
  }

  if (await hasUnreadableFormBody(c.req.raw)) return badRequest();

  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: c.env, ctx: c.executionCtx });
  const response = await handleReactRouterRequest(c.req.raw, context);
  if (!cacheKey || ttlMs <= 0 || !isShareableResponse(response)) return response;

  // Keep a copy once it has streamed to the shopper.
  const headers = new Headers(response.headers);
  const copy = response.clone();
  c.executionCtx.waitUntil(copy.arrayBuffer().then((body) => pageCache.set(cacheKey, body, headers, Date.now(), ttlMs)));
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
