import type { z } from "zod";

/**
 * LEGACY (issue 15): the catalogue's own forms are Conform forms now; the POS form and the
 * custom-product admin still read their forms with these, until they move to the form kit.
 *
 * Reading the back-office catalogue forms, whose rows (variants, attribute options) are indexed
 * fields such as `variant.3.sku`, so rows can be added and removed without JavaScript. Every reader
 * is lenient (a missing or file field is ""), bounded (at most `maxRows` + 1 rows are read; the
 * schema then refuses the extra one), and returns rows renumbered from 0 in their submitted order.
 */
export const maxFormRows = 100;

export function textValue(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

export function textValues<const K extends string>(formData: FormData, names: readonly K[]): Record<K, string> {
  const fields = {} as Record<K, string>;
  for (const name of names) fields[name] = textValue(formData, name);
  return fields;
}

/** The row positions used under `prefix.` (e.g. "variant"), ascending. */
export function rowIndices(formData: FormData, prefix: string): number[] {
  const indices = new Set<number>();
  const start = `${prefix}.`;
  for (const key of formData.keys()) {
    if (!key.startsWith(start)) continue;
    const match = /^(\d{1,4})\./.exec(key.slice(start.length));
    if (match) indices.add(Number(match[1]));
    if (indices.size > maxFormRows) break;
  }
  return [...indices].sort((a, b) => a - b).slice(0, maxFormRows + 1);
}

export function indexedRows<const K extends string>(formData: FormData, prefix: string, names: readonly K[]): Record<K, string>[] {
  return rowIndices(formData, prefix).map((index) => {
    const row = {} as Record<K, string>;
    for (const name of names) row[name] = textValue(formData, `${prefix}.${index}.${name}`);
    return row;
  });
}

/** The submit button's intent, split as "remove-variant:3" → { name: "remove-variant", index: 3 }. */
export function parseIntent(formData: FormData): { name: string; index: number | null } {
  const raw = textValue(formData, "intent").slice(0, 60);
  const match = /^([a-z-]+)(?::(\d{1,4}))?$/.exec(raw);
  if (!match) return { name: "", index: null };
  return { name: match[1]!, index: match[2] === undefined ? null : Number(match[2]) };
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Zod issues → messages in the page's language, keyed by the dotted path ("variants.2.sku"). A
 * message is a key of `catalogAdmin:validation` with an optional `:<value>` ("maxLength:100"); the
 * field's label is the last named segment of the path (`fields.<name>`).
 */
export function catalogFieldErrors(error: z.ZodError, t: Translate, knownKeys: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    const field = path.join(".") || "form";
    if (field in errors) continue;
    const label = [...path].reverse().find((segment) => !/^\d+$/.test(segment)) ?? "form";
    const [key = "invalid", value] = (issue.message || "invalid").split(":");
    errors[field] = t(`validation.${knownKeys.includes(key) ? key : "invalid"}`, { field: t(`fields.${label}`), max: value, value });
  }
  return errors;
}

/** Error keys from the feature layer (already known keys, with an optional value) → messages. */
export function translateKeyedErrors(errors: Record<string, string>, t: Translate): Record<string, string> {
  const translated: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const [key = "invalid", value] = message.split(":");
    const label = [...field.split(".")].reverse().find((segment) => !/^\d+$/.test(segment)) ?? "form";
    translated[field] = t(`validation.${key}`, { field: t(`fields.${label}`), value });
  }
  return translated;
}
