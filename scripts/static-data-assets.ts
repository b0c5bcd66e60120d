import { fileURLToPath } from "node:url";

import { getDatabase, getProvinceAll, setEngMode, setGeoMode } from "thai-address-universal";
import { type Plugin, runnerImport } from "vite";

import { encodeThaiAreas, THAI_AREAS_ASSET_PATH } from "../app/features/thai-address/area-asset.ts";
import type { ThaiAreaRow } from "../app/features/thai-address/area-index.ts";
import { MESSAGES_ASSET_PATH } from "../app/i18n/messages-asset.ts";

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
 * Vite plugin: data the Worker reads at run time instead of carrying in its code (issue 19), as
 * files of the client build (the Worker's static assets, reached through its ASSETS binding): the
 * Thai area rows and both languages' strings. The dev server answers the same paths; in
 * development the strings are read from their modules anyway (app/i18n/resources.ts).
 */
export function staticDataAssets(): Plugin {
  const files = new Map<string, () => Promise<string>>([
    [THAI_AREAS_ASSET_PATH, () => thaiAreaRowsFromPackage().then((rows) => JSON.stringify(encodeThaiAreas(rows)))],
    [MESSAGES_ASSET_PATH, messagesJson],
  ]);
  const made = new Map<string, Promise<string>>();
  const contents = (path: string) => {
    let content = made.get(path);
    if (!content) made.set(path, (content = files.get(path)!()));
    return content;
  };
  return {
    name: "pryde:static-data-assets",
    configureServer(server) {
      for (const path of files.keys())
        server.middlewares.use(path, (_request, response, next) => {
          contents(path).then((body) => {
            response.setHeader("content-type", "application/json; charset=utf-8");
            response.end(body);
          }, next);
        });
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      for (const path of files.keys()) this.emitFile({ type: "asset", fileName: path.slice(1), source: await contents(path) });
    },
  };
}

/** Both languages' every namespace (app/i18n/locales/<lang>/index.ts), evaluated by Vite's module runner. */
export async function messagesJson(): Promise<string> {
  const load = async (locale: "en" | "th") =>
    (await runnerImport<{ default: unknown }>(fileURLToPath(new URL(`../app/i18n/locales/${locale}/index.ts`, import.meta.url)))).module.default;
  const [en, th] = await Promise.all([load("en"), load("th")]);
  return JSON.stringify({ en, th });
}
