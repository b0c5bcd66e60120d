/**
 * Decoder for the compact jquery.Thailand.js format that thai-address-database ships as
 * database/db.json: `{ data, lookup, words }` where
 *   data   = [[province, [[district, [[subdistrict, zipcode | zipcode[]], …]], …]], …]
 *   a name = a string, or a number indexing `lookup` (a "|"-separated list of frequent names);
 *   in either, each ASCII letter stands for a word of `words` ("|"-separated): A–Z are words
 *   0–25, a–z words 26–51.
 * (Provinces of the "geographic" variant carry a code in the middle; this one does not, but the
 * decoder accepts both.) Pure: the server module feeds it the JSON once.
 */
export type CompactName = string | number;
type CompactSubdistrict = [CompactName, string | number | null | (string | number | null)[], ...unknown[]];
type CompactDistrict = [CompactName, ...unknown[]];
type CompactProvince = [CompactName, ...unknown[]];

export interface CompactThaiAddressDatabase {
  data: CompactProvince[];
  lookup: string;
  words: string;
}

export interface ThaiSubdistrict {
  name: string;
  zipcodes: string[];
}
export interface ThaiDistrict {
  name: string;
  subdistricts: ThaiSubdistrict[];
}
export interface ThaiProvince {
  name: string;
  districts: ThaiDistrict[];
}

/** The children of a compact node: the last element (index 1, or 2 in the geographic variant). */
function children<T>(node: unknown[]): T[] {
  const list = node[node.length === 3 ? 2 : 1];
  return Array.isArray(list) ? (list as T[]) : [];
}

export function decodeThaiAddressDatabase(compact: CompactThaiAddressDatabase): ThaiProvince[] {
  const lookup = compact.lookup.split("|");
  const words = compact.words.split("|");
  const name = (value: CompactName): string => {
    const text = typeof value === "number" ? (lookup[value] ?? "") : value;
    return text.replace(/[A-Za-z]/g, (letter) => {
      const code = letter.charCodeAt(0);
      return words[code < 97 ? code - 65 : 26 + code - 97] ?? letter;
    });
  };

  return compact.data.map((province) => ({
    name: name(province[0]),
    districts: children<CompactDistrict>(province).map((district) => {
      // A subdistrict may appear more than once (one entry per zipcode): merge them.
      const byName = new Map<string, Set<string>>();
      for (const subdistrict of children<CompactSubdistrict>(district)) {
        const zipcodes = subdistrict[subdistrict.length === 3 ? 2 : 1];
        // A few entries have no zipcode (null): such a subdistrict cannot be completed, so it is left out.
        const list = (Array.isArray(zipcodes) ? zipcodes : [zipcodes])
          .filter((zipcode) => typeof zipcode === "string" || typeof zipcode === "number")
          .map((zipcode) => String(zipcode).padStart(5, "0"));
        const key = name(subdistrict[0]);
        const set = byName.get(key) ?? new Set<string>();
        for (const zipcode of list) set.add(zipcode);
        byName.set(key, set);
      }
      return {
        name: name(district[0]),
        subdistricts: [...byName]
          .filter(([, zipcodes]) => zipcodes.size > 0)
          .map(([subdistrictName, zipcodes]) => ({ name: subdistrictName, zipcodes: [...zipcodes].sort() })),
      };
    }),
  }));
}
