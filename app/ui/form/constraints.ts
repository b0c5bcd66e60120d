import { getZodConstraint } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";

/**
 * The HTML constraints of a form's schema (required, minLength, maxLength, min, max, pattern,
 * accept) for `useForm({ constraint })` — use this, not Conform's `getZodConstraint` directly.
 *
 * Why: Conform reads each field's limits from Zod's `schema._zod.bag`, which Zod up to 4.5 filled
 * as checks were attached; Zod 4.6 stopped filling it (it keeps them only in `_zod.def.checks`),
 * so Conform emits nothing but `required` and the browser no longer stops a 201st character
 * without JavaScript (conform issue 1340, fix pending in conform PR 1341). This fills each bag
 * once from the checks, the way Zod 4.5 did, then lets Conform do the rest (paths, lists, unions),
 * so it keeps working unchanged when Conform or Zod fix it on their side.
 *
 * Limits that apply after a transform (`z.string().transform(…).pipe(z.string().max(9))`), and a
 * pattern after a trim or upper-casing, are left out: they describe the changed value, not what a
 * person types, and the server checks them.
 */
export function constraintsOf(schema: $ZodType): ReturnType<typeof getZodConstraint> {
  let constraints = computed.get(schema);
  if (!constraints) {
    fillBags(schema, false, new Set());
    computed.set(schema, (constraints = getZodConstraint(schema)));
  }
  return constraints;
}

/**
 * Each schema's constraints, worked out once: forms call constraintsOf as they render, and Conform
 * walks the whole schema and compiles every pattern each time (~0.5 ms of the checkout page's
 * server render, issue 19). Conform only reads them.
 */
const computed = new WeakMap<$ZodType, ReturnType<typeof getZodConstraint>>();

interface Bag {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  patterns?: Set<RegExp>;
  mime?: string[];
}

interface CheckDef {
  check?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: unknown;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  mime?: string[];
}

/** Schemas whose bag this module has filled: each once, however many forms share it. */
const filled = new WeakSet<object>();

function fillBags(schema: $ZodType, afterTransform: boolean, seen: Set<object>): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => def[key] as $ZodType;
  switch (def.type) {
    case "object":
      for (const field of Object.values(def.shape as Record<string, $ZodType>)) fillBags(field, afterTransform, seen);
      return;
    case "pipe":
      fillBags(inner("in"), afterTransform, seen);
      fillBags(inner("out"), afterTransform || transforms(inner("in")), seen);
      return;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      fillBags(inner("innerType"), afterTransform, seen);
      return;
    case "array":
      fillBags(inner("element"), afterTransform, seen);
      return;
    case "union":
      for (const option of def.options as $ZodType[]) fillBags(option, afterTransform, seen);
      return;
    case "intersection":
      fillBags(inner("left"), afterTransform, seen);
      fillBags(inner("right"), afterTransform, seen);
      return;
    case "tuple":
      for (const item of def.items as $ZodType[]) fillBags(item, afterTransform, seen);
      return;
    case "lazy":
      fillBags((def.getter as () => $ZodType)(), afterTransform, seen);
      return;
    case "string":
    case "number":
    case "file":
      if (!afterTransform) fillBag(schema);
      return;
  }
}

/** Whether a value that went through `schema` may have been changed by it (a transform inside). */
function transforms(schema: $ZodType): boolean {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === "transform") return true;
  if (def.type === "pipe") return transforms(def.in as $ZodType) || transforms(def.out as $ZodType);
  if ("innerType" in def) return transforms(def.innerType as $ZodType);
  return false;
}

/** Zod 4.5's `onattach` of each check, for the ones Conform reads. */
function fillBag(schema: $ZodType): void {
  if (filled.has(schema)) return;
  filled.add(schema);
  const bag = schema._zod.bag as Bag;
  // Zod 4.6 no longer fills the bag; one it filled itself (an older Zod) is left as it is.
  if (Object.keys(bag).length > 0) return;
  const own = schema._zod.def as unknown as CheckDef & { checks?: { _zod: { def: CheckDef } }[] };
  const checks: CheckDef[] = [...(own.check ? [own] : []), ...(own.checks ?? []).map((check) => check._zod.def)];
  // After a trim or upper-casing (Zod's "overwrite" checks) a pattern no longer describes what is typed.
  let overwritten = false;
  for (const check of checks) {
    switch (check.check) {
      case "overwrite":
        overwritten = true;
        break;
      case "min_length":
      case "min_size":
        bag.minimum = Math.max(bag.minimum ?? -Infinity, check.minimum!);
        break;
      case "max_length":
      case "max_size":
        bag.maximum = Math.min(bag.maximum ?? Infinity, check.maximum!);
        break;
      case "length_equals":
        bag.minimum = check.length!;
        bag.maximum = check.length!;
        break;
      case "greater_than":
        if (typeof check.value !== "number") break;
        if (check.inclusive) bag.minimum = Math.max(bag.minimum ?? -Infinity, check.value);
        else bag.exclusiveMinimum = Math.max(bag.exclusiveMinimum ?? -Infinity, check.value);
        break;
      case "less_than":
        if (typeof check.value !== "number") break;
        if (check.inclusive) bag.maximum = Math.min(bag.maximum ?? Infinity, check.value);
        else bag.exclusiveMaximum = Math.min(bag.exclusiveMaximum ?? Infinity, check.value);
        break;
      case "string_format":
        // Only a schema's own `.regex()`: a format (e-mail, url…) has its input type or the server's check.
        if (check.format === "regex" && check.pattern && !overwritten) (bag.patterns ??= new Set()).add(check.pattern);
        break;
      case "mime_type":
        bag.mime = check.mime;
        break;
    }
  }
}
