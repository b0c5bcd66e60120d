import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";

import { countryCodes } from "~/domain/address";
import type { AreaOption } from "~/features/thai-address/area-index";
import { useTranslation } from "~/i18n/translation";
import { Field, SelectField } from "~/ui/form/fields";
import { useHydrated } from "~/ui/use-hydrated";

import type { AddressFormValues } from "./profile-schemas";

/**
 * An address's fields (spec §3 Address), apart from /my-address's form (address-form.tsx) so that a
 * page using them — the checkout — does not load that form's schema and Zod. For Thailand: province →
 * district → subdistrict → zipcode pickers. The server fills every list it can from the current selection, so the form works
 * before JavaScript loads: the "Show the choices" button (intent "area") posts the form back and
 * the page comes back with the next list, nothing saved. Once hydrated, choosing a province or
 * district asks /resources/thai-address for the next list instead (the dataset never ships to the
 * browser). Other countries get free-text fields.
 */

/** A picker's choices: `name` is posted (the Thai name, what is stored), `label` is shown in the page's language. */
export interface AreaLists {
  provinces: readonly AreaOption[];
  districts: readonly AreaOption[];
  subdistricts: readonly (AreaOption & { zipcodes: readonly string[] })[];
}

type AreaValues = Pick<AddressFormValues, "country" | "province" | "city" | "suburb" | "zipcode">;
const areaFields = ["province", "city", "suburb", "zipcode"] as const;

const labelled = (options: readonly AreaOption[]) => options.map((option) => ({ value: option.name, label: option.label }));

async function fetchList<T>(query: Record<string, string>, signal: AbortSignal): Promise<T | null> {
  const response = await fetch(`/resources/thai-address?${new URLSearchParams(query)}`, { headers: { accept: "application/json" }, signal });
  return response.ok ? ((await response.json()) as T) : null;
}

/**
 * What the pickers have chosen and the lists to choose from. A choice empties the levels below it
 * and fills in a subdistrict's only zipcode; `onChange` hears about those other fields, for a form
 * whose inputs are not driven by this state.
 */
function useAreaPickers(initial: AreaValues, lists: AreaLists, onChange?: (changes: Partial<AreaValues>) => void) {
  const { i18n } = useTranslation("account");
  const lang = i18n.language === "th" ? "th" : "en";
  const [area, setArea] = useState(initial);
  const [districts, setDistricts] = useState(lists.districts);
  const [subdistricts, setSubdistricts] = useState(lists.subdistricts);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  // Only the answer to the latest request counts (a quick second choice wins over a slow first):
  // a newer choice, or leaving the page, cancels the pending request — quietly (no AbortError).
  const request = useRef(0);
  const pending = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      request.current += 1;
      pending.current?.abort();
    },
    [],
  );

  async function load<T>(query: Record<string, string>, apply: (answer: T) => void) {
    const ticket = (request.current += 1);
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setLoading(true);
    setLoadFailed(false);
    try {
      const answer = await fetchList<T>(query, controller.signal);
      if (ticket !== request.current) return;
      if (answer) apply(answer);
      else setLoadFailed(true);
    } catch {
      if (ticket === request.current && !controller.signal.aborted) setLoadFailed(true);
    } finally {
      if (ticket === request.current) setLoading(false);
    }
  }

  function choose(changes: Partial<AreaValues>, others: Partial<AreaValues>) {
    setArea((current) => ({ ...current, ...changes, ...others }));
    onChange?.(others);
  }

  const thai = area.country === "TH";
  const empty = { province: "", city: "", suburb: "", zipcode: "" };
  return {
    ...area,
    thai,
    districts,
    subdistricts,
    zipcodes: subdistricts.find((subdistrict) => subdistrict.name === area.suburb)?.zipcodes ?? [],
    loading,
    loadFailed,
    chooseCountry(next: string) {
      if ((next === "TH") === thai) return choose({ country: next }, {});
      setDistricts([]);
      setSubdistricts([]);
      choose({ country: next }, empty);
    },
    chooseProvince(next: string) {
      setDistricts([]);
      setSubdistricts([]);
      choose({ province: next }, { city: "", suburb: "", zipcode: "" });
      if (next) void load<{ districts: AreaLists["districts"] }>({ province: next, lang }, (answer) => setDistricts(answer.districts));
    },
    chooseDistrict(next: string) {
      setSubdistricts([]);
      choose({ city: next }, { suburb: "", zipcode: "" });
      if (next)
        void load<{ subdistricts: AreaLists["subdistricts"] }>({ province: area.province, district: next, lang }, (answer) =>
          setSubdistricts(answer.subdistricts),
        );
    },
    chooseSubdistrict(next: string) {
      const found = subdistricts.find((subdistrict) => subdistrict.name === next)?.zipcodes ?? [];
      choose({ suburb: next }, { zipcode: found.length === 1 ? found[0]! : "" });
    },
    chooseZipcode(next: string) {
      choose({ zipcode: next }, {});
    },
  };
}
type AreaPickers = ReturnType<typeof useAreaPickers>;

