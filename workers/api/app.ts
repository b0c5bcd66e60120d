import { type Context, Hono, type Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";

import type { Env } from "~/cloudflare";
import { canOpenGroup } from "~/domain/staff-permissions";
import { type ApiPrincipal, resolveApiToken } from "~/features/sessions/api-tokens.server";
import { loadResources } from "~/i18n/resources";

import { acceptsJson, bearerToken, corsOrigins, preferredLocale } from "./http";
import { openApiDocument } from "./openapi";
import { type ApiLocale, errorResponse, fieldErrors, statusError, translate } from "./respond";
import { type ApiRoute, apiRoutes } from "./routes";

/**
 * The JSON API under /api (spec §7; docs/decisions/0016-json-api.md), mounted by workers/app.ts
 * before React Router: nothing under /api reaches the pages or the page cache. Every answer is
 * JSON — `{ data }` or `{ error: { status, message, fields? } }` — also for unknown paths (404),
 * wrong methods (405), bodies that are not JSON (400) and failures (500, without details).
 */
type ApiEnv = { Bindings: Env };

const bodyMaxBytes = 16 * 1024;

export const api = new Hono<ApiEnv>();

const localeOf = (c: Context<ApiEnv>): ApiLocale => preferredLocale(c.req.header("accept-language"));

// Answers are in the caller's language: the strings are read once per isolate (app/i18n/resources.ts).
api.use("*", async (_c, next) => {
  await loadResources();
  await next();
});

// CORS is off unless API_CORS_ORIGINS lists origins (wrangler.toml [vars]); then only those.
api.use("*", async (c, next) => {
  const origins = corsOrigins(c.env.API_CORS_ORIGINS);
  if (origins.length === 0) return next();
  return cors({
    origin: origins.includes("*") ? "*" : origins,
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: ["Authorization", "Content-Type", "Accept", "Accept-Language"],
    maxAge: 600,
  })(c, next);
});

api.use("*", async (c, next) => {
  if (!acceptsJson(c.req.header("accept"))) return statusError(localeOf(c), 406);
  return next();
});

api.use("*", (c, next) => bodyLimit({ maxSize: bodyMaxBytes, onError: (c) => statusError(localeOf(c), 413) })(c, next));

api.get("/openapi.json", (c) => {
  return new Response(JSON.stringify(openApiDocument(new URL(c.req.url).origin)), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
});

type Authentication = { ok: true; principal: ApiPrincipal | null } | { ok: false; response: Response };

/**
 * Who calls: nobody (no Authorization header) or the owner of a valid bearer token. A token that is
 * sent but malformed, unknown, revoked or expired is refused on every call, public ones too, so a
 * client learns at once that it must sign in again.
 */
async function authenticate(c: Context<ApiEnv>, locale: ApiLocale): Promise<Authentication> {
  const token = bearerToken(c.req.header("authorization"));
  if (token === null) return { ok: true, principal: null };
  const resolved = token === "" ? ({ ok: false, reason: "invalid" } as const) : await resolveApiToken(c.env.DB, token);
  if (resolved.ok) return { ok: true, principal: resolved.principal };
  const message = resolved.reason === "expired" ? translate(locale, "api:tokenExpired") : translate(locale, "api:status.401");
  return { ok: false, response: errorResponse(401, message, { headers: { "www-authenticate": 'Bearer realm="api"' } }) };
}

/** 401 without a caller, 403 for a caller of the wrong kind or whose role does not open the group. */
function refusal(routeDefinition: ApiRoute, principal: ApiPrincipal | null, locale: ApiLocale): Response | null {
  const { access } = routeDefinition;
  if (access.kind === "public") return null;
  if (!principal) return errorResponse(401, translate(locale, "api:status.401"), { headers: { "www-authenticate": 'Bearer realm="api"' } });
  if (access.kind === "signed-in") return null;
  if (access.kind === "customer") return principal.kind === "customer" ? null : statusError(locale, 403);
  if (principal.kind !== "staff") return statusError(locale, 403);
  return access.group === null || canOpenGroup(principal.roleId, access.group) ? null : statusError(locale, 403);
}

async function readJsonBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase().split(";")[0]!.trim();
  if (type !== "application/json" && !type.endsWith("+json")) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(await request.text()) };
  } catch {
    return { ok: false };
  }
}

function handlerOf(routeDefinition: ApiRoute) {
  return async (c: Context<ApiEnv>) => {
    const locale = localeOf(c);
    const authentication = await authenticate(c, locale);
    if (!authentication.ok) return authentication.response;
    const refused = refusal(routeDefinition, authentication.principal, locale);
    if (refused) return refused;

    let body: unknown = undefined;
    if (routeDefinition.body) {
      const read = await readJsonBody(c.req.raw);
      if (!read.ok) return errorResponse(400, translate(locale, "api:status.400"), { fields: { body: translate(locale, "api:validation.body") } });
      const parsed = routeDefinition.body.safeParse(read.value);
      if (!parsed.success) return errorResponse(400, translate(locale, "api:status.400"), { fields: fieldErrors(parsed.error, locale) });
      body = parsed.data;
    }
    let query: unknown = undefined;
    if (routeDefinition.query) {
      const parsed = routeDefinition.query.safeParse(c.req.query());
      if (!parsed.success) return errorResponse(400, translate(locale, "api:status.400"), { fields: fieldErrors(parsed.error, locale) });
      query = parsed.data;
    }
    // Read only when a handler uses it (Hono throws when a test calls the app without one).
    const executionCtx = { waitUntil: (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise) };
    return routeDefinition.handle({ env: c.env, executionCtx, request: c.req.raw, locale, principal: authentication.principal, body, query });
  };
}

for (const routeDefinition of apiRoutes) {
  api.on(routeDefinition.method, routeDefinition.path, handlerOf(routeDefinition));
}

/** Known path, other method: 405 with Allow; anything else under /api: a JSON 404. */
api.all("*", (c: Context<ApiEnv>, _next: Next) => {
  const locale = localeOf(c);
  const path = c.req.path.replace(/^\/api/, "").replace(/\/+$/, "") || "/";
  const methods = apiRoutes.filter((candidate) => candidate.path === path).map((candidate) => candidate.method);
  if (path === "/openapi.json") methods.push("GET");
  if (methods.length > 0) {
    const allow = [...new Set(methods.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method])))].join(", ");
    return statusError(locale, 405, { allow });
  }
  return statusError(locale, 404);
});

api.onError((error, c) => {
  console.error("api", c.req.method, c.req.path, error);
  return statusError(localeOf(c), 500);
});
