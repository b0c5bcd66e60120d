import backOffice from "./back-office";
import storefront from "./storefront";

/**
 * Every namespace of the language (the server and the key checks use this). A new namespace goes
 * into storefront.ts or back-office.ts, which decides which browsers download it.
 */
export default { ...storefront, ...backOffice };
