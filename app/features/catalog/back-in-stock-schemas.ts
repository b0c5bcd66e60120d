import { z } from "zod";

import { constraintsOf } from "~/ui/form/constraints";
import { wholeNumber } from "~/ui/form/schema-fields";

/**
 * The "e-mail me when it is back" form (issue 20), for the browser and the server. A guest types an
 * address; a signed-in customer only presses the button (their account's address is used, so the
 * customer schema has no e-mail field to tamper with).
 */
export const backInStockEmailMax = 254;

const variantId = wholeNumber(1, Number.MAX_SAFE_INTEGER);

export const backInStockCustomerSchema = z.object({ variantId });

export const backInStockGuestSchema = z.object({
  variantId,
  email: z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.string().min(1).max(backInStockEmailMax).email()),
});

/** The e-mail's "stop these e-mails" page: its one button posts the link's token (checked on the server: a token never tells its owner). */
export const backInStockUnsubscribeSchema = z.object({ token: z.string().min(1).max(100) });

/** The form's HTML constraints, for its page's loader (the browser loads the schema only when the form is used). */
export function backInStockConstraint(signedIn: boolean) {
  return constraintsOf(signedIn ? backInStockCustomerSchema : backInStockGuestSchema);
}
