import { useFieldMessage } from "~/ui/form/fields";

import type { CartActionData } from "./cart-action.server";

/**
 * A refused cart change in the page's language: the first message key of the action's Conform result
 * (a field's, like "quantity", or the form's, like "outOfStock"), worded by the form kit from
 * shop:validation — so the page sits inside `<FormMessages namespace="shop">`. Null when nothing was refused.
 */
export function useCartRefusal(result: CartActionData | undefined): string | null {
  const errors = result && !result.ok ? Object.values(result.result.error ?? {}).find((messages) => messages?.length) : undefined;
  return useFieldMessage(errors ?? undefined, "");
}
