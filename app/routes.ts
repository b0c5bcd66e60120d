import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

import { buildPart } from "./build-part";
import type { BackOfficePagePath } from "./domain/staff-permissions";
import type { Locale } from "./i18n/config";

/**
 * The one map of every URL. Storefront pages exist twice: English at `/…` and Thai at `/th/…`
 * (same module, route ids prefixed with the language). Anything else, `/en/…` included, falls
 * through to that language's not-found page.
 */
function storefront(locale: Locale): RouteConfigEntry {
  const id = (name: string) => `${locale}/${name}`;
  const pages = [
    index("routes/storefront/home.tsx", { id: id("home") }),
    route("shop", "routes/storefront/shop.tsx", { id: id("shop") }),
    // The buying path (issue 4): product page, cart, checkout review, size guides.
    route("shop/:slug", "routes/storefront/product.tsx", { id: id("product") }),
    // Back-in-stock alerts (issue 20): the product page's "e-mail me when it is back" form posts here; the e-mail's unsubscribe link.
    route("shop/:slug/notify", "routes/storefront/back-in-stock.tsx", { id: id("back-in-stock") }),
    route("back-in-stock/unsubscribe", "routes/storefront/back-in-stock-unsubscribe.tsx", { id: id("back-in-stock-unsubscribe") }),
    // Reviews (issue 20): the review form of a product (GET) and every review form's POST; a review's photo (approved, or its author's).
    route("shop/:slug/review", "routes/storefront/product-review.tsx", { id: id("product-review") }),
    route("shop/:slug/reviews/:id/photo", "routes/storefront/product-review-photo.ts", { id: id("product-review-photo") }),
    route("cart", "routes/storefront/cart.tsx", { id: id("cart") }),
    route("cart/checkout", "routes/storefront/checkout.tsx", { id: id("checkout") }),
    // The order payment page (issue 5 items 3–6): PayPal, bank transfer and slip, thank-you. The id is the order number.
    route("cart/checkout/:id", "routes/storefront/order-payment.tsx", { id: id("order-payment") }),
    // An order's printed tax document (issue 17), for its customer or the guest session holding the order (?key= from the e-mail).
    route("cart/checkout/:id/documents/:number", "routes/storefront/order-document.tsx", { id: id("order-document") }),
    route("size-guides", "routes/storefront/size-guides.tsx", { id: id("size-guides") }),
    route("size-guides-temp", "routes/storefront/size-guides-temp.ts", { id: id("size-guides-temp") }),
    // Content pages (issue 4: collections, activities, FAQs, contact).
    route("collection", "routes/storefront/collection.tsx", { id: id("collection") }),
    route("activities", "routes/storefront/activities.tsx", { id: id("activities") }),
    route("activities/:slug", "routes/storefront/activity.tsx", { id: id("activity") }),
    route("faqs", "routes/storefront/faqs.tsx", { id: id("faqs") }),
    route("contact", "routes/storefront/contact.tsx", { id: id("contact") }),
    // Order tracking by order number (issue 5 item 7): status, timeline, carrier link, no personal data.
    route("tracking", "routes/storefront/tracking.tsx", { id: id("tracking") }),
    // Custom team wear (issue 6): what customising is, choose a garment, the designer (and its send step), saved designs,
    // and the shopper's own private files (uploads, rendered images; owner only).
    route("custom", "routes/storefront/custom.tsx", { id: id("custom") }),
    route("custom/select", "routes/storefront/custom-select.tsx", { id: id("custom-select") }),
    route("custom/select/:id", "routes/storefront/custom-designer.tsx", { id: id("custom-designer") }),
    // The designer's JSON calls (save a draft, upload an image, prepare for sending): POST only.
    route("custom/select/:id/designs", "routes/storefront/custom-designer-api.ts", { id: id("custom-designer-api") }),
    route("custom/create_backup", "routes/storefront/custom-backup.tsx", { id: id("custom-backup") }),
    route("custom/upload/:name", "routes/storefront/custom-file.ts", { id: id("custom-upload") }),
    route("custom/design/:designId/:image", "routes/storefront/custom-file.ts", { id: id("custom-design-image") }),
    // Accounts (spec §2 auth routes).
    route("register", "routes/account/register.tsx", { id: id("register") }),
    route("verify", "routes/account/verify.tsx", { id: id("verify") }),
    route("login", "routes/account/login.tsx", { id: id("login") }),
    route("logout", "routes/account/logout.tsx", { id: id("logout") }),
    route("forgot-password", "routes/account/forgot-password.tsx", { id: id("forgot-password") }),
    route("reset-password", "routes/account/reset-password.tsx", { id: id("reset-password") }),
    route("auth", "routes/account/social-auth.tsx", { id: id("auth") }),
    route("register-pryde-affiliate-account", "routes/account/affiliate-application.tsx", { id: id("affiliate-application") }),
    // The customer's own area (profile layout: left menu on desktop).
    route("my-profile", "routes/account/my-profile.tsx", { id: id("my-profile") }),
    route("my-address", "routes/account/my-address.tsx", { id: id("my-address") }),
    // Purchases (issue 5 items 8, 10): the list with the points ledger at /my-purchase (?page, ?pointsPage);
    // one order at /my-purchase/{orderNumber} (a nested path, not a query: a real page per order, 404 when not yours).
    route("my-purchase", "routes/account/my-purchase.tsx", { id: id("my-purchase") }),
    route("my-purchase/:orderNumber", "routes/account/my-purchase-order.tsx", { id: id("my-purchase-order") }),
    // The order's printed tax documents (issue 17), by number; 404 when the order is not the customer's.
    route("my-purchase/:orderNumber/documents/:number", "routes/account/my-purchase-document.tsx", { id: id("my-purchase-document") }),
    // Exchanges (issue 5 item 9): requests and the request form (?order= picks an order, ?line= opens the form); one request's status.
    route("exchange", "routes/account/exchange.tsx", { id: id("exchange") }),
    route("exchange/:id", "routes/account/exchange-detail.tsx", { id: id("exchange-detail") }),
    // The request's photo: private (R2 under private/), streamed to the customer who asked.
    route("exchange/:id/photo", "routes/account/exchange-photo.ts", { id: id("exchange-photo") }),
    route("*", "routes/storefront/not-found.tsx", { id: id("not-found") }),
  ];
  return locale === "th"
    ? route("th", "routes/storefront/layout.tsx", { id: id("storefront") }, pages)
    : layout("routes/storefront/layout.tsx", { id: id("storefront") }, pages);
}

