import type { z } from "zod";

import { resources } from "~/i18n/resources";
import { splitMessageKey } from "~/ui/form/form-messages";

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

function lookupCounted(locale: ApiLocale, key: string, count: number | undefined): string | undefined {
  if (count === undefined) return lookup(locale, key);
  return lookup(locale, `${key}_${count === 1 ? "one" : "other"}`) ?? lookup(locale, key);
}

/**
 * Field errors of a failed parse, the first message per top-level field, from the same message keys
 * as every form (Zod's global error map, app/ui/form/form-messages.ts): the API's own keys
 * (`api:validation`), then the sign-in pages' (`auth:validation`, shared schemas), then the form
 * kit's (`forms:validation`). Field labels come from the sign-in pages where they have one.
 */
export function fieldErrors(error: z.ZodError, locale: ApiLocale): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "body");
    if (field in fields) continue;
    if (issue.path.length === 0) {
      fields.body = translate(locale, "api:validation.body");
      continue;
    }
    const { key, count } = splitMessageKey(issue.message || "invalid");
    const label = lookup(locale, `auth:fields.${field}`) ?? field;
    const values = { field: label, count, max: count };
    const namespace = ["api", "auth", "forms"].find((candidate) => lookupCounted("en", `${candidate}:validation.${key}`, count) !== undefined) ?? "forms";
    const known = namespace === "forms" && lookupCounted("en", `forms:validation.${key}`, count) === undefined ? "invalid" : key;
    const text = lookupCounted(locale, `${namespace}:validation.${known}`, count) ?? lookupCounted("en", `${namespace}:validation.${known}`, count) ?? known;
    fields[field] = text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name as keyof typeof values] ?? ""));
  }
  return fields;
}
