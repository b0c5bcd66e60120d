import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { productKinds, productStatusIds } from "../../domain/catalog";
import { sizeGuides } from "./content";
import { customers, staffUsers } from "./customers";

/**
 * Catalogue: categories, product types with their attributes/options (Size, Colour…), products
 * (single or variation), variants (the unit that has a price and stock), images and collections.
 * Money is integer satang, times are epoch ms, bilingual text is *_en / *_th.
 */

// Status ids, product kinds and attribute display type ids live in app/domain (catalog.ts,
// display-types.ts): browser code needs them, and no browser code may import this schema.

export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    nameEn: text("name_en").notNull(),
    nameTh: text("name_th").notNull(),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionTh: text("description_th").notNull().default(""),
    imageKey: text("image_key"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [uniqueIndex("categories_slug_unique").on(table.slug), index("categories_sort_idx").on(table.sortOrder)],
);

/**
 * Spec "product type attribute display type": how an attribute's options are picked.
 * 1 hidden (not offered to shoppers), 2 buttons (text), 3 colour / image swatches, 4 dropdown.
 */
export const attributeDisplayTypes = sqliteTable("attribute_display_types", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
});

/** A product type groups the attributes its variants vary by (e.g. "Apparel": Size × Colour). */
export const productTypes = sqliteTable("product_types", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  nameEn: text("name_en").notNull(),
  nameTh: text("name_th").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** Attributes are shared between product types ("Colour" for apparel and accessories alike). */
export const attributes = sqliteTable(
  "attributes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Stable machine name ("size", "colour"). */
    code: text("code").notNull(),
    nameEn: text("name_en").notNull(),
    nameTh: text("name_th").notNull(),
    displayTypeId: integer("display_type_id")
      .notNull()
      .references(() => attributeDisplayTypes.id),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [uniqueIndex("attributes_code_unique").on(table.code)],
);

/** Which attributes a product type's variants vary by, in display order. */
export const productTypeAttributes = sqliteTable(
  "product_type_attributes",
  {
    productTypeId: integer("product_type_id")
      .notNull()
      .references(() => productTypes.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productTypeId, table.attributeId] }), index("product_type_attributes_attribute_idx").on(table.attributeId)],
);

