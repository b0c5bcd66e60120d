import { describe, expect, it } from "vitest";

import { crc16CcittFalse, formatPromptPayAmount, hasValidCrc, parsePromptPayId, promptPayPayload } from "./promptpay";

describe("crc16CcittFalse", () => {
  it.each([
    // The catalogue check value of CRC-16/CCITT-FALSE (a.k.a. CRC-16/IBM-3740).
    ["the standard check string", "123456789", 0x29b1],
    ["nothing (the initial value)", "", 0xffff],
    ["one letter", "A", 0xb915],
  ])("given %s, should give the published value", (_, text, expected) => {
    expect(crc16CcittFalse(text)).toBe(expected);
  });
});

// Vectors published with the `promptpay-qr` npm package (dtinth/promptpay-qr, index.test.js).
describe("promptPayPayload against published vectors", () => {
  it.each([
    ["local phone number", "0801234567", undefined, "00020101021129370016A000000677010111011300668012345675802TH530376463046197"],
    ["dashed local phone number", "080-123-4567", undefined, "00020101021129370016A000000677010111011300668012345675802TH530376463046197"],
    ["international phone number", "+66-89-123-4567", undefined, "00020101021129370016A000000677010111011300668912345675802TH5303764630429C1"],
    ["national id", "1111111111111", undefined, "00020101021129370016A000000677010111021311111111111115802TH530376463047B5A"],
    ["dashed national id", "1-1111-11111-11-1", undefined, "00020101021129370016A000000677010111021311111111111115802TH530376463047B5A"],
    ["tax id", "0123456789012", undefined, "00020101021129370016A000000677010111021301234567890125802TH530376463040CBD"],
    ["e-wallet id", "012345678901234", undefined, "00020101021129390016A00000067701011103150123456789012345802TH530376463049781"],
  ])("given a %s (%s), should match the vector", (_, id, amount, expected) => {
    const target = parsePromptPayId(id);
    expect(target).not.toBeNull();
    expect(promptPayPayload(target!, amount)).toBe(expected);
    expect(hasValidCrc(expected)).toBe(true);
  });

  it("given an amount (฿4.22 to 000-000-0000's mobile form), should make a dynamic QR matching the vector", () => {
    // The package's amount vector uses the all-zero number 000-000-0000 (→ 0066000000000).
    expect(promptPayPayload({ kind: "mobile", digits: "000000000" }, 422)).toBe(
      "00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469",
    );
  });
});

describe("promptPayPayload", () => {
  it("given an amount, should be dynamic with two decimals and a valid CRC", () => {
    const payload = promptPayPayload({ kind: "mobile", digits: "812345678" }, 123_450);
    expect(payload).toContain("010212");
    expect(payload).toContain("54071234.50");
    expect(hasValidCrc(payload)).toBe(true);
  });

  it("given a payload with one character changed, should fail the CRC check", () => {
    const payload = promptPayPayload({ kind: "national-id", digits: "1111111111111" }, 100);
    expect(hasValidCrc(payload.replace("54041.00", "54041.01"))).toBe(false);
  });
});

describe("formatPromptPayAmount", () => {
  it.each([
    [1, "0.01"],
    [100, "1.00"],
    [422, "4.22"],
    [123_456_789, "1234567.89"],
  ])("given %i satang, should write %s", (satang, text) => {
    expect(formatPromptPayAmount(satang)).toBe(text);
  });

  it.each([[0], [-1], [1.5], [Number.NaN]])("given %s, should refuse", (satang) => {
    expect(() => formatPromptPayAmount(satang)).toThrow(RangeError);
  });
});

describe("parsePromptPayId", () => {
  it.each([
    ["0812345678", { kind: "mobile", digits: "812345678" }],
    ["081 234 5678", { kind: "mobile", digits: "812345678" }],
    ["+66812345678", { kind: "mobile", digits: "812345678" }],
    ["1234567890123", { kind: "national-id", digits: "1234567890123" }],
    ["004999000288505", { kind: "e-wallet", digits: "004999000288505" }],
  ])("given %j, should read it", (input, expected) => {
    expect(parsePromptPayId(input)).toEqual(expected);
  });

  it.each([[""], ["12345"], ["08123456789"], ["+1 555 123 4567"], ["08-1234-567a"], ["0012345678"], ["12345678901234"]])(
    "given %j, should refuse it",
    (input) => {
      expect(parsePromptPayId(input)).toBeNull();
    },
  );
});
