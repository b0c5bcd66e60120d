import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { settingsInput, settingsSchema } from "~/features/content/content-admin-schemas";

import { defaultSellerSettings, parseSellerSettings, sellerReadyToIssue, sellerSettingsDraft } from "./seller-settings";

// The rest of the settings form, filled in validly, so each case varies only the seller section.
const baseForm = {
  intent: "save-settings",
  vat: "7",
  nameEn: "Pryde",
  nameTh: "ไพรด์",
  email: "hello@pryde.test",
  rateUSD: "0.028",
  rateEUR: "0.026",
  rateGBP: "0.022",
  rateJPY: "4.3",
  rateCNY: "0.2",
  pointValueBaht: "1",
  pointsEarnBaht: "100",
  unpaidOrderHours: "48",
  exchangeWindowDays: "14",
};

function submit(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries({ ...baseForm, ...fields })) formData.set(name, value);
  return parseWithZod(formData, { schema: settingsSchema });
}

const registered = {
  sellerVatRegistered: "on",
  sellerNameTh: "บริษัท ไพรด์ จำกัด",
  sellerNameEn: "Pryde Co., Ltd.",
  sellerAddressTh: "88/8 ซอยสุขุมวิท 31 กรุงเทพฯ 10110",
  sellerTaxId: "0-1055-36000-31-3",
  sellerBranch: "0",
};

describe("the seller section of the settings form", () => {
  it("should store a VAT-registered seller with the tax id as 13 digits, the branch as 5 and default prefixes", () => {
    const submission = submit({ ...registered, prefixCreditNote: "cn" });
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.reply().error));
    const { seller } = settingsInput(submission.value);
    expect(seller).toEqual({
      nameTh: registered.sellerNameTh,
      nameEn: registered.sellerNameEn,
      addressTh: registered.sellerAddressTh,
      addressEn: "",
      taxId: "0105536000313",
      branch: "00000",
      vatRegistered: true,
      prefixes: { ...defaultSellerSettings.prefixes, credit_note: "CN" },
    });
    expect(sellerReadyToIssue(seller)).toBe(true);
  });

  it.each([
    ["a tax id with a wrong check digit", { ...registered, sellerTaxId: "0105536000314" }, "sellerTaxId", "taxId"],
    ["a six-digit branch", { ...registered, sellerBranch: "123456" }, "sellerBranch", "branch"],
    ["a prefix with a dash", { prefixReceipt: "R-C" }, "prefixReceipt", "prefix"],
    ["two kinds with one prefix", { prefixReceipt: "INV" }, "prefixReceipt", "prefixRepeated"],
    ["VAT registered without a tax id", { ...registered, sellerTaxId: "" }, "sellerTaxId", "requiredForVat"],
    ["VAT registered without a Thai address", { ...registered, sellerAddressTh: "" }, "sellerAddressTh", "requiredForVat"],
  ])("given %s, should mark the field", (_, fields, name, key) => {
    const submission = submit(fields);
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.[name]).toContain(key);
  });

  it("should accept a shop that is not registered and has no seller details yet", () => {
    const submission = submit({});
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(sellerReadyToIssue(settingsInput(submission.value).seller)).toBe(false);
  });

  it("should show back what it stored", () => {
    const submission = submit(registered);
    if (submission.status !== "success") throw new Error("invalid");
    const { seller } = settingsInput(submission.value);
    const again = submit(sellerSettingsDraft(parseSellerSettings(JSON.stringify(seller))));
    expect(again.status === "success" && settingsInput(again.value).seller).toEqual(seller);
  });
});

describe("parseSellerSettings", () => {
  it.each([
    ["nothing stored", undefined],
    ["broken JSON", "{"],
    ["a hand-edited value", JSON.stringify({ vatRegistered: "yes", branch: "HQ", prefixes: { receipt: "bad prefix" } })],
  ])("given %s, should fall back to the defaults, never throw", (_, json) => {
    const seller = parseSellerSettings(json);
    expect(seller.branch).toBe("00000");
    expect(seller.vatRegistered).toBe(false);
    expect(seller.prefixes).toEqual(defaultSellerSettings.prefixes);
  });
});
