import compact from "thai-address-database/database/db.json";
import type { ThaiAreaDirectory } from "~/domain/address";
import { decodeThaiAddressDatabase, type CompactThaiAddressDatabase, type ThaiProvince } from "./decode";

/**
 * Thai provinces, districts, subdistricts and zipcodes for the address form and its checks (DESIGN
 * §5 Addresses). Server only: the ~200 KB dataset stays in the Worker; the browser asks
 * /resources/thai-address for one list at a time. Decoded once per isolate, on first use, into
 * maps keyed by name (names are unique within their parent). Names are Thai on both languages'
 * pages: they are what Thai Post and carriers read.
 */
interface Index {
  provinces: string[];
  byProvince: Map<string, Map<string, Map<string, readonly string[]>>>;
}

let index: Index | null = null;
const collator = new Intl.Collator("th");

function build(provinces: ThaiProvince[]): Index {
  const byProvince = new Map<string, Map<string, Map<string, readonly string[]>>>();
  for (const province of provinces) {
    const districts = byProvince.get(province.name) ?? new Map<string, Map<string, readonly string[]>>();
    for (const district of province.districts) {
      const subdistricts = districts.get(district.name) ?? new Map<string, readonly string[]>();
      for (const subdistrict of district.subdistricts) {
        const known = subdistricts.get(subdistrict.name) ?? [];
        subdistricts.set(subdistrict.name, [...new Set([...known, ...subdistrict.zipcodes])].sort());
      }
      districts.set(district.name, subdistricts);
    }
    byProvince.set(province.name, districts);
  }
  return { provinces: [...byProvince.keys()].sort(collator.compare), byProvince };
}

function data(): Index {
  index ??= build(decodeThaiAddressDatabase(compact as unknown as CompactThaiAddressDatabase));
  return index;
}

export function thaiProvinces(): readonly string[] {
  return data().provinces;
}

export function thaiDistricts(province: string): readonly string[] | null {
  const districts = data().byProvince.get(province);
  return districts ? [...districts.keys()].sort(collator.compare) : null;
}

export function thaiSubdistricts(province: string, district: string): { name: string; zipcodes: readonly string[] }[] | null {
  const subdistricts = data().byProvince.get(province)?.get(district);
  if (!subdistricts) return null;
  return [...subdistricts].map(([name, zipcodes]) => ({ name, zipcodes })).sort((a, b) => collator.compare(a.name, b.name));
}

/** The directory the address rules (app/domain/address.ts) check against. */
export const thaiAreas: ThaiAreaDirectory = { districts: thaiDistricts, subdistricts: thaiSubdistricts };

export interface ThaiAreaSelection {
  province: string;
  city: string;
  suburb: string;
}

/** The picker's lists for a (possibly partial) selection: what a page renders without JavaScript. */
export function thaiAreaOptions(selection: ThaiAreaSelection) {
  const districts = selection.province ? (thaiDistricts(selection.province) ?? []) : [];
  const subdistricts = selection.province && districts.includes(selection.city) ? (thaiSubdistricts(selection.province, selection.city) ?? []) : [];
  const zipcodes = subdistricts.find((subdistrict) => subdistrict.name === selection.suburb)?.zipcodes ?? [];
  return { provinces: thaiProvinces(), districts, subdistricts, zipcodes };
}
export type ThaiAreaOptions = ReturnType<typeof thaiAreaOptions>;
