import { SlidersHorizontal, X } from "lucide-react";
import { Form, Link } from "react-router";

import { type FacetAttributeCode, type FacetFilters, facetParams, maxPriceBaht, noFacetFilters, satangToBahtText } from "~/domain/facets";
import { useTranslation } from "~/i18n/translation";
import { useHydrated } from "~/ui/use-hydrated";

/** One size or colour a shopper can tick, in the page's language, with the products it would leave. */
export interface FacetOptionView {
  code: string;
  name: string;
  colorHex: string | null;
  count: number;
}

export interface ShopFacetsView {
  size: FacetOptionView[];
  colour: FacetOptionView[];
  inStock: number;
  /** The lowest and highest price (Baht text) the other filters leave: the price boxes' hints. */
  priceHint: { min: string; max: string } | null;
}

/** What the filter form keeps of the rest of the shop's query (hidden inputs). */
interface KeptQuery {
  category?: number;
  search?: string;
  sort?: string;
}

/** A chosen filter as a removable chip: what it says and where removing it leads. */
export interface FilterChipView {
  id: string;
  label: string;
  href: string;
}

/**
 * The shop's filters as ONE GET form (works without JavaScript: the Apply button; with it, a change
 * applies at once). Rendered twice by the page — the desktop sidebar and the phone's disclosure — so
 * `idPrefix` keeps the ids apart.
 */
export function FilterForm({
  action,
  idPrefix,
  facets,
  filters,
  kept,
}: {
  action: string;
  idPrefix: string;
  facets: ShopFacetsView;
  filters: FacetFilters;
  kept: KeptQuery;
}) {
  const { t } = useTranslation("catalog");
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      action={action}
      className="flex flex-col gap-5"
      data-testid="filter-form"
      data-hydrated={hydrated ? "true" : undefined}
      onChange={(event) => applyOnChange(event.target)}
    >
      {kept.category ? <input type="hidden" name="category" value={kept.category} /> : null}
      {kept.search ? <input type="hidden" name="search" value={kept.search} /> : null}
      {kept.sort ? <input type="hidden" name="sort" value={kept.sort} /> : null}
      <OptionFieldset attribute="size" legend={t("filters.size")} options={facets.size} chosen={filters.size} idPrefix={idPrefix} />
      <OptionFieldset attribute="colour" legend={t("filters.colour")} options={facets.colour} chosen={filters.colour} idPrefix={idPrefix} />
      <fieldset data-testid="facet-price">
        <legend className="text-sm font-semibold">{t("filters.price")}</legend>
        <div className="mt-2 flex items-end gap-2">
          <PriceBox id={`${idPrefix}-min`} name={facetParams.min} label={t("filters.minPrice")} value={filters.minSatang} placeholder={facets.priceHint?.min} />
          <span aria-hidden className="pb-2 text-ink-muted">
            –
          </span>
          <PriceBox id={`${idPrefix}-max`} name={facetParams.max} label={t("filters.maxPrice")} value={filters.maxSatang} placeholder={facets.priceHint?.max} />
        </div>
      </fieldset>
      <fieldset>
        <legend className="sr-only">{t("filters.availability")}</legend>
        <label className="flex min-h-8 items-center gap-2 text-sm lg:min-h-0" data-testid="facet-in-stock">
          <input
            type="checkbox"
            name={facetParams.inStock}
            value="1"
            defaultChecked={filters.inStock}
            key={String(filters.inStock)}
            className="size-4 accent-primary-dark"
          />
          <span>
            {t("filters.inStockOnly")} <FacetCount count={facets.inStock} />
          </span>
        </label>
      </fieldset>
      <button type="submit" className="btn-primary" data-testid="apply-filters">
        {t("filters.apply")}
      </button>
    </Form>
  );
}

/**
 * With JavaScript a ticked box applies at once; a price box applies when the shopper leaves it or
 * presses Enter (its change event), not on every keystroke.
 */
function applyOnChange(target: EventTarget) {
  if (target instanceof HTMLInputElement) target.form?.requestSubmit();
}

