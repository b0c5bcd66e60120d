import { z } from "zod";

import { errorSchema } from "~/features/api/api-schemas";
import { resources } from "~/i18n/resources";

import { type ApiRoute, apiRoutes } from "./routes";

/**
 * /api/openapi.json (OpenAPI 3.1): generated from the route table and its Zod schemas with zod 4's
 * z.toJSONSchema (no @hono/zod-openapi in this project), so it lists exactly what the handlers
 * validate and answer. Schemas with a `.meta({ id })` become components.
 */
type JsonSchema = Record<string, unknown>;

function convert(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const generated = JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: "any" }));
  const json = JSON.parse(generated.replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  const { $schema: _schema, $defs, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [id, definition] of Object.entries($defs ?? {})) components[id] ??= definition;
  return rest;
}

/** Headers some error answers carry (workers/api/app.ts, routes.ts). */
const errorHeaders: Record<number, Record<string, { description: string; required: boolean; schema: JsonSchema }>> = {
  401: {
    "WWW-Authenticate": {
      description: '`Bearer realm="api"` when the token is missing or refused (not on wrong sign-in credentials).',
      required: false,
      schema: { type: "string" },
    },
  },
  405: { Allow: { description: "The methods this path answers, e.g. `GET, HEAD`.", required: true, schema: { type: "string" } } },
  429: { "Retry-After": { description: "Seconds to wait (900).", required: true, schema: { type: "string" } } },
};

function errorAnswer(status: number) {
  return {
    description: resources.en.api.status[String(status) as keyof typeof resources.en.api.status] ?? String(status),
    ...(errorHeaders[status] ? { headers: errorHeaders[status] } : {}),
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
}

/**
 * Methods a path does not serve are answered 405 with `Allow` (app.ts); they are documented as
 * operations whose only answer is that 405, so a client can see it (issue 14). HEAD follows GET.
 */
const documentedMethods = ["get", "post", "put", "patch", "delete"] as const;

function notAllowedOperation(path: string, method: string, allowed: readonly string[]) {
  return {
    operationId: `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase())}NotAllowed`,
    summary: `Not served: answers 405 (Allow: ${allowed.join(", ")}).`,
    security: [],
    responses: { "405": errorAnswer(405) },
  };
}

function operation(routeDefinition: ApiRoute, components: Record<string, JsonSchema>) {
  // 404: an unknown path; 406: an Accept without JSON; 413: a body over 16 KB (any call); 500: a failure.
  const statuses = new Set<number>([404, 406, 413, 500, ...(routeDefinition.otherStatuses ?? [])]);
  if (routeDefinition.body || routeDefinition.query) statuses.add(400);
  // A bearer token that is sent is checked on every call, public ones too (app.ts authenticate).
  statuses.add(401);
  if (routeDefinition.access.kind === "customer" || routeDefinition.access.kind === "staff") statuses.add(403);

  const parameters: JsonSchema[] = [];
  if (routeDefinition.query) {
    const query = convert(routeDefinition.query, "input", components) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: "query", required: query.required?.includes(name) ?? false, schema });
    }
  }
  const access = routeDefinition.access;
  const who =
    access.kind === "public"
      ? "Anyone."
      : access.kind === "customer"
        ? "A signed-in customer."
        : access.kind === "signed-in"
          ? "Any bearer token."
          : access.group
            ? `Staff whose role opens the "${access.group}" menu group.`
            : "Any staff user.";
  return {
    operationId: `${routeDefinition.method.toLowerCase()}${routeDefinition.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase())}`,
    summary: routeDefinition.summary,
    description: `Who may call it: ${who}`,
    ...(access.kind === "public" ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(routeDefinition.body
      ? { requestBody: { required: true, content: { "application/json": { schema: convert(routeDefinition.body, "input", components) } } } }
      : {}),
    responses: {
      "200": {
        description: "OK",
        content: {
          "application/json": {
            schema: { type: "object", properties: { data: convert(routeDefinition.answer, "output", components) }, required: ["data"] },
          },
        },
      },
      ...Object.fromEntries([...statuses].sort((a, b) => a - b).map((status) => [String(status), errorAnswer(status)])),
    },
  };
}

export function openApiDocument(origin: string) {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const routeDefinition of apiRoutes) {
    const entry = (paths[`/api${routeDefinition.path}`] ??= {});
    entry[routeDefinition.method.toLowerCase()] = operation(routeDefinition, components);
  }
  paths["/api/openapi.json"] = {
    get: {
      operationId: "getOpenApiDocument",
      summary: "This document.",
      security: [],
      responses: {
        "200": { description: "OK", content: { "application/json": { schema: { type: "object", required: ["openapi", "paths"] } } } },
        "406": errorAnswer(406),
        "500": errorAnswer(500),
      },
    },
  };
  for (const [path, entry] of Object.entries(paths)) {
    const allowed = documentedMethods.filter((method) => method in entry);
    const allow = allowed.flatMap((method) => (method === "get" ? ["GET", "HEAD"] : [method.toUpperCase()]));
    for (const method of documentedMethods) if (!(method in entry)) entry[method] = notAllowedOperation(path, method, allow);
  }
  convert(errorSchema, "output", components);
  return {
    openapi: "3.1.0",
    info: {
      title: "Pryde shop JSON API",
      version: "1.0.0",
      description:
        "The calls of the shop specification §7. Every answer is JSON: `{ data }`, or `{ error: { status, message, fields? } }`. " +
        "Sign in with POST /api/users/login (customers) or /api/users/admin/login (staff); send the token as `Authorization: Bearer <token>`. " +
        "Tokens last 3600 s and end with the account's sessions. Messages follow `Accept-Language` (en, th). See docs/decisions/0016-json-api.md.",
    },
    servers: [{ url: origin }],
    security: [{ bearer: [] }],
    paths,
    components: { schemas: components, securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "Token from a login call, valid 3600 s." } } },
  };
}