export const attributeOptions = sqliteTable(
  "attribute_options",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    /** Stable machine value ("m", "black"). */
    code: text("code").notNull(),
    nameEn: text("name_en").notNull(),
    nameTh: text("name_th").notNull(),
    /** "#rrggbb" for colour swatches. */
    colorHex: text("color_hex"),
    imageKey: text("image_key"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [
    uniqueIndex("attribute_options_attribute_code_unique").on(table.attributeId, table.code),
    // D1 caps LIKE/GLOB patterns at 50 bytes, so the format is checked piecewise.
    check(
      "attribute_options_color_hex_format",
      sql`${table.colorHex} IS NULL OR (length(${table.colorHex}) = 7 AND substr(${table.colorHex}, 1, 1) = '#' AND lower(substr(${table.colorHex}, 2)) NOT GLOB '*[^0-9a-f]*')`,
    ),
  ],
);

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    /** Parent SKU; variants carry their own. */
    sku: text("sku").notNull(),
    kind: text("kind", { enum: productKinds }).notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    productTypeId: integer("product_type_id").references(() => productTypes.id, { onDelete: "set null" }),
    statusId: integer("status_id").notNull().default(productStatusIds.draft),
    nameEn: text("name_en").notNull(),
    nameTh: text("name_th").notNull(),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionTh: text("description_th").notNull().default(""),
    /** Shipping weight of one unit, used by weight-based shipping rates. */
    weightGrams: integer("weight_grams").notNull().default(0),
    sizeGuideId: integer("size_guide_id").references(() => sizeGuides.id, { onDelete: "set null" }),
    /**
     * Units sold: order lines (through their variant) of orders neither cancelled nor refunded. Kept by
     * triggers (migrations/0025_flat_listings.sql) on order_lines, orders and variants, so every write
     * path (checkout, POS, status changes, deletions, SQL in tests) keeps it, in the writing statement's
     * own transaction; "best-selling" then reads an index instead of summing every order line.
     */
    soldQuantity: integer("sold_quantity").notNull().default(0),
    /**
     * Lowest and highest price of the active variants (null without one), kept by triggers on variants
     * (migrations/0028_flat_facets.sql): the price sorts read an index instead of every listed variant.
     * List prices only: a live flash sale lowers the shown price for a while, and a stored price cannot
     * expire with the sale, so listings read the few products on a live sale apart (catalog.server.ts).
     */
    minPriceSatang: integer("min_price_satang"),
    maxPriceSatang: integer("max_price_satang"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("products_slug_unique").on(table.slug),
    uniqueIndex("products_sku_unique").on(table.sku),
    index("products_category_status_idx").on(table.categoryId, table.statusId, table.createdAt),
    index("products_status_created_idx").on(table.statusId, table.createdAt),
    index("products_status_sold_idx").on(table.statusId, table.soldQuantity, table.createdAt),
    index("products_category_status_sold_idx").on(table.categoryId, table.statusId, table.soldQuantity, table.createdAt),
    index("products_status_price_idx").on(table.statusId, table.minPriceSatang, table.createdAt),
    index("products_category_status_price_idx").on(table.categoryId, table.statusId, table.minPriceSatang, table.createdAt),
    /** A search for a SKU prefix, in any case, is a range on this index (catalog.server.ts searchMatch). */
    index("products_sku_upper_idx").on(sql`upper(${table.sku})`),
    check("products_kind_valid", sql`${table.kind} IN ('single', 'variation')`),
    check("products_status_valid", sql`${table.statusId} IN (1, 2, 3)`),
    check("products_weight_non_negative", sql`${table.weightGrams} >= 0`),
  ],
);

/**
 * The sellable unit. `stock` is guarded by CHECK (stock >= 0): placing an order decrements stock in
 * the same db.batch as the order insert, so an oversell fails the CHECK and rolls the batch back.
 */
export const variants = sqliteTable(
  "variants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    /** VAT-inclusive price. */
    priceSatang: integer("price_satang").notNull(),
    /** Struck-through "was" price, if any. */
    compareAtPriceSatang: integer("compare_at_price_satang"),
    stock: integer("stock").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("variants_sku_unique").on(table.sku),
    index("variants_product_idx").on(table.productId, table.sortOrder),
    /** Covers a listing's per-product reads (has an active variant; lowest and highest price; stock) without the variant rows. */
    index("variants_product_active_idx").on(table.productId, table.isActive, table.priceSatang, table.stock),
    index("variants_sku_upper_idx").on(sql`upper(${table.sku})`),
    /** The stock report counts low and sold-out variants by range on this index, not by reading every variant. */
    index("variants_stock_idx").on(table.stock),
    check("variants_stock_non_negative", sql`${table.stock} >= 0`),
    check("variants_price_non_negative", sql`${table.priceSatang} >= 0`),
    check("variants_compare_at_price_non_negative", sql`${table.compareAtPriceSatang} IS NULL OR ${table.compareAtPriceSatang} >= 0`),
  ],
);

/**
 * Variants per stock level — 0 out of stock (stock 0), 1 low (1–5, spec §9), 2 in stock — active or not, with their
 * stock on hand: the stock report's and the dashboard's counts read these few rows instead of one index entry per
 * variant. Kept by triggers on `variants` (migration 0026) in the writing statement's own transaction, so every
 * write path (checkout, POS, cancellations, exchanges, inventory, product saves, seeding) keeps it.
 */
export const variantStockCounts = sqliteTable(
  "variant_stock_counts",
  {
    level: integer("level").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull(),
    variants: integer("variants").notNull().default(0),
    stock: integer("stock").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.level, table.isActive] })],
);

