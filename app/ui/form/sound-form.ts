import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

/** More rows than any form of ours has (100 variants, 42 picture rows…), far below what could hurt. */
export const maxFormListIndex = 1000;

const listIndex = /\[(\d*)\]/g;

/**
 * Whether Conform can read this form without failing or running away, for forms with lists
 * (`variants[3].sku`) or row buttons (Conform's `__intent__`). Conform builds each list up to the
 * highest index a request names — `variants[99999999].sku` is a hundred-million-slot array to
 * validate and echo back — and throws (a 500) on a row intent it cannot apply or a `__intent__` that
 * is not its JSON. The Worker's door (workers/form-body.ts) asks this of every page form before
 * React Router runs and answers 400 to anything else, so no action repeats it; a browser never
 * sends such a form.
 */
export function isSoundForm(formData: FormData, maxIndex = maxFormListIndex): boolean {
  for (const name of formData.keys()) {
    for (const [, index] of name.matchAll(listIndex)) {
      if (index !== undefined && index !== "" && (index.length > 6 || Number(index) > maxIndex)) return false;
    }
  }
  try {
    parseWithZod(formData, { schema: z.unknown() });
    return true;
  } catch {
    return false;
  }
}
