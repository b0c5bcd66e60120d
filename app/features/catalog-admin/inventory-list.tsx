import { Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { formatDecimal } from "~/domain/number-format";
import { stockLabel } from "~/domain/stock-label";
import { intlLocale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import type { ListColumn, ListContext } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import type { RecordListSpec } from "~/ui/backend/record-list";

/**
 * The inventory list (spec §2 /backend/products/inventory; issue 4 item 9, issue 15): stock per
 * variant with search (name or SKU), category and low-stock filters, sort by product, SKU or
 * stock; its CSV reads straight back into the import (the headers `sku … stock` in both
 * languages: app/domain/inventory-csv.ts looks for them).
 */
export const inventoryStockFilters = ["low", "out"] as const;

export const inventoryListDefinition = defineList({
  sorts: ["product", "sku", "stock"],
  defaultSort: "product",
  defaultDirection: "asc",
  filters: { category: filter.id(), stock: filter.choice(inventoryStockFilters) },
  pageSize: 20,
});
export type InventoryListQuery = QueryOf<typeof inventoryListDefinition>;

export interface InventoryListRow {
  id: number;
  sku: string;
  stock: number;
  productNameEn: string;
  productNameTh: string;
  optionsEn: string;
  optionsTh: string;
  /** Open back-in-stock requests (issue 20). */
  waiting: number;
}

const variantPath = (row: InventoryListRow, { locale }: ListContext) => localizePath(locale, `/backend/products/inventory/${row.id}`);
const stockBadge = (row: InventoryListRow, { t }: ListContext) => {
  const label = stockLabel(row.stock);
  return <Badge tone={label.tone}>{t(`labels.${label.label}`)}</Badge>;
};

export const inventoryListColumns: readonly ListColumn<InventoryListRow>[] = [
  {
    id: "product",
    label: "columns.product",
    sort: "product",
    cell: (row, context) => (
      <>
        {/* The name is also a way in: on a phone the SKU, status and action columns are hidden. */}
        <Link to={variantPath(row, context)} className="font-semibold text-primary-dark hover:underline" data-testid="variant-link">
          {localized(row, "productName", context.locale)}
        </Link>
        {localized(row, "options", context.locale) ? <span className="block text-xs text-ink-muted">{localized(row, "options", context.locale)}</span> : null}
        <span className="block font-mono text-xs text-ink-muted sm:hidden print:hidden">{row.sku}</span>
      </>
    ),
  },
  {
    id: "sku",
    label: "columns.sku",
    sort: "sku",
    className: "hidden font-mono text-xs whitespace-nowrap sm:table-cell",
    cell: (row) => <span data-sku={row.sku}>{row.sku}</span>,
  },
  {
    id: "stock",
    label: "columns.stock",
    sort: "stock",
    numeric: true,
    cell: (row, context) => (
      <>
        <span className="tabular-nums" data-testid="stock">
          {formatDecimal(row.stock, intlLocale(context.locale), 3)}
        </span>
        <span className="mt-1 block sm:hidden print:hidden">{stockBadge(row, context)}</span>
      </>
    ),
  },
  { id: "status", label: "columns.status", className: "hidden sm:table-cell", cell: stockBadge },
  {
    id: "waiting",
    label: "columns.waiting",
    numeric: true,
    className: "hidden sm:table-cell",
    cell: (row, context) => (
      <span className="tabular-nums" data-testid="waiting" data-count={row.waiting} title={context.t("waiting.count", { count: row.waiting })}>
        {row.waiting ? formatDecimal(row.waiting, intlLocale(context.locale), 3) : "—"}
      </span>
    ),
  },
  {
    id: "actions",
    label: "columns.actions",
    className: "hidden text-right whitespace-nowrap sm:table-cell",
    screenOnly: true,
    cell: (row, context) => (
      <Link to={variantPath(row, context)} className="font-semibold text-primary-dark underline" aria-label={context.t("manageLabel", { sku: row.sku })}>
        {context.t("manage")}
      </Link>
    ),
  },
  // The file's columns: the import reads `sku` and `stock` back (app/domain/inventory-csv.ts).
  { id: "csvSku", label: "csv.sku", csv: (row) => row.sku },
  { id: "csvNameEn", label: "csv.productNameEn", csv: (row) => row.productNameEn },
  { id: "csvNameTh", label: "csv.productNameTh", csv: (row) => row.productNameTh },
  { id: "csvOptions", label: "csv.options", csv: (row, { locale }) => localized(row, "options", locale) },
  { id: "csvStock", label: "csv.stock", csv: (row) => row.stock },
];

export const inventoryListSpec: RecordListSpec<InventoryListRow, InventoryListQuery["sort"], InventoryListQuery["filters"]> = {
  path: "/backend/products/inventory",
  namespace: "inventory",
  definition: inventoryListDefinition,
  columns: inventoryListColumns,
  text: { heading: "heading", intro: "intro", searchPlaceholder: "filters.searchPlaceholder", empty: "emptyAll", emptyFiltered: "empty" },
  testIds: { list: "inventory-list", row: "inventory-row" },
  rowName: (row) => row.sku,
};

/** A stock movement as the variant page lists it (the row of inventory.server.ts, without importing server code). */
export interface StockMovementView {
  id: number;
  delta: number;
  stockAfter: number;
  reason: string;
  note: string | null;
  orderId: number | null;
  staffName: string | null;
  createdAt: number;
}

/** A variant's stock history (/backend/products/inventory/:variantId), newest first, a page at a time. */
export const stockMovementColumns: readonly ListColumn<StockMovementView>[] = [
  {
    id: "date",
    label: "history.columns.date",
    className: "whitespace-nowrap",
    cell: (movement, { locale }) => formatDate(movement.createdAt, locale, { dateStyle: "medium", timeStyle: "short" }),
  },
  {
    id: "change",
    label: "history.columns.change",
    numeric: true,
    cell: (movement, { locale }) => (
      <span className={`font-semibold ${movement.delta < 0 ? "text-error" : "text-success"}`} data-testid="delta">
        {formatDecimal(movement.delta, intlLocale(locale), 3, "exceptZero")}
      </span>
    ),
  },
  {
    id: "after",
    label: "history.columns.after",
    numeric: true,
    cell: (movement, { locale }) => <span data-testid="after">{formatDecimal(movement.stockAfter, intlLocale(locale), 3)}</span>,
  },
  {
    id: "reason",
    label: "history.columns.reason",
    className: "whitespace-nowrap",
    cell: (movement, { t }) => <span data-testid="reason">{t(`reasons.${movement.reason}`)}</span>,
  },
  { id: "note", label: "history.columns.note", className: "min-w-40 break-words", cell: (movement) => <span data-testid="note">{movement.note || "—"}</span> },
  {
    id: "staff",
    label: "history.columns.staff",
    className: "hidden whitespace-nowrap sm:table-cell",
    cell: (movement, { t }) => movement.staffName ?? (movement.orderId !== null ? t("history.order", { id: movement.orderId }) : "—"),
  },
];
