import type { DefaultValue, Submission, SubmissionResult } from "@conform-to/react";
import { parse, useForm } from "@conform-to/react";
import { useRef } from "react";
import type { z } from "zod";

import type { constraintsOf } from "./constraints";

type SchemaInput<Schema extends z.ZodType> = z.input<Schema> extends Record<string, unknown> ? z.input<Schema> : Record<string, unknown>;
type SchemaSubmission<Schema extends z.ZodType> = Submission<SchemaInput<Schema>, string[], z.output<Schema>>;

/** The HTML constraints of a form's schema, worked out by the page's loader (`constraintsOf(schema)` on the server). */
export type FormConstraint = ReturnType<typeof constraintsOf>;

interface DeferredSchemaFormOptions<Schema extends z.ZodType> {
  id: string;
  /** `constraintsOf(schema)` from the loader: the same attributes as {@link useSchemaForm} renders, without Zod in the browser. */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<SchemaInput<Schema>>;
}

/**
 * {@link useSchemaForm} for a form on a page people mostly read (the product page): the schema and
 * Zod (~30 KiB gzip with Conform's Zod adapter) load when the form is first touched — spread
 * `validation` on the `<form>` — not with the page. Until then the browser checks the constraints
 * (from the loader) and the server checks the rest, as it always does; from then on, the same
 * messages as {@link useSchemaForm}, once a field is left and as it is retyped.
 *
 * `loadSchema` is a dynamic import, e.g. `() => import("./cart-schemas").then((m) => m.addToCartSchema(max))`.
 */
export function useDeferredSchemaForm<Schema extends z.ZodType>(
  loadSchema: () => Promise<Schema>,
  { id, constraint, lastResult, defaultValue }: DeferredSchemaFormOptions<Schema>,
) {
  const validator = useRef<((formData: FormData) => SchemaSubmission<Schema>) | null>(null);
  const loading = useRef<Promise<void> | null>(null);

  const load = () => {
    loading.current ??= Promise.all([loadSchema(), import("@conform-to/zod/v4")]).then(
      ([schema, { parseWithZod }]) => {
        validator.current = (formData) => parseWithZod(formData, { schema }) as SchemaSubmission<Schema>;
      },
      // Offline or a replaced deploy: try again on the next touch; the server still checks.
      () => {
        loading.current = null;
      },
    );
  };

  const [form, fields] = useForm<SchemaInput<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint,
    onValidate: ({ formData }) => {
      if (validator.current) return validator.current(formData);
      load();
      // Not loaded yet: nothing to add to the browser's own checks; the form is sent and the server answers.
      return parse(formData, { resolve: (value) => ({ value: value as z.output<Schema> }) }) as SchemaSubmission<Schema>;
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return [form, fields, { onFocus: load, onPointerDown: load }] as const;
}
