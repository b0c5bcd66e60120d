import { Link } from "react-router";

import { productKinds, productStatusIds } from "~/domain/catalog";
import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { type Locale, locales, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { Thumbnail } from "~/ui/backend/form-page";
import { csvBaht, type ListColumn, type ListContext } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import type { RecordListSpec } from "~/ui/backend/record-list";
import { Price } from "~/ui/price";

/**
 * The catalogue's back-office lists (spec §2 /backend/products/…; issue 4 item 8, issue 15): all
 * products, categories, product types and attributes on the one list pattern
 * (app/ui/backend/README.md "List pages") — what each URL may say and what each column shows on the
 * page, in the print view and in the CSV export. Rows come from products-admin.server.ts and
 * taxonomy-admin.server.ts.
 */
export const productStatuses = [productStatusIds.published, productStatusIds.draft, productStatusIds.hidden] as const;

export const productListDefinition = defineList({
  sorts: ["created", "name", "sku", "price", "stock"],
  defaultSort: "created",
  defaultDirection: "desc",
  filters: { category: filter.id(), status: filter.id(productStatuses), kind: filter.choice(productKinds) },
  pageSize: 20,
});
export type ProductListQuery = QueryOf<typeof productListDefinition>;

/** The small lists are ordered by hand (sort order) by default; a search narrows them. */
const taxonomyList = <const Sort extends string>(sorts: readonly [Sort, ...Sort[]]) =>
  defineList({ sorts, defaultSort: sorts[0], defaultDirection: "asc", filters: {}, pageSize: 50 });

export const categoryListDefinition = taxonomyList(["order", "name", "slug", "products"]);
export const productTypeListDefinition = taxonomyList(["order", "name", "products"]);
export const attributeListDefinition = taxonomyList(["order", "name", "code", "options", "types"]);
export type CategoryListQuery = QueryOf<typeof categoryListDefinition>;
export type ProductTypeListQuery = QueryOf<typeof productTypeListDefinition>;
export type AttributeListQuery = QueryOf<typeof attributeListDefinition>;

interface Named {
  id: number;
  nameEn: string;
  nameTh: string;
}

export interface ProductListRow extends Named {
  sku: string;
  kind: (typeof productKinds)[number];
  statusId: number;
  categoryNameEn: string;
  categoryNameTh: string;
  minPriceSatang: number | null;
  maxPriceSatang: number | null;
  stock: number;
  variantCount: number;
  imageKey: string | null;
}
export interface CategoryListRow extends Named {
  slug: string;
  imageKey: string | null;
  sortOrder: number;
  productCount: number;
}
export interface ProductTypeListRow extends Named {
  productCount: number;
  attributes: { nameEn: string; nameTh: string }[];
}
export interface AttributeListRow extends Named {
  code: string;
  displayTypeId: number;
  sortOrder: number;
  optionCount: number;
  typeCount: number;
}

const statusTones = { 1: "success", 2: "neutral", 3: "warning" } as const;
const statusKey = (statusId: number) => `statuses.${statusId}`;

/** The row's name, linked to its edit form (`<path>/form/<id>`). */
function nameLink(path: string, viewKey?: string) {
  return (row: Named, { t, locale }: ListContext) => (
    <Link
      to={localizePath(locale, `${path}/form/${row.id}`)}
      className="font-semibold text-primary-dark underline"
      aria-label={viewKey ? t(viewKey, { name: localized(row, "name", locale) }) : undefined}
    >
      {localized(row, "name", locale)}
    </Link>
  );
}

/** Both names in the CSV: a spreadsheet is read by people of either language. */
const nameColumns = <Row extends Named>(): ListColumn<Row>[] => [
  { id: "nameEn", label: "fields.nameEn", csv: (row) => row.nameEn },
  { id: "nameTh", label: "fields.nameTh", csv: (row) => row.nameTh },
];
const count = <Row,>(id: string, label: string, value: (row: Row) => number, sort?: string): ListColumn<Row> => ({
  id,
  label,
  sort,
  numeric: true,
  cell: value,
  csv: value,
});

export const productListColumns: readonly ListColumn<ProductListRow>[] = [
  {
    id: "image",
    label: "products.columns.image",
    className: "w-16",
    screenOnly: true,
    cell: (product) => <Thumbnail imageKey={product.imageKey} size={48} alt="" />,
  },
  {
    id: "name",
    label: "products.columns.name",
    sort: "name",
    className: "min-w-44",
    cell: (product, context) => (
      <>
        {nameLink("/backend/products/all-product", "products.view")(product, context)}
        <div className="text-xs text-ink-muted">
          <span className="font-mono">{product.sku}</span> · {context.t(`kinds.${product.kind}`)} ·{" "}
          {context.t("products.variantCount", { count: product.variantCount })}
        </div>
        {/* On a phone the category and status columns are hidden: shown here instead. */}
        <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-ink-muted md:hidden print:hidden">
          <span>{localized(product, "categoryName", context.locale)}</span>
          <span className="sm:hidden">
            <Badge tone={statusTones[product.statusId as 1 | 2 | 3] ?? "neutral"}>{context.t(statusKey(product.statusId))}</Badge>
          </span>
        </div>
      </>
    ),
  },
  { id: "sku", label: "fields.sku", sort: "sku", csv: (product) => product.sku },
  ...nameColumns<ProductListRow>(),
  { id: "kind", label: "products.columns.kind", csv: (product, { t }) => t(`kinds.${product.kind}`) },
  {
    id: "category",
    label: "products.columns.category",
    className: "hidden md:table-cell",
    cell: (product, { locale }) => localized(product, "categoryName", locale),
    csv: (product, { locale }) => localized(product, "categoryName", locale),
  },
  {
    id: "status",
    label: "products.columns.status",
    className: "hidden sm:table-cell",
    cell: (product, { t }) => <Badge tone={statusTones[product.statusId as 1 | 2 | 3] ?? "neutral"}>{t(statusKey(product.statusId))}</Badge>,
    csv: (product, { t }) => t(statusKey(product.statusId)),
  },
  {
    id: "price",
    label: "products.columns.price",
    sort: "price",
    numeric: true,
    className: "whitespace-nowrap",
    cell: (product) => (product.minPriceSatang === null ? "—" : <Price satang={product.minPriceSatang} maxSatang={product.maxPriceSatang ?? undefined} />),
    csv: (product) => (product.minPriceSatang === null ? "" : csvBaht(product.minPriceSatang)),
  },
  {
    id: "maxPrice",
    label: "products.columns.maxPrice",
    csv: (product) => (product.maxPriceSatang === null ? "" : csvBaht(product.maxPriceSatang)),
  },
  {
    id: "stock",
    label: "products.columns.stock",
    sort: "stock",
    numeric: true,
    cell: (product) => <span className={product.stock <= 0 ? "text-error" : product.stock <= 5 ? "text-warning" : undefined}>{product.stock}</span>,
    csv: (product) => product.stock,
  },
];

export const categoryListColumns: readonly ListColumn<CategoryListRow>[] = [
  {
    id: "image",
    label: "categories.columns.image",
    className: "w-16",
    screenOnly: true,
    cell: (category) => <Thumbnail imageKey={category.imageKey} size={40} />,
  },
  {
    id: "name",
    label: "categories.columns.name",
    sort: "name",
    cell: (category, context) => (
      <>
        {nameLink("/backend/products/category")(category, context)}
        {/* The other language's name, for staff who search in it. */}
        <div className="text-xs text-ink-muted">
          {localized(
            category,
            "name",
            locales.find((other) => other !== context.locale)!,
          )}
        </div>
      </>
    ),
  },
  ...nameColumns<CategoryListRow>(),
  {
    id: "slug",
    label: "categories.columns.slug",
    sort: "slug",
    className: "font-mono text-xs",
    cell: (category) => category.slug,
    csv: (category) => category.slug,
  },
  count("products", "categories.columns.products", (category) => category.productCount, "products"),
  count("order", "categories.columns.sortOrder", (category) => category.sortOrder, "order"),
];

export const productTypeListColumns: readonly ListColumn<ProductTypeListRow>[] = [
  { id: "name", label: "types.columns.name", sort: "name", cell: nameLink("/backend/products/type") },
  ...nameColumns<ProductTypeListRow>(),
  {
    id: "attributes",
    label: "types.columns.attributes",
    cell: (type, { locale }) => type.attributes.map((attribute) => localized(attribute, "name", locale)).join(" × ") || "—",
    csv: (type, { locale }) => type.attributes.map((attribute) => localized(attribute, "name", locale)).join(" × "),
  },
  count("products", "types.columns.products", (type) => type.productCount, "products"),
];

const displayType = (attribute: AttributeListRow, { t }: ListContext) =>
  t(`displayTypes.${attribute.displayTypeId}`, { defaultValue: String(attribute.displayTypeId) });

export const attributeListColumns: readonly ListColumn<AttributeListRow>[] = [
  { id: "name", label: "attributes.columns.name", sort: "name", cell: nameLink("/backend/products/attribute") },
  ...nameColumns<AttributeListRow>(),
  {
    id: "code",
    label: "attributes.columns.code",
    sort: "code",
    className: "font-mono text-xs",
    cell: (attribute) => attribute.code,
    csv: (attribute) => attribute.code,
  },
  { id: "displayType", label: "attributes.columns.displayType", cell: displayType, csv: displayType },
  count("options", "attributes.columns.options", (attribute) => attribute.optionCount, "options"),
  count("types", "attributes.columns.types", (attribute) => attribute.typeCount, "types"),
];

const nameOf = (row: Named, locale: Locale) => localized(row, "name", locale);

export const productListSpec: RecordListSpec<ProductListRow, ProductListQuery["sort"], ProductListQuery["filters"]> = {
  path: "/backend/products/all-product",
  namespace: "catalogAdmin",
  definition: productListDefinition,
  columns: productListColumns,
  text: {
    heading: "products.heading",
    intro: "products.intro",
    newItem: "products.newProduct",
    searchPlaceholder: "products.searchPlaceholder",
    empty: "products.emptyAll",
    emptyFiltered: "products.empty",
  },
  testIds: { list: "product-list", row: "product-row", newItem: "new-product" },
  rowName: nameOf,
};

export const categoryListSpec: RecordListSpec<CategoryListRow, CategoryListQuery["sort"], CategoryListQuery["filters"]> = {
  path: "/backend/products/category",
  namespace: "catalogAdmin",
  definition: categoryListDefinition,
  columns: categoryListColumns,
  text: {
    heading: "categories.heading",
    intro: "categories.intro",
    newItem: "categories.newCategory",
    searchPlaceholder: "categories.searchPlaceholder",
    empty: "categories.empty",
    emptyFiltered: "lists:emptyFiltered",
  },
  testIds: { list: "category-list", row: "category-row", newItem: "new-category" },
  rowName: nameOf,
};

export const productTypeListSpec: RecordListSpec<ProductTypeListRow, ProductTypeListQuery["sort"], ProductTypeListQuery["filters"]> = {
  path: "/backend/products/type",
  namespace: "catalogAdmin",
  definition: productTypeListDefinition,
  columns: productTypeListColumns,
  text: { heading: "types.heading", intro: "types.intro", newItem: "types.newType", empty: "types.empty", emptyFiltered: "lists:emptyFiltered" },
  testIds: { list: "type-list", row: "type-row", newItem: "new-type" },
  rowName: nameOf,
};

export const attributeListSpec: RecordListSpec<AttributeListRow, AttributeListQuery["sort"], AttributeListQuery["filters"]> = {
  path: "/backend/products/attribute",
  namespace: "catalogAdmin",
  definition: attributeListDefinition,
  columns: attributeListColumns,
  text: {
    heading: "attributes.heading",
    intro: "attributes.intro",
    newItem: "attributes.newAttribute",
    searchPlaceholder: "attributes.searchPlaceholder",
    empty: "attributes.empty",
    emptyFiltered: "lists:emptyFiltered",
  },
  testIds: { list: "attribute-list", row: "attribute-row", newItem: "new-attribute" },
  rowName: nameOf,
};
