import { Link } from "react-router";

import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { baht } from "~/features/orders/orders-admin-ui";
import { localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { Thumbnail } from "~/ui/backend/form-page";
import { csvBaht, type ListColumn } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import { choiceFilter, type RecordListSpec } from "~/ui/backend/record-list";

import type { CustomProductListRow, PresetImageListRow } from "./custom-admin.server";

/**
 * The Customize group's lists (issue 15): custom products (search name or slug, status filter,
 * by sort order by default, sortable by name, price, designs) and preset images (search a name,
 * shown / hidden filter, by sort order). Columns for the page, the print view and the CSV.
 */
export const customProductStatusIds = [1, 2, 3] as const;

export const customProductListDefinition = defineList({
  sorts: ["sortOrder", "name", "price", "designs"],
  defaultSort: "sortOrder",
  defaultDirection: "asc",
  filters: { status: filter.id(customProductStatusIds) },
  pageSize: 50,
});
export type CustomProductListQuery = QueryOf<typeof customProductListDefinition>;

const statusTone = { 1: "success", 2: "neutral", 3: "warning" } as const;
const statusKey = (statusId: number) => `status.${statusId === 1 || statusId === 3 ? statusId : 2}`;

export const customProductListColumns: readonly ListColumn<CustomProductListRow>[] = [
  {
    id: "image",
    label: "products.columns.image",
    className: "w-16",
    screenOnly: true,
    cell: (product) => <Thumbnail imageKey={product.frontImageKey} size={40} />,
  },
  {
    id: "name",
    label: "products.columns.name",
    sort: "name",
    cell: (product, { locale }) => (
      <>
        <Link to={localizePath(locale, `/backend/customizes/form/${product.id}`)} className="font-semibold text-primary-dark underline">
          {localized(product, "name", locale)}
        </Link>
        <div className="font-mono text-xs text-ink-muted">{product.slug}</div>
      </>
    ),
    csv: (product, { locale }) => localized(product, "name", locale),
  },
  { id: "slug", label: "fields.slug", csv: (product) => product.slug },
  {
    id: "basePrice",
    label: "products.columns.basePrice",
    sort: "price",
    numeric: true,
    className: "whitespace-nowrap",
    cell: (product, { locale }) => baht(product.basePriceSatang, locale),
    csv: (product) => csvBaht(product.basePriceSatang),
  },
  {
    id: "status",
    label: "products.columns.status",
    cell: (product, { t }) => <Badge tone={statusTone[product.statusId as 1 | 2 | 3] ?? "neutral"}>{t(statusKey(product.statusId))}</Badge>,
    csv: (product, { t }) => t(statusKey(product.statusId)),
  },
  {
    id: "attributes",
    label: "products.columns.attributes",
    numeric: true,
    className: "hidden sm:table-cell",
    cell: (product) => product.attributeCount,
    csv: (product) => product.attributeCount,
  },
  {
    id: "designs",
    label: "products.columns.designs",
    sort: "designs",
    numeric: true,
    cell: (product) => product.designCount,
    csv: (product) => product.designCount,
  },
];

export const presetImageActivity = ["active", "inactive"] as const;

export const presetImageListDefinition = defineList({
  sorts: ["sortOrder", "name"],
  defaultSort: "sortOrder",
  defaultDirection: "asc",
  filters: { active: filter.choice(presetImageActivity) },
  pageSize: 50,
});
export type PresetImageListQuery = QueryOf<typeof presetImageListDefinition>;

export const presetImageListColumns: readonly ListColumn<PresetImageListRow>[] = [
  {
    id: "image",
    label: "presetImages.columns.image",
    className: "w-16",
    cell: (image, { locale }) => <Thumbnail imageKey={image.imageKey} size={40} alt={localized(image, "name", locale)} />,
  },
  {
    id: "name",
    label: "presetImages.columns.name",
    sort: "name",
    cell: (image, { locale }) => {
      const name = localized(image, "name", locale);
      return (
        <>
          <Link to={`${localizePath(locale, "/backend/orders/preset-image")}/form?id=${image.id}`} className="font-semibold text-primary-dark underline">
            {name}
          </Link>
          {/* The name in the other language, to tell similar pictures apart. */}
          <div className="text-xs text-ink-muted">{[image.nameEn, image.nameTh].find((other) => other !== name)}</div>
        </>
      );
    },
  },
  { id: "nameEn", label: "fields.nameEn", csv: (image) => image.nameEn },
  { id: "nameTh", label: "fields.nameTh", csv: (image) => image.nameTh },
  {
    id: "active",
    label: "presetImages.columns.active",
    cell: (image, { t }) => <Badge tone={image.isActive ? "success" : "neutral"}>{t(image.isActive ? "presetImages.active" : "presetImages.inactive")}</Badge>,
    csv: (image, { t }) => t(image.isActive ? "presetImages.active" : "presetImages.inactive"),
  },
  {
    id: "sortOrder",
    label: "presetImages.columns.sortOrder",
    sort: "sortOrder",
    numeric: true,
    cell: (image) => image.sortOrder,
    csv: (image) => image.sortOrder,
  },
];

export const customProductListSpec: RecordListSpec<CustomProductListRow, CustomProductListQuery["sort"], CustomProductListQuery["filters"]> = {
  path: "/backend/customizes",
  namespace: "customizeAdmin",
  definition: customProductListDefinition,
  columns: customProductListColumns,
  text: {
    heading: "products.heading",
    intro: "products.intro",
    newItem: "products.newProduct",
    searchPlaceholder: "products.searchPlaceholder",
    empty: "products.empty",
    emptyFiltered: "lists.emptyFiltered",
  },
  testIds: { list: "custom-product-list", row: "custom-product-row", newItem: "new-custom-product" },
  rowName: (product, locale) => localized(product, "name", locale),
  choiceFilters: [
    choiceFilter({
      name: "status",
      label: "products.columns.status",
      all: "lists.all",
      values: customProductStatusIds,
      valueKey: (statusId) => `status.${statusId}`,
    }),
  ],
};

export const presetImageListSpec: RecordListSpec<PresetImageListRow, PresetImageListQuery["sort"], PresetImageListQuery["filters"]> = {
  path: "/backend/orders/preset-image",
  namespace: "customizeAdmin",
  definition: presetImageListDefinition,
  columns: presetImageListColumns,
  text: {
    heading: "presetImages.heading",
    intro: "presetImages.intro",
    newItem: "presetImages.newImage",
    searchPlaceholder: "presetImages.searchPlaceholder",
    empty: "presetImages.empty",
    emptyFiltered: "lists.emptyFiltered",
  },
  testIds: { list: "preset-image-list", row: "preset-image-row", newItem: "new-preset-image" },
  rowName: (image, locale) => localized(image, "name", locale),
  choiceFilters: [
    choiceFilter({
      name: "active",
      label: "presetImages.columns.active",
      all: "lists.all",
      values: presetImageActivity,
      valueKey: (value) => `presetImages.${value}`,
    }),
  ],
};
