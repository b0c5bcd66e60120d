import type { DefaultValue, SubmissionResult } from "@conform-to/react";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

import { constraintsOf } from "./constraints";

type SchemaInput<Schema extends z.ZodType> = z.input<Schema> extends Record<string, unknown> ? z.input<Schema> : Record<string, unknown>;
type Validate<Schema extends z.ZodType> = NonNullable<Parameters<typeof useForm<SchemaInput<Schema>, z.output<Schema>>>[0]["onValidate"]>;

interface SchemaFormOptions<Schema extends z.ZodType> {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<SchemaInput<Schema>>;
  /** Only where the browser's check is not the schema's plain parse (a gallery browse, a default intent). */
  onValidate?: Validate<Schema>;
}

/**
 * Conform's `useForm` as every form of the shop uses it: the schema's HTML constraints (so the
 * browser stops bad input without JavaScript), the same schema checked in the browser as on the
 * server, messages once a field is left and updated as it is retyped.
 */
export function useSchemaForm<Schema extends z.ZodType>(schema: Schema, { id, lastResult, defaultValue, onValidate }: SchemaFormOptions<Schema>) {
  return useForm<SchemaInput<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint: constraintsOf(schema),
    onValidate: onValidate ?? (({ formData }) => parseWithZod(formData, { schema })),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
