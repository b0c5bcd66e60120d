import type { ThaiAreaDirectory } from "~/domain/address";
import type { Locale } from "~/i18n/config";

/**
 * The Thai area tree with both languages' names and the geocodes, built from flat rows (one per
 * subdistrict and zipcode, as thai-address-universal lists them). Pure, so it is tested with a
 * small table and with the real package. Names are keyed by their Thai spelling (unique within the
 * parent, and what the address form posts); codes are kept for storage and the lookup back.
 */
export interface AreaName {
  th: string;
  en: string;
  /** Geocode: 2 digits (province), 4 (district), 6 (subdistrict); null where the data has none. */
  code: string | null;
}

export interface ThaiAreaRow {
  province: AreaName;
  district: AreaName;
  subdistrict: AreaName;
  zipcode: string;
}

/** One choice of a picker: `name` is what the form posts (Thai), `label` what the page shows. */
export interface AreaOption {
  name: string;
  label: string;
}
export interface SubdistrictOption extends AreaOption {
  zipcodes: readonly string[];
}

export interface AreaCodes {
  provinceCode: string | null;
  districtCode: string | null;
  subdistrictCode: string | null;
}

/** An address's area as stored: Thai names (or free text abroad), with codes when known. */
export interface StoredArea {
  country: string;
  province: string;
  city: string;
  suburb: string;
  provinceCode?: string | null;
  districtCode?: string | null;
  subdistrictCode?: string | null;
}

export interface AreaNames {
  province: string;
  city: string;
  suburb: string;
}

interface SubdistrictNode {
  name: AreaName;
  zipcodes: string[];
}
interface DistrictNode {
  name: AreaName;
  subdistricts: Map<string, SubdistrictNode>;
}
interface ProvinceNode {
  name: AreaName;
  districts: Map<string, DistrictNode>;
}

const collators = { th: new Intl.Collator("th"), en: new Intl.Collator("en") } as const;

function sortedOptions<T extends AreaOption>(options: T[], locale: Locale): T[] {
  return options.sort((a, b) => collators[locale].compare(a.label, b.label) || collators.th.compare(a.name, b.name));
}

