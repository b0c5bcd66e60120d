import { and, asc, eq, gt, inArray, sql, type SQLWrapper } from "drizzle-orm";

import type { Database } from "~/db/client";
import { type PlaceholderValues, preparedRead } from "~/db/prepared-read";
import { attributeOptions, attributes, productImages, products, variantOptions, variants } from "~/db/schema/catalog";
import { flashSaleItems, flashSales } from "~/db/schema/promotions";
import { productStatusIds } from "~/domain/catalog";
import { type FlashSaleCandidate, type VariantOffer, variantOffer } from "~/domain/pricing";

/**
 * Variants as the shop sells them right now: product, options, picture, and the offer from
 * domain/pricing (price, flash sale, line max). The one place prices are read for the cart, so a
 * price never comes from the browser.
 */
export interface SellableVariant {
  variantId: number;
  sku: string;
  productId: number;
  productSlug: string;
  nameEn: string;
  nameTh: string;
  /** "Black / M" in each language (attribute sort order). */
  optionsEn: string;
  optionsTh: string;
  imageKey: string | null;
  /** Variant active and product published. */
  available: boolean;
  stock: number;
  offer: VariantOffer;
}

function candidatesByVariant(rows: (FlashSaleCandidate & { variantId: number })[]): Map<number, FlashSaleCandidate[]> {
  const map = new Map<number, FlashSaleCandidate[]>();
  for (const { variantId, ...item } of rows) map.set(variantId, [...(map.get(variantId) ?? []), item]);
  return map;
}

/** The flash-sale rows that may apply to these variants (the domain decides which one is live). */
/** `variantIds`: ids, or a subquery selecting them. */
export function flashSaleCandidatesQuery(db: Database, variantIds: number[] | SQLWrapper, now: number | SQLWrapper) {
  return db
    .select({
      variantId: flashSaleItems.variantId,
      flashSaleId: flashSales.id,
      salePriceSatang: flashSaleItems.salePriceSatang,
      quantityCap: flashSaleItems.quantityCap,
      soldCount: flashSaleItems.soldCount,
      isActive: flashSales.isActive,
      startsAt: flashSales.startsAt,
      endsAt: flashSales.endsAt,
    })
    .from(flashSaleItems)
    .innerJoin(flashSales, eq(flashSales.id, flashSaleItems.flashSaleId))
    .where(
      and(
        inArray(flashSaleItems.variantId, Array.isArray(variantIds) && variantIds.length === 0 ? [-1] : variantIds),
        eq(flashSales.isActive, true),
        gt(flashSales.endsAt, now),
      ),
    );
}

export function offersFromRows(
  variantRows: { variantId: number; priceSatang: number; compareAtPriceSatang: number | null; stock: number }[],
  saleRows: (FlashSaleCandidate & { variantId: number })[],
  now: number,
): Map<number, VariantOffer> {
  const sales = candidatesByVariant(saleRows);
  return new Map(variantRows.map((row) => [row.variantId, variantOffer({ ...row, flashSales: sales.get(row.variantId) ?? [] }, now)]));
}

export async function loadSellableVariants(db: Database, variantIds: number[], now: number): Promise<Map<number, SellableVariant>> {
  const ids = [...new Set(variantIds)].filter((id) => Number.isSafeInteger(id) && id > 0).slice(0, 90);
  if (ids.length === 0) return new Map();
  const [variantRows, optionRows, imageRows, saleRows] = await db.batch(sellableVariantQueries(db, ids, now));
  return sellableVariantsFromRows(variantRows, optionRows, imageRows, saleRows, now);
}

/**
 * The reads behind loadSellableVariants, for a caller that puts them in its own batch (the cart
 * page: owner, lines and prices in one round trip). `variantIds`: ids, or a subquery selecting them.
 */
