import { and, asc, eq, inArray } from "drizzle-orm";

import { database } from "~/db/client";
import { customAttributes, customBanners, customOptions, customPrintAreas, customProducts, presetImages } from "~/db/schema/custom";
import { bannerLimit, isNumberBanner } from "~/domain/banner-text";
import type { DesignProductRules } from "~/domain/custom-design";
import type { BannerPosition, DesignSide } from "~/domain/design-options";
import { satang } from "~/domain/money";
import type { PrintArea } from "~/domain/print-area";
import type { DesignerPresetView, DesignerProductView } from "~/features/designer/designer-types";
import type { Locale } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { mediaUrl } from "~/ui/media-url";

/**
 * Custom products as the storefront and the design checks see them: the product with its
 * attributes and options, banners, print areas, and the active preset images. Staff edit these in
 * the back office (app/features/custom-admin); this module only reads.
 */

const publishedStatusId = 1;

export interface CustomProductRecord {
  id: number;
  slug: string;
  nameEn: string;
  nameTh: string;
  descriptionEn: string;
  descriptionTh: string;
  basePriceSatang: number;
  minQuantity: number;
  frontImageKey: string | null;
  backImageKey: string | null;
  mockupWidthMm: number;
  mockupHeightMm: number;
  statusId: number;
  attributes: {
    id: number;
    code: string;
    nameEn: string;
    nameTh: string;
    options: { id: number; code: string; nameEn: string; nameTh: string; imageKey: string | null; colorHex: string | null; priceAddOnSatang: number }[];
  }[];
  banners: {
    side: DesignSide;
    position: BannerPosition;
    maxLength: number;
    labelEn: string;
    labelTh: string;
    xMm: number;
    yMm: number;
    widthMm: number;
    heightMm: number;
  }[];
  printAreas: Partial<Record<DesignSide, PrintArea>>;
}

export interface CustomProductSummary {
  id: number;
  slug: string;
  nameEn: string;
  nameTh: string;
  descriptionEn: string;
  descriptionTh: string;
  basePriceSatang: number;
  minQuantity: number;
  frontImageKey: string | null;
  backImageKey: string | null;
}

/** Products shoppers may start a design from, in the shop's order. */
export async function listPublishedCustomProducts(d1: D1Database): Promise<CustomProductSummary[]> {
  return database(d1)
    .select({
      id: customProducts.id,
      slug: customProducts.slug,
      nameEn: customProducts.nameEn,
      nameTh: customProducts.nameTh,
      descriptionEn: customProducts.descriptionEn,
      descriptionTh: customProducts.descriptionTh,
      basePriceSatang: customProducts.basePriceSatang,
      minQuantity: customProducts.minQuantity,
      frontImageKey: customProducts.frontImageKey,
      backImageKey: customProducts.backImageKey,
    })
    .from(customProducts)
    .where(eq(customProducts.statusId, publishedStatusId))
    .orderBy(asc(customProducts.sortOrder), asc(customProducts.id));
}

/**
 * One product with everything a design is checked against. `publishedOnly` (the storefront's
 * designer) hides drafts and hidden products; a design already sent keeps being readable for its
 * review even when staff hide the product later.
 */
export async function loadCustomProduct(d1: D1Database, id: number, { publishedOnly }: { publishedOnly: boolean }): Promise<CustomProductRecord | null> {
  const db = database(d1);
  // The options through their attributes' ids as a subquery: the whole product is one round trip.
  const attributeIds = db.select({ id: customAttributes.id }).from(customAttributes).where(eq(customAttributes.customProductId, id));
  const [products, attributes, options, banners, areas] = await db.batch([
    db
      .select()
      .from(customProducts)
      .where(publishedOnly ? and(eq(customProducts.id, id), eq(customProducts.statusId, publishedStatusId)) : eq(customProducts.id, id)),
    db.select().from(customAttributes).where(eq(customAttributes.customProductId, id)).orderBy(asc(customAttributes.sortOrder), asc(customAttributes.id)),
    db.select().from(customOptions).where(inArray(customOptions.customAttributeId, attributeIds)).orderBy(asc(customOptions.sortOrder), asc(customOptions.id)),
    db.select().from(customBanners).where(eq(customBanners.customProductId, id)).orderBy(asc(customBanners.id)),
    db.select().from(customPrintAreas).where(eq(customPrintAreas.customProductId, id)),
  ]);
  const product = products[0];
  if (!product) return null;
  const printAreas: Partial<Record<DesignSide, PrintArea>> = {};
  for (const area of areas) printAreas[area.side] = { x: area.xMm, y: area.yMm, width: area.widthMm, height: area.heightMm };
  return {
    id: product.id,
    slug: product.slug,
    nameEn: product.nameEn,
    nameTh: product.nameTh,
    descriptionEn: product.descriptionEn,
    descriptionTh: product.descriptionTh,
    basePriceSatang: product.basePriceSatang,
    minQuantity: product.minQuantity,
    frontImageKey: product.frontImageKey,
    backImageKey: product.backImageKey,
    mockupWidthMm: product.mockupWidthMm,
    mockupHeightMm: product.mockupHeightMm,
    statusId: product.statusId,
    attributes: attributes.map((attribute) => ({
      id: attribute.id,
      code: attribute.code,
      nameEn: attribute.nameEn,
      nameTh: attribute.nameTh,
      options: options
        .filter((option) => option.customAttributeId === attribute.id)
        .map((option) => ({
          id: option.id,
          code: option.code,
          nameEn: option.nameEn,
          nameTh: option.nameTh,
          imageKey: option.imageKey,
          colorHex: option.colorHex,
          priceAddOnSatang: option.priceAddOnSatang,
        })),
    })),
    banners: banners.map((banner) => ({
      side: banner.side,
      position: banner.position,
      maxLength: banner.maxLength,
      labelEn: banner.labelEn,
      labelTh: banner.labelTh,
      xMm: banner.xMm,
      yMm: banner.yMm,
      widthMm: banner.widthMm,
      heightMm: banner.heightMm,
    })),
    printAreas,
  };
}

