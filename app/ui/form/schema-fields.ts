import { z } from "zod";

import { bahtToSatang, type Satang } from "~/domain/money";

/**
 * Field builders every form schema shares, written for Conform's parsing (an empty field arrives as
 * `undefined`, numbers and checkboxes are coerced): required-ness, limits and message keys in one
 * place, so each schema says only what is particular to it. Keys are those of forms:validation
 * (app/ui/form/form-messages.ts), or the one a caller passes.
 */

/** "required" for a missing value, the given key for a present but wrong one. */
const missingOr = (key: string) => (issue: { input?: unknown }) => (issue.input === undefined ? "required" : key);

/** Required text, trimmed, at most `max` characters. */
export const text = (max: number) => z.string().trim().min(1).max(max);

/** Optional text: undefined when left empty. */
export const optionalText = (max: number) => z.string().trim().max(max).optional();

/** A whole number in [min, max]; anything else (1.5, "abc", -1 below 0) says "must be a whole number". */
export const wholeNumber = (min: number, max: number, key = "wholeNumber") =>
  z
    .number({ error: missingOr(key) })
    .int(key)
    .min(min, key)
    .max(max, key);

export const optionalWholeNumber = (min: number, max: number, key = "wholeNumber") => wholeNumber(min, max, key).optional();

/** One of a fixed list (a select or radio group). */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: missingOr("choice") });

/** A checkbox: checked is true, unchecked (absent) is false. */
export const checkbox = () =>
  z
    .boolean()
    .optional()
    .transform((value) => value === true);

/**
 * Baht as people type it ("1,290", "49.5", "฿ 99.00") → integer satang, between `min` and `max` Baht.
 * Kept as text (not a number input) so separators and the currency sign are accepted.
 */
export const baht = (min: number, max: number, key = "baht") =>
  z
    .string({ error: missingOr(key) })
    .transform((value) => value.replace(/[,\s฿]/g, ""))
    .refine((value) => /^\d{1,9}(\.\d{1,2})?$/.test(value) && Number(value) >= min && Number(value) <= max, key)
    .transform((value) => bahtToSatang(Number(value)) as Satang);
