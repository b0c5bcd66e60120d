import type { z } from "zod";
import { resources } from "~/i18n/resources";

/**
 * Answers of the JSON API (docs/decisions/0016-json-api.md): `{ data }` on success and
 * `{ error: { status, message, fields? } }` otherwise, never cached, in the caller's language.
 */
export type ApiLocale = "en" | "th";
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 405 | 406 | 413 | 429 | 500;

const jsonHeaders = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

export function dataResponse(data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ data }), { status, headers: jsonHeaders });
}

export function errorResponse(
  status: ApiErrorStatus,
  message: string,
  extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
): Response {
  const error = extra.fields ? { status, message, fields: extra.fields } : { status, message };
  return new Response(JSON.stringify({ error }), { status, headers: { ...jsonHeaders, ...extra.headers } });
}

type Values = Record<string, string | number | undefined>;

function lookup(locale: ApiLocale, key: string): string | undefined {
  const [namespace, path] = key.split(":") as [string, string];
  let node: unknown = (resources[locale] as Record<string, unknown>)[namespace];
  for (const part of path.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** A string of the shop's i18n resources ("namespace:dotted.key"), English when Thai lacks it. */
export function translate(locale: ApiLocale, key: string, values: Values = {}): string {
  const text = lookup(locale, key) ?? lookup("en", key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** The spec §8 message of a status, in the caller's language. */
export function statusError(locale: ApiLocale, status: ApiErrorStatus, headers?: Record<string, string>): Response {
  return errorResponse(status, translate(locale, `api:status.${status}`), { headers });
}

const authKeys = ["required", "invalid", "emailInvalid", "maxLength"];

/**
 * Field errors of a failed parse, the first message per top-level field. Schemas shared with the
 * sign-in pages carry `auth:validation` keys (their field names and messages come from there);
 * the API's own schemas carry `api:validation` keys.
 */
export function fieldErrors(error: z.ZodError, locale: ApiLocale): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "body");
    if (field in fields) continue;
    const [key = "invalid", max] = (issue.message || "invalid").split(":");
    const apiKey = lookup("en", `api:validation.${key}`) !== undefined && !authKeys.includes(key) ? key : null;
    if (apiKey) {
      fields[field] = translate(locale, `api:validation.${apiKey}`, { field });
      continue;
    }
    const label = lookup(locale, `auth:fields.${field}`) ?? field;
    fields[field] = translate(locale, `auth:validation.${authKeys.includes(key) ? key : "invalid"}`, { field: label, max });
  }
  return fields;
}
