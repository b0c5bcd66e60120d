import { eq, getTableColumns } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

import { type Database, database } from "~/db/client";
import {
  attributeDisplayTypes,
  attributeOptions,
  attributes,
  categories,
  collectionProducts,
  collections,
  galleryImages,
  productImages,
  products,
  productTypeAttributes,
  productTypes,
  variantOptions,
  variants,
} from "~/db/schema/catalog";
import { config, configKeys } from "~/db/schema/config";
import { activities, faqs, heroSlides, homeContentAreas, policies, sizeGuides } from "~/db/schema/content";
import { customAttributes, customBanners, customOptions, customPrintAreas, customProducts, presetImages } from "~/db/schema/custom";
import { addresses, customers, staffRoles, staffUsers } from "~/db/schema/customers";
import { carriers, shippingRates } from "~/db/schema/orders";
import { discountCodes, flashSaleItems, flashSales, pointsLedger } from "~/db/schema/promotions";
import { sponsors } from "~/db/schema/sponsors";
import { productStatusIds } from "~/domain/catalog";
import { attributeDisplayTypeIds } from "~/domain/display-types";
import { defaultExchangeWindowDays } from "~/domain/exchange";
import { defaultSatangPerPointEarned } from "~/domain/loyalty-points";
import { defaultUnpaidOrderHours } from "~/domain/unpaid-orders";
import { hashPassword } from "~/features/accounts/password.server";
import { reindexAllProducts } from "~/features/catalog/search-index.server";

import { demoAccounts } from "./accounts";
import { type Artwork, coverArtwork, customGarmentArtwork, heroArtwork, productArtwork, swatchArtwork } from "./artwork";
import { seedCategories, seedCollections, seedColours, seedProducts, seedSizes, type StockProfile } from "./catalog-data";
import {
  seedActivities,
  seedCarriers,
  seedFaqs,
  seedHeroSlides,
  seedHomeContentAreas,
  seedPrivacyPolicy,
  seedShippingRates,
  seedSiteConfig,
  seedSizeGuides,
} from "./content-data";

export { demoAccounts, type DemoAccount } from "./accounts";

/**
 * Demo data for local development, tests and demos: a bilingual catalogue with SVG product art in
 * R2, content, settings, carriers and shipping rates, custom products and one account per role.
 *
 * Idempotent: every row has a fixed id and is inserted with ON CONFLICT DO NOTHING, and the config
 * key `demo_seed_version` marks a finished run, so a second run changes nothing. Bump
 * `demoSeedVersion` only together with a migration-like plan for existing local data.
 */
export const demoSeedVersion = "1";

/** D1 allows 100 bound parameters per statement; keep batches well below D1's limits too. */
const maxParametersPerStatement = 100;
const maxStatementsPerBatch = 50;

const hour = 60 * 60 * 1000;
const day = 24 * hour;

export interface SeedEnvironment {
  DB: D1Database;
  MEDIA: R2Bucket;
}

export async function isDemoDataSeeded(d1: D1Database): Promise<boolean> {
  const rows = await database(d1).select({ value: config.value }).from(config).where(eq(config.key, configKeys.seedVersion)).limit(1);
  return rows.length > 0;
}

