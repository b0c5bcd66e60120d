import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import { describe, expect, it } from "vitest";

import { decideArea } from "~/domain/address";

import { thaiAreaRowsFromPackage } from "../../../scripts/static-data-assets";
import { decodeThaiAreas, encodeThaiAreas } from "./area-asset";
import { buildThaiAreaIndex, type ThaiAreaRow } from "./area-index";
import { type CompactThaiAddressDatabase, decodeThaiAddressDatabase } from "./decode";

const row = (
  province: [string, string, string],
  district: [string, string, string],
  subdistrict: [string, string, string | null],
  zipcode: string,
): ThaiAreaRow => ({
  province: { th: province[0], en: province[1], code: province[2] },
  district: { th: district[0], en: district[1], code: district[2] },
  subdistrict: { th: subdistrict[0], en: subdistrict[1], code: subdistrict[2] },
  zipcode,
});

describe("buildThaiAreaIndex (small table)", () => {
  const bangkok: [string, string, string] = ["กรุงเทพมหานคร", "Bangkok", "10"];
  const krabi: [string, string, string] = ["กระบี่", "Krabi", "81"];
  const index = buildThaiAreaIndex([
    row(bangkok, ["ปทุมวัน", "Pathum Wan", "1007"], ["ลุมพินี", "Lumphini", "100704"], "10330"),
    row(bangkok, ["บางรัก", "Bang Rak", "1004"], ["สีลม", "Si Lom", "100402"], "10500"),
    row(bangkok, ["บางรัก", "Bang Rak", "1004"], ["สีลม", "Si Lom", "100402"], "10501"),
    row(krabi, ["เมืองกระบี่", "Mueang Krabi", "8101"], ["ไสไทย", "Sai Thai", null], "81000"),
    row(krabi, ["เมืองกระบี่", "Mueang Krabi", "8101"], ["เกาะร้าง", "Ko Rang", "810199"], ""),
  ]);

  it("should label the pickers in the page's language, sorted in that language, posting the Thai name", () => {
    expect(index.provinces("en")).toEqual([
      { name: "กรุงเทพมหานคร", label: "Bangkok" },
      { name: "กระบี่", label: "Krabi" },
    ]);
    expect(index.provinces("th").map((option) => option.label)).toEqual(["กระบี่", "กรุงเทพมหานคร"]);
    expect(index.districts("กรุงเทพมหานคร", "en")).toEqual([
      { name: "บางรัก", label: "Bang Rak" },
      { name: "ปทุมวัน", label: "Pathum Wan" },
    ]);
    expect(index.subdistricts("กรุงเทพมหานคร", "บางรัก", "en")).toEqual([{ name: "สีลม", label: "Si Lom", zipcodes: ["10500", "10501"] }]);
    expect(index.districts("Bangkok", "en")).toBeNull();
  });

  it("should leave out a subdistrict without a zipcode", () => {
    expect(index.subdistricts("กระบี่", "เมืองกระบี่", "th")?.map((option) => option.name)).toEqual(["ไสไทย"]);
  });

  it.each([
    ["en", { province: "Bangkok", city: "Pathum Wan", suburb: "Lumphini" }],
    ["th", { province: "กรุงเทพมหานคร", city: "ปทุมวัน", suburb: "ลุมพินี" }],
  ] as const)("should render a stored Thai address in %s, by its names alone (rows saved before codes)", (locale, expected) => {
    expect(index.localize({ country: "TH", province: "กรุงเทพมหานคร", city: "ปทุมวัน", suburb: "ลุมพินี" }, locale)).toEqual(expected);
  });

  it("should prefer the codes, keep what it does not know and leave addresses abroad as typed", () => {
    const stored = { country: "TH", province: "กรุงเทพฯ", city: "ปทุมวัน", suburb: "ที่ไม่มี", provinceCode: "10", districtCode: "1007", subdistrictCode: null };
    expect(index.localize(stored, "en")).toEqual({ province: "Bangkok", city: "Pathum Wan", suburb: "ที่ไม่มี" });
    expect(index.localize({ country: "JP", province: "Tokyo", city: "Shibuya", suburb: "" }, "th")).toEqual({ province: "Tokyo", city: "Shibuya", suburb: "" });
    expect(index.codes({ province: "กระบี่", city: "เมืองกระบี่", suburb: "ไสไทย" })).toEqual({ provinceCode: "81", districtCode: "8101", subdistrictCode: null });
    expect(index.bothLanguages({ country: "TH", province: "กระบี่", city: "เมืองกระบี่", suburb: "ไสไทย" })).toEqual({
      th: { province: "กระบี่", city: "เมืองกระบี่", suburb: "ไสไทย" },
      en: { province: "Krabi", city: "Mueang Krabi", suburb: "Sai Thai" },
    });
  });

  it("should check posted Thai names with the address rules", () => {
    expect(decideArea({ country: "TH", province: "กรุงเทพมหานคร", city: "บางรัก", suburb: "สีลม", zipcode: "10501" }, index.directory).ok).toBe(true);
    expect(decideArea({ country: "TH", province: "Bangkok", city: "Bang Rak", suburb: "Si Lom", zipcode: "10501" }, index.directory)).toEqual({
      ok: false,
      problems: { province: "areaNotFound" },
    });
  });
});

