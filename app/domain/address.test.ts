import { describe, expect, it } from "vitest";

import { addressLineProblem, type AreaInput, characterCount, decideArea, isCountryCode, type ThaiAreaDirectory } from "./address";

// A small directory in the shape of the real data (two provinces, a subdistrict with two zipcodes).
const areas: Record<string, Record<string, Record<string, string[]>>> = {
  กรุงเทพมหานคร: {
    ปทุมวัน: { ลุมพินี: ["10330"], วังใหม่: ["10330"] },
    บางรัก: { สีลม: ["10500"] },
  },
  เชียงใหม่: {
    เมืองเชียงใหม่: { ศรีภูมิ: ["50200"], สุเทพ: ["50200"] },
    แม่ริม: { ริมใต้: ["50180"], สันโป่ง: ["50180", "50330"] },
  },
};
const directory: ThaiAreaDirectory = {
  districts: (province) => (areas[province] ? Object.keys(areas[province]) : null),
  subdistricts: (province, district) => {
    const found = areas[province]?.[district];
    return found ? Object.entries(found).map(([name, zipcodes]) => ({ name, zipcodes })) : null;
  },
};

const bangkok: AreaInput = { country: "TH", province: "กรุงเทพมหานคร", city: "ปทุมวัน", suburb: "ลุมพินี", zipcode: "10330" };

describe("addressLineProblem", () => {
  it.each([
    ["a normal line", "99/1 Rama IV Road", null],
    ["exactly 45 characters", "x".repeat(45), null],
    ["45 Thai characters with marks", "ก่".repeat(22) + "ก", null],
    ["45 emoji (one code point each, as SQLite counts)", "😀".repeat(45), null],
    ["46 characters", "x".repeat(46), "maxLength"],
    ["45 characters plus surrounding spaces (trimmed)", `  ${"x".repeat(45)}  `, null],
    ["empty", "", "required"],
    ["only spaces", "   ", "required"],
  ])("given %s, should say %s", (_, line, expected) => {
    expect(addressLineProblem(line)).toBe(expected);
  });

  it("should count code points, not UTF-16 units", () => {
    expect(characterCount("😀a")).toBe(2);
  });
});

describe("decideArea (Thailand)", () => {
  it.each([
    ["a complete Bangkok address", bangkok, "10330"],
    ["a subdistrict with two zipcodes, the second one", { ...bangkok, province: "เชียงใหม่", city: "แม่ริม", suburb: "สันโป่ง", zipcode: "50330" }, "50330"],
    ["an empty zipcode where the subdistrict has only one", { ...bangkok, zipcode: "" }, "10330"],
    ["a lower-case country and spaces around names", { ...bangkok, country: " th ", province: " กรุงเทพมหานคร " }, "10330"],
  ])("given %s, should accept it with zipcode %s", (_, input, zipcode) => {
    const decision = decideArea(input, directory);
    expect(decision).toEqual({ ok: true, area: expect.objectContaining({ country: "TH", zipcode }) });
  });

  it.each([
    ["no province", { ...bangkok, province: "" }, { province: "required" }],
    ["an unknown province", { ...bangkok, province: "Atlantis" }, { province: "areaNotFound" }],
    ["no district", { ...bangkok, city: "" }, { city: "required" }],
    ["a district of another province", { ...bangkok, city: "แม่ริม" }, { city: "areaNotFound" }],
    ["no subdistrict", { ...bangkok, suburb: "" }, { suburb: "required" }],
    ["a subdistrict of another district", { ...bangkok, suburb: "สีลม" }, { suburb: "areaNotFound" }],
    ["a zipcode of another area", { ...bangkok, zipcode: "10500" }, { zipcode: "zipcodeNotFound" }],
    ["a zipcode that is not 5 digits", { ...bangkok, zipcode: "1033" }, { zipcode: "zipcodeInvalid" }],
    ["letters as zipcode", { ...bangkok, zipcode: "ABCDE" }, { zipcode: "zipcodeInvalid" }],
    [
      "an empty zipcode where the subdistrict has two",
      { ...bangkok, province: "เชียงใหม่", city: "แม่ริม", suburb: "สันโป่ง", zipcode: "" },
      { zipcode: "required" },
    ],
    ["a very long province", { ...bangkok, province: "ก".repeat(101) }, { province: "maxLength" }],
  ])("given %s, should refuse it (%j)", (_, input, problems) => {
    expect(decideArea(input, directory)).toEqual({ ok: false, problems });
  });
});

describe("decideArea (other countries)", () => {
  const singapore: AreaInput = { country: "SG", province: "", city: "Singapore", suburb: "", zipcode: "018956" };

  it.each([
    ["Singapore with a 6-digit code", singapore],
    ["the UK with a spaced code", { country: "GB", province: "England", city: "London", suburb: "Camden", zipcode: "NW1 4RY" }],
    ["the US with ZIP+4", { country: "US", province: "CA", city: "San Francisco", suburb: "", zipcode: "94103-1234" }],
  ])("given %s, should accept free text", (_, input) => {
    expect(decideArea(input, directory).ok).toBe(true);
  });

  it.each([
    ["no city", { ...singapore, city: " " }, { city: "required" }],
    ["no postal code", { ...singapore, zipcode: "" }, { zipcode: "required" }],
    ["markup as postal code", { ...singapore, zipcode: "<b>1</b>" }, { zipcode: "zipcodeInvalid" }],
    ["a postal code of 12 characters", { ...singapore, zipcode: "123456789012" }, { zipcode: "zipcodeInvalid" }],
    ["an unknown country", { ...singapore, country: "XX" }, { country: "countryInvalid" }],
    ["no country", { ...singapore, country: "" }, { country: "required" }],
  ])("given %s, should refuse it (%j)", (_, input, problems) => {
    expect(decideArea(input, directory)).toEqual({ ok: false, problems });
  });

  it("should not consult the Thai data for another country", () => {
    const unused: ThaiAreaDirectory = {
      districts: () => {
        throw new Error("not for SG");
      },
      subdistricts: () => {
        throw new Error("not for SG");
      },
    };
    expect(decideArea(singapore, unused).ok).toBe(true);
  });

  it("should know its country list", () => {
    expect(isCountryCode("TH")).toBe(true);
    expect(isCountryCode("th")).toBe(false);
  });
});
