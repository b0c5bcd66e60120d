import backOffice from "./back-office";
import customMessages from "./custom-messages";
import designer from "./designer";
import storefront from "./storefront";

/**
 * Every namespace of the language (the server and the key checks use this). A new namespace goes
 * into storefront.ts or back-office.ts, which decides which browsers download it. `designer` is in
 * neither: only the designer's lazy chunk imports it (app/features/designer/designer.client.tsx);
 * nor is `customMessages`: the server's refusals and the review e-mails.
 */
export default { ...storefront, ...backOffice, designer, customMessages };
