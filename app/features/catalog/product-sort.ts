/**
 * The shop's orders (the `sort` URL parameter). Shared by the server listing and the page's sort
 * form, so it lives outside catalog.server.ts. `relevance` applies to a search (without one it
 * means `newest`); `best-selling` orders by units sold (products.sold_quantity, kept by triggers).
 */
export const productSorts = ["relevance", "newest", "price-asc", "price-desc", "best-selling"] as const;
export type ProductSort = (typeof productSorts)[number];