/** Which option of each attribute a variant has (e.g. variant 12 = Size M + Colour Black). */
export const variantOptions = sqliteTable(
  "variant_options",
  {
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    optionId: integer("option_id")
      .notNull()
      .references(() => attributeOptions.id, { onDelete: "restrict" }),
  },
  (table) => [primaryKey({ columns: [table.variantId, table.optionId] }), index("variant_options_option_idx").on(table.optionId)],
);

/**
 * The shop's filter keys of each listed product (published, with an active variant): one row per
 * (size, colour, in stock) combination that one of its active variants has, 0 standing for "any"
 * (so every variant gives up to 8 rows: any/its size × any/its colour × any/in stock), with the
 * lowest and highest list price of the variants behind it. Kept by SQLite triggers on variants,
 * variant options, products and attributes (migrations/0028_flat_facets.sql, from the view
 * `product_facet_keys_now`), so the filter counts of the common pages are read, not counted.
 */
export const productFacetKeys = sqliteTable(
  "product_facet_keys",
  {
    productId: integer("product_id").notNull(),
    categoryId: integer("category_id").notNull(),
    sizeOptionId: integer("size_option_id").notNull(),
    colourOptionId: integer("colour_option_id").notNull(),
    inStock: integer("in_stock").notNull(),
    minPriceSatang: integer("min_price_satang").notNull(),
    maxPriceSatang: integer("max_price_satang").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.categoryId, table.sizeOptionId, table.colourOptionId, table.inStock] }),
    index("product_facet_keys_min_idx").on(table.categoryId, table.sizeOptionId, table.colourOptionId, table.inStock, table.minPriceSatang),
    index("product_facet_keys_max_idx").on(table.categoryId, table.sizeOptionId, table.colourOptionId, table.inStock, table.maxPriceSatang),
  ],
);

/**
 * Scratch rows for the triggers that refresh product_facet_keys: one product's keys now, written and
 * emptied within the trigger (a trigger cannot use a temporary table; see migrations/0028_flat_facets.sql).
 */
export const productFacetKeysScratch = sqliteTable(
  "product_facet_keys_scratch",
  {
    productId: integer("product_id").notNull(),
    categoryId: integer("category_id").notNull(),
    sizeOptionId: integer("size_option_id").notNull(),
    colourOptionId: integer("colour_option_id").notNull(),
    inStock: integer("in_stock").notNull(),
    minPriceSatang: integer("min_price_satang").notNull(),
    maxPriceSatang: integer("max_price_satang").notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.categoryId, table.sizeOptionId, table.colourOptionId, table.inStock] })],
);

/**
 * The products a trigger is refreshing (their ids, emptied within the trigger): the view
 * `product_facet_keys_now` computes the keys of these products only (a view cannot take a parameter).
 */
export const productFacetRefresh = sqliteTable("product_facet_refresh", {
  productId: integer("product_id").primaryKey(),
});

/**
 * How many listed products have each filter key (product_facet_keys), per category and for every
 * category (category 0): the total and filter counts of /shop with at most one size, one colour and
 * "in stock". Kept by triggers on product_facet_keys; rows at 0 are deleted.
 */
export const facetCounts = sqliteTable(
  "facet_counts",
  {
    categoryId: integer("category_id").notNull(),
    sizeOptionId: integer("size_option_id").notNull(),
    colourOptionId: integer("colour_option_id").notNull(),
    inStock: integer("in_stock").notNull(),
    products: integer("products").notNull(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.sizeOptionId, table.colourOptionId, table.inStock] })],
);

