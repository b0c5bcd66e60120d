import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { attributeOptions, attributes, categories, productImages, products, productTypeAttributes, variantOptions, variants } from "~/db/schema/catalog";
import { sizeGuides } from "~/db/schema/content";
import { productStatusIds } from "~/domain/catalog";
import { attributeDisplayTypeIds } from "~/domain/display-types";
import type { VariantOffer } from "~/domain/pricing";
import { flashSaleCandidatesQuery, offersFromRows } from "~/features/cart/offers.server";

import { firstListedProductIds, type ProductCard, selectProductCards } from "./catalog.server";
import { type SizeGuide, sizeGuideColumns, toSizeGuide } from "./size-guides.server";

/**
 * The product page (/shop/:slug): a published product with at least one active variant, its
 * pictures, variants with today's offer (domain/pricing), the attributes shoppers choose by, the
 * size guide and up to four related products. One lookup by slug, then one batch.
 */
export interface ProductVariant {
  id: number;
  sku: string;
  stock: number;
  optionIds: number[];
  offer: VariantOffer;
}

export interface ProductAttribute {
  id: number;
  nameEn: string;
  nameTh: string;
  displayTypeId: number;
  options: { id: number; code: string; nameEn: string; nameTh: string; colorHex: string | null; imageKey: string | null }[];
}

export interface ProductDetail {
  id: number;
  slug: string;
  sku: string;
  nameEn: string;
  nameTh: string;
  descriptionEn: string;
  descriptionTh: string;
  category: { id: number; nameEn: string; nameTh: string };
  images: { id: number; optionId: number | null; imageKey: string; altEn: string; altTh: string; width: number | null; height: number | null }[];
  variants: ProductVariant[];
  /** Attributes shoppers choose by (hidden ones left out), options limited to those some variant has. */
  attributes: ProductAttribute[];
  sizeGuide: SizeGuide | null;
  related: ProductCard[];
}

