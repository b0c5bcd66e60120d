import { type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

import { outerColumn } from "./outer-column";
import { variants } from "./schema/catalog";

/**
 * "Black / M": a variant's option names in attribute order, in one language ("" when it has none), as a
 * correlated subquery on the outer query's `variant` column (variants.id unless given) — read with the
 * row it labels, never in a second round trip. In a list cut by LIMIT, label in an outer query over the cut list:
 * SQLite works out a selected subquery for every row that matches before it sorts and cuts (the inventory list,
 * the flash-sale form's search).
 */
export function optionLabels(column: "name_en" | "name_th", variant: AnySQLiteColumn = variants.id): SQL<string> {
  return sql<string>`coalesce((SELECT group_concat(label, ' / ') FROM (
    SELECT attribute_options.${sql.raw(column)} AS label FROM variant_options
    JOIN attribute_options ON attribute_options.id = variant_options.option_id
    JOIN attributes ON attributes.id = attribute_options.attribute_id
    WHERE variant_options.variant_id = ${outerColumn(variant)}
    ORDER BY attributes.sort_order, attributes.id)), '')`;
}