function FacetCount({ count }: { count: number }) {
  const { t } = useTranslation("catalog");
  return (
    <span className="text-ink-muted" data-testid="facet-count">
      {t("filters.count", { count })}
    </span>
  );
}

function OptionFieldset({
  attribute,
  legend,
  options,
  chosen,
  idPrefix,
}: {
  attribute: FacetAttributeCode;
  legend: string;
  options: readonly FacetOptionView[];
  chosen: readonly string[];
  idPrefix: string;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset data-testid={`facet-${attribute}`}>
      <legend className="text-sm font-semibold">{legend}</legend>
      {/* Rows of 32 px on a phone: a finger hits the box or its name. */}
      <ul className="mt-2 flex flex-col gap-0.5 lg:gap-1.5">
        {options.map((option) => {
          const checked = chosen.includes(option.code);
          const id = `${idPrefix}-${attribute}-${option.code}`;
          return (
            <li key={option.code}>
              <label htmlFor={id} className={`flex min-h-8 items-center gap-2 text-sm lg:min-h-0 ${option.count === 0 && !checked ? "text-ink-muted" : ""}`}>
                <input
                  id={id}
                  type="checkbox"
                  name={facetParams[attribute]}
                  value={option.code}
                  defaultChecked={checked}
                  key={`${option.code}-${checked}`}
                  disabled={option.count === 0 && !checked}
                  data-testid={`facet-option-${attribute}-${option.code}`}
                  className="size-4 accent-primary-dark"
                />
                {option.colorHex ? (
                  <span className="size-4 shrink-0 rounded-full border border-black/15" style={{ backgroundColor: option.colorHex }} aria-hidden />
                ) : null}
                <span>
                  {option.name} <FacetCount count={option.count} />
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function PriceBox({ id, name, label, value, placeholder }: { id: string; name: string; label: string; value?: number; placeholder?: string }) {
  const text = value === undefined ? "" : satangToBahtText(value);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-xs text-ink-muted">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="decimal"
        min={0}
        max={maxPriceBaht}
        step="any"
        defaultValue={text}
        key={text}
        placeholder={placeholder}
        data-testid={`facet-${name}`}
        className="w-full min-w-0 rounded-md border border-line px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-primary"
      />
    </div>
  );
}

/** The chosen filters as chips that remove one choice each, and "clear all". */
export function FilterChips({ chips, clearHref }: { chips: readonly FilterChipView[]; clearHref: string }) {
  const { t } = useTranslation("catalog");
  if (chips.length === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2" data-testid="filter-chips">
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.id}>
            <Link
              to={chip.href}
              aria-label={t("filters.remove", { filter: chip.label })}
              data-testid={`filter-chip-${chip.id}`}
              className="inline-flex items-center gap-1 rounded-full border border-primary-dark bg-primary-dark/5 px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              {chip.label}
              <X className="size-4" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
      <Link to={clearHref} className="text-sm text-primary-dark underline underline-offset-2" data-testid="clear-filters">
        {t("filters.clearAll")}
      </Link>
    </div>
  );
}

/**
 * The phone's filters: a disclosure (a <details>, so it opens without JavaScript) holding the form.
 * `chosenCount` is shown on its button.
 */
export function FilterDrawer({ chosenCount, children }: { chosenCount: number; children: React.ReactNode }) {
  const { t } = useTranslation("catalog");
  return (
    <details className="group mt-4 rounded-lg border border-line lg:hidden" data-testid="filters-drawer">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-2.5 font-semibold [&::-webkit-details-marker]:hidden">
        <SlidersHorizontal className="size-5" aria-hidden />
        {t("filters.heading")}
        {chosenCount ? <span className="rounded-full bg-primary-dark px-2 text-xs text-white">{chosenCount}</span> : null}
      </summary>
      <div className="border-t border-line px-4 py-4">{children}</div>
    </details>
  );
}

export function chosenFilterCount(filters: FacetFilters = noFacetFilters): number {
  return filters.size.length + filters.colour.length + (filters.minSatang !== undefined || filters.maxSatang !== undefined ? 1 : 0) + (filters.inStock ? 1 : 0);
}
