import type { DefaultValue, Submission, SubmissionResult } from "@conform-to/react";
import { parse, useForm } from "@conform-to/react";
import { useEffect, useRef } from "react";
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
  /** Adds what is checked but not typed before each check, e.g. the intent of a form whose fields are checked on leaving them, before any button is pressed. */
  prepare?: (formData: FormData) => void;
}

/**
 * {@link useSchemaForm} for a form on a page people mostly read (the product page): the schema and
 * Zod (~30 KiB gzip with Conform's Zod adapter) load when the form is first touched — spread
 * `validation` on the `<form>` — not with the page. The constraints come from the loader, so the
 * HTML is the same; a form sent before the schema is there goes if the browser's constraints pass
 * (the server checks it as always), else it waits for the schema and is sent again, checked;
 * the messages are those of {@link useSchemaForm}, once a field is left (left before the schema arrived:
 * as soon as it has) and as it is retyped.
 *
 * `loadSchema` is a dynamic import, e.g. `() => import("./cart-schemas").then((m) => m.addToCartSchema(max))`.
 */
export function useDeferredSchemaForm<Schema extends z.ZodType>(
  loadSchema: () => Promise<Schema>,
  { id, constraint, lastResult, defaultValue, prepare }: DeferredSchemaFormOptions<Schema>,
) {
  const validator = useRef<((formData: FormData) => SchemaSubmission<Schema>) | null>(null);
  const loading = useRef<Promise<boolean> | null>(null);
  // Fields left before the schema arrived (a quick tab away): checked as soon as it is there.
  const leftEarly = useRef(new Set<string>());
  const checkLeftEarly = useRef<(names: string[]) => void>(() => {});

  /** Resolves to whether the schema is there (false: it could not be loaded). */
  const load = () =>
    (loading.current ??= Promise.all([loadSchema(), import("@conform-to/zod/v4")]).then(
      ([schema, { parseWithZod }]) => {
        validator.current = (formData) => parseWithZod(formData, { schema }) as SchemaSubmission<Schema>;
        checkLeftEarly.current([...leftEarly.current]);
        leftEarly.current.clear();
        return true;
      },
      // Offline or a replaced deploy: try again on the next touch.
      () => {
        loading.current = null;
        return false;
      },
    ));

  const [form, fields] = useForm<SchemaInput<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint,
    onValidate: ({ form: element, formData, submitter }) => {
      prepare?.(formData);
      if (validator.current) return validator.current(formData);
      const ready = load();
      return parse(formData, {
        resolve: (value, intent) => {
          // Leaving a field: nothing to say until the schema is there, then it is checked.
          if (intent !== null) {
            if (intent.type === "validate" && intent.payload.name) leftEarly.current.add(intent.payload.name);
            return { error: {} };
          }
          // Sent before the schema arrived (a quick tap): within the HTML constraints it goes now (the server
          // checks everything anyway); outside them it waits for the schema and is sent again, checked.
          if (element.checkValidity()) return { value: value as z.output<Schema> };
          void ready.then((loaded) => {
            if (loaded && element.isConnected) element.requestSubmit(submitter ?? undefined);
            else if (!loaded) element.reportValidity();
          });
          return { error: {} };
        },
      }) as SchemaSubmission<Schema>;
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    checkLeftEarly.current = (names) => {
      for (const name of names) form.validate({ name });
    };
  });
  const warm = () => void load();
  return [form, fields, { onFocus: warm, onPointerDown: warm }] as const;
}
