import { env } from "cloudflare:workers";

import type { ThaiAreaDirectory } from "~/domain/address";
import type { Locale } from "~/i18n/config";

import { decodeThaiAreas, type EncodedThaiAreas, THAI_AREAS_ASSET_PATH } from "./area-asset";
import { type AreaNames, buildThaiAreaIndex, orderAreaNamesFrom, type OrderAreaSnapshot, type StoredArea, type ThaiAreaIndex } from "./area-index";

/**
 * Thai provinces, districts, subdistricts and zipcodes, each with its Thai and English name and its
 * official geocode (DOPA: 2, 4 and 6 digits), from thai-address-universal (DESIGN §5 Addresses).
 * Server only: the browser asks /resources/thai-address for one list at a time. The dataset is a
 * static file of the build (area-asset.ts), not part of the Worker's code: it is read through the
 * assets binding once per isolate, on the first request that needs it; every caller awaits
 * {@link thaiAddress}.
 *
 * The form keeps posting the Thai names (unique within their parent, and what Thai Post and
 * carriers read); the server stores them with their codes, and pages show the names in their own
 * language through {@link ThaiAreaIndex.localize}.
 */
let loading: Promise<ThaiAreaIndex> | null = null;

async function load(): Promise<ThaiAreaIndex> {
  // The binding serves the file whatever the host; localhost also passes the dev server's host check.
  const response = await env.ASSETS.fetch(new URL(THAI_AREAS_ASSET_PATH, "http://localhost"));
  if (!response.ok) throw new Error(`Thai address data: ${THAI_AREAS_ASSET_PATH} answered ${response.status}`);
  return buildThaiAreaIndex(decodeThaiAreas(await response.json<EncodedThaiAreas>()));
}

export function thaiAddress(): Promise<ThaiAreaIndex> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The directory the address rules (app/domain/address.ts) check against, with the codes of an area (decideAddress). */
export async function thaiAreas(): Promise<ThaiAreaDirectory & Pick<ThaiAreaIndex, "codes">> {
  const index = await thaiAddress();
  return { ...index.directory, codes: index.codes };
}

export interface ThaiAreaSelection {
  province: string;
  city: string;
  suburb: string;
}

/** The picker's lists for a (possibly partial) selection, labelled in the page's language: what a page renders without JavaScript. */
export async function thaiAreaOptions(selection: ThaiAreaSelection, locale: Locale) {
  return (await thaiAddress()).options(selection, locale);
}
export type ThaiAreaOptions = Awaited<ReturnType<typeof thaiAreaOptions>>;

/** Rows with a stored area, each with its province, district and subdistrict named in the page's language (`areaNames`). */
export async function withAreaNames<T extends StoredArea>(rows: readonly T[], locale: Locale): Promise<(T & { areaNames: AreaNames })[]> {
  const index = await thaiAddress();
  return rows.map((row) => ({ ...row, areaNames: index.localize(row, locale) }));
}

/** An order's delivery area as the page's language names it: the order's own snapshot first (see orders.ship_*_en). */
export async function orderAreaNames(order: OrderAreaSnapshot, locale: Locale): Promise<AreaNames> {
  const index = await thaiAddress();
  return orderAreaNamesFrom(index, order, locale);
}

/**
 * The columns an order keeps beside ship_suburb/city/province (Thai names, or text abroad): the
 * English names and the geocodes. Every writer of an order's delivery address spreads these in.
 */
export async function shipAreaSnapshot(address: StoredArea) {
  if (address.country !== "TH") {
    return { shipSuburbEn: null, shipCityEn: null, shipProvinceEn: null, shipProvinceCode: null, shipDistrictCode: null, shipSubdistrictCode: null };
  }
  const index = await thaiAddress();
  const codes = address.provinceCode
    ? { provinceCode: address.provinceCode, districtCode: address.districtCode ?? null, subdistrictCode: address.subdistrictCode ?? null }
    : index.codes(address);
  const en = index.localize({ ...address, ...codes }, "en");
  return {
    shipSuburbEn: en.suburb,
    shipCityEn: en.city,
    shipProvinceEn: en.province,
    shipProvinceCode: codes.provinceCode,
    shipDistrictCode: codes.districtCode,
    shipSubdistrictCode: codes.subdistrictCode,
  };
}