export async function seedDemoData(env: SeedEnvironment, options: { now?: number } = {}): Promise<{ seeded: boolean }> {
  if (await isDemoDataSeeded(env.DB)) return { seeded: false };
  const now = options.now ?? Date.now();
  const db = database(env.DB);

  const media = new MediaUploads();
  const [customerHash, staffHash] = await Promise.all([hashPassword(demoAccounts[0]!.password), hashPassword(demoAccounts[1]!.password)]);

  const statements: BatchItem<"sqlite">[] = [
    // Content first: products point at size guides.
    ...(await contentStatements(db, media, now)),
    ...(await catalogStatements(db, media, now)),
    ...(await customStatements(db, media, now)),
    ...peopleStatements(db, now, { customer: customerHash, staff: staffHash }),
    ...shopSettingStatements(db, now),
    ...flashSaleStatements(db, now),
  ];

  // Images first: once rows point at keys, the keys must exist.
  await media.flush(env.MEDIA);
  for (let start = 0; start < statements.length; start += maxStatementsPerBatch) {
    const slice = statements.slice(start, start + maxStatementsPerBatch);
    await db.batch(slice as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
  // The shop search reads the full-text index, not the tables (app/features/catalog/search-index.server.ts).
  await reindexAllProducts(env.DB);
  // The marker goes last: a run that failed half-way is completed by the next run.
  await db.insert(config).values({ key: configKeys.seedVersion, value: demoSeedVersion, updatedAt: now }).onConflictDoNothing();
  return { seeded: true };
}

/** Multi-row INSERT … ON CONFLICT DO NOTHING statements, chunked under D1's parameter limit. */
function insertRows<T extends SQLiteTable>(db: Database, table: T, rows: T["$inferInsert"][]): BatchItem<"sqlite">[] {
  const columnCount = Object.keys(getTableColumns(table)).length;
  const rowsPerStatement = Math.max(1, Math.floor(maxParametersPerStatement / columnCount));
  const statements: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    statements.push(
      db
        .insert(table)
        .values(rows.slice(start, start + rowsPerStatement) as never)
        .onConflictDoNothing() as unknown as BatchItem<"sqlite">,
    );
  }
  return statements;
}

/** Collects artwork, names each file by its content hash and uploads them all at the end. */
class MediaUploads {
  private readonly files = new Map<string, string>();

  async add(artwork: Artwork): Promise<string> {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(artwork.svg));
    const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    const key = `${artwork.folder}/${artwork.name}-${hex.slice(0, 10)}.svg`;
    this.files.set(key, artwork.svg);
    return key;
  }

  get count(): number {
    return this.files.size;
  }

  byteSize(key: string): number {
    return new TextEncoder().encode(this.files.get(key) ?? "").length;
  }

  async flush(bucket: R2Bucket): Promise<void> {
    const entries = [...this.files];
    for (let start = 0; start < entries.length; start += 16) {
      await Promise.all(entries.slice(start, start + 16).map(([key, svg]) => bucket.put(key, svg, { httpMetadata: { contentType: "image/svg+xml" } })));
    }
  }
}

