import { getDatabase, getProvinceAll, setEngMode, setGeoMode } from "thai-address-universal";
import type { Plugin } from "vite";

import { encodeThaiAreas, THAI_AREAS_ASSET_PATH } from "../app/features/thai-address/area-asset.ts";
import type { ThaiAreaRow } from "../app/features/thai-address/area-index.ts";

/**
 * The Thai area rows (provinces, districts, subdistricts, zipcodes, both languages' names and the
 * DOPA geocodes) as thai-address-universal lists them: the package stays the source of the data,
 * read at build time only (the Worker reads the file this makes; app/features/thai-address/area-asset.ts).
 */
export async function thaiAreaRowsFromPackage(): Promise<ThaiAreaRow[]> {
  // The package's language and geocode switches are global: read both datasets back to back
  // (its rows are parallel: row i is the same place in both).
  await setGeoMode(true);
  await setEngMode(false);
  await getProvinceAll();
  const thai = getDatabase();
  await setEngMode(true);
  await getProvinceAll();
  const english = getDatabase();
  await setEngMode(false);
  return thai.map((row, index) => {
    const en = english[index]!;
    return {
      province: { th: row.province, en: en.province, code: row.province_code ?? null },
      district: { th: row.district, en: en.district, code: row.district_code ?? null },
      subdistrict: { th: row.sub_district, en: en.sub_district, code: row.sub_district_code || null },
      zipcode: row.postal_code,
    };
  });
}

/**
 * Vite plugin: the client build (the Worker's static assets) gets THAI_AREAS_ASSET_PATH; the dev
 * server answers the same path, which the assets binding reaches in development.
 */
export function thaiAreasAsset(): Plugin {
  let source: Promise<string> | undefined;
  const json = () => (source ??= thaiAreaRowsFromPackage().then((rows) => JSON.stringify(encodeThaiAreas(rows))));
  return {
    name: "pryde:thai-areas-asset",
    configureServer(server) {
      server.middlewares.use(THAI_AREAS_ASSET_PATH, (_request, response, next) => {
        json().then((body) => {
          response.setHeader("content-type", "application/json; charset=utf-8");
          response.end(body);
        }, next);
      });
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      this.emitFile({ type: "asset", fileName: THAI_AREAS_ASSET_PATH.slice(1), source: await json() });
    },
  };
}
