import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { customers } from "./customers";

/**
 * Custom team wear (DESIGN §5 customisation model): a custom product has attributes (pattern,
 * collar, sleeve…) with options (image, colour, price add-on); banners are text placements on the
 * garment (front/back × left ≤ 25, center ≤ 7, right ≤ 25 characters); preset images are logos a
 * shopper may place; a design is what a shopper made, with quantities per size (s, m, l, xl).
 */

export const customProducts = sqliteTable(
  "custom_products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    nameEn: text("name_en").notNull(),
    nameTh: text("name_th").notNull(),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionTh: text("description_th").notNull().default(""),
    /** Price of one garment before option add-ons. */
    basePriceSatang: integer("base_price_satang").notNull(),
    /** Smallest total quantity a team order may have. */
    minQuantity: integer("min_quantity").notNull().default(1),
    frontImageKey: text("front_image_key"),
    backImageKey: text("back_image_key"),
    /** Same ids as products.status_id (1 published, 2 draft, 3 hidden). */
    statusId: integer("status_id").notNull().default(2),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("custom_products_slug_unique").on(table.slug),
    check("custom_products_status_valid", sql`${table.statusId} IN (1, 2, 3)`),
    check("custom_products_price_non_negative", sql`${table.basePriceSatang} >= 0`),
    check("custom_products_min_quantity_positive", sql`${table.minQuantity} >= 1`),
  ],
);

export const customAttributes = sqliteTable(
  "custom_attributes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customProductId: integer("custom_product_id")
      .notNull()
      .references(() => customProducts.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    nameEn: text("name_en").notNull(),
    nameTh: text("name_th").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [uniqueIndex("custom_attributes_product_code_unique").on(table.customProductId, table.code)],
);

export const customOptions = sqliteTable(
  "custom_options",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customAttributeId: integer("custom_attribute_id")
      .notNull()
      .references(() => customAttributes.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    nameEn: text("name_en").notNull(),
    nameTh: text("name_th").notNull(),
    imageKey: text("image_key"),
    colorHex: text("color_hex"),
    priceAddOnSatang: integer("price_add_on_satang").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [
    uniqueIndex("custom_options_attribute_code_unique").on(table.customAttributeId, table.code),
    check("custom_options_price_non_negative", sql`${table.priceAddOnSatang} >= 0`),
  ],
);

export const bannerSides = ["front", "back"] as const;
export const bannerPositions = ["left", "center", "right"] as const;
export type BannerSide = (typeof bannerSides)[number];
export type BannerPosition = (typeof bannerPositions)[number];
/** Spec §5/§9: banner text limits per position. */
export const bannerMaxLength: Record<BannerPosition, number> = { left: 25, center: 7, right: 25 };

/** Where a custom product offers text. max_length cannot exceed the position's spec limit. */
export const customBanners = sqliteTable(
  "custom_banners",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customProductId: integer("custom_product_id")
      .notNull()
      .references(() => customProducts.id, { onDelete: "cascade" }),
    side: text("side", { enum: bannerSides }).notNull(),
    position: text("position", { enum: bannerPositions }).notNull(),
    maxLength: integer("max_length").notNull(),
    labelEn: text("label_en").notNull().default(""),
    labelTh: text("label_th").notNull().default(""),
  },
  (table) => [
    uniqueIndex("custom_banners_placement_unique").on(table.customProductId, table.side, table.position),
    check("custom_banners_side_valid", sql`${table.side} IN ('front', 'back')`),
    check("custom_banners_position_valid", sql`${table.position} IN ('left', 'center', 'right')`),
    check(
      "custom_banners_max_length_valid",
      sql`${table.maxLength} >= 1 AND ${table.maxLength} <= CASE ${table.position} WHEN 'center' THEN 7 ELSE 25 END`,
    ),
  ],
);

export const presetImages = sqliteTable(
  "preset_images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    nameEn: text("name_en").notNull(),
    nameTh: text("name_th").notNull(),
    imageKey: text("image_key").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
);

export const customDesignStatuses = ["draft", "submitted", "ordered"] as const;

/**
 * A shopper's design. Owned by a customer, or by a guest session id (no foreign key: an ordered
 * design must outlive the session that made it).
 */
export const customDesigns = sqliteTable(
  "custom_designs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customProductId: integer("custom_product_id")
      .notNull()
      .references(() => customProducts.id, { onDelete: "restrict" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    sessionId: text("session_id"),
    /** Canvas state (Konva): chosen options, texts, images, positions. */
    designJson: text("design_json").notNull(),
    previewKey: text("preview_key"),
    printFrontKey: text("print_front_key"),
    printBackKey: text("print_back_key"),
    quantityS: integer("quantity_s").notNull().default(0),
    quantityM: integer("quantity_m").notNull().default(0),
    quantityL: integer("quantity_l").notNull().default(0),
    quantityXl: integer("quantity_xl").notNull().default(0),
    /** Price of one garment with add-ons, as quoted; staff may adjust it on review. */
    unitPriceSatang: integer("unit_price_satang").notNull(),
    status: text("status", { enum: customDesignStatuses }).notNull().default("draft"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    index("custom_designs_customer_idx").on(table.customerId, table.updatedAt),
    index("custom_designs_session_idx").on(table.sessionId),
    check("custom_designs_has_owner", sql`${table.customerId} IS NOT NULL OR ${table.sessionId} IS NOT NULL`),
    check("custom_designs_json_valid", sql`json_valid(${table.designJson})`),
    check(
      "custom_designs_quantities_non_negative",
      sql`${table.quantityS} >= 0 AND ${table.quantityM} >= 0 AND ${table.quantityL} >= 0 AND ${table.quantityXl} >= 0`,
    ),
    check("custom_designs_status_valid", sql`${table.status} IN ('draft', 'submitted', 'ordered')`),
    check("custom_designs_price_non_negative", sql`${table.unitPriceSatang} >= 0`),
  ],
);

/** Spec custom design options: 7 text colours, sizes 20–100 step 10. */
export const designTextColors = ["white", "black", "grey", "red", "green", "blue", "yellow"] as const;

/** The banner texts of a design, one per placement, with the spec's length limits as a CHECK. */
export const customDesignTexts = sqliteTable(
  "custom_design_texts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customDesignId: integer("custom_design_id")
      .notNull()
      .references(() => customDesigns.id, { onDelete: "cascade" }),
    side: text("side", { enum: bannerSides }).notNull(),
    position: text("position", { enum: bannerPositions }).notNull(),
    text: text("text").notNull(),
    /** Index 1–7 of the designer's fonts. */
    fontId: integer("font_id").notNull(),
    color: text("color", { enum: designTextColors }).notNull(),
    fontSize: integer("font_size").notNull(),
  },
  (table) => [
    uniqueIndex("custom_design_texts_placement_unique").on(table.customDesignId, table.side, table.position),
    check("custom_design_texts_side_valid", sql`${table.side} IN ('front', 'back')`),
    check("custom_design_texts_position_valid", sql`${table.position} IN ('left', 'center', 'right')`),
    check("custom_design_texts_length", sql`length(${table.text}) <= CASE ${table.position} WHEN 'center' THEN 7 ELSE 25 END`),
    check("custom_design_texts_font_valid", sql`${table.fontId} BETWEEN 1 AND 7`),
    check("custom_design_texts_color_valid", sql`${table.color} IN ('white', 'black', 'grey', 'red', 'green', 'blue', 'yellow')`),
    check("custom_design_texts_size_valid", sql`${table.fontSize} BETWEEN 20 AND 100 AND ${table.fontSize} % 10 = 0`),
  ],
);
