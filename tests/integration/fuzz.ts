import fc from "fast-check";
import { expect } from "vitest";

import { postForm } from "./worker";

/**
 * Property-based bad input for a form (issue 3: "never 5xx, always field messages, nothing
 * written"). Generates field values a person could type — empty, whitespace, very long, Thai,
 * emoji, control characters, markup, SQL-looking text — and posts them.
 */
export const typedText = fc.oneof(
  fc.constant(""),
  fc.constant("   "),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.constantFrom("สวัสดีครับ", "ก".repeat(300), "😀👍🏽", "<script>alert(1)</script>", "' OR 1=1 --", "\u0000\u0007\n\r\t", "x".repeat(5000)),
  fc.integer().map(String),
  fc.double().map(String),
);

export interface FuzzFormOptions {
  path: string;
  /** Field names to fill with arbitrary text (plus an optional `intent` of the form). */
  fields: readonly string[];
  fixed?: Record<string, string>;
  headers?: Record<string, string>;
  runs?: number;
  /** Checks after each post, e.g. that nothing was written. */
  after?: (response: Response, body: string, values: Record<string, string>) => Promise<void> | void;
}

export async function fuzzForm(options: FuzzFormOptions): Promise<void> {
  const record = fc.record(Object.fromEntries(options.fields.map((field) => [field, typedText])) as Record<string, fc.Arbitrary<string>>);
  await fc.assert(
    fc.asyncProperty(record, async (values) => {
      const response = await postForm(options.path, { ...values, ...options.fixed }, options.headers);
      const body = await response.text();
      expect(response.status, `${options.path} answered ${response.status} for ${JSON.stringify(values).slice(0, 300)}`).toBeLessThan(500);
      await options.after?.(response, body, values);
    }),
    { numRuns: options.runs ?? 40 },
  );
}
