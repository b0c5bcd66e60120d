import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { customers, staffUsers } from "./customers";

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
    /** Real size the mockup images show, in millimetres: the designer's coordinate system (ADR 0015). */
    mockupWidthMm: integer("mockup_width_mm").notNull().default(600),
    mockupHeightMm: integer("mockup_height_mm").notNull().default(600),
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

/**
 * Where artwork may be printed on one side of a custom product, in millimetres on the mockup
 * (origin top-left). Placed images must stay inside it (app/domain/print-area.ts).
 */
export const customPrintAreas = sqliteTable(
  "custom_print_areas",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customProductId: integer("custom_product_id")
      .notNull()
      .references(() => customProducts.id, { onDelete: "cascade" }),
    side: text("side", { enum: ["front", "back"] }).notNull(),
    xMm: integer("x_mm").notNull(),
    yMm: integer("y_mm").notNull(),
    widthMm: integer("width_mm").notNull(),
    heightMm: integer("height_mm").notNull(),
  },
  (table) => [
    uniqueIndex("custom_print_areas_side_unique").on(table.customProductId, table.side),
    check("custom_print_areas_side_valid", sql`${table.side} IN ('front', 'back')`),
    check("custom_print_areas_box_valid", sql`${table.xMm} >= 0 AND ${table.yMm} >= 0 AND ${table.widthMm} >= 10 AND ${table.heightMm} >= 10`),
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
    /** The box the text is drawn in (centred, shrunk to fit), millimetres on the side's mockup. */
    xMm: integer("x_mm").notNull(),
    yMm: integer("y_mm").notNull(),
    widthMm: integer("width_mm").notNull(),
    heightMm: integer("height_mm").notNull(),
  },
  (table) => [
    uniqueIndex("custom_banners_placement_unique").on(table.customProductId, table.side, table.position),
    check("custom_banners_side_valid", sql`${table.side} IN ('front', 'back')`),
    check("custom_banners_position_valid", sql`${table.position} IN ('left', 'center', 'right')`),
    check("custom_banners_max_length_valid", sql`${table.maxLength} >= 1 AND ${table.maxLength} <= CASE ${table.position} WHEN 'center' THEN 7 ELSE 25 END`),
    check("custom_banners_box_valid", sql`${table.xMm} >= 0 AND ${table.yMm} >= 0 AND ${table.widthMm} >= 10 AND ${table.heightMm} >= 10`),
  ],
);

export const presetImages = sqliteTable("preset_images", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  nameEn: text("name_en").notNull(),
  nameTh: text("name_th").notNull(),
  imageKey: text("image_key").notNull(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: integer("created_at").notNull(),
});

/**
 * draft — being designed, autosaved; submitted — sent for review (an order in review holds it, the
 * design is locked); changes_requested — staff asked for changes, the shopper may edit and resubmit
 * (the order stays in review); confirmed — staff confirmed, the order waits for payment; rejected —
 * staff turned it down (the order is cancelled). docs/decisions/0015-custom-designs.md.
 */
export const customDesignStatuses = ["draft", "submitted", "changes_requested", "confirmed", "rejected"] as const;
export type CustomDesignStatus = (typeof customDesignStatuses)[number];

/**
 * A shopper's design. Owned by a customer, or by a guest session id (no foreign key: an ordered
 * design must outlive the session that made it). The texts, images, options, quantities and notes
 * live in design_json (version 1, validated by app/domain/custom-design.ts on every write).
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
    designJson: text("design_json").notNull(),
    status: text("status", { enum: customDesignStatuses }).notNull().default("draft"),
    /** List price of one garment with add-ons at the last save; staff's quote once confirmed. */
    unitPriceSatang: integer("unit_price_satang").notNull(),
    /** Client-rendered PNGs uploaded at submit: screen previews and print-resolution images (R2, private/). */
    previewFrontKey: text("preview_front_key"),
    previewBackKey: text("preview_back_key"),
    printFrontKey: text("print_front_key"),
    printBackKey: text("print_back_key"),
    /** Staff's last message to the shopper (change request or rejection). */
    reviewMessage: text("review_message").notNull().default(""),
    submittedAt: integer("submitted_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    index("custom_designs_customer_idx").on(table.customerId, table.updatedAt),
    index("custom_designs_session_idx").on(table.sessionId),
    index("custom_designs_status_idx").on(table.status, table.updatedAt),
    check("custom_designs_has_owner", sql`${table.customerId} IS NOT NULL OR ${table.sessionId} IS NOT NULL`),
    check("custom_designs_json_valid", sql`json_valid(${table.designJson})`),
    check("custom_designs_status_valid", sql`${table.status} IN ('draft', 'submitted', 'changes_requested', 'confirmed', 'rejected')`),
    check("custom_designs_price_non_negative", sql`${table.unitPriceSatang} >= 0`),
  ],
);

/**
 * Images a shopper uploaded into the designer (R2 under private/custom-uploads/), owned like
 * designs. A design may only use uploads of its owner; the pixel size feeds the print-resolution check.
 */
export const customDesignUploads = sqliteTable(
  "custom_design_uploads",
  {
    key: text("key").primaryKey(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    sessionId: text("session_id"),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    pixelWidth: integer("pixel_width").notNull(),
    pixelHeight: integer("pixel_height").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("custom_design_uploads_customer_idx").on(table.customerId),
    index("custom_design_uploads_session_idx").on(table.sessionId),
    check("custom_design_uploads_has_owner", sql`${table.customerId} IS NOT NULL OR ${table.sessionId} IS NOT NULL`),
  ],
);

export const customDesignEvents = ["submitted", "resubmitted", "changes_requested", "confirmed", "rejected", "withdrawn"] as const;
export type CustomDesignEvent = (typeof customDesignEvents)[number];

/** Every review step of a design, with who took it, the message and the quoted price. */
export const customDesignHistory = sqliteTable(
  "custom_design_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customDesignId: integer("custom_design_id")
      .notNull()
      .references(() => customDesigns.id, { onDelete: "cascade" }),
    event: text("event", { enum: customDesignEvents }).notNull(),
    actorType: text("actor_type", { enum: ["shopper", "staff"] }).notNull(),
    actorCustomerId: integer("actor_customer_id").references(() => customers.id, { onDelete: "set null" }),
    actorStaffUserId: integer("actor_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    message: text("message").notNull().default(""),
    unitPriceSatang: integer("unit_price_satang"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("custom_design_history_design_idx").on(table.customDesignId, table.createdAt),
    check("custom_design_history_event_valid", sql`${table.event} IN ('submitted', 'resubmitted', 'changes_requested', 'confirmed', 'rejected', 'withdrawn')`),
    check("custom_design_history_actor_valid", sql`${table.actorType} IN ('shopper', 'staff')`),
  ],
);