export function sellableVariantQueries(db: Database, ids: number[] | SQLWrapper, now: number | SQLWrapper) {
  return [
    db
      .select({
        variantId: variants.id,
        sku: variants.sku,
        priceSatang: variants.priceSatang,
        compareAtPriceSatang: variants.compareAtPriceSatang,
        stock: variants.stock,
        isActive: variants.isActive,
        // Not products.id: D1 returns batched rows by column name, and a second "id" would clobber the first.
        productId: variants.productId,
        productSlug: products.slug,
        nameEn: products.nameEn,
        nameTh: products.nameTh,
        statusId: products.statusId,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(inArray(variants.id, ids)),
    db
      .select({ variantId: variantOptions.variantId, optionId: attributeOptions.id, nameEn: attributeOptions.nameEn, nameTh: attributeOptions.nameTh })
      .from(variantOptions)
      .innerJoin(attributeOptions, eq(attributeOptions.id, variantOptions.optionId))
      .innerJoin(attributes, eq(attributes.id, attributeOptions.attributeId))
      .where(inArray(variantOptions.variantId, ids))
      .orderBy(asc(attributes.sortOrder), asc(attributes.id)),
    db
      .select({ productId: productImages.productId, optionId: productImages.optionId, imageKey: productImages.imageKey })
      .from(productImages)
      .where(inArray(productImages.productId, db.select({ id: variants.productId }).from(variants).where(inArray(variants.id, ids))))
      .orderBy(asc(productImages.sortOrder), asc(productImages.id)),
    flashSaleCandidatesQuery(db, ids, now),
  ] as const;
}

/**
 * sellableVariantQueries as reads whose SQL is built once per isolate (app/db/prepared-read.ts), for
 * the variants `variantIds` selects (a subquery over the request's placeholders) at the placeholder
 * `now`: the rows sellableVariantsFromRows takes, read in the caller's turn (its round trip).
 */
export function sellableVariantReads(variantIds: (db: Database) => SQLWrapper) {
  const queries = (db: Database) => sellableVariantQueries(db, variantIds(db), sql.placeholder("now"));
  const variantRows = preparedRead((db) => queries(db)[0].prepare());
  const optionRows = preparedRead((db) => queries(db)[1].prepare());
  const imageRows = preparedRead((db) => queries(db)[2].prepare());
  const saleRows = preparedRead((db) => queries(db)[3].prepare());
  return (d1: D1Database, values: PlaceholderValues) =>
    Promise.all([variantRows.all(d1, values), optionRows.all(d1, values), imageRows.all(d1, values), saleRows.all(d1, values)]);
}

type SellableQueries = ReturnType<typeof sellableVariantQueries>;
type SellableRows = { [Index in keyof SellableQueries]: Awaited<SellableQueries[Index]> };

export function sellableVariantsFromRows(
  variantRows: SellableRows[0],
  optionRows: SellableRows[1],
  imageRows: SellableRows[2],
  saleRows: SellableRows[3],
  now: number,
): Map<number, SellableVariant> {
  const offers = offersFromRows(variantRows, saleRows, now);
  const result = new Map<number, SellableVariant>();
  for (const row of variantRows) {
    const options = optionRows.filter((option) => option.variantId === row.variantId);
    const optionIds = new Set(options.map((option) => option.optionId));
    const images = imageRows.filter((image) => image.productId === row.productId);
    const image = images.find((candidate) => candidate.optionId !== null && optionIds.has(candidate.optionId)) ?? images[0];
    result.set(row.variantId, {
      variantId: row.variantId,
      sku: row.sku,
      productId: row.productId,
      productSlug: row.productSlug,
      nameEn: row.nameEn,
      nameTh: row.nameTh,
      optionsEn: options.map((option) => option.nameEn).join(" / "),
      optionsTh: options.map((option) => option.nameTh).join(" / "),
      imageKey: image?.imageKey ?? null,
      available: row.isActive && row.statusId === productStatusIds.published,
      stock: row.stock,
      offer: offers.get(row.variantId)!,
    });
  }
  return result;
}
