import backOffice from "./back-office";
import checkoutMessages from "./checkout-messages";
import customMessages from "./custom-messages";
import designer from "./designer";
import storefront from "./storefront";

/**
 * Every namespace of the language (the server and the key checks use this). A new namespace goes
 * into storefront.ts or back-office.ts, which decides which browsers download it. `designer` is in
 * neither: only the designer's lazy chunk imports it (app/features/designer/designer.client.tsx);
 * nor are `customMessages` and `checkoutMessages`: the server's refusals and e-mails.
 */
export default { ...storefront, ...backOffice, designer, customMessages, checkoutMessages };
