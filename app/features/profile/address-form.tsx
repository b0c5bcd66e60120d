import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { countryCodes } from "~/domain/address";
import type { AreaOption } from "~/features/thai-address/area-index";
import { FieldError, FormAlert, TextField } from "~/features/accounts/auth-form";
import { useTranslation } from "~/i18n/translation";
import { Field, SelectField } from "~/ui/form/fields";
import { useHydrated } from "~/ui/use-hydrated";
import { IntentButton } from "./account-ui";

/**
 * The address form (spec §3 Address). For Thailand: province → district → subdistrict → zipcode
 * pickers. The server fills every list it can from the current selection, so the form works
 * before JavaScript loads: the "Show the choices" button (intent "area") posts the form back and
 * the page comes back with the next list, nothing saved. Once hydrated, choosing a province or
 * district asks /resources/thai-address for the next list instead (the dataset never ships to the
 * browser). Other countries get free-text fields.
 */
export interface AddressFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  country: string;
  province: string;
  city: string;
  suburb: string;
  zipcode: string;
  makeDefault: boolean;
}

/** A picker's choices: `name` is posted (the Thai name, what is stored), `label` is shown in the page's language. */
export interface AreaLists {
  provinces: readonly AreaOption[];
  districts: readonly AreaOption[];
  subdistricts: readonly (AreaOption & { zipcodes: readonly string[] })[];
}

interface Props {
  action: string;
  cancelTo: string;
  mode: "create" | "update";
  id?: number;
  values: AddressFormValues;
  lists: AreaLists;
  errors: Record<string, string>;
  /** The current default cannot be un-defaulted from its own form (choose another one instead). */
  isDefault: boolean;
}

const selectClass = "rounded-md border bg-surface px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary disabled:bg-surface-muted";