export async function getProductDetail(d1: D1Database, slug: string, now = Date.now()): Promise<ProductDetail | null> {
  if (!slug || slug.length > 200) return null;
  const db = database(d1);
  // One round trip (issue 19): every part is selected by the slug, the product's own row included.
  const published = and(eq(products.slug, slug), eq(products.statusId, productStatusIds.published));
  const productColumn = (column: typeof products.id | typeof products.productTypeId | typeof products.sizeGuideId | typeof products.categoryId) =>
    db.select({ value: column }).from(products).where(published);
  const productId = productColumn(products.id);
  const relatedOrder = [desc(products.createdAt), desc(products.id)];
  const productQuery = db
    .select({
      id: products.id,
      slug: products.slug,
      sku: products.sku,
      nameEn: products.nameEn,
      nameTh: products.nameTh,
      descriptionEn: products.descriptionEn,
      descriptionTh: products.descriptionTh,
      productTypeId: products.productTypeId,
      sizeGuideId: products.sizeGuideId,
      // Aliased: D1 hands rows back by column name, so a second "id" / "name_en" would clobber the product's.
      categoryId: products.categoryId,
      categoryNameEn: sql<string>`${categories.nameEn}`.as("category_name_en"),
      categoryNameTh: sql<string>`${categories.nameTh}`.as("category_name_th"),
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(published);
  const activeVariantIds = db
    .select({ id: variants.id })
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.isActive, true)));
  const [productRows, variantRows, optionRows, attributeRows, imageRows, saleRows, guideRows, related] = await db.batch([
    productQuery,
    db
      .select({
        id: variants.id,
        sku: variants.sku,
        priceSatang: variants.priceSatang,
        compareAtPriceSatang: variants.compareAtPriceSatang,
        stock: variants.stock,
      })
      .from(variants)
      .where(and(eq(variants.productId, productId), eq(variants.isActive, true)))
      .orderBy(asc(variants.sortOrder), asc(variants.id)),
    db
      .select({
        variantId: variantOptions.variantId,
        optionId: attributeOptions.id,
        attributeId: attributeOptions.attributeId,
        code: attributeOptions.code,
        nameEn: attributeOptions.nameEn,
        nameTh: attributeOptions.nameTh,
        colorHex: attributeOptions.colorHex,
        imageKey: attributeOptions.imageKey,
        sortOrder: attributeOptions.sortOrder,
      })
      .from(variantOptions)
      .innerJoin(attributeOptions, eq(attributeOptions.id, variantOptions.optionId))
      .where(inArray(variantOptions.variantId, activeVariantIds))
      .orderBy(asc(attributeOptions.sortOrder), asc(attributeOptions.id)),
    db
      .select({
        id: attributes.id,
        nameEn: attributes.nameEn,
        nameTh: attributes.nameTh,
        displayTypeId: attributes.displayTypeId,
        typeSort: productTypeAttributes.sortOrder,
      })
      .from(productTypeAttributes)
      .innerJoin(attributes, eq(attributes.id, productTypeAttributes.attributeId))
      .where(eq(productTypeAttributes.productTypeId, productColumn(products.productTypeId)))
      .orderBy(asc(productTypeAttributes.sortOrder), asc(attributes.sortOrder), asc(attributes.id)),
    db
      .select({
        id: productImages.id,
        optionId: productImages.optionId,
        imageKey: productImages.imageKey,
        altEn: productImages.altEn,
        altTh: productImages.altTh,
        width: productImages.width,
        height: productImages.height,
      })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.sortOrder), asc(productImages.id)),
    flashSaleCandidatesQuery(db, activeVariantIds, now),
    db
      .select(sizeGuideColumns)
      .from(sizeGuides)
      .where(eq(sizeGuides.id, productColumn(products.sizeGuideId))),
    selectProductCards(
      db,
      inArray(
        products.id,
        firstListedProductIds(db, relatedOrder, 4, and(eq(products.categoryId, productColumn(products.categoryId)), ne(products.id, productId))),
      ),
    ).orderBy(...relatedOrder),
  ]);
  const product = productRows[0];
  if (!product) return null;
  if (variantRows.length === 0) return null;

  const offers = offersFromRows(
    variantRows.map((row) => ({ variantId: row.id, priceSatang: row.priceSatang, compareAtPriceSatang: row.compareAtPriceSatang, stock: row.stock })),
    saleRows,
    now,
  );
  const productVariants: ProductVariant[] = variantRows.map((row) => ({
    id: row.id,
    sku: row.sku,
    stock: row.stock,
    optionIds: optionRows.filter((option) => option.variantId === row.id).map((option) => option.optionId),
    offer: offers.get(row.id)!,
  }));

  const productAttributes: ProductAttribute[] = [];
  for (const attribute of attributeRows) {
    if (attribute.displayTypeId === attributeDisplayTypeIds.hidden) continue;
    const options = new Map<number, ProductAttribute["options"][number]>();
    for (const option of optionRows) {
      if (option.attributeId !== attribute.id || options.has(option.optionId)) continue;
      options.set(option.optionId, {
        id: option.optionId,
        code: option.code,
        nameEn: option.nameEn,
        nameTh: option.nameTh,
        colorHex: option.colorHex,
        imageKey: option.imageKey,
      });
    }
    if (options.size)
      productAttributes.push({
        id: attribute.id,
        nameEn: attribute.nameEn,
        nameTh: attribute.nameTh,
        displayTypeId: attribute.displayTypeId,
        options: [...options.values()],
      });
  }

  const guideRow = guideRows[0];
  return {
    id: product.id,
    slug: product.slug,
    sku: product.sku,
    nameEn: product.nameEn,
    nameTh: product.nameTh,
    descriptionEn: product.descriptionEn,
    descriptionTh: product.descriptionTh,
    category: { id: product.categoryId, nameEn: product.categoryNameEn, nameTh: product.categoryNameTh },
    images: imageRows,
    variants: productVariants,
    attributes: productAttributes,
    sizeGuide: guideRow ? toSizeGuide(guideRow) : null,
    related,
  };
}