export interface PresetImageRecord {
  id: number;
  nameEn: string;
  nameTh: string;
  imageKey: string;
}

export async function listActivePresetImages(d1: D1Database): Promise<PresetImageRecord[]> {
  return database(d1)
    .select({ id: presetImages.id, nameEn: presetImages.nameEn, nameTh: presetImages.nameTh, imageKey: presetImages.imageKey })
    .from(presetImages)
    .where(eq(presetImages.isActive, true))
    .orderBy(asc(presetImages.sortOrder), asc(presetImages.id));
}

/** Every preset image's names, active or not (staff read designs made with older ones). */
export async function listPresetImageNames(d1: D1Database): Promise<Pick<PresetImageRecord, "id" | "nameEn" | "nameTh">[]> {
  return database(d1).select({ id: presetImages.id, nameEn: presetImages.nameEn, nameTh: presetImages.nameTh }).from(presetImages);
}

/** The product as plain rules for app/domain/custom-design.ts. */
export function designRules(product: CustomProductRecord, presets: readonly Pick<PresetImageRecord, "id">[]): DesignProductRules {
  return {
    id: product.id,
    minQuantity: product.minQuantity,
    basePriceSatang: satang(product.basePriceSatang),
    attributes: product.attributes.map((attribute) => ({
      id: attribute.id,
      options: attribute.options.map((option) => ({ id: option.id, priceAddOnSatang: satang(option.priceAddOnSatang) })),
    })),
    banners: product.banners.map((banner) => ({ side: banner.side, position: banner.position, maxLength: banner.maxLength })),
    printAreas: product.printAreas,
    presetImageIds: presets.map((preset) => preset.id),
  };
}

export function designerProductView(product: CustomProductRecord, locale: Locale): DesignerProductView {
  const th = locale === "th";
  return {
    id: product.id,
    slug: product.slug,
    name: th ? product.nameTh : product.nameEn,
    description: th ? product.descriptionTh : product.descriptionEn,
    basePriceSatang: product.basePriceSatang,
    minQuantity: product.minQuantity,
    mockup: {
      widthMm: product.mockupWidthMm,
      heightMm: product.mockupHeightMm,
      frontUrl: product.frontImageKey ? mediaUrl(product.frontImageKey) : null,
      backUrl: product.backImageKey ? mediaUrl(product.backImageKey) : null,
    },
    printAreas: product.printAreas,
    attributes: product.attributes.map((attribute) => ({
      id: attribute.id,
      code: attribute.code,
      name: th ? attribute.nameTh : attribute.nameEn,
      options: attribute.options.map((option) => ({
        id: option.id,
        code: option.code,
        name: th ? option.nameTh : option.nameEn,
        imageUrl: option.imageKey ? mediaUrl(option.imageKey) : null,
        colorHex: option.colorHex,
        priceAddOnSatang: option.priceAddOnSatang,
      })),
    })),
    banners: product.banners.map((banner) => ({
      side: banner.side,
      position: banner.position,
      // The designer counts and cuts at the same limit the server checks (a number: 3 digits).
      maxLength: bannerLimit(banner.position, banner.maxLength),
      number: isNumberBanner(banner.position),
      label: th ? banner.labelTh : banner.labelEn,
      box: { x: banner.xMm, y: banner.yMm, width: banner.widthMm, height: banner.heightMm },
    })),
  };
}

export function presetViews(presets: readonly PresetImageRecord[], locale: Locale): DesignerPresetView[] {
  return presets.map((preset) => ({ id: preset.id, name: localized(preset, "name", locale), url: mediaUrl(preset.imageKey) }));
}
