import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

/**
 * Thai separates phrases and sentences with a space, never words, and never puts a space inside a
 * syllable. What a test can flag without a dictionary: a space (or a double space) right before a
 * Thai vowel sign, tone mark or other combining mark — it can only be a typo that splits a syllable
 * ("ก ่", "ที ่") — and a space before a Thai character that cannot start a word (ะ ั า ำ).
 */
// Not ๆ: the Royal Institute writes it with a space on both sides ("อื่น ๆ").
const combiningOrNonInitial = /[\u0e31\u0e33-\u0e3a\u0e47-\u0e4e\u0e30\u0e32]/u;
const directory = fileURLToPath(new URL("./locales/th/", import.meta.url));

function strings(value: unknown, path: string[] = []): [string, string][] {
  if (typeof value === "string") return [[path.join("."), value]];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, inner]) => strings(inner, [...path, key]));
  return [];
}

export function spacingProblems(text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(/ +(.)/gu)) {
    if (combiningOrNonInitial.test(match[1]!)) problems.push(`space before "${match[1]}"`);
  }
  if (/[\u0e00-\u0e7f] {2,}[\u0e00-\u0e7f]/u.test(text)) problems.push("double space between Thai words");
  return problems;
}

describe("Thai UI copy spacing", () => {
  it("flags a space that splits a syllable and a double space", () => {
    expect(spacingProblems("ที ่อยู่")).toEqual(['space before "่"']);
    expect(spacingProblems("ก ำลัง")).toEqual(['space before "ำ"']);
    expect(spacingProblems("ตะกร้า  สินค้า")).toEqual(["double space between Thai words"]);
    expect(spacingProblems("เพิ่มลงตะกร้าแล้ว กรุณาตรวจสอบ")).toEqual([]);
  });

  it.each(readdirSync(directory).filter((file) => file.endsWith(".ts") && !["index.ts", "storefront.ts", "back-office.ts"].includes(file)))(
    "app/i18n/locales/th/%s has none",
    async (file) => {
      const module = (await import(`./locales/th/${file.replace(/\.ts$/, "")}.ts`)) as { default: unknown };
      const found = strings(module.default).flatMap(([key, text]) => spacingProblems(text).map((problem) => `${key}: ${problem}`));
      expect(found).toEqual([]);
    },
  );
});
