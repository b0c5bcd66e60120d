import type { AreaName, ThaiAreaRow } from "./area-index";

/**
 * The Thai area rows as a static file of the build (`THAI_AREAS_ASSET_PATH`, written by
 * scripts/static-data-assets.ts from thai-address-universal), so the ~125 KiB gzip dataset is not in
 * the Worker's bundle (issue 19): the Worker reads it once per isolate through its assets binding.
 * Provinces and districts repeat on every subdistrict row, so each is listed once and rows point at
 * it by position; the rows keep the package's order.
 */
export const THAI_AREAS_ASSET_PATH = "/data/thai-areas.json";

type EncodedName = [th: string, en: string, code: string | null];
export interface EncodedThaiAreas {
  names: EncodedName[];
  /** [province, district] positions in `names`, then the subdistrict's own name and the zipcode. */
  rows: [province: number, district: number, th: string, en: string, code: string | null, zipcode: string][];
}

export function encodeThaiAreas(rows: readonly ThaiAreaRow[]): EncodedThaiAreas {
  const names: EncodedName[] = [];
  const positions = new Map<string, number>();
  const position = (name: AreaName) => {
    const encoded: EncodedName = [name.th, name.en, name.code];
    const key = JSON.stringify(encoded);
    let found = positions.get(key);
    if (found === undefined) {
      found = names.push(encoded) - 1;
      positions.set(key, found);
    }
    return found;
  };
  return {
    names,
    rows: rows.map((row) => [position(row.province), position(row.district), row.subdistrict.th, row.subdistrict.en, row.subdistrict.code, row.zipcode]),
  };
}

export function decodeThaiAreas(encoded: EncodedThaiAreas): ThaiAreaRow[] {
  const names = encoded.names.map(([th, en, code]): AreaName => ({ th, en, code }));
  return encoded.rows.map(([province, district, th, en, code, zipcode]) => ({
    province: names[province]!,
    district: names[district]!,
    subdistrict: { th, en, code },
    zipcode,
  }));
}
