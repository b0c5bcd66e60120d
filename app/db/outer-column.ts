import { getTableName, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * A column of the OUTER query inside a correlated subquery, always "table"."column" (DESIGN §4.13).
 * In a one-table select Drizzle writes every column of a selected `sql` expression bare, so
 * `(SELECT … FROM order_lines WHERE order_id = ${orders.id})` renders `order_id = "id"`, which SQLite
 * binds to the subquery's own order_lines.id — every row then shows another order's lines.
 * `tests/unit` scans the *.server.ts sources for a subquery that names an outer table's column
 * without this helper.
 */
export function outerColumn(column: AnySQLiteColumn): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}
