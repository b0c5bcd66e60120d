import { Link } from "react-router";

import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { formatDecimal } from "~/domain/number-format";
import { shippingMethodNames } from "~/domain/shipping";
import { intlLocale, type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { csvBaht, type ListColumn, type Translate } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import { choiceFilter, type RecordListSpec } from "~/ui/backend/record-list";

import { baht } from "./orders-admin-ui";
import { shippingBases, shippingZones } from "./shipping-rate-schemas";
import type { ShippingRateListRow } from "./shipping-rates-admin.server";

/**
 * The shipping-rate list (spec §2 /backend/shipping-rates; issue 15): search on country code or
 * carrier; filters method, zone, basis and active; by default as checkout reads them (zone,
 * method, country, bracket); sortable by price and delivery days. Columns for the page, print, CSV.
 */
export const rateActivity = ["active", "inactive"] as const;

export const shippingRateListDefinition = defineList({
  sorts: ["zone", "method", "bracket", "price", "days"],
  defaultSort: "zone",
  defaultDirection: "asc",
  filters: {
    method: filter.choice(shippingMethodNames),
    zone: filter.choice(shippingZones),
    basis: filter.choice(shippingBases),
    active: filter.choice(rateActivity),
  },
  pageSize: 50,
});
export type ShippingRateListQuery = QueryOf<typeof shippingRateListDefinition>;

const number = (value: number, locale: Locale) => formatDecimal(value, intlLocale(locale), 3);
const bracket = (rate: ShippingRateListRow, t: Translate, locale: Locale) =>
  rate.maxValue === null
    ? t("shippingRates.bracketOpen", { min: number(rate.minValue, locale) })
    : t("shippingRates.bracket", { min: number(rate.minValue, locale), max: number(rate.maxValue, locale) });
const activity = (rate: ShippingRateListRow, t: Translate) => t(rate.isActive ? "shippingRates.activeYes" : "shippingRates.activeNo");

export const shippingRateListColumns: readonly ListColumn<ShippingRateListRow>[] = [
  {
    id: "method",
    label: "shippingRates.columns.method",
    sort: "method",
    cell: (rate, { t, locale }) => (
      <Link to={localizePath(locale, `/backend/shipping-rates/form/${rate.id}`)} className="font-semibold text-primary-dark underline">
        {t(`methods.${rate.method}`)}
      </Link>
    ),
    csv: (rate, { t }) => t(`methods.${rate.method}`),
  },
  {
    id: "zone",
    label: "shippingRates.columns.zone",
    sort: "zone",
    className: "hidden sm:table-cell",
    cell: (rate, { t }) => t(`zones.${rate.zone}`),
    csv: (rate, { t }) => t(`zones.${rate.zone}`),
  },
  {
    id: "country",
    label: "shippingRates.columns.country",
    className: "hidden md:table-cell",
    cell: (rate, { t }) => rate.countryCode ?? t("shippingRates.anyCountry"),
    csv: (rate) => rate.countryCode,
  },
  {
    id: "carrier",
    label: "shippingRates.carrierColumn",
    className: "hidden md:table-cell",
    cell: (rate, { t, locale }) => localized(rate, "carrierName", locale) || t("shippingRates.anyCarrier"),
    csv: (rate, { locale }) => localized(rate, "carrierName", locale),
  },
  {
    id: "basis",
    label: "shippingRates.columns.basis",
    className: "hidden md:table-cell",
    cell: (rate, { t }) => t(`bases.${rate.basis}`),
    csv: (rate, { t }) => t(`bases.${rate.basis}`),
  },
  {
    id: "bracket",
    label: "shippingRates.columns.bracket",
    sort: "bracket",
    className: "whitespace-nowrap tabular-nums",
    cell: (rate, { t, locale }) => bracket(rate, t, locale),
    csv: (rate, { t, locale }) => bracket(rate, t, locale),
  },
  {
    id: "price",
    label: "shippingRates.columns.price",
    sort: "price",
    numeric: true,
    className: "whitespace-nowrap",
    cell: (rate, { locale }) => baht(rate.priceSatang, locale),
    csv: (rate) => csvBaht(rate.priceSatang),
  },
  {
    id: "days",
    label: "shippingRates.columns.days",
    sort: "days",
    className: "hidden sm:table-cell whitespace-nowrap",
    cell: (rate, { t }) => t("shippingRates.days", { min: rate.deliveryDaysMin, max: rate.deliveryDaysMax }),
    csv: (rate, { t }) => t("shippingRates.days", { min: rate.deliveryDaysMin, max: rate.deliveryDaysMax }),
  },
  {
    id: "active",
    label: "shippingRates.columns.active",
    cell: (rate, { t }) => <Badge tone={rate.isActive ? "success" : "neutral"}>{activity(rate, t)}</Badge>,
    csv: (rate, { t }) => activity(rate, t),
  },
];

export const shippingRateListSpec: RecordListSpec<ShippingRateListRow, ShippingRateListQuery["sort"], ShippingRateListQuery["filters"]> = {
  path: "/backend/shipping-rates",
  namespace: "ordersAdmin",
  definition: shippingRateListDefinition,
  columns: shippingRateListColumns,
  text: {
    heading: "shippingRates.heading",
    intro: "shippingRates.intro",
    newItem: "shippingRates.newRate",
    searchPlaceholder: "shippingRates.searchPlaceholder",
    empty: "shippingRates.empty",
    emptyFiltered: "shippingRates.emptyFiltered",
  },
  testIds: { list: "shipping-rate-list", row: "shipping-rate-row", newItem: "new-shipping-rate" },
  rowName: (rate) => `${rate.method} ${rate.zone} ${rate.countryCode ?? ""} ${rate.minValue}`,
  choiceFilters: [
    choiceFilter({
      name: "method",
      label: "shippingRates.columns.method",
      all: "common.all",
      values: shippingMethodNames,
      valueKey: (value) => `methods.${value}`,
    }),
    choiceFilter({ name: "zone", label: "shippingRates.columns.zone", all: "common.all", values: shippingZones, valueKey: (value) => `zones.${value}` }),
    choiceFilter({ name: "basis", label: "shippingRates.columns.basis", all: "common.all", values: shippingBases, valueKey: (value) => `bases.${value}` }),
    choiceFilter({
      name: "active",
      label: "shippingRates.columns.active",
      all: "common.all",
      values: rateActivity,
      valueKey: (value) => (value === "active" ? "shippingRates.activeYes" : "shippingRates.activeNo"),
    }),
  ],
};
