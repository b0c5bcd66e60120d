import { describe, expect, it } from "vitest";

import { formatThaiNationalId, thaiNationalIdCheckDigit, validateThaiNationalId } from "./thai-national-id";

// Valid examples were computed with the spec's rule, not taken from real people.
describe("validateThaiNationalId", () => {
  it.each([
    ["plain digits", "1103702071811", "1103702071811"],
    ["dashed 1-4-5-2-1", "1-1037-02071-81-1", "1103702071811"],
    ["spaces and dashes", " 3 1010 01234 56 5 ", "3101001234565"],
    ["Thai numerals", "๑๑๐๓๗๐๒๐๗๑๘๑๑", "1103702071811"],
    ["check digit 0 ((11 − 1) mod 10)", "1103702000060", "1103702000060"],
    ["check digit 1 ((11 − 0) mod 10)", "3101001200041", "3101001200041"],
  ])("given %s (%j), should accept it as %s", (_, input, digits) => {
    expect(validateThaiNationalId(input)).toEqual({ ok: true, digits });
  });

  it.each([
    ["empty", ""],
    ["12 digits", "110370207181"],
    ["14 digits", "11037020718111"],
    ["letters", "1103702O71811"],
    ["other separators", "1.1037.02071.81.1"],
    ["only dashes", "-------------"],
  ])("given %s (%j), should refuse it as format", (_, input) => {
    expect(validateThaiNationalId(input)).toEqual({ ok: false, reason: "format" });
  });

  it.each([
    ["a wrong last digit", "1103702071812"],
    ["two swapped digits", "1013702071811"],
    ["all zeros", "0000000000000"],
  ])("given %s (%j), should refuse it as checksum", (_, input) => {
    expect(validateThaiNationalId(input)).toEqual({ ok: false, reason: "checksum" });
  });
});

describe("thaiNationalIdCheckDigit", () => {
  it.each([
    ["110370207181", 1],
    ["310100123456", 5],
    ["000000000000", 1],
    ["010000000000", 0],
  ])("given %s, should give %s", (first12, expected) => {
    expect(thaiNationalIdCheckDigit(first12)).toBe(expected);
  });
});

describe("formatThaiNationalId", () => {
  it.each([
    ["1103702071811", "1-1037-02071-81-1"],
    ["3101001234565", "3-1010-01234-56-5"],
    ["12345", "12345"],
    ["1-1037-02071-81-1", "1-1037-02071-81-1"],
    ["11037-0207-1811", "1-1037-02071-81-1"],
    ["1103 70207 1811", "1-1037-02071-81-1"],
    ["๑๑๐๓๗๐๒๐๗๑๘๑๑", "1-1037-02071-81-1"],
    ["11037020718111", "11037020718111"],
    ["abc", "abc"],
  ])("given %j, should show %j", (digits, expected) => {
    expect(formatThaiNationalId(digits)).toBe(expected);
  });
});