/** The pickers' progress, and without JavaScript the button that posts the form back for the next list. */
function AreaSteps({ pickers }: { pickers: AreaPickers }) {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  return (
    <>
      <p aria-live="polite" className="text-sm text-ink-muted" data-testid="area-status">
        {pickers.loading ? t("address.loading") : pickers.loadFailed ? t("address.loadFailed") : ""}
      </p>
      {hydrated ? null : (
        <div className="flex flex-col gap-1 rounded-md bg-surface-muted p-3 text-sm">
          <p>{t("address.updateListsHint")}</p>
          <div>
            <button type="submit" name="intent" value="area" formNoValidate className="btn-ghost border border-line">
              {t("address.updateLists")}
            </button>
          </div>
        </div>
      )}
    </>
  );
}

/**
 * An address's fields on the form kit (name, phone, line, country, and the Thai pickers or free
 * text abroad) inside a Conform form of the caller's — /my-address's and the checkout's: `fields`
 * are its metadata for these names (addressFormSchema's), messages come from account:validation
 * (the form's namespace, or a `<FormMessages namespace="account">` around this). The inputs are
 * Conform's: a choice that empties or fills in another area field tells `onAreaChange`, which
 * updates it there (`form.update`).
 */
export function AddressFieldset({
  fields,
  values,
  lists,
  onAreaChange,
}: {
  fields: Record<keyof Omit<AddressFormValues, "makeDefault">, FieldMetadata<unknown>>;
  values: AreaValues;
  lists: AreaLists;
  onAreaChange: (name: (typeof areaFields)[number], value: string) => void;
}) {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  const pickers = useAreaPickers(values, lists, (changes) => {
    for (const name of areaFields) if (changes[name] !== undefined) onAreaChange(name, changes[name]);
  });
  const disabledWhenEmpty = (options: readonly unknown[]) => hydrated && options.length === 0;

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.firstName} label={t("fields.firstName")} autoComplete="given-name" />
        <Field meta={fields.lastName} label={t("fields.lastName")} autoComplete="family-name" />
      </div>
      <Field meta={fields.phone} type="tel" label={t("fields.phone")} autoComplete="tel" />
      <Field meta={fields.address} label={t("fields.address")} autoComplete="address-line1" hint={t("fields.addressHint")} />
      <SelectField meta={fields.country} label={t("fields.country")} onChange={(event) => pickers.chooseCountry(event.target.value)} data-testid="country">
        {countryCodes.map((code) => (
          <option key={code} value={code}>
            {t(`countries.${code}`)}
          </option>
        ))}
      </SelectField>
      {pickers.thai ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            meta={fields.province}
            label={t("fields.province")}
            required
            onChange={(event) => pickers.chooseProvince(event.target.value)}
            data-testid="province"
          >
            <option value="">{t("address.chooseProvince")}</option>
            <Options options={labelled(lists.provinces)} />
          </SelectField>
          <SelectField
            meta={fields.city}
            label={t("fields.city")}
            onChange={(event) => pickers.chooseDistrict(event.target.value)}
            disabled={disabledWhenEmpty(pickers.districts)}
            data-testid="district"
          >
            <option value="">{t("address.chooseDistrict")}</option>
            <Options options={labelled(pickers.districts)} />
          </SelectField>
          <SelectField
            meta={fields.suburb}
            label={t("fields.suburb")}
            required
            onChange={(event) => pickers.chooseSubdistrict(event.target.value)}
            disabled={disabledWhenEmpty(pickers.subdistricts)}
            data-testid="subdistrict"
          >
            <option value="">{t("address.chooseSubdistrict")}</option>
            <Options options={labelled(pickers.subdistricts)} />
          </SelectField>
          <SelectField
            meta={fields.zipcode}
            label={t("fields.zipcode")}
            onChange={(event) => pickers.chooseZipcode(event.target.value)}
            disabled={disabledWhenEmpty(pickers.zipcodes)}
            data-testid="zipcode"
          >
            <option value="">{t("address.chooseZipcode")}</option>
            <Options options={pickers.zipcodes.map((zipcode) => ({ value: zipcode, label: zipcode }))} />
          </SelectField>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.province} label={t("fields.region")} autoComplete="address-level1" />
          <Field meta={fields.city} label={t("fields.town")} autoComplete="address-level2" />
          <Field meta={fields.suburb} label={t("fields.area")} autoComplete="address-level3" />
          <Field meta={fields.zipcode} label={t("fields.postalCode")} autoComplete="postal-code" />
        </div>
      )}
      <AreaSteps pickers={pickers} />
    </>
  );
}

function Options({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