/**
 * The back office, also per language (`/backend/…`, `/th/backend/…`). Every page below the layout
 * passes its middleware: staff only, with the permission its path has in `backOfficePagePermissions`
 * (app/domain/staff-permissions.ts), read from the matched route.
 */
function backOffice(locale: Locale): RouteConfigEntry[] {
  const id = (name: string) => `${locale}/backend/${name}`;
  const base = locale === "th" ? "th/backend" : "backend";
  // A page's path must be a key of the permission table: a page without a declared permission does not compile.
  const page = (path: BackOfficePagePath, file: string, name: string) => (path === "" ? index(file, { id: id(name) }) : route(path, file, { id: id(name) }));
  return [
    route(`${base}/login`, "routes/backend/login.tsx", { id: id("login") }),
    route(base, "routes/backend/layout.tsx", { id: id("layout") }, [
      page("", "routes/backend/index.tsx", "index"),
      page("dashboard", "routes/backend/dashboard.tsx", "dashboard"),
      page("user", "routes/backend/user/staff-users.tsx", "user"),
      // Each list's CSV export (issue 15): a resource route inside the layout, with the list's permission.
      page("user/export.csv", "routes/backend/user/staff-users-export.ts", "user-export"),
      page("member", "routes/backend/member/members.tsx", "member"),
      page("member/export.csv", "routes/backend/member/members-export.ts", "member-export"),
      page("member/affiliates/export.csv", "routes/backend/member/member-affiliates-export.ts", "member-affiliates-export"),
      // Without an id (a cut-down URL) the page sends staff to the member list instead of a 404.
      page("member/detail/:id?", "routes/backend/member/member-detail.tsx", "member-detail"),
      // Catalogue (issue 4 item 8): each list with its create (/form) and edit (/form/{id}) page.
      page("products/all-product", "routes/backend/products/products.tsx", "products"),
      page("products/all-product/export.csv", "routes/backend/products/catalog-export.ts", "products-export"),
      page("products/all-product/form/:id?", "routes/backend/products/product-form.tsx", "product-form"),
      page("products/type", "routes/backend/products/product-types.tsx", "product-types"),
      page("products/type/export.csv", "routes/backend/products/catalog-export.ts", "product-types-export"),
      page("products/type/form/:id?", "routes/backend/products/product-type-form.tsx", "product-type-form"),
      page("products/attribute", "routes/backend/products/attributes.tsx", "attributes"),
      page("products/attribute/export.csv", "routes/backend/products/catalog-export.ts", "attributes-export"),
      page("products/attribute/form/:id?", "routes/backend/products/attribute-form.tsx", "attribute-form"),
      page("products/category", "routes/backend/products/categories.tsx", "categories"),
      page("products/category/export.csv", "routes/backend/products/catalog-export.ts", "categories-export"),
      page("products/category/form/:id?", "routes/backend/products/category-form.tsx", "category-form"),
      // Inventory and the product gallery (issue 4 items 9, 10); the export is a resource route inside the layout, so its middleware guards it.
      page("products/inventory", "routes/backend/products/inventory/inventory.tsx", "inventory"),
      page("products/inventory/export.csv", "routes/backend/products/inventory/inventory-export.ts", "inventory-export"),
      page("products/inventory/:variantId", "routes/backend/products/inventory/inventory-variant.tsx", "inventory-variant"),
      // Reviews (issue 20): approve or hide, per row and in bulk; the CSV; a review's photo (private in R2).
      page("products/reviews", "routes/backend/products/reviews.tsx", "reviews"),
      page("products/reviews/export.csv", "routes/backend/products/reviews-export.ts", "reviews-export"),
      page("products/reviews/:id/photo", "routes/backend/products/review-photo.ts", "review-photo"),
      page("product-gallery", "routes/backend/product-gallery/product-gallery.tsx", "product-gallery"),
      // Home content, policies and settings (issue 4 item 11).
      page("home/content-area", "routes/backend/home/content-area.tsx", "content-area"),
      page("home/activities", "routes/backend/home/activities.tsx", "activities"),
      page("home/activities/export.csv", "routes/backend/home/content-export.ts", "activities-export"),
      page("home/activities/form/:id?", "routes/backend/home/activity-form.tsx", "activity-form"),
      page("home/collections", "routes/backend/home/collections.tsx", "collections"),
      page("home/collections/export.csv", "routes/backend/home/content-export.ts", "collections-export"),
      page("home/collections/form/:id?", "routes/backend/home/collection-form.tsx", "collection-form"),
      page("home/size-guide", "routes/backend/home/size-guides.tsx", "size-guides"),
      page("home/size-guide/export.csv", "routes/backend/home/content-export.ts", "size-guides-export"),
      page("home/size-guide/create", "routes/backend/home/size-guide-form.tsx", "size-guide-create"),
      page("home/size-guide/:id", "routes/backend/home/size-guide-form.tsx", "size-guide-form"),
      // Customize (issue 6 item 6): custom products with their mockups, print areas, attributes and
      // options; the six banner placements of a product (?product=id); preset images (?id= edits).
      page("customizes", "routes/backend/customizes/custom-products.tsx", "custom-products"),
      page("customizes/export.csv", "routes/backend/customizes/custom-products-export.ts", "custom-products-export"),
      page("customizes/form/:id?", "routes/backend/customizes/custom-product-form.tsx", "custom-product-form"),
      page("customizes/form/:id/:attribute", "routes/backend/customizes/custom-attribute.tsx", "custom-attribute"),
      page("customizes/form/:id/:attribute/form/:option?", "routes/backend/customizes/custom-option-form.tsx", "custom-option-form"),
      page("banner", "routes/backend/banner/banner.tsx", "banner"),
      page("orders/preset-image", "routes/backend/orders/preset-image/preset-images.tsx", "preset-images"),
      page("orders/preset-image/export.csv", "routes/backend/orders/preset-image/preset-images-export.ts", "preset-images-export"),
      page("orders/preset-image/form", "routes/backend/orders/preset-image/preset-image-form.tsx", "preset-image-form"),
      // Orders (issue 5 item 11): list by status, POS form, detail with the status actions, the
      // slip image (staff only, streamed from R2 behind the layout's permission check), sponsored orders.
      page("orders/fulfillment", "routes/backend/orders/fulfillment.tsx", "orders"),
      page("orders/fulfillment/form", "routes/backend/orders/pos-form.tsx", "pos-form"),
      page("orders/fulfillment/export.csv", "routes/backend/orders/fulfillment-export.ts", "orders-export"),
      // The ticked orders' packing slips (?ids=…), a page for paper (no frame).
      page("orders/fulfillment/packing-slips", "routes/backend/orders/packing-slips.tsx", "packing-slips"),
      page("orders/fulfillment/:id", "routes/backend/orders/order-detail.tsx", "order-detail"),
      page("orders/fulfillment/:id/slip/:paymentId", "routes/backend/orders/payment-slip.ts", "payment-slip"),
      // Custom-design review (issue 6 item 5): the queue, one order's design with confirm / ask for changes / reject (?order=),
      // and the design's images at print resolution (staff only, private in R2).
      page("orders/fulfillment/custom-form", "routes/backend/orders/custom-review.tsx", "custom-review"),
      page("orders/fulfillment/custom-form/export.csv", "routes/backend/orders/custom-review-export.ts", "custom-review-export"),
      page("orders/fulfillment/custom-form/:orderNumber/:image", "routes/backend/orders/custom-design-image.ts", "custom-design-image"),
      page("orders/sponsored", "routes/backend/orders/sponsored.tsx", "sponsored"),
      page("orders/sponsored/export.csv", "routes/backend/orders/sponsored-export.ts", "sponsored-export"),
      // Exchanges (issue 5 item 13): requests by status, one request with the staff steps, its photo (staff only, private in R2).
      page("orders/exchanges", "routes/backend/orders/exchanges.tsx", "exchanges"),
      page("orders/exchanges/export.csv", "routes/backend/orders/exchanges-export.ts", "exchanges-export"),
      page("orders/exchanges/:id", "routes/backend/orders/exchange-detail.tsx", "exchange-detail"),
      page("orders/exchanges/:id/photo", "routes/backend/orders/exchange-photo.ts", "exchange-photo"),
      // Shipping rates (issue 5 item 12).
      // Billings (issue 17): the overview of every document; tax invoices and credit notes; receipts —
      // each list with its CSV, the issue / void / credit-note forms and the printed documents.
      page("invoices", "routes/backend/bill/document-list.tsx", "bill-overview"),
      page("invoices/export.csv", "routes/backend/bill/document-list-export.ts", "bill-overview-export"),
      page("bill/invoices", "routes/backend/bill/document-list.tsx", "bill-invoices"),
      page("bill/invoices/export.csv", "routes/backend/bill/document-list-export.ts", "bill-invoices-export"),
      page("bill/invoices/printInvoice", "routes/backend/bill/print-document.tsx", "bill-print-invoice"),
      page("bill/invoices/form/:id?", "routes/backend/bill/document-form.tsx", "bill-invoice-form"),
      page("bill/receipt", "routes/backend/bill/document-list.tsx", "bill-receipts"),
      page("bill/receipt/export.csv", "routes/backend/bill/document-list-export.ts", "bill-receipts-export"),
      page("bill/receipt/printReceipt", "routes/backend/bill/print-document.tsx", "bill-print-receipt"),
      page("bill/receipt/printCustomerReceipt", "routes/backend/bill/print-document.tsx", "bill-print-customer-receipt"),
      page("bill/receipt/form/:id?", "routes/backend/bill/document-form.tsx", "bill-receipt-form"),
      page("bill/receipt/customer-form/:id?", "routes/backend/bill/document-form.tsx", "bill-customer-receipt-form"),
      page("shipping-rates", "routes/backend/shipping-rates/shipping-rates.tsx", "shipping-rates"),
      page("shipping-rates/export.csv", "routes/backend/shipping-rates/shipping-rates-export.ts", "shipping-rates-export"),
      page("shipping-rates/form/:id?", "routes/backend/shipping-rates/shipping-rate-form.tsx", "shipping-rate-form"),
      // Promotions (issue 16): discount codes (list, CSV, create/edit), code history, flash sales.
      page("promotion/code", "routes/backend/promotion/code.tsx", "promotion-code"),
      page("promotion/code/export.csv", "routes/backend/promotion/code-export.ts", "promotion-code-export"),
      page("promotion/code/form/:id?", "routes/backend/promotion/code-form.tsx", "promotion-code-form"),
      page("promotion/code-history", "routes/backend/promotion/code-history.tsx", "promotion-code-history"),
      page("promotion/code-history/export.csv", "routes/backend/promotion/code-history-export.ts", "promotion-code-history-export"),
      page("promotion/flash-sale", "routes/backend/promotion/flash-sale.tsx", "promotion-flash-sale"),
      page("promotion/flash-sale/form/:id?", "routes/backend/promotion/flash-sale-form.tsx", "promotion-flash-sale-form"),
      page("reports/output-tax", "routes/backend/reports/output-tax.tsx", "report-output-tax"),
      page("reports/output-tax/export.csv", "routes/backend/reports/output-tax-export.ts", "report-output-tax-export"),
      page("reports/order", "routes/backend/reports/order.tsx", "report-order"),
      page("reports/order/export.csv", "routes/backend/reports/order-export.ts", "report-order-export"),
      page("reports/stock", "routes/backend/reports/stock.tsx", "report-stock"),
      page("reports/stock/export.csv", "routes/backend/reports/stock-export.ts", "report-stock-export"),
      page("reports/sponsor", "routes/backend/reports/sponsor.tsx", "report-sponsor"),
      page("reports/sponsor/export.csv", "routes/backend/reports/sponsor-export.ts", "report-sponsor-export"),
      page("Policy", "routes/backend/policy/policy.tsx", "policy"),
      page("setting", "routes/backend/setting/settings.tsx", "setting"),
      page("setting/outbox", "routes/backend/setting/outbox/outbox.tsx", "outbox"),
      page("setting/outbox/export.csv", "routes/backend/setting/outbox/outbox-export.ts", "outbox-export"),
      page("setting/outbox/:id", "routes/backend/setting/outbox/outbox-mail.tsx", "outbox-mail"),
      page("*", "routes/backend/not-found.tsx", "not-found"),
    ]),
  ];
}