/** Small deterministic PRNG (mulberry32) so the demo stock is the same on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function stockFor(profile: StockProfile, variantIndex: number, next: () => number): number {
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  switch (profile) {
    case "normal":
      return between(6, 40);
    case "low":
      return between(1, 5);
    case "out":
      return 0;
    case "mixed":
      return [0, between(1, 5), between(8, 30), between(1, 5)][variantIndex % 4]!;
  }
}

export const sizeOptionId = (index: number) => 1 + index;
export const colourOptionId = (index: number) => 11 + index;

async function catalogStatements(db: Database, media: MediaUploads, now: number): Promise<BatchItem<"sqlite">[]> {
  const statements: BatchItem<"sqlite">[] = [];
  statements.push(
    ...insertRows(db, attributeDisplayTypes, [
      { id: attributeDisplayTypeIds.hidden, name: "Hidden" },
      { id: attributeDisplayTypeIds.buttons, name: "Buttons" },
      { id: attributeDisplayTypeIds.colourOrImage, name: "Colour / image" },
      { id: attributeDisplayTypeIds.dropdown, name: "Dropdown" },
    ]),
    ...insertRows(db, productTypes, [
      { id: 1, nameEn: "Apparel", nameTh: "เครื่องแต่งกาย", createdAt: now },
      { id: 2, nameEn: "Accessories", nameTh: "อุปกรณ์เสริม", createdAt: now },
    ]),
    ...insertRows(db, attributes, [
      { id: 1, code: "size", nameEn: "Size", nameTh: "ไซซ์", displayTypeId: attributeDisplayTypeIds.buttons, sortOrder: 2 },
      { id: 2, code: "colour", nameEn: "Colour", nameTh: "สี", displayTypeId: attributeDisplayTypeIds.colourOrImage, sortOrder: 1 },
    ]),
    ...insertRows(db, productTypeAttributes, [
      { productTypeId: 1, attributeId: 2, sortOrder: 1 },
      { productTypeId: 1, attributeId: 1, sortOrder: 2 },
      { productTypeId: 2, attributeId: 2, sortOrder: 1 },
      { productTypeId: 2, attributeId: 1, sortOrder: 2 },
    ]),
    ...insertRows(db, attributeOptions, [
      ...seedSizes.map((size, index) => ({ id: sizeOptionId(index), attributeId: 1, code: size.toLowerCase(), nameEn: size, nameTh: size, sortOrder: index })),
      ...seedColours.map((colour, index) => ({
        id: colourOptionId(index),
        attributeId: 2,
        code: colour.code,
        nameEn: colour.nameEn,
        nameTh: colour.nameTh,
        colorHex: colour.hex,
        sortOrder: index,
      })),
    ]),
    ...insertRows(
      db,
      categories,
      seedCategories.map((category, index) => ({ ...category, sortOrder: index + 1, createdAt: now, updatedAt: now })),
    ),
  );

  const sizeGuideByCategory = new Map(seedSizeGuides.map((guide, index) => [guide.categoryId, index + 1]));
  const productRows: (typeof products.$inferInsert)[] = [];
  const variantRows: (typeof variants.$inferInsert)[] = [];
  const variantOptionRows: (typeof variantOptions.$inferInsert)[] = [];
  const imageRows: (typeof productImages.$inferInsert)[] = [];
  const next = random(20260101);
  let variantId = 0;

  for (const [index, product] of seedProducts.entries()) {
    const productId = index + 1;
    const sku = `PRY${String(productId).padStart(3, "0")}`;
    const single = product.sizes === null && product.colours.length === 1;
    // Spread creation times so "newest" mixes categories (7 and 33 are coprime: a permutation).
    const createdAt = now - ((index * 7) % seedProducts.length) * 9 * hour - day;
    productRows.push({
      id: productId,
      slug: product.slug,
      sku,
      kind: single ? "single" : "variation",
      categoryId: product.categoryId,
      productTypeId: product.categoryId === 4 ? 2 : 1,
      statusId: productStatusIds.published,
      nameEn: product.nameEn,
      nameTh: product.nameTh,
      descriptionEn: product.descriptionEn,
      descriptionTh: product.descriptionTh,
      weightGrams: product.weightGrams,
      sizeGuideId: product.sizes && product.categoryId !== 4 ? (sizeGuideByCategory.get(product.categoryId) ?? null) : null,
      createdAt,
      updatedAt: createdAt,
    });

    let variantIndex = 0;
    for (const [colourPosition, colourCode] of product.colours.entries()) {
      const colourIndex = seedColours.findIndex((colour) => colour.code === colourCode);
      const colour = seedColours[colourIndex]!;
      const imageKey = await media.add(
        productArtwork({
          slug: product.colours.length > 1 ? `${product.slug}-${colour.code}` : product.slug,
          garment: product.garment,
          fill: colour.hex,
          label: String(7 + (index % 17)),
        }),
      );
      imageRows.push({
        id: imageRows.length + 1,
        productId,
        optionId: single ? null : colourOptionId(colourIndex),
        imageKey,
        altEn: `${product.nameEn} in ${colour.nameEn.toLowerCase()}`,
        altTh: `${product.nameTh} สี${colour.nameTh}`,
        width: 600,
        height: 600,
        sortOrder: colourPosition,
      });

      for (const size of product.sizes ?? [null]) {
        variantId += 1;
        const oversize = size === "XXL" && product.categoryId !== 4;
        variantRows.push({
          id: variantId,
          productId,
          sku: [sku, colour.code.toUpperCase(), size].filter(Boolean).join("-"),
          priceSatang: (product.priceBaht + (oversize ? 50 : 0)) * 100,
          stock: stockFor(product.stock, variantIndex, next),
          sortOrder: variantIndex,
          createdAt,
          updatedAt: createdAt,
        });
        if (!single) {
          variantOptionRows.push({ variantId, optionId: colourOptionId(colourIndex) });
          if (size) variantOptionRows.push({ variantId, optionId: sizeOptionId(seedSizes.indexOf(size)) });
        }
        variantIndex += 1;
      }
    }
  }

  statements.push(
    ...insertRows(db, products, productRows),
    ...insertRows(db, variants, variantRows),
    ...insertRows(db, variantOptions, variantOptionRows),
    ...insertRows(db, productImages, imageRows),
    // The product art also appears in the back office's product gallery (trusted seed SVGs; staff uploads are raster only).
    ...insertRows(
      db,
      galleryImages,
      imageRows.map((image, index) => ({
        id: index + 1,
        imageKey: image.imageKey,
        fileName: image.imageKey.split("/").pop()!,
        contentType: "image/svg+xml",
        byteSize: media.byteSize(image.imageKey),
        width: image.width,
        height: image.height,
        createdAt: now,
      })),
    ),
  );

  const productIdBySlug = new Map(seedProducts.map((product, index) => [product.slug, index + 1]));
  const collectionRows: (typeof collections.$inferInsert)[] = [];
  const membershipRows: (typeof collectionProducts.$inferInsert)[] = [];
  for (const collection of seedCollections) {
    const imageKey = await media.add(
      coverArtwork({
        name: collection.slug,
        folder: "collections",
        from: collection.colours[0],
        to: collection.colours[1],
        motif: collection.motif,
        fill: collection.fill,
      }),
    );
    collectionRows.push({
      id: collection.id,
      slug: collection.slug,
      nameEn: collection.nameEn,
      nameTh: collection.nameTh,
      descriptionEn: collection.descriptionEn,
      descriptionTh: collection.descriptionTh,
      imageKey,
      isPublished: true,
      isFeatured: true,
      sortOrder: collection.id,
      createdAt: now,
      updatedAt: now,
    });
    for (const [position, slug] of collection.products.entries()) {
      const productId = productIdBySlug.get(slug);
      if (productId === undefined) throw new Error(`Seed collection ${collection.slug} names unknown product ${slug}`);
      membershipRows.push({ collectionId: collection.id, productId, sortOrder: position });
    }
  }
  statements.push(...insertRows(db, collections, collectionRows), ...insertRows(db, collectionProducts, membershipRows));
  return statements;
}

async function contentStatements(db: Database, media: MediaUploads, now: number): Promise<BatchItem<"sqlite">[]> {
  const activityRows: (typeof activities.$inferInsert)[] = [];
  for (const [index, activity] of seedActivities.entries()) {
    const { cover, daysAgo, ...text } = activity;
    const coverImageKey = await media.add(coverArtwork({ name: activity.slug, folder: "activities", ...cover }));
    const publishedAt = now - daysAgo * day;
    activityRows.push({ id: index + 1, ...text, coverImageKey, publishedAt, createdAt: publishedAt, updatedAt: publishedAt });
  }

  const slideRows: (typeof heroSlides.$inferInsert)[] = [];
  for (const [index, slide] of seedHeroSlides.entries()) {
    const { art, ...text } = slide;
    const imageKey = await media.add(heroArtwork(art));
    slideRows.push({ id: index + 1, ...text, imageKey, isActive: true, sortOrder: index + 1, createdAt: now, updatedAt: now });
  }

  // The product gallery starts with the home page's pictures, so editors have images to pick (ids from 901).
  const galleryRows: (typeof galleryImages.$inferInsert)[] = [
    ...slideRows.map((slide) => slide.imageKey),
    ...activityRows.map((activity) => activity.coverImageKey!),
  ].map((imageKey, index) => ({
    id: 901 + index,
    imageKey,
    fileName: imageKey
      .split("/")
      .pop()!
      .replace(/-[0-9a-f]{10}\.svg$/, ".svg"),
    contentType: "image/svg+xml",
    byteSize: media.byteSize(imageKey),
    createdAt: now,
  }));

  return [
    ...insertRows(db, activities, activityRows),
    ...insertRows(db, heroSlides, slideRows),
    ...insertRows(db, galleryImages, galleryRows),
    ...insertRows(
      db,
      homeContentAreas,
      seedHomeContentAreas.map((area, index) => ({ id: index + 1, ...area, isActive: true, sortOrder: index + 1, updatedAt: now })),
    ),
    ...insertRows(
      db,
      faqs,
      seedFaqs.map((faq, index) => ({ id: index + 1, ...faq, isPublished: true, sortOrder: index + 1, createdAt: now, updatedAt: now })),
    ),
    ...insertRows(
      db,
      sizeGuides,
      seedSizeGuides.map(({ table, categoryId: _categoryId, ...guide }, index) => ({
        id: index + 1,
        ...guide,
        tableJson: JSON.stringify(table),
        sortOrder: index + 1,
        createdAt: now,
        updatedAt: now,
      })),
    ),
    ...insertRows(db, policies, [{ id: 1, kind: "privacy", ...seedPrivacyPolicy, updatedAt: now }]),
  ];
}

async function customStatements(db: Database, media: MediaUploads, now: number): Promise<BatchItem<"sqlite">[]> {
  const definitions = [
    {
      id: 1,
      slug: "custom-football-jersey",
      nameEn: "Custom Football Jersey",
      nameTh: "เสื้อฟุตบอลออกแบบเอง",
      basePriceBaht: 450,
      garment: "jersey" as const,
      descriptionEn: "Design a full team kit: pattern, collar, sleeves, names, numbers and your club badge. Minimum 10 shirts.",
      descriptionTh: "ออกแบบชุดทีมได้ครบ ทั้งลาย คอเสื้อ แขนเสื้อ ชื่อ เบอร์ และโลโก้สโมสร สั่งขั้นต่ำ 10 ตัว",
    },
    {
      id: 2,
      slug: "custom-team-tee",
      nameEn: "Custom Team T-shirt",
      nameTh: "เสื้อยืดทีมออกแบบเอง",
      basePriceBaht: 290,
      garment: "tshirt" as const,
      descriptionEn: "Cotton tees for sports days, company events and fan clubs. Minimum 10 shirts.",
      descriptionTh: "เสื้อยืดผ้าฝ้ายสำหรับงานกีฬาสี งานบริษัท และแฟนคลับ สั่งขั้นต่ำ 10 ตัว",
    },
  ];
  const productRows: (typeof customProducts.$inferInsert)[] = [];
  const attributeRows: (typeof customAttributes.$inferInsert)[] = [];
  const optionRows: (typeof customOptions.$inferInsert)[] = [];
  const bannerRows: (typeof customBanners.$inferInsert)[] = [];
  const printAreaRows: (typeof customPrintAreas.$inferInsert)[] = [];

  const fabricColours = seedColours.filter((colour) => ["white", "black", "navy", "red", "royal", "green", "yellow"].includes(colour.code));
  for (const definition of definitions) {
    const { basePriceBaht, garment, ...text } = definition;
    productRows.push({
      ...text,
      basePriceSatang: basePriceBaht * 100,
      minQuantity: 10,
      frontImageKey: await media.add(customGarmentArtwork({ name: definition.slug, garment, fill: "#ffffff", side: "front" })),
      backImageKey: await media.add(customGarmentArtwork({ name: definition.slug, garment, fill: "#ffffff", side: "back" })),
      statusId: productStatusIds.published,
      sortOrder: definition.id,
      createdAt: now,
      updatedAt: now,
    });

    const attributeBase = definition.id * 10;
    const groups: {
      code: string;
      nameEn: string;
      nameTh: string;
      options: { code: string; nameEn: string; nameTh: string; kind: Parameters<typeof swatchArtwork>[0]["kind"]; addOnBaht: number; hex?: string }[];
    }[] = [
      {
        code: "pattern",
        nameEn: "Pattern",
        nameTh: "ลาย",
        options: [
          { code: "solid", nameEn: "Solid", nameTh: "สีพื้น", kind: "solid", addOnBaht: 0 },
          { code: "stripes", nameEn: "Stripes", nameTh: "ลายทาง", kind: "stripes", addOnBaht: 40 },
          { code: "gradient", nameEn: "Gradient", nameTh: "ไล่เฉดสี", kind: "gradient", addOnBaht: 60 },
          { code: "camo", nameEn: "Camouflage", nameTh: "ลายพราง", kind: "camo", addOnBaht: 80 },
        ],
      },
      {
        code: "collar",
        nameEn: "Collar",
        nameTh: "คอเสื้อ",
        options: [
          { code: "round", nameEn: "Round neck", nameTh: "คอกลม", kind: "round", addOnBaht: 0 },
          { code: "v-neck", nameEn: "V-neck", nameTh: "คอวี", kind: "v-neck", addOnBaht: 0 },
          { code: "polo", nameEn: "Polo collar", nameTh: "คอปก", kind: "polo", addOnBaht: 50 },
        ],
      },
      {
        code: "sleeve",
        nameEn: "Sleeve",
        nameTh: "แขนเสื้อ",
        options: [
          { code: "short", nameEn: "Short sleeve", nameTh: "แขนสั้น", kind: "short", addOnBaht: 0 },
          { code: "long", nameEn: "Long sleeve", nameTh: "แขนยาว", kind: "long", addOnBaht: 80 },
        ],
      },
      {
        code: "colour",
        nameEn: "Main colour",
        nameTh: "สีหลัก",
        options: fabricColours.map((colour) => ({
          code: colour.code,
          nameEn: colour.nameEn,
          nameTh: colour.nameTh,
          kind: "solid" as const,
          addOnBaht: 0,
          hex: colour.hex,
        })),
      },
    ];
    for (const [groupIndex, group] of groups.entries()) {
      const attributeId = attributeBase + groupIndex + 1;
      attributeRows.push({
        id: attributeId,
        customProductId: definition.id,
        code: group.code,
        nameEn: group.nameEn,
        nameTh: group.nameTh,
        sortOrder: groupIndex + 1,
      });
      for (const [optionIndex, option] of group.options.entries()) {
        optionRows.push({
          id: attributeId * 10 + optionIndex + 1,
          customAttributeId: attributeId,
          code: option.code,
          nameEn: option.nameEn,
          nameTh: option.nameTh,
          // Pattern tiles are light (white = no change): the designer multiplies them over the garment's colour.
          imageKey: await media.add(
            swatchArtwork({
              name: `${group.code}-${option.code}`,
              folder: "custom",
              kind: option.kind,
              fill: option.hex ?? (group.code === "pattern" ? "#ffffff" : "#2b6ff5"),
            }),
          ),
          colorHex: option.hex ?? null,
          priceAddOnSatang: option.addOnBaht * 100,
          sortOrder: optionIndex + 1,
        });
      }
    }

    // The mockups are 600 × 600 artwork drawn at 1 px per millimetre (mockup_*_mm default 600).
    printAreaRows.push(
      { customProductId: definition.id, side: "front", xMm: 170, yMm: 150, widthMm: 260, heightMm: 300 },
      { customProductId: definition.id, side: "back", xMm: 170, yMm: 130, widthMm: 260, heightMm: 320 },
    );
    const placements = [
      { side: "front", position: "left", labelEn: "Team name (left chest)", labelTh: "ชื่อทีม (อกซ้าย)", xMm: 175, yMm: 160, widthMm: 110, heightMm: 36 },
      { side: "front", position: "center", labelEn: "Front number", labelTh: "เบอร์ด้านหน้า", xMm: 250, yMm: 230, widthMm: 100, heightMm: 110 },
      { side: "back", position: "center", labelEn: "Player number", labelTh: "เบอร์ผู้เล่น", xMm: 220, yMm: 210, widthMm: 160, heightMm: 170 },
      { side: "back", position: "right", labelEn: "Player name", labelTh: "ชื่อผู้เล่น", xMm: 200, yMm: 140, widthMm: 200, heightMm: 50 },
    ] as const;
    for (const [index, placement] of placements.entries()) {
      bannerRows.push({
        id: definition.id * 10 + index + 1,
        customProductId: definition.id,
        ...placement,
        maxLength: placement.position === "center" ? 7 : 25,
      });
    }
  }

  const presets = [
    { nameEn: "Star", nameTh: "ดาว", kind: "star" as const, fill: "#f9b820" },
    { nameEn: "Shield", nameTh: "โล่", kind: "shield" as const, fill: "#2b6ff5" },
    { nameEn: "Lightning", nameTh: "สายฟ้า", kind: "bolt" as const, fill: "#ef6c00" },
    { nameEn: "Elephant", nameTh: "ช้าง", kind: "elephant" as const, fill: "#9ea3a8" },
  ];
  const presetRows: (typeof presetImages.$inferInsert)[] = [];
  for (const [index, preset] of presets.entries()) {
    presetRows.push({
      id: index + 1,
      nameEn: preset.nameEn,
      nameTh: preset.nameTh,
      imageKey: await media.add(swatchArtwork({ name: preset.kind, folder: "presets", kind: preset.kind, fill: preset.fill })),
      sortOrder: index + 1,
      createdAt: now,
    });
  }

  return [
    ...insertRows(db, customProducts, productRows),
    ...insertRows(db, customAttributes, attributeRows),
    ...insertRows(db, customOptions, optionRows),
    ...insertRows(db, customBanners, bannerRows),
    ...insertRows(db, customPrintAreas, printAreaRows),
    ...insertRows(db, presetImages, presetRows),
  ];
}

function peopleStatements(db: Database, now: number, hashes: { customer: string; staff: string }): BatchItem<"sqlite">[] {
  const customer = demoAccounts.find((account) => account.kind === "customer")!;
  const [firstName = "", lastName = ""] = customer.fullName.split(" ");
  return [
    ...insertRows(db, staffRoles, [
      { id: 1, nameEn: "System Administrator", nameTh: "ผู้ดูแลระบบ" },
      { id: 2, nameEn: "Executive Administrator", nameTh: "ผู้บริหาร" },
      { id: 3, nameEn: "Editor", nameTh: "บรรณาธิการ" },
      { id: 4, nameEn: "Author", nameTh: "ผู้เขียน" },
      { id: 5, nameEn: "User", nameTh: "ผู้ใช้งาน" },
    ]),
    ...insertRows(
      db,
      staffUsers,
      demoAccounts
        .filter((account) => account.kind === "staff")
        .map((account, index) => ({
          id: index + 1,
          email: account.email,
          passwordHash: hashes.staff,
          fullName: account.fullName,
          roleId: account.roleId!,
          createdAt: now,
          updatedAt: now,
        })),
    ),
    ...insertRows(db, customers, [
      {
        id: 1,
        email: customer.email,
        passwordHash: hashes.customer,
        firstName,
        lastName,
        phone: "0812345678",
        genderId: 2,
        birthday: "1995-04-13",
        locale: "th",
        pointsBalance: 250,
        termsAcceptedAt: now - 30 * day,
        emailVerifiedAt: now - 30 * day,
        createdAt: now - 30 * day,
        updatedAt: now - 30 * day,
      },
    ]),
    ...insertRows(db, addresses, [
      {
        id: 1,
        customerId: 1,
        firstName,
        lastName,
        phone: "0812345678",
        address: "99/9 Sukhumvit Soi 24",
        // Area names as the Thai address data spells them, so the address form's pickers match.
        suburb: "คลองตัน",
        city: "คลองเตย",
        province: "กรุงเทพมหานคร",
        // Their geocodes (thai-address-universal), as the address form stores them.
        provinceCode: "10",
        districtCode: "1033",
        subdistrictCode: "100902",
        zipcode: "10110",
        country: "TH",
        isDefault: true,
        createdAt: now - 30 * day,
        updatedAt: now - 30 * day,
      },
    ]),
    // points_balance (250) equals the sum of the ledger.
    ...insertRows(db, pointsLedger, [
      { id: 1, customerId: 1, delta: 100, reason: "signup_bonus", noteKey: "welcomeBonus", createdAt: now - 30 * day },
      { id: 2, customerId: 1, delta: 150, reason: "adjustment", noteKey: "birthdayGift", createdAt: now - 7 * day },
    ]),
  ];
}

function shopSettingStatements(db: Database, now: number): BatchItem<"sqlite">[] {
  const site = seedSiteConfig;
  const values: Record<Exclude<keyof typeof configKeys, "seedVersion">, string> = {
    vat: site.vat,
    facebook: site.facebook,
    instagram: site.instagram,
    line: site.line,
    nameEn: site.nameEn,
    nameTh: site.nameTh,
    addressEn: site.addressEn,
    addressTh: site.addressTh,
    phone: site.phone,
    email: site.email,
    exchangeRates: JSON.stringify(site.exchangeRates),
    pointsEarnSatang: String(defaultSatangPerPointEarned),
    // Demo bank-transfer details (not a real account): a PromptPay mobile id and two accounts.
    promptPayId: "0812345678",
    bankAccounts: JSON.stringify([
      { bank: "Kasikornbank", accountName: "Pryde Co., Ltd.", accountNumber: "123-4-56789-0" },
      { bank: "Siam Commercial Bank", accountName: "Pryde Co., Ltd.", accountNumber: "987-6-54321-0" },
    ]),
    pointsValue: site.pointsValueSatang,
    exchangeWindowDays: String(defaultExchangeWindowDays),
    unpaidOrderHours: String(defaultUnpaidOrderHours),
    // Demo seller on tax documents (not a real company; the tax id only passes the checksum). Prefixes: the defaults.
    taxSeller: JSON.stringify({
      nameTh: "บริษัท ไพรด์ จำกัด",
      nameEn: "Pryde Co., Ltd.",
      addressTh: site.addressTh,
      addressEn: site.addressEn,
      taxId: "0105599999997",
      branch: "00000",
      vatRegistered: true,
    }),
  };
  return [
    ...insertRows(
      db,
      config,
      Object.entries(values).map(([name, value]) => ({ key: configKeys[name as keyof typeof values], value, updatedAt: now })),
    ),
    ...insertRows(
      db,
      carriers,
      seedCarriers.map((carrier, index) => ({ id: index + 1, ...carrier, isActive: true, sortOrder: index + 1 })),
    ),
    ...insertRows(
      db,
      shippingRates,
      seedShippingRates.map(({ priceBaht, days, carrier, ...rate }, index) => ({
        id: index + 1,
        ...rate,
        carrierId: seedCarriers.findIndex((candidate) => candidate.code === carrier) + 1,
        priceSatang: priceBaht * 100,
        deliveryDaysMin: days[0],
        deliveryDaysMax: days[1],
        isActive: true,
        createdAt: now,
        updatedAt: now,
      })),
    ),
    // Teams and events the brand sponsors: POS orders can be made for them (/backend/orders/sponsored).
    ...insertRows(db, sponsors, [
      { id: 1, nameEn: "Bangkok Youth Football League", nameTh: "ลีกฟุตบอลเยาวชนกรุงเทพฯ", sortOrder: 1, createdAt: now, updatedAt: now },
      { id: 2, nameEn: "Chiang Mai Futsal Club", nameTh: "สโมสรฟุตซอลเชียงใหม่", sortOrder: 2, createdAt: now, updatedAt: now },
    ]),
    ...insertRows(db, discountCodes, [
      {
        id: 1,
        code: "WELCOME10",
        type: "percent",
        value: 10,
        maxDiscountSatang: 50000,
        minPurchaseSatang: 50000,
        usageLimit: 500,
        descriptionEn: "10% off your first order over ฿500",
        descriptionTh: "ลด 10% สำหรับคำสั่งซื้อแรกที่ครบ 500 บาท",
        createdAt: now,
        updatedAt: now,
      },
      {
        id: 2,
        code: "PRYDE100",
        type: "fixed",
        value: 10000,
        minPurchaseSatang: 150000,
        usageLimit: null,
        descriptionEn: "฿100 off orders over ฿1,500",
        descriptionTh: "ลด 100 บาท เมื่อซื้อครบ 1,500 บาท",
        createdAt: now,
        updatedAt: now,
      },
      // Shows "this code has expired" on a fresh shop.
      {
        id: 3,
        code: "SONGKRAN50",
        type: "fixed",
        value: 5000,
        minPurchaseSatang: 0,
        usageLimit: null,
        startsAt: now - 60 * day,
        endsAt: now - 30 * day,
        descriptionEn: "฿50 off (Songkran, ended)",
        descriptionTh: "ลด 50 บาท (สงกรานต์ หมดเขตแล้ว)",
        createdAt: now,
        updatedAt: now,
      },
      // Five uses in all, one per customer (guests are asked to sign in).
      {
        id: 4,
        code: "TEAM15",
        type: "percent",
        value: 15,
        maxDiscountSatang: 100000,
        minPurchaseSatang: 0,
        usageLimit: 5,
        perCustomerLimit: 1,
        descriptionEn: "15% off for team captains (5 uses)",
        descriptionTh: "ลด 15% สำหรับกัปตันทีม (5 สิทธิ์)",
        createdAt: now,
        updatedAt: now,
      },
    ]),
  ];
}

/**
 * A demo flash sale running for 30 days from seeding on three Futsal Training Jersey variants (navy
 * S, M, L; 10, 7 and 15 in stock), with caps below the stock so the cart's "flash-sale cap as max"
 * rule shows on a fresh shop. The jersey is the oldest demo product, so the newest listings (and
 * tests reading their prices) keep regular prices.
 */
