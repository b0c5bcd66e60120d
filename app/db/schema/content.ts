import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { policyKinds } from "../../domain/policies";
import { staffUsers } from "./customers";

/**
 * Editorial content: activities (news), FAQs, size guides, the home page (hero slides and content
 * areas) and policies. Rich text (`body_*`) is HTML that the back office sanitises before saving.
 */

export const activities = sqliteTable(
  "activities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    titleEn: text("title_en").notNull(),
    titleTh: text("title_th").notNull(),
    summaryEn: text("summary_en").notNull().default(""),
    summaryTh: text("summary_th").notNull().default(""),
    bodyEn: text("body_en").notNull().default(""),
    bodyTh: text("body_th").notNull().default(""),
    coverImageKey: text("cover_image_key"),
    /** Null: draft. A future time: scheduled. */
    publishedAt: integer("published_at"),
    authorStaffUserId: integer("author_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [uniqueIndex("activities_slug_unique").on(table.slug), index("activities_published_idx").on(table.publishedAt)],
);

export const faqs = sqliteTable(
  "faqs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    questionEn: text("question_en").notNull(),
    questionTh: text("question_th").notNull(),
    answerEn: text("answer_en").notNull(),
    answerTh: text("answer_th").notNull(),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [index("faqs_sort_idx").on(table.isPublished, table.sortOrder)],
);

/**
 * A measurement table as JSON: `{ unit: "cm", columns: [{ key, en, th }], rows: [{ size, values: number[] }] }`
 * (see SizeGuideTable in app/db/seed/content.ts).
 */
export const sizeGuides = sqliteTable(
  "size_guides",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    nameEn: text("name_en").notNull(),
    nameTh: text("name_th").notNull(),
    noteEn: text("note_en").notNull().default(""),
    noteTh: text("note_th").notNull().default(""),
    tableJson: text("table_json").notNull(),
    imageKey: text("image_key"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [uniqueIndex("size_guides_slug_unique").on(table.slug), check("size_guides_table_is_json", sql`json_valid(${table.tableJson})`)],
);

export const heroSlides = sqliteTable(
  "hero_slides",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    titleEn: text("title_en").notNull(),
    titleTh: text("title_th").notNull(),
    subtitleEn: text("subtitle_en").notNull().default(""),
    subtitleTh: text("subtitle_th").notNull().default(""),
    ctaLabelEn: text("cta_label_en").notNull().default(""),
    ctaLabelTh: text("cta_label_th").notNull().default(""),
    /** Locale-neutral path ("/shop?category=2"); the UI adds the /th prefix. */
    linkPath: text("link_path"),
    imageKey: text("image_key").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    startsAt: integer("starts_at"),
    endsAt: integer("ends_at"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [index("hero_slides_active_idx").on(table.isActive, table.sortOrder)],
);

/** Named blocks of the home page ("intro", "custom-team-wear", …) that staff edit. */
export const homeContentAreas = sqliteTable(
  "home_content_areas",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    areaKey: text("area_key").notNull(),
    titleEn: text("title_en").notNull(),
    titleTh: text("title_th").notNull(),
    bodyEn: text("body_en").notNull().default(""),
    bodyTh: text("body_th").notNull().default(""),
    imageKey: text("image_key"),
    linkPath: text("link_path"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [uniqueIndex("home_content_areas_key_unique").on(table.areaKey)],
);

export const policies = sqliteTable(
  "policies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: policyKinds }).notNull(),
    titleEn: text("title_en").notNull(),
    titleTh: text("title_th").notNull(),
    bodyEn: text("body_en").notNull(),
    bodyTh: text("body_th").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [uniqueIndex("policies_kind_unique").on(table.kind)],
);
