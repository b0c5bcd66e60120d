import type { z } from "zod";

/**
 * Field messages for the forms of the back office's people pages and the affiliate application.
 * Zod issue messages are keys under `<namespace>:validation` (with `:<max>` for length limits); each
 * field gets its first message, in the page's language, with the field's label from `fields.<name>`.
 * Unknown keys fall back to `validation.invalid`, so a message never shows a raw key.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function translatedFieldErrors(error: z.ZodError, t: Translate, knownKeys: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (field in errors) continue;
    const [key = "invalid", max] = (issue.message || "invalid").split(":");
    errors[field] = t(`validation.${knownKeys.includes(key) ? key : "invalid"}`, { field: t(`fields.${field}`), max });
  }
  return errors;
}

/** The named fields of a form as strings ("" when missing or a file): bad input never crashes a parse. */
export function textFields<const K extends string>(formData: FormData, names: readonly K[]): Record<K, string> {
  const fields = {} as Record<K, string>;
  for (const name of names) {
    const value = formData.get(name);
    fields[name] = typeof value === "string" ? value : "";
  }
  return fields;
}

/** Values to put back into a form after a 400 (bounded, so a 5 MB field is not echoed). */
export function echoValues<K extends string>(fields: Record<K, string>, omit: readonly K[] = []): Partial<Record<K, string>> {
  const values: Partial<Record<K, string>> = {};
  for (const [name, value] of Object.entries(fields) as [K, string][]) {
    if (!omit.includes(name)) values[name] = value.slice(0, 300);
  }
  return values;
}
