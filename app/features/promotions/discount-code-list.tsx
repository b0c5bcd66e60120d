import { Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { type DiscountCodeState, discountCodeState, discountCodeStates } from "~/domain/promotions";
import { baht } from "~/features/orders/orders-admin-ui";
import { type Locale, localizePath } from "~/i18n/config";
import { csvBaht, csvDateTime, type ListColumn, type Translate } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import { choiceFilter, type RecordListSpec } from "~/ui/backend/record-list";

import type { DiscountCodeListRow } from "./discount-codes.server";

/**
 * The discount-code list (spec §2 /backend/promotion/code; issue 16): search by code, filter by
 * state, sort by code, creation, uses or the discount given; columns for the page, the print view
 * and the CSV.
 */
export const discountCodeListDefinition = defineList({
  sorts: ["created", "code", "uses", "given"],
  defaultSort: "created",
  defaultDirection: "desc",
  filters: { state: filter.choice(discountCodeStates) },
  pageSize: 20,
});
export type DiscountCodeListQuery = QueryOf<typeof discountCodeListDefinition>;

export const codeStateTones: Record<DiscountCodeState, "success" | "warning" | "error" | "neutral"> = {
  active: "success",
  scheduled: "warning",
  expired: "neutral",
  "used-up": "error",
  inactive: "neutral",
};

/** "10% (max ฿500)", "฿100", "Free shipping". */
export function discountLabel(code: Pick<DiscountCodeListRow, "type" | "value" | "maxDiscountSatang">, t: Translate, locale: Locale): string {
  if (code.type === "free_shipping") return t("codes.kinds.free_shipping");
  if (code.type === "fixed") return baht(code.value, locale);
  return code.maxDiscountSatang === null
    ? t("codes.percent", { value: code.value })
    : t("codes.percentCapped", { value: code.value, cap: baht(code.maxDiscountSatang, locale) });
}

const usesText = (code: DiscountCodeListRow) => (code.usageLimit === null ? `${code.usedCount} / ∞` : `${code.usedCount} / ${code.usageLimit}`);

/** The list is read at one moment (`now` from the loader), so the page, print view and CSV agree on states. */
export function discountCodeColumns(now: number): readonly ListColumn<DiscountCodeListRow>[] {
  const state = (code: DiscountCodeListRow) => discountCodeState(code, now);
  return [
    {
      id: "code",
      label: "codes.columns.code",
      sort: "code",
      cell: (code, { t, locale }) => (
        <Link
          to={localizePath(locale, `/backend/promotion/code/form/${code.id}`)}
          className="font-mono font-semibold text-primary-dark underline"
          aria-label={t("codes.edit", { code: code.code })}
        >
          {code.code}
        </Link>
      ),
      csv: (code) => code.code,
    },
    {
      id: "discount",
      label: "codes.columns.discount",
      cell: (code, { t, locale }) => discountLabel(code, t, locale),
      csv: (code, { t, locale }) => discountLabel(code, t, locale),
    },
    {
      id: "scope",
      label: "codes.columns.scope",
      className: "hidden lg:table-cell",
      cell: (code, { t }) => t(`codes.scopes.${code.scope}`),
      csv: (code, { t }) => t(`codes.scopes.${code.scope}`),
    },
    {
      id: "state",
      label: "codes.columns.state",
      cell: (code, { t }) => (
        <Badge tone={codeStateTones[state(code)]} testId={`code-state-${state(code)}`}>
          {t(`codes.states.${state(code)}`)}
        </Badge>
      ),
      csv: (code, { t }) => t(`codes.states.${state(code)}`),
    },
    { id: "uses", label: "codes.columns.uses", sort: "uses", numeric: true, cell: usesText, csv: usesText },
    {
      id: "given",
      label: "codes.columns.given",
      sort: "given",
      numeric: true,
      cell: (code, { locale }) => baht(code.givenSatang, locale),
      csv: (code) => csvBaht(code.givenSatang),
    },
    {
      id: "period",
      label: "codes.columns.period",
      className: "hidden md:table-cell whitespace-nowrap",
      cell: (code, { t, locale }) =>
        code.startsAt === null && code.endsAt === null
          ? t("codes.always")
          : `${code.startsAt === null ? "…" : formatDate(code.startsAt, locale)} – ${code.endsAt === null ? "…" : formatDate(code.endsAt, locale)}`,
    },
    { id: "startsAt", label: "codes.columns.startsAt", csv: (code) => csvDateTime(code.startsAt) },
    { id: "endsAt", label: "codes.columns.endsAt", csv: (code) => csvDateTime(code.endsAt) },
    { id: "minPurchase", label: "codes.columns.minPurchase", csv: (code) => csvBaht(code.minPurchaseSatang) },
  ];
}

/** The list page's wiring; the columns come from the loader's `now` (discountCodeColumns). */
export const discountCodeListSpec: RecordListSpec<DiscountCodeListRow, DiscountCodeListQuery["sort"], DiscountCodeListQuery["filters"]> = {
  path: "/backend/promotion/code",
  namespace: "promotions",
  definition: discountCodeListDefinition,
  text: {
    heading: "codes.heading",
    intro: "codes.intro",
    newItem: "codes.new",
    searchPlaceholder: "codes.searchPlaceholder",
    empty: "codes.emptyAll",
    emptyFiltered: "codes.empty",
  },
  testIds: { list: "code-list", row: "code-row", newItem: "new-code" },
  rowName: (code) => code.code,
  choiceFilters: [
    choiceFilter({
      name: "state",
      label: "codes.columns.state",
      all: "codes.states.all",
      values: discountCodeStates,
      valueKey: (state) => `codes.states.${state}`,
    }),
  ],
};
