import { describe, expect, it } from "vitest";

import { commonPasswords, confirmationProblem, isCommonPassword, passwordProblems } from "./password-policy";

describe("passwordProblems", () => {
  it.each([
    ["", ["required"]],
    ["Ab1", ["tooShort"]],
    ["Abcdef1", ["tooShort"]],
    ["Abcdefg1", []],
    ["Pryde-shop-2026", []],
    ["abcdefg1", ["needsClasses"]],
    ["ABCDEFG1", ["needsClasses"]],
    ["Abcdefgh", ["needsClasses"]],
    ["Password1", ["tooCommon"]],
    ["PASSWORD123", ["tooCommon"]],
    ["Qwerty123", ["tooCommon"]],
    ["qwerty123", ["tooCommon"]],
    ["Welcome2024", ["tooCommon"]],
    ["Iloveyou1", ["tooCommon"]],
    ["12345678", ["tooCommon"]],
    ["correct horse battery staple", []],
    ["all lower case passphrase", []],
    ["nineteen characters", ["needsClasses"]],
    ["a".repeat(128), []],
    ["a".repeat(129), ["tooLong"]],
    ["รหัสผ่านไทยยาวมากพอแล้วนะ", []],
    ["ÄbcdefG1", []],
  ] as const)("given %j, should report %j", (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
  });

  it("counts characters, not UTF-16 units (an emoji is one character)", () => {
    expect(passwordProblems("Ab1😀😀😀😀😀")).toEqual([]);
    expect(passwordProblems("Ab1😀😀😀😀")).toEqual(["tooShort"]);
  });
});

describe("common passwords", () => {
  it("holds a few hundred entries, all lower case", () => {
    expect(commonPasswords.size).toBeGreaterThan(300);
    for (const entry of commonPasswords) expect(entry).toBe(entry.toLowerCase());
  });

  it.each([
    ["Password1", true],
    [" password1 ", true],
    ["LetMeIn123", true],
    ["Zaq12wsx", true],
    ["Blue-Elephant-7", false],
  ])("given %j, should say common = %s", (password, common) => {
    expect(isCommonPassword(password)).toBe(common);
  });
});

describe("confirmationProblem", () => {
  it.each([
    ["Abcdefg1", "Abcdefg1", null],
    ["Abcdefg1", "", "required"],
    ["Abcdefg1", "abcdefg1", "mismatch"],
    ["Abcdefg1", "Abcdefg1 ", "mismatch"],
  ] as const)("given %j and %j, should report %j", (password, confirmation, problem) => {
    expect(confirmationProblem(password, confirmation)).toBe(problem);
  });
});