export const demoFlashSale = {
  id: 1,
  productSlug: "futsal-training-jersey",
  items: [
    { id: 1, sku: "PRY015-NAVY-S", salePriceSatang: 49_000, quantityCap: 5 },
    { id: 2, sku: "PRY015-NAVY-M", salePriceSatang: 49_000, quantityCap: 5 },
    { id: 3, sku: "PRY015-NAVY-L", salePriceSatang: 52_900, quantityCap: 8 },
  ],
} as const;

/** The fixed id catalogStatements gives the variant with this SKU (same walk over the demo catalogue). */
function seedVariantIdBySku(sku: string): number {
  let variantId = 0;
  for (const [index, product] of seedProducts.entries()) {
    const productSku = `PRY${String(index + 1).padStart(3, "0")}`;
    for (const colourCode of product.colours) {
      for (const size of product.sizes ?? [null]) {
        variantId += 1;
        if ([productSku, colourCode.toUpperCase(), size].filter(Boolean).join("-") === sku) return variantId;
      }
    }
  }
  throw new Error(`Seed flash sale names unknown variant ${sku}`);
}

function flashSaleStatements(db: Database, now: number): BatchItem<"sqlite">[] {
  return [
    ...insertRows(db, flashSales, [
      {
        id: demoFlashSale.id,
        nameEn: "Songkran flash sale",
        nameTh: "แฟลชเซลสงกรานต์",
        startsAt: now - hour,
        endsAt: now + 30 * day,
        isActive: true,
        createdAt: now,
        updatedAt: now,
      },
    ]),
    ...insertRows(
      db,
      flashSaleItems,
      demoFlashSale.items.map(({ sku, ...item }) => ({
        ...item,
        flashSaleId: demoFlashSale.id,
        variantId: seedVariantIdBySku(sku),
        soldCount: 0,
      })),
    ),
  ];
}
