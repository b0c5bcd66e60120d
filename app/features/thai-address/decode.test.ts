import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import { describe, expect, it } from "vitest";

import { type CompactThaiAddressDatabase, decodeThaiAddressDatabase } from "./decode";

describe("decodeThaiAddressDatabase (small hand-made input)", () => {
  // words: A = "บาง", B = "เมือง", a (27th) = "ใหม่"; lookup 0 = "Bกระบี่", 1 = "Aรัก".
  const words = ["บาง", "เมือง", ...Array.from({ length: 24 }, (_, i) => `w${i}`), "ใหม่"].join("|");
  const compact: CompactThaiAddressDatabase = {
    lookup: ["Bกระบี่", "Aรัก"].join("|"),
    words,
    data: [
      [
        "กระบี่",
        [
          [
            0,
            [
              [0, "81000"],
              ["ไสไทย", 81000],
              ["ไสไทย", "81001"],
            ],
          ],
        ],
      ],
      [
        "กรุงเทพมหานคร",
        [
          [
            1,
            [
              ["สีลม", ["10500", "10501"]],
              ["Aa", "10330"],
              ["ไม่มีรหัส", null],
            ],
          ],
        ],
      ],
    ],
  };

  it("should expand lookups and word letters, merge a subdistrict listed once per zipcode and leave out one without a zipcode", () => {
    expect(decodeThaiAddressDatabase(compact)).toEqual([
      {
        name: "กระบี่",
        districts: [
          {
            name: "เมืองกระบี่",
            subdistricts: [
              { name: "เมืองกระบี่", zipcodes: ["81000"] },
              { name: "ไสไทย", zipcodes: ["81000", "81001"] },
            ],
          },
        ],
      },
      {
        name: "กรุงเทพมหานคร",
        districts: [
          {
            name: "บางรัก",
            subdistricts: [
              { name: "สีลม", zipcodes: ["10500", "10501"] },
              { name: "บางใหม่", zipcodes: ["10330"] },
            ],
          },
        ],
      },
    ]);
  });

  it("should accept the geographic variant (a code between name and children)", () => {
    const geographic: CompactThaiAddressDatabase = { lookup: "", words: "", data: [["ตาก", 63, [["แม่สอด", 6306, [["แม่ตาว", 630601, "63110"]]]]]] };
    expect(decodeThaiAddressDatabase(geographic)).toEqual([
      { name: "ตาก", districts: [{ name: "แม่สอด", subdistricts: [{ name: "แม่ตาว", zipcodes: ["63110"] }] }] },
    ]);
  });
});

describe("decodeThaiAddressDatabase (the installed thai-address-database)", () => {
  const path = createRequire(import.meta.url).resolve("thai-address-database/database/db.json");
  const provinces = decodeThaiAddressDatabase(JSON.parse(readFileSync(path, "utf8")) as CompactThaiAddressDatabase);
  const find = (province: string, district: string, subdistrict: string) =>
    provinces
      .find((p) => p.name === province)
      ?.districts.find((d) => d.name === district)
      ?.subdistricts.find((s) => s.name === subdistrict);

  it("should have the 77 provinces, all in Thai script, with 5-digit zipcodes only", () => {
    expect(provinces).toHaveLength(77);
    expect(provinces.map((p) => p.name)).toContain("กรุงเทพมหานคร");
    const names = provinces.flatMap((p) => [p.name, ...p.districts.flatMap((d) => [d.name, ...d.subdistricts.map((s) => s.name)])]);
    expect(names.filter((name) => /[A-Za-z]/.test(name) || name === "")).toEqual([]);
    const zipcodes = provinces.flatMap((p) => p.districts.flatMap((d) => d.subdistricts.flatMap((s) => s.zipcodes)));
    expect(zipcodes.filter((zipcode) => !/^\d{5}$/.test(zipcode))).toEqual([]);
    expect(zipcodes.length).toBeGreaterThan(7000);
  });

  it.each([
    ["กรุงเทพมหานคร", "ปทุมวัน", "ลุมพินี", "10330"],
    ["กรุงเทพมหานคร", "บางรัก", "สีลม", "10500"],
    ["เชียงใหม่", "เมืองเชียงใหม่", "ศรีภูมิ", "50200"],
    ["กระบี่", "คลองท่อม", "คลองท่อมใต้", "81120"],
    ["ภูเก็ต", "เมืองภูเก็ต", "ตลาดใหญ่", "83000"],
  ])("should know %s › %s › %s with zipcode %s", (province, district, subdistrict, zipcode) => {
    expect(find(province, district, subdistrict)?.zipcodes).toContain(zipcode);
  });
});
