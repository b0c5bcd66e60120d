import { z } from "zod";

import { shippingMethodNames } from "~/domain/shipping";
import { emailMaxLength } from "~/features/accounts/account-schemas";
import { addressFormSchema } from "~/features/profile/profile-schemas";
import { text } from "~/ui/form/schema-fields";

/**
 * The custom design's send step (POST /custom/select/{id}, intent "send"): the contact e-mail, the
 * delivery address as the profile's address form has it (its rules and messages; the Thai area is
 * decided on the server by `decideAddress`), and the delivery method. One schema for the action
 * and the component. Messages: custom:validation (e-mail), account:validation (the address), then
 * forms:validation. The address form's `makeDefault` checkbox is not shown here and is ignored.
 */
export const sendSchema = addressFormSchema.safeExtend({
  email: text(emailMaxLength).toLowerCase().email("email"),
  method: z.enum(shippingMethodNames, "method"),
});
export type SendFormValue = z.output<typeof sendSchema>;