export function buildThaiAreaIndex(rows: readonly ThaiAreaRow[]) {
  const provinces = new Map<string, ProvinceNode>();
  const byCode = new Map<string, AreaName>();
  for (const row of rows) {
    // A few uninhabited islands have no zipcode: such a subdistrict cannot be completed, so it is left out.
    if (!/^\d{5}$/.test(row.zipcode)) continue;
    const province = provinces.get(row.province.th) ?? { name: row.province, districts: new Map() };
    provinces.set(row.province.th, province);
    const district = province.districts.get(row.district.th) ?? { name: row.district, subdistricts: new Map() };
    province.districts.set(row.district.th, district);
    const subdistrict = district.subdistricts.get(row.subdistrict.th) ?? { name: row.subdistrict, zipcodes: [] };
    district.subdistricts.set(row.subdistrict.th, subdistrict);
    if (!subdistrict.zipcodes.includes(row.zipcode)) subdistrict.zipcodes.push(row.zipcode);
    for (const name of [row.province, row.district, row.subdistrict]) if (name.code) byCode.set(name.code, name);
  }
  for (const province of provinces.values())
    for (const district of province.districts.values()) for (const subdistrict of district.subdistricts.values()) subdistrict.zipcodes.sort();

  const option = (name: AreaName, locale: Locale): AreaOption => ({ name: name.th, label: name[locale] || name.th });
  const find = (area: { province: string; city: string; suburb: string }) => {
    const province = provinces.get(area.province.trim());
    const district = province?.districts.get(area.city.trim());
    const subdistrict = district?.subdistricts.get(area.suburb.trim());
    return { province, district, subdistrict };
  };

  const index = {
    provinces(locale: Locale): AreaOption[] {
      return sortedOptions(
        [...provinces.values()].map((province) => option(province.name, locale)),
        locale,
      );
    },
    districts(province: string, locale: Locale): AreaOption[] | null {
      const node = provinces.get(province);
      return node
        ? sortedOptions(
            [...node.districts.values()].map((district) => option(district.name, locale)),
            locale,
          )
        : null;
    },
    subdistricts(province: string, district: string, locale: Locale): SubdistrictOption[] | null {
      const node = provinces.get(province)?.districts.get(district);
      return node
        ? sortedOptions(
            [...node.subdistricts.values()].map((subdistrict) => ({ ...option(subdistrict.name, locale), zipcodes: subdistrict.zipcodes })),
            locale,
          )
        : null;
    },
    /** The lists a page renders for a (possibly partial) selection, without JavaScript too. */
    options(selection: { province: string; city: string; suburb: string }, locale: Locale) {
      const districts = selection.province ? (index.districts(selection.province, locale) ?? []) : [];
      const subdistricts =
        selection.province && districts.some((district) => district.name === selection.city)
          ? (index.subdistricts(selection.province, selection.city, locale) ?? [])
          : [];
      const zipcodes = subdistricts.find((subdistrict) => subdistrict.name === selection.suburb)?.zipcodes ?? [];
      return { provinces: index.provinces(locale), districts, subdistricts, zipcodes };
    },
    /** The geocodes of a Thai area given by its Thai names (what is stored with the names). */
    codes(area: { province: string; city: string; suburb: string }): AreaCodes {
      const found = find(area);
      return {
        provinceCode: found.province?.name.code ?? null,
        districtCode: found.district?.name.code ?? null,
        subdistrictCode: found.subdistrict?.name.code ?? null,
      };
    },
    /**
     * The area's names in one language. A Thai address is looked up by its codes, else by its Thai
     * names (rows saved before the codes were stored); a level the data does not know, and any
     * address abroad, keeps the text as stored.
     */
    localize(area: StoredArea, locale: Locale): AreaNames {
      const stored = { province: area.province, city: area.city, suburb: area.suburb };
      if (area.country !== "TH") return stored;
      const found = find(area);
      const pick = (code: string | null | undefined, node: { name: AreaName } | undefined, fallback: string) => {
        const name = (code ? byCode.get(code) : undefined) ?? node?.name;
        return name ? name[locale] || name.th : fallback;
      };
      return {
        province: pick(area.provinceCode, found.province, stored.province),
        city: pick(area.districtCode, found.district, stored.city),
        suburb: pick(area.subdistrictCode, found.subdistrict, stored.suburb),
      };
    },
    /** The names in both languages, for an order's snapshot. */
    bothLanguages(area: StoredArea): { th: AreaNames; en: AreaNames } {
      return { th: index.localize(area, "th"), en: index.localize(area, "en") };
    },
    /** Names only, in Thai: what the address rules check the posted form against. */
    directory: {
      districts: (province: string) => {
        const node = provinces.get(province);
        return node ? [...node.districts.keys()] : null;
      },
      subdistricts: (province: string, district: string) => {
        const node = provinces.get(province)?.districts.get(district);
        return node ? [...node.subdistricts.values()].map((subdistrict) => ({ name: subdistrict.name.th, zipcodes: subdistrict.zipcodes })) : null;
      },
    } satisfies ThaiAreaDirectory,
  };
  return index;
}
export type ThaiAreaIndex = ReturnType<typeof buildThaiAreaIndex>;

/** The delivery area an order keeps (orders.ship_*): Thai names (or text abroad), English names, codes. */
export interface OrderAreaSnapshot {
  shipCountry: string | null;
  shipProvince: string | null;
  shipCity: string | null;
  shipSuburb: string | null;
  shipProvinceEn?: string | null;
  shipCityEn?: string | null;
  shipSuburbEn?: string | null;
  shipProvinceCode?: string | null;
  shipDistrictCode?: string | null;
  shipSubdistrictCode?: string | null;
}

/**
 * An order's area in one language: Thai pages read the Thai names it was placed with, English
 * pages its English snapshot; an order placed before the snapshot (or a level it lacks) is named
 * through the area data, and an address abroad is shown as typed.
 */
export function orderAreaNamesFrom(index: Pick<ThaiAreaIndex, "localize">, order: OrderAreaSnapshot, locale: Locale): AreaNames {
  const stored = { province: order.shipProvince ?? "", city: order.shipCity ?? "", suburb: order.shipSuburb ?? "" };
  if (order.shipCountry !== "TH" || locale === "th") return stored;
  const looked = index.localize(
    { country: "TH", ...stored, provinceCode: order.shipProvinceCode, districtCode: order.shipDistrictCode, subdistrictCode: order.shipSubdistrictCode },
    "en",
  );
  return { province: order.shipProvinceEn || looked.province, city: order.shipCityEn || looked.city, suburb: order.shipSuburbEn || looked.suburb };
}
