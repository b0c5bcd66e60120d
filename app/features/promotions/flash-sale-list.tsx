import { Link } from "react-router";

import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { type FlashSaleState, flashSaleState, flashSaleStates } from "~/domain/promotions";
import { dateTime } from "~/features/orders/orders-admin-ui";
import { localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { csvDateTime, type ListColumn } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import { choiceFilter, type RecordListSpec } from "~/ui/backend/record-list";

import type { FlashSaleListRow } from "./flash-sales.server";

/**
 * The flash-sale list (spec §2 /backend/promotion/flash-sale; issue 16): search by name, filter by
 * state (scheduled, live, ended, inactive), sort by start, end or name; each sale's items with
 * sold / units.
 */
export const flashSaleListDefinition = defineList({
  sorts: ["starts", "ends", "name", "created"],
  defaultSort: "starts",
  defaultDirection: "desc",
  filters: { state: filter.choice(flashSaleStates) },
  pageSize: 20,
});
export type FlashSaleListQuery = QueryOf<typeof flashSaleListDefinition>;

export const saleStateTones: Record<FlashSaleState, "success" | "warning" | "neutral"> = {
  live: "success",
  scheduled: "warning",
  ended: "neutral",
  inactive: "neutral",
};

export function flashSaleColumns(now: number): readonly ListColumn<FlashSaleListRow>[] {
  const state = (sale: FlashSaleListRow) => flashSaleState(sale, now);
  return [
    {
      id: "name",
      label: "flashSales.columns.name",
      sort: "name",
      cell: (sale, { t, locale }) => (
        <Link
          to={localizePath(locale, `/backend/promotion/flash-sale/form/${sale.id}`)}
          className="font-semibold text-primary-dark underline"
          aria-label={t("flashSales.edit", { name: localized(sale, "name", locale) })}
        >
          {localized(sale, "name", locale)}
        </Link>
      ),
      csv: (sale, { locale }) => localized(sale, "name", locale),
    },
    {
      id: "state",
      label: "flashSales.columns.state",
      cell: (sale, { t }) => (
        <Badge tone={saleStateTones[state(sale)]} testId={`sale-state-${state(sale)}`}>
          {t(`flashSales.states.${state(sale)}`)}
        </Badge>
      ),
      csv: (sale, { t }) => t(`flashSales.states.${state(sale)}`),
    },
    {
      id: "period",
      label: "flashSales.columns.period",
      sort: "starts",
      className: "hidden md:table-cell whitespace-nowrap",
      cell: (sale, { locale }) => `${dateTime(sale.startsAt, locale)} – ${dateTime(sale.endsAt, locale)}`,
    },
    {
      id: "items",
      label: "flashSales.columns.items",
      numeric: true,
      cell: (sale) => `${sale.items} (${sale.sold} / ${sale.cap})`,
      csv: (sale) => `${sale.items} (${sale.sold} / ${sale.cap})`,
    },
    { id: "startsAt", label: "flashSales.columns.startsAt", csv: (sale) => csvDateTime(sale.startsAt) },
    { id: "endsAt", label: "flashSales.columns.endsAt", csv: (sale) => csvDateTime(sale.endsAt) },
  ];
}

/** The list page's wiring; the columns come from the loader's `now` (flashSaleColumns). No CSV route yet. */
export const flashSaleListSpec: RecordListSpec<FlashSaleListRow, FlashSaleListQuery["sort"], FlashSaleListQuery["filters"]> = {
  path: "/backend/promotion/flash-sale",
  namespace: "promotions",
  definition: flashSaleListDefinition,
  csv: false,
  text: {
    heading: "flashSales.heading",
    intro: "flashSales.intro",
    newItem: "flashSales.new",
    searchPlaceholder: "flashSales.searchPlaceholder",
    empty: "flashSales.emptyAll",
    emptyFiltered: "flashSales.empty",
  },
  testIds: { list: "flash-sale-list", row: "flash-sale-row", newItem: "new-flash-sale" },
  rowName: (sale) => sale.nameEn,
  choiceFilters: [
    choiceFilter({
      name: "state",
      label: "flashSales.columns.state",
      all: "flashSales.states.all",
      values: flashSaleStates,
      valueKey: (state) => `flashSales.states.${state}`,
    }),
  ],
};