// Each Worker is built with its own routes (app/build-part.ts): the storefront's forwards the back
// office's addresses to the back office's Worker (workers/parts.ts), whose build has only those.
const part = buildPart();
const shopRoutes = part !== "office";
const officeRoutes = part !== "shop";

export default [
  ...(shopRoutes
    ? [
        // Preference switchers (not pages, so not per language).
        route("change-language", "routes/resources/change-language.ts"),
        route("change-currency", "routes/resources/change-currency.ts"),
        // Thai province → district → subdistrict → zipcode lookups for the address form (data stays on the server).
        route("resources/thai-address", "routes/resources/thai-address.ts"),
        // For search engines (one file each for both languages).
        route("sitemap.xml", "routes/resources/sitemap.ts"),
        route("robots.txt", "routes/resources/robots.ts"),
        // Policy pages use the reader layout (logo and back button), outside the storefront frame.
        route("th/privacy-policy", "routes/storefront/privacy-policy.tsx", { id: "th/privacy-policy" }),
        route("privacy-policy", "routes/storefront/privacy-policy.tsx", { id: "en/privacy-policy" }),
        // Typeahead of the search dialog: a few products for the text typed so far (JSON).
        route("resources/search-suggestions", "routes/resources/search-suggestions.ts"),
      ]
    : []),
  ...(officeRoutes ? [...backOffice("th"), ...backOffice("en")] : []),
  ...(shopRoutes ? [storefront("th"), storefront("en")] : []),
] satisfies RouteConfig;
