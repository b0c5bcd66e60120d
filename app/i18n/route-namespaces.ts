import type storefront from "./locales/en/storefront";

/**
 * Which storefront namespaces a page's browser downloads (issue 19: translations per route and
 * language). The server renders with every namespace; the browser loads the current language's
 * {@link shellNamespaces} plus those of the matched routes (app/i18n/client-messages.ts), before
 * hydration and before rendering a client-side navigation. route-namespaces.test.ts reads each
 * route's module and everything it imports (`useTranslation("ns")`, `"ns:key"`) and fails when a
 * namespace it names is missing here, so a new string in a page is caught by `npm run test:unit`.
 * Back-office documents still load every namespace (app/entry.client.tsx).
 */
export type StorefrontNamespace = keyof typeof storefront;

/**
 * The root and the storefront layout (top bar, menus, footer). The search dialog's `search`, the
 * terms dialog's `terms` and the error page's `errors` come with their code, when first used
 * (storefront-chrome.tsx, error-screen.ts).
 */
export const shellNamespaces: readonly StorefrontNamespace[] = ["common", "catalog"];

/**
 * Frame parts the browser downloads on first use (app/ui/deferred-part.tsx, the error page), by module under app/,
 * with the namespaces they load alongside their code; route-namespaces.test.ts does not ask a page
 * to list these.
 */
export const deferredPartNamespaces = {
  "ui/search-dialog.tsx": ["search"],
  "ui/membership-terms-dialog.tsx": ["terms"],
  "ui/error-page.tsx": ["errors"],
  // The back office's error page in its frame (root.tsx's boundary; never in the storefront's build).
  "ui/backend/backend-error.tsx": ["errors"],
} as const satisfies Record<string, readonly StorefrontNamespace[]>;

/** Beyond the shell, by route id without its language (`th/shop` → `shop`; ids are set in app/routes.ts). */
export const routeNamespaces: Readonly<Record<string, readonly StorefrontNamespace[]>> = {
  home: ["content"],
  product: ["forms", "reviews", "shop"],
  "product-review": ["forms", "reviews"],
  "back-in-stock": ["forms", "shop"],
  "back-in-stock-unsubscribe": ["shop"],
  cart: ["auth", "cart", "forms", "shop"],
  checkout: ["account", "auth", "cart", "documents", "forms", "shop"],
  "order-payment": ["account", "documents", "forms", "payments"],
  "order-document": ["documents", "forms"],
  shop: ["search"],
  "size-guides": ["shop"],
  collection: ["content"],
  activities: ["content"],
  activity: ["content"],
  faqs: ["content"],
  contact: ["content", "forms"],
  tracking: ["forms", "tracking"],
  custom: ["custom"],
  "custom-select": ["custom"],
  "custom-designer": ["account", "custom", "forms"],
  "custom-backup": ["custom", "forms"],
  register: ["auth", "forms"],
  verify: ["auth", "forms"],
  login: ["auth", "forms", "shop"],
  logout: ["auth", "forms"],
  "forgot-password": ["auth", "forms"],
  "reset-password": ["auth", "forms"],
  auth: ["auth", "forms", "shop"],
  "affiliate-application": ["affiliate", "forms"],
  "my-profile": ["account", "documents", "forms", "purchases"],
  "my-address": ["account", "forms"],
  "my-purchase": ["purchases"],
  "my-purchase-order": ["account", "documents", "forms", "purchases", "reviews"],
  "my-purchase-document": ["documents", "forms"],
  exchange: ["exchanges", "forms", "purchases"],
  "exchange-detail": ["exchanges"],
  "not-found": ["errors"],
};

/** The namespaces a page with these matched route ids needs, the shell's first. */
export function namespacesForRoutes(routeIds: readonly string[]): StorefrontNamespace[] {
  const needed = new Set<StorefrontNamespace>(shellNamespaces);
  for (const id of routeIds) for (const namespace of routeNamespaces[id.replace(/^(?:en|th)\//, "")] ?? []) needed.add(namespace);
  return [...needed];
}
