/**
 * Catalogue vocabularies. The schema (app/db/schema/catalog.ts) builds its columns from them and
 * forms and pages read them from here, so no browser code imports the schema (DESIGN §4.12).
 */

/** product_status_id values. Only `published` products are visible in the storefront. */
export const productStatusIds = { published: 1, draft: 2, hidden: 3 } as const;
export type ProductStatusId = (typeof productStatusIds)[keyof typeof productStatusIds];

/** Spec "product parent kinds". A single product has exactly one variant. */
export const productKinds = ["single", "variation"] as const;
export type ProductKind = (typeof productKinds)[number];