function Select({
  name,
  label,
  value,
  placeholder,
  options,
  error,
  onChange,
  disabled,
  testId,
}: {
  name: string;
  label: string;
  value: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  error?: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const id = `address-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${selectClass} ${error ? "border-error" : "border-line"}`}
        data-testid={testId}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const plain = (names: readonly string[]) => names.map((name) => ({ value: name, label: name }));
const labelled = (options: readonly AreaOption[]) => options.map((option) => ({ value: option.name, label: option.label }));
const has = (options: readonly AreaOption[], name: string) => options.some((option) => option.name === name);

async function fetchList<T>(query: Record<string, string>, signal: AbortSignal): Promise<T | null> {
  const response = await fetch(`/resources/thai-address?${new URLSearchParams(query)}`, { headers: { accept: "application/json" }, signal });
  return response.ok ? ((await response.json()) as T) : null;
}

/**
 * The fields of an address (name, phone, line, country and the Thai pickers or free text abroad),
 * without the surrounding form: the profile's address form and the checkout both use them. The
 * no-JavaScript "Show the choices" button posts `intent=area`: the page answers with the lists.
 */
export function AddressFields({ values, lists, errors }: { values: Omit<AddressFormValues, "makeDefault">; lists: AreaLists; errors: Record<string, string> }) {
  const { t, i18n } = useTranslation("account");
  const lang = i18n.language === "th" ? "th" : "en";
  const hydrated = useHydrated();
  const [country, setCountry] = useState(values.country);
  const [province, setProvince] = useState(values.province);
  const [city, setCity] = useState(values.city);
  const [suburb, setSuburb] = useState(values.suburb);
  const [zipcode, setZipcode] = useState(values.zipcode);
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

  const thai = country === "TH";
  const zipcodes = subdistricts.find((subdistrict) => subdistrict.name === suburb)?.zipcodes ?? [];

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

  function chooseCountry(next: string) {
    setCountry(next);
    if ((next === "TH") !== thai) {
      setProvince("");
      setCity("");
      setSuburb("");
      setZipcode("");
      setDistricts([]);
      setSubdistricts([]);
    }
  }

  function chooseProvince(next: string) {
    setProvince(next);
    setCity("");
    setSuburb("");
    setZipcode("");
    setDistricts([]);
    setSubdistricts([]);
    if (next) void load<{ districts: AreaLists["districts"] }>({ province: next, lang }, (answer) => setDistricts(answer.districts));
  }

  function chooseDistrict(next: string) {
    setCity(next);
    setSuburb("");
    setZipcode("");
    setSubdistricts([]);
    if (next) void load<{ subdistricts: AreaLists["subdistricts"] }>({ province, district: next, lang }, (answer) => setSubdistricts(answer.subdistricts));
  }

  function chooseSubdistrict(next: string) {
    setSuburb(next);
    const found = subdistricts.find((subdistrict) => subdistrict.name === next)?.zipcodes ?? [];
    setZipcode(found.length === 1 ? found[0]! : "");
  }

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="firstName"
          label={t("fields.firstName")}
          autoComplete="given-name"
          required
          maxLength={100}
          defaultValue={values.firstName}
          error={errors.firstName}
        />
        <TextField
          name="lastName"
          label={t("fields.lastName")}
          autoComplete="family-name"
          required
          maxLength={100}
          defaultValue={values.lastName}
          error={errors.lastName}
        />
      </div>
      <TextField
        name="phone"
        type="tel"
        label={t("fields.phone")}
        autoComplete="tel"
        required
        maxLength={20}
        defaultValue={values.phone}
        error={errors.phone}
      />
      <TextField
        name="address"
        label={t("fields.address")}
        autoComplete="address-line1"
        required
        maxLength={45}
        hint={t("fields.addressHint")}
        defaultValue={values.address}
        error={errors.address}
      />
      <Select
        name="country"
        label={t("fields.country")}
        value={country}
        placeholder={t("fields.country")}
        options={countryCodes.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
        error={errors.country}
        onChange={chooseCountry}
        testId="country"
      />
      {thai ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            name="province"
            label={t("fields.province")}
            value={has(lists.provinces, province) ? province : ""}
            placeholder={t("address.chooseProvince")}
            options={labelled(lists.provinces)}
            error={errors.province}
            onChange={chooseProvince}
            testId="province"
          />
          <Select
            name="city"
            label={t("fields.city")}
            value={has(districts, city) ? city : ""}
            placeholder={t("address.chooseDistrict")}
            options={labelled(districts)}
            error={errors.city}
            onChange={chooseDistrict}
            disabled={hydrated && districts.length === 0}
            testId="district"
          />
          <Select
            name="suburb"
            label={t("fields.suburb")}
            value={has(subdistricts, suburb) ? suburb : ""}
            placeholder={t("address.chooseSubdistrict")}
            options={labelled(subdistricts)}
            error={errors.suburb}
            onChange={chooseSubdistrict}
            disabled={hydrated && subdistricts.length === 0}
            testId="subdistrict"
          />
          <Select
            name="zipcode"
            label={t("fields.zipcode")}
            value={zipcodes.includes(zipcode) ? zipcode : ""}
            placeholder={t("address.chooseZipcode")}
            options={plain(zipcodes)}
            error={errors.zipcode}
            onChange={setZipcode}
            disabled={hydrated && zipcodes.length === 0}
            testId="zipcode"
          />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="province"
            label={t("fields.region")}
            optionalText={t("fields.optional")}
            autoComplete="address-level1"
            maxLength={100}
            defaultValue={province}
            error={errors.province}
          />
          <TextField name="city" label={t("fields.town")} autoComplete="address-level2" required maxLength={100} defaultValue={city} error={errors.city} />
          <TextField
            name="suburb"
            label={t("fields.area")}
            optionalText={t("fields.optional")}
            autoComplete="address-level3"
            maxLength={100}
            defaultValue={suburb}
            error={errors.suburb}
          />
          <TextField
            name="zipcode"
            label={t("fields.postalCode")}
            autoComplete="postal-code"
            required
            maxLength={12}
            defaultValue={zipcode}
            error={errors.zipcode}
          />
        </div>
      )}
      <p aria-live="polite" className="text-sm text-ink-muted" data-testid="area-status">
        {loading ? t("address.loading") : loadFailed ? t("address.loadFailed") : ""}
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

export function AddressForm({ action, cancelTo, mode, id, values, lists, errors, isDefault }: Props) {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Form method="post" action={action} className="flex flex-col gap-4" noValidate data-testid="address-form" data-hydrated={hydrated ? "true" : undefined}>
      {hasErrors ? <FormAlert tone="error">{t("validation.summary")}</FormAlert> : null}
      {mode === "update" && id ? <input type="hidden" name="id" value={id} /> : null}
      <AddressFields values={values} lists={lists} errors={errors} />
      {isDefault ? null : (
        <label className="flex items-center gap-2">
          <input type="checkbox" name="makeDefault" className="size-4" defaultChecked={values.makeDefault} />
          {t("fields.makeDefault")}
        </label>
      )}
      <FieldError name="form" error={errors.form ?? errors.id} />
      <div className="flex flex-wrap gap-2">
        <IntentButton intent={mode} pendingText={t("address.saving")} className="w-full sm:w-auto" testId="save-address">
          {t("address.save")}
        </IntentButton>
        <Link to={cancelTo} className="btn-ghost w-full border border-line sm:w-auto">
          {t("address.cancel")}
        </Link>
      </div>
    </Form>
  );
}

type AreaValues = Pick<AddressFormValues, "country" | "province" | "city" | "suburb" | "zipcode">;

/**
 * What the pickers have chosen and the lists to choose from. A choice empties the levels below it
 * and fills in a subdistrict's only zipcode; `onChange` hears about those other fields, for a form
 * whose inputs are not driven by this state (the form kit's).
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

function Options({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/**
 * An address's fields on the form kit (name, phone, line, country, and the Thai pickers or free text
 * abroad) inside a Conform form of the caller's: `fields` are its metadata for these names (the
 * profile's address schema's), messages come from account:validation (the caller wraps them in
 * `<FormMessages namespace="account">`). `onAreaChange` updates the form's other area inputs when a
 * choice empties or fills them (Conform's `form.update`). Without JavaScript the "Show the choices"
 * button posts `intent=area`: the page answers with the lists.
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
  onAreaChange?: (changes: Partial<AreaValues>) => void;
}) {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  const pickers = useAreaPickers(values, lists, onAreaChange);
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
