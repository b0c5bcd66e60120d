import { type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client";
import { outerColumn } from "~/db/outer-column";
import { products } from "~/db/schema/catalog";
import { productStatusIds } from "~/domain/catalog";
import { type FacetAttributeCode, facetAttributeCodes, facetCodePattern, type FacetFilters, type FacetName, hasFacetFilters } from "~/domain/facets";

/**
 * The SQL of the shop's filters (rule and URL: app/domain/facets.ts). Written as plain SQL with its own
 * aliases (fv, fo, fa…) so that no column can bind to an outer query's table by accident.
 */

/**
 * The price a shopper would pay for variant `fv` now: a live flash-sale price below its price, as the
 * product card and the cart show it (the same rule as isFlashSaleLive in app/domain/pricing.ts). The
 * range filters on this, not on the list price: a shopper asking for "under ฿300" during a sale means
 * what they would pay, and the card they then see says that price.
 */
function priceNow(now: number): SQL {
  return sql`coalesce((SELECT min(fsi.sale_price_satang) FROM flash_sale_items fsi
    JOIN flash_sales fs ON fs.id = fsi.flash_sale_id
    WHERE fsi.variant_id = fv.id AND fs.is_active = 1 AND fs.starts_at <= ${now} AND fs.ends_at > ${now}
      AND fsi.sold_count < fsi.quantity_cap AND fsi.sale_price_satang < fv.price_satang), fv.price_satang)`;
}

/**
 * A chosen option code as an SQL string literal. Inlined rather than bound: D1 allows 100 bound values
 * per statement and each list appears in several places. Safe because parseFacetFilters only lets
 * through letters, digits, "-" and "_"; anything else is refused here too.
 */
function codeList(codes: readonly string[]): SQL {
  return sql.raw(
    codes
      .map((code) => {
        if (!facetCodePattern.test(code)) throw new Error(`Not an option code: ${JSON.stringify(code)}`);
        return `'${code}'`;
      })
      .join(", "),
  );
}

/**
 * Variant `fv` has one of the chosen options of the attribute, or the choice names no option the
 * catalogue has (a stale or made-up code is ignored, not an empty page). Null when nothing is chosen.
 */
function optionChosen(attribute: FacetAttributeCode, codes: readonly string[]): SQL | null {
  if (codes.length === 0) return null;
  const list = codeList(codes);
  return sql`(NOT EXISTS (SELECT 1 FROM attribute_options ko JOIN attributes ka ON ka.id = ko.attribute_id WHERE ka.code = ${attribute} AND ko.code IN (${list}))
    OR EXISTS (SELECT 1 FROM variant_options fvo JOIN attribute_options fo ON fo.id = fvo.option_id JOIN attributes fa ON fa.id = fo.attribute_id
      WHERE fvo.variant_id = fv.id AND fa.code = ${attribute} AND fo.code IN (${list})))`;
}

/** Each filter as a condition on variant `fv` (whose price now is `price`), null when not in use. */
function variantConditions(filters: FacetFilters, price: SQL): Record<FacetName, SQL | null> {
  const bounds: SQL[] = [];
  if (filters.minSatang !== undefined) bounds.push(sql`${price} >= ${filters.minSatang}`);
  if (filters.maxSatang !== undefined) bounds.push(sql`${price} <= ${filters.maxSatang}`);
  return {
    size: optionChosen("size", filters.size),
    colour: optionChosen("colour", filters.colour),
    inStock: filters.inStock ? sql`fv.stock > 0` : null,
    price: bounds.length ? sql.join(bounds, sql` AND `) : null,
  };
}

function all(conditions: readonly (SQL | null)[]): SQL {
  const used = conditions.filter((condition): condition is SQL => condition !== null);
  return used.length ? sql.join(used, sql` AND `) : sql`1`;
}

/**
 * A condition on `products` (the listing's outer table): one active variant passes every filter.
 * Undefined when no filter is in use, so the plain listing stays as it was.
 */
export function facetFilterCondition(filters: FacetFilters, now: number): SQL | undefined {
  if (!hasFacetFilters(filters)) return undefined;
  const conditions = variantConditions(filters, priceNow(now));
  return sql`EXISTS (SELECT 1 FROM variants fv WHERE fv.product_id = ${outerColumn(products.id)} AND fv.is_active = 1 AND ${all(Object.values(conditions))})`;
}

export interface FacetOptionCount {
  facet: FacetAttributeCode;
  code: string;
  nameEn: string;
  nameTh: string;
  colorHex: string | null;
  /** Products the listing would show with this option (and every other facet's choices). */
  count: number;
  sortOrder: number;
}

export interface FacetCountRows {
  options: FacetOptionCount[];
  /** Products left with "in stock only" ticked (and every other choice). */
  inStock: number;
  /** Lowest and highest price now of the variants the other filters leave (for the price boxes' hints), null when none. */
  priceRange: { minSatang: number; maxSatang: number } | null;
}

interface FacetRow {
  facet: string;
  code: string | null;
  name_en: string | null;
  name_th: string | null;
  color_hex: string | null;
  sort_order: number | null;
  count: number | null;
  low: number | null;
  high: number | null;
}

/**
 * The counts of every option in ONE statement (run it in the page's batch): the listed products'
 * active variants, each with every filter's verdict (`judged`, materialized: the flash-sale price and
 * the option checks run once per variant), are grouped once by option; each size is counted under the
 * other filters but size, each colour under all but colour. The options shown are
 * those some listed product has, and any chosen one (so its chip can be removed even at 0). One more
 * row (one pass over `judged`): the "in stock" count and the price range.
 *
 * `listed` is the products the listing starts from (published, category, search): `from` is `products`,
 * or the search's derived table joined to it (`(…) AS search_match CROSS JOIN products ON …`).
 */
export function selectFacetCounts(db: Database, listing: { categoryId?: number; from?: SQL }, filters: FacetFilters, now: number) {
  const conditions = variantConditions(filters, sql`fv.fv_price`);
  const category = listing.categoryId !== undefined ? sql`AND products.category_id = ${listing.categoryId}` : sql``;
  const from = listing.from ?? sql`products`;
  const chosen = facetAttributeCodes
    .filter((attribute) => filters[attribute].length > 0)
    .map((attribute) => sql`(oa.code = ${attribute} AND oo.code IN (${codeList(filters[attribute])}))`);
  const keep = chosen.length ? sql`(counted.option_id IS NOT NULL OR ${sql.join(chosen, sql` OR `)})` : sql`counted.option_id IS NOT NULL`;
  // Each filter's verdict (1 or 0), computed once per variant in `judged` and then only combined.
  const verdict = (name: FacetName) => {
    const condition = conditions[name];
    return condition ? sql`CASE WHEN ${condition} THEN 1 ELSE 0 END` : sql`1`;
  };
  const allBut = (except: FacetName) =>
    sql.raw(
      (["size", "colour", "inStock", "price"] as const)
        .filter((name) => name !== except)
        .map((name) => `judged.ok_${name} = 1`)
        .join(" AND "),
    );

  const statement = sql`WITH listed AS (
      SELECT products.id AS id FROM ${from}
      WHERE products.status_id = ${productStatusIds.published} ${category}
    ),
    listed_variants AS (
      SELECT fv.id AS id, fv.product_id AS product_id, fv.stock AS stock, ${priceNow(now)} AS fv_price
      FROM listed JOIN variants fv ON fv.product_id = listed.id
      WHERE fv.is_active = 1
    ),
    judged AS MATERIALIZED (
      SELECT fv.id AS id, fv.product_id AS product_id, fv.stock AS stock, fv.fv_price AS fv_price,
        ${verdict("size")} AS ok_size, ${verdict("colour")} AS ok_colour, ${verdict("inStock")} AS ok_inStock, ${verdict("price")} AS ok_price
      FROM listed_variants fv
    ),
    counted AS (
      SELECT vo.option_id AS option_id,
        count(DISTINCT CASE WHEN ${allBut("size")} THEN judged.product_id END) AS n_size,
        count(DISTINCT CASE WHEN ${allBut("colour")} THEN judged.product_id END) AS n_colour
      FROM judged
      JOIN variant_options vo ON vo.variant_id = judged.id
      GROUP BY vo.option_id
    )
    SELECT oa.code AS facet, oo.code AS code, oo.name_en AS name_en, oo.name_th AS name_th, oo.color_hex AS color_hex,
      oo.sort_order AS sort_order, coalesce(CASE oa.code WHEN 'size' THEN counted.n_size ELSE counted.n_colour END, 0) AS count, NULL AS low, NULL AS high
    FROM attributes oa
    JOIN attribute_options oo ON oo.attribute_id = oa.id
    LEFT JOIN counted ON counted.option_id = oo.id
    WHERE oa.code IN ('size', 'colour') AND ${keep}
    UNION ALL
    SELECT 'summary', NULL, NULL, NULL, NULL, NULL,
      count(DISTINCT CASE WHEN ${allBut("inStock")} AND judged.stock > 0 THEN judged.product_id END),
      min(CASE WHEN ${allBut("price")} THEN judged.fv_price END), max(CASE WHEN ${allBut("price")} THEN judged.fv_price END)
    FROM judged`;
  return facetRowsOf(db, statement);
}

/** A select over a statement of FacetRow columns (not db.all: Drizzle's D1 batch takes query builders only). */
function facetRowsOf(db: Database, statement: SQL) {
  const column = <T>(name: keyof FacetRow) => sql<T>`${sql.raw(`facet_rows.${name}`)}`;
  return db
    .select({
      facet: column<string>("facet"),
      code: column<string | null>("code"),
      name_en: column<string | null>("name_en"),
      name_th: column<string | null>("name_th"),
      color_hex: column<string | null>("color_hex"),
      sort_order: column<number | null>("sort_order"),
      count: column<number | null>("count"),
      low: column<number | null>("low"),
      high: column<number | null>("high"),
    })
    .from(sql`(${statement}) AS facet_rows`);
}

/** The statement's rows as counts, options in their catalogue order. */
export function facetCountsFrom(rows: readonly FacetRow[]): FacetCountRows {
  const options: FacetOptionCount[] = [];
  let inStock = 0;
  let priceRange: FacetCountRows["priceRange"] = null;
  for (const row of rows) {
    if (row.facet === "summary") {
      inStock = Number(row.count ?? 0);
      if (row.low !== null && row.high !== null) priceRange = { minSatang: Number(row.low), maxSatang: Number(row.high) };
    } else if ((row.facet === "size" || row.facet === "colour") && row.code !== null) {
      options.push({
        facet: row.facet,
        code: row.code,
        nameEn: row.name_en ?? row.code,
        nameTh: row.name_th ?? "",
        colorHex: row.color_hex,
        count: Number(row.count ?? 0),
        sortOrder: Number(row.sort_order ?? 0),
      });
    }
  }
  options.sort((a, b) => a.sortOrder - b.sortOrder || a.code.localeCompare(b.code));
  return { options, inStock, priceRange };
}

/**
 * Products with an item on a sale that is live now (switched on, started, not ended). A superset of the
 * products whose price now is below their list price (an item may be sold out or dearer): enough to read
 * them apart, since what is read apart is computed exactly. Few rows: the live sales' items.
 */
export function liveSaleProductIds(now: number): SQL {
  return sql`SELECT DISTINCT ls_v.product_id FROM flash_sales ls JOIN flash_sale_items ls_i ON ls_i.flash_sale_id = ls.id JOIN variants ls_v ON ls_v.id = ls_i.variant_id
    WHERE ls.is_active = 1 AND ls.starts_at <= ${now} AND ls.ends_at > ${now}`;
}

/**
 * A listing whose filters are kept counted (facet_counts, migrations/0028_flat_facets.sql): at most one
 * size, one colour, maybe "in stock", no price bounds and no search — every page without filters and
 * the one-filter pages shoppers open first. The chosen code becomes its option id (0, "any", for a
 * code the catalogue does not have: ignored, as facetFilterCondition ignores it).
 */
export interface CountedFacetKey {
  categoryId: number;
  size: SQL;
  colour: SQL;
  inStock: 0 | 1;
}

function optionIdOf(attribute: FacetAttributeCode, codes: readonly string[]): SQL {
  if (codes.length === 0) return sql`0`;
  return sql`coalesce((SELECT ko.id FROM attribute_options ko JOIN attributes ka ON ka.id = ko.attribute_id WHERE ka.code = ${attribute} AND ko.code IN (${codeList(codes)})), 0)`;
}

/** The counted key of a listing, or null when its filters need counting (then selectFacetCounts). */
export function countedFacetKey(filters: FacetFilters, categoryId: number | undefined): CountedFacetKey | null {
  if (filters.size.length > 1 || filters.colour.length > 1 || filters.minSatang !== undefined || filters.maxSatang !== undefined) return null;
  return {
    categoryId: categoryId ?? 0,
    size: optionIdOf("size", filters.size),
    colour: optionIdOf("colour", filters.colour),
    inStock: filters.inStock ? 1 : 0,
  };
}

/** The listing's total ("N products"): one row of facet_counts, none when nothing is listed. */
export function selectCountedTotal(db: Database, key: CountedFacetKey) {
  return db
    .select({ total: sql<number>`fc.products`.mapWith(Number) })
    .from(sql`facet_counts fc`)
    .where(
      sql`fc.category_id = ${key.categoryId} AND fc.size_option_id = ${key.size} AND fc.colour_option_id = ${key.colour} AND fc.in_stock = ${key.inStock}`,
    );
}

/**
 * selectFacetCounts's rows for a counted key, read from facet_counts (a few rows per option, whatever the
 * catalogue's size): each size under the chosen colour and stock, each colour under the chosen size and
 * stock, "in stock" under the chosen size and colour. An option is offered when a listed product has it
 * (its count with nothing chosen), as selectFacetCounts offers it.
 *
 * The price range: the lowest and highest list price behind the key (product_facet_keys' price indexes,
 * one entry per category), leaving out the products on a live sale, whose variants' prices now are
 * computed as selectFacetCounts does: a stored price cannot follow a sale that starts or ends with the
 * clock, so the sales are read live, and they are few.
 */
export function selectCountedFacets(db: Database, key: CountedFacetKey, filters: FacetFilters, now: number) {
  const chosen = facetAttributeCodes
    .filter((attribute) => filters[attribute].length > 0)
    .map((attribute) => sql`(oa.code = ${attribute} AND oo.code IN (${codeList(filters[attribute])}))`);
  const keep = chosen.length ? sql`(fa.products > 0 OR ${sql.join(chosen, sql` OR `)})` : sql`fa.products > 0`;
  const cat = key.categoryId;
  const live = liveSaleProductIds(now);
  const listedPrice = (column: "min_price_satang" | "max_price_satang", direction: "ASC" | "DESC", category: SQL) =>
    sql`(SELECT ${sql.raw(`k.${column}`)} FROM product_facet_keys k
      WHERE k.category_id = ${category} AND k.size_option_id = fk.s AND k.colour_option_id = fk.c AND k.in_stock = ${key.inStock} AND k.product_id NOT IN (${live})
      ORDER BY ${sql.raw(`k.${column} ${direction}`)} LIMIT 1)`;
  // Every category: the first index entry of each (categories are few), as no index spans them.
  const overListed = (aggregate: "min" | "max", column: "min_price_satang" | "max_price_satang", direction: "ASC" | "DESC") =>
    cat === 0
      ? sql`(SELECT ${sql.raw(aggregate)}(${listedPrice(column, direction, sql`pc.id`)}) FROM categories pc)`
      : listedPrice(column, direction, sql`${cat}`);
  // CROSS JOIN: from the live sales' products, never from the listing.
  const onSale = (aggregate: "min" | "max") => sql`(SELECT ${sql.raw(aggregate)}(${priceNow(now)})
      FROM (${live}) AS on_sale CROSS JOIN variants fv ON fv.product_id = on_sale.product_id CROSS JOIN products sp ON sp.id = fv.product_id
      WHERE fv.is_active = 1 AND sp.status_id = ${productStatusIds.published} ${cat === 0 ? sql`` : sql`AND sp.category_id = ${cat}`}
        AND (fk.s = 0 OR EXISTS (SELECT 1 FROM variant_options so WHERE so.variant_id = fv.id AND so.option_id = fk.s))
        AND (fk.c = 0 OR EXISTS (SELECT 1 FROM variant_options co WHERE co.variant_id = fv.id AND co.option_id = fk.c))
        ${key.inStock ? sql`AND fv.stock > 0` : sql``})`;
  // min(a, b) is NULL when either is: each side stands in for a missing other.
  const both = (fn: "min" | "max", a: SQL, b: SQL) => sql`${sql.raw(fn)}(coalesce(${a}, ${b}), coalesce(${b}, ${a}))`;

  const statement = sql`WITH fk AS MATERIALIZED (SELECT ${key.size} AS s, ${key.colour} AS c)
    SELECT oa.code AS facet, oo.code AS code, oo.name_en AS name_en, oo.name_th AS name_th, oo.color_hex AS color_hex,
      oo.sort_order AS sort_order, coalesce(fc.products, 0) AS count, NULL AS low, NULL AS high
    FROM fk CROSS JOIN attributes oa
    JOIN attribute_options oo ON oo.attribute_id = oa.id
    LEFT JOIN facet_counts fa ON fa.category_id = ${cat} AND fa.size_option_id = (CASE oa.code WHEN 'size' THEN oo.id ELSE 0 END)
      AND fa.colour_option_id = (CASE oa.code WHEN 'colour' THEN oo.id ELSE 0 END) AND fa.in_stock = 0
    LEFT JOIN facet_counts fc ON fc.category_id = ${cat} AND fc.size_option_id = (CASE oa.code WHEN 'size' THEN oo.id ELSE fk.s END)
      AND fc.colour_option_id = (CASE oa.code WHEN 'colour' THEN oo.id ELSE fk.c END) AND fc.in_stock = ${key.inStock}
    WHERE oa.code IN ('size', 'colour') AND ${keep}
    UNION ALL
    SELECT 'summary', NULL, NULL, NULL, NULL, NULL,
      coalesce((SELECT fcs.products FROM facet_counts fcs WHERE fcs.category_id = ${cat} AND fcs.size_option_id = fk.s AND fcs.colour_option_id = fk.c AND fcs.in_stock = 1), 0),
      ${both("min", overListed("min", "min_price_satang", "ASC"), onSale("min"))},
      ${both("max", overListed("max", "max_price_satang", "DESC"), onSale("max"))}
    FROM fk`;
  return facetRowsOf(db, statement);
}
