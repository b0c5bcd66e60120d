import { data } from "react-router";
import type { z } from "zod";
import { translatedFieldErrors, type Translate } from "~/features/backoffice/form-errors";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import type { Locale } from "~/i18n/config";
import type { ConfirmStepData } from "~/ui/confirm";
import { contentValidationKeys } from "./content-admin-schemas";

/**
 * The replies of the content pages' actions (app/ui/backend/README.md "Forms on back-office
 * pages"): 400 with field messages in the page's language and the typed values, or 200 with a
 * notice and a fresh `key` that remounts the form.
 */
export interface ContentActionReply {
  form: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  notice: string | null;
  formError: string | null;
  key: number;
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
}

export function contentReply(status: number, body: Partial<ContentActionReply> & { form: string }) {
  return data<ContentActionReply>({ errors: {}, values: {}, notice: null, formError: null, key: 0, confirm: null, ...body }, { status });
}

export function contentTranslator(context: Parameters<typeof getLocale>[0]): Translate {
  return getInstance(context).getFixedT(getLocale(context) as Locale, "contentAdmin") as unknown as Translate;
}

/** Typed values to put back after a 400; rich-text bodies are long, so the bound is the body limit. */
export function echoFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.slice(0, 100_000)]));
}

export function zodFieldErrors(error: z.ZodError, t: Translate): Record<string, string> {
  return translatedFieldErrors(error, t, contentValidationKeys);
}

/** One field's message from a feature function's refusal (e.g. slugTaken). */
export function fieldError(t: Translate, field: string, message: string): Record<string, string> {
  return { [field]: t(`validation.${message}`, { field: t(`fields.${field}`) }) };
}
