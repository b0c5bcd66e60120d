/**
 * Address rules (spec §3 Address, §5 "address at most 45 characters", "zip code must be found for
 * the chosen city or country"; DESIGN §5 Addresses). Pure: the Thai area data is passed in as a
 * directory (app/features/thai-address implements it from thai-address-database), so the rules
 * are tested with a small table and the server uses the real data.
 *
 * Thai addresses name a province (จังหวัด), a district (อำเภอ/เขต, our `city`) and a subdistrict
 * (ตำบล/แขวง, our `suburb`); the zipcode must be one of that subdistrict's zipcodes. Other
 * countries have free text with a plausible postal code.
 */
export const addressLineMaxLength = 45;
export const areaFieldMaxLength = 100;
export const defaultCountry = "TH";

/** The countries the address form offers (ISO 3166-1 alpha-2): Thailand first, then neighbours and frequent destinations. */
export const countryCodes = ["TH", "MY", "SG", "LA", "KH", "MM", "VN", "ID", "PH", "CN", "HK", "TW", "JP", "KR", "AU", "GB", "US"] as const;
export type CountryCode = (typeof countryCodes)[number];

export function isCountryCode(value: string): value is CountryCode {
  return (countryCodes as readonly string[]).includes(value);
}

/** Length as SQLite's length() counts it (code points), so the rule and the table's CHECK agree. */
export function characterCount(text: string): number {
  return [...text].length;
}

export type LineProblem = "required" | "maxLength";

export function addressLineProblem(line: string): LineProblem | null {
  const trimmed = line.trim();
  if (!trimmed) return "required";
  return characterCount(trimmed) > addressLineMaxLength ? "maxLength" : null;
}

/** Province → district → subdistrict → zipcodes; null for a name the data does not know. */
export interface ThaiAreaDirectory {
  districts(province: string): readonly string[] | null;
  subdistricts(province: string, district: string): readonly { name: string; zipcodes: readonly string[] }[] | null;
}

export interface AreaInput {
  country: string;
  province: string;
  city: string;
  suburb: string;
  zipcode: string;
}

export type AreaField = "country" | "province" | "city" | "suburb" | "zipcode";
export type AreaProblem = "required" | "maxLength" | "countryInvalid" | "areaNotFound" | "zipcodeInvalid" | "zipcodeNotFound";

export type AreaDecision = { ok: true; area: AreaInput & { country: CountryCode } } | { ok: false; problems: Partial<Record<AreaField, AreaProblem>> };

const foreignPostalCode = /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/;

/**
 * Checks the area part of an address. For Thailand every level must exist under the one above
 * and the zipcode must belong to the subdistrict; an empty zipcode is filled in when the
 * subdistrict has exactly one (what the picker does, also for a form sent without JavaScript).
 */
export function decideArea(input: AreaInput, thai: ThaiAreaDirectory): AreaDecision {
  const trimmed = {
    country: input.country.trim().toUpperCase(),
    province: input.province.trim(),
    city: input.city.trim(),
    suburb: input.suburb.trim(),
    zipcode: input.zipcode.replace(/\s+/g, " ").trim(),
  };
  const problems: Partial<Record<AreaField, AreaProblem>> = {};
  if (!isCountryCode(trimmed.country)) return { ok: false, problems: { country: trimmed.country ? "countryInvalid" : "required" } };
  const country = trimmed.country;
  for (const field of ["province", "city", "suburb", "zipcode"] as const) {
    if (characterCount(trimmed[field]) > areaFieldMaxLength) problems[field] = "maxLength";
  }

  if (country !== "TH") {
    if (!trimmed.city) problems.city ??= "required";
    if (!trimmed.zipcode) problems.zipcode ??= "required";
    else if (!foreignPostalCode.test(trimmed.zipcode)) problems.zipcode ??= "zipcodeInvalid";
    return Object.keys(problems).length ? { ok: false, problems } : { ok: true, area: { ...trimmed, country } };
  }

  if (Object.keys(problems).length) return { ok: false, problems };
  if (!trimmed.province) return { ok: false, problems: { province: "required" } };
  const districts = thai.districts(trimmed.province);
  if (!districts) return { ok: false, problems: { province: "areaNotFound" } };
  if (!trimmed.city) return { ok: false, problems: { city: "required" } };
  const subdistricts = districts.includes(trimmed.city) ? thai.subdistricts(trimmed.province, trimmed.city) : null;
  if (!subdistricts) return { ok: false, problems: { city: "areaNotFound" } };
  if (!trimmed.suburb) return { ok: false, problems: { suburb: "required" } };
  const subdistrict = subdistricts.find((candidate) => candidate.name === trimmed.suburb);
  if (!subdistrict) return { ok: false, problems: { suburb: "areaNotFound" } };

  let zipcode = trimmed.zipcode;
  if (!zipcode && subdistrict.zipcodes.length === 1) zipcode = subdistrict.zipcodes[0]!;
  if (!zipcode) return { ok: false, problems: { zipcode: "required" } };
  if (!/^\d{5}$/.test(zipcode)) return { ok: false, problems: { zipcode: "zipcodeInvalid" } };
  if (!subdistrict.zipcodes.includes(zipcode)) return { ok: false, problems: { zipcode: "zipcodeNotFound" } };
  return { ok: true, area: { ...trimmed, country, zipcode } };
}