/** Product gallery. `optionId` ties a picture to a colour so the page can switch images with it. */
export const productImages = sqliteTable(
  "product_images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    optionId: integer("option_id").references(() => attributeOptions.id, { onDelete: "set null" }),
    /** R2 key, content-hashed (`products/<slug>-<hash>.svg`), served under /media/. */
    imageKey: text("image_key").notNull(),
    altEn: text("alt_en").notNull().default(""),
    altTh: text("alt_th").notNull().default(""),
    width: integer("width"),
    height: integer("height"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [index("product_images_product_idx").on(table.productId, table.sortOrder)],
);

export const collections = sqliteTable(
  "collections",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    nameEn: text("name_en").notNull(),
    nameTh: text("name_th").notNull(),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionTh: text("description_th").notNull().default(""),
    imageKey: text("image_key"),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(true),
    /** Shown on the home page. */
    isFeatured: integer("is_featured", { mode: "boolean" }).notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [uniqueIndex("collections_slug_unique").on(table.slug), index("collections_featured_idx").on(table.isFeatured, table.sortOrder)],
);

export const collectionProducts = sqliteTable(
  "collection_products",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.collectionId, table.productId] }), index("collection_products_product_idx").on(table.productId)],
);

export const stockMovementReasons = ["restock", "correction", "damaged", "returned", "import", "order", "order-cancelled", "exchange"] as const;
export type StockMovementReason = (typeof stockMovementReasons)[number];

/**
 * Every change of a variant's stock, with why and by whom (inventory history). Written in the same
 * db.batch as the `variants.stock` update it records; `stockAfter` is what the update left.
 */
export const stockMovements = sqliteTable(
  "stock_movements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    stockAfter: integer("stock_after").notNull(),
    reason: text("reason", { enum: stockMovementReasons }).notNull(),
    note: text("note").notNull().default(""),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** orders.id when an order moved the stock (no FK: orders reference catalogue tables already). */
    orderId: integer("order_id"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("stock_movements_variant_idx").on(table.variantId, table.createdAt),
    index("stock_movements_created_idx").on(table.createdAt),
    check("stock_movements_stock_after_non_negative", sql`${table.stockAfter} >= 0`),
  ],
);

/**
 * The product gallery (/backend/product-gallery): images uploaded to R2 once and picked for
 * products, categories and collections. `imageKey` is the R2 key served under /media/.
 */
export const galleryImages = sqliteTable(
  "gallery_images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    imageKey: text("image_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width"),
    height: integer("height"),
    uploadedByStaffUserId: integer("uploaded_by_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("gallery_images_key_unique").on(table.imageKey),
    index("gallery_images_created_idx").on(table.createdAt),
    check("gallery_images_size_positive", sql`${table.byteSize} > 0`),
  ],
);

/**
 * "E-mail me when it is back" (issue 20): one row per shopper and sold-out variant. At most one
 * OPEN request (not notified, not cancelled) per variant and e-mail; once notified or cancelled a
 * new request is a new row. `linkOrigin` is the shop's origin where the shopper asked, so the
 * e-mail's links are absolute even when stock returns through a cron job with no request at hand.
 * `unsubscribeToken` is 32 random bytes (hex): unguessable, and kept readable because the set-based
 * notification (back-in-stock.server.ts) copies it into the outbox row's link in SQL.
 */
export const backInStockRequests = sqliteTable(
  "back_in_stock_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    /** Lower-cased and trimmed. */
    email: text("email").notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    locale: text("locale", { enum: ["en", "th"] }).notNull(),
    linkOrigin: text("link_origin").notNull(),
    unsubscribeToken: text("unsubscribe_token").notNull(),
    createdAt: integer("created_at").notNull(),
    notifiedAt: integer("notified_at"),
    cancelledAt: integer("cancelled_at"),
  },
  (table) => [
    uniqueIndex("back_in_stock_open_unique")
      .on(table.variantId, table.email)
      .where(sql`${table.notifiedAt} IS NULL AND ${table.cancelledAt} IS NULL`),
    uniqueIndex("back_in_stock_token_unique").on(table.unsubscribeToken),
    index("back_in_stock_variant_idx").on(table.variantId, table.createdAt),
    check("back_in_stock_locale_valid", sql`${table.locale} IN ('en', 'th')`),
  ],
);