describe("the installed data (thai-address-universal), cross-checked with thai-address-database", async () => {
  const rows = await thaiAreaRowsFromPackage();
  // As the Worker reads it: the build's JSON file (scripts/static-data-assets.ts), decoded.
  const shipped = decodeThaiAreas(JSON.parse(JSON.stringify(encodeThaiAreas(rows))));
  const index = buildThaiAreaIndex(shipped);
  const path = createRequire(import.meta.url).resolve("thai-address-database/database/db.json");
  const older = decodeThaiAddressDatabase(JSON.parse(readFileSync(path, "utf8")) as CompactThaiAddressDatabase);

  it("should ship every row of the package, in its order, unchanged", () => {
    expect(shipped).toEqual(rows);
  });

  it("should have the 77 provinces with English names in Latin script and Thai names in Thai script", () => {
    const en = index.provinces("en");
    expect(en).toHaveLength(77);
    expect(en.filter((option) => !/^[A-Za-z][A-Za-z .'()-]*$/.test(option.label))).toEqual([]);
    expect(index.provinces("th").filter((option) => /[A-Za-z]/.test(option.label))).toEqual([]);
    expect(new Set(en.map((option) => option.name))).toEqual(new Set(older.map((province) => province.name)));
  });

  it("should know (almost) every district and subdistrict of the older package, with the same zipcodes", () => {
    let known = 0;
    let total = 0;
    let sameZipcodes = 0;
    for (const province of older)
      for (const district of province.districts)
        for (const subdistrict of district.subdistricts) {
          total += 1;
          const found = index.subdistricts(province.name, district.name, "th")?.find((option) => option.name === subdistrict.name);
          if (!found) continue;
          known += 1;
          if (subdistrict.zipcodes.every((zipcode) => found.zipcodes.includes(zipcode))) sameZipcodes += 1;
        }
    expect(total).toBeGreaterThan(7000);
    expect(known / total).toBeGreaterThan(0.99);
    expect(sameZipcodes / known).toBeGreaterThan(0.99);
  });

  it.each([
    ["กรุงเทพมหานคร", "ปทุมวัน", "ลุมพินี", "10330", { province: "Bangkok", city: "Pathum Wan" }],
    ["กรุงเทพมหานคร", "บางรัก", "สีลม", "10500", { province: "Bangkok", city: "Bang Rak" }],
    ["เชียงใหม่", "เมืองเชียงใหม่", "ศรีภูมิ", "50200", { province: "Chiang Mai", city: "Mueang Chiang Mai", suburb: "Si Phum" }],
    ["ภูเก็ต", "เมืองภูเก็ต", "ตลาดใหญ่", "83000", { province: "Phuket", city: "Mueang Phuket", suburb: "Talat Yai" }],
  ])("should know %s › %s › %s (%s) and its English names", (province, city, suburb, zipcode, english) => {
    expect(decideArea({ country: "TH", province, city, suburb, zipcode }, index.directory).ok).toBe(true);
    expect(index.localize({ country: "TH", province, city, suburb }, "en")).toMatchObject(english);
    expect(index.codes({ province, city, suburb }).provinceCode).toMatch(/^\d{2}$/);
  });
});
