import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { cloudflareContext, type Env } from "../app/cloudflare";
import { serveMedia } from "../app/features/media/media.server";
import { runScheduledJob } from "./scheduled";

const app = new Hono<{ Bindings: Env }>();

app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" }));

app.on(["GET", "HEAD"], "/media/*", (c) => serveMedia(c.env.MEDIA, c.req.raw, c.req.path.slice("/media/".length)));

// Built once per isolate: given a build *function*, React Router re-derives its route tables on
// every request (meant for dev reloads), which cost most of a page's time here.
let reactRouterHandler: RequestHandler | undefined;
async function handleReactRouterRequest(request: Request, context: RouterContextProvider) {
  reactRouterHandler ??= createRequestHandler(await import("virtual:react-router/server-build"), import.meta.env.MODE);
  return reactRouterHandler(request, context);
}

// Everything else is a page, a form post or a resource route of React Router (all methods).
app.all("*", (c) => {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: c.env, ctx: c.executionCtx });
  return handleReactRouterRequest(c.req.raw, context);
});

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJob(controller.cron, env));
  },
} satisfies ExportedHandler<Env>;
