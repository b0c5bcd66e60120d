import { describe, expect, it } from "vitest";

import { pointsNoteKeys } from "~/domain/loyalty-points";
import enPurchases from "~/i18n/locales/en/purchases";
import thPurchases from "~/i18n/locales/th/purchases";

import { pointsNoteText } from "./points-note";

const translators = {
  en: (key: string, values: Record<string, string>) =>
    `${(enPurchases.points.notes as Record<string, string>)[key.replace("points.notes.", "")]}|${JSON.stringify(values)}`,
  th: (key: string, values: Record<string, string>) =>
    `${(thPurchases.points.notes as Record<string, string>)[key.replace("points.notes.", "")]}|${JSON.stringify(values)}`,
};

describe("pointsNoteText", () => {
  it.each(pointsNoteKeys.flatMap((key) => (["en", "th"] as const).map((locale) => [key, locale] as const)))(
    "should say the shop's note %s in %s",
    (key, locale) => {
      const text = pointsNoteText({ note: "", noteKey: key, noteParamsJson: "{}" }, translators[locale]);
      expect(text.startsWith("undefined")).toBe(false);
      expect(text).not.toContain(key);
    },
  );

  it("should say the two languages differently (the note is not stored English text)", () => {
    for (const key of pointsNoteKeys) expect(enPurchases.points.notes[key]).not.toBe(thPurchases.points.notes[key]);
  });

  it.each([
    [{ note: "Goodwill for a late parcel", noteKey: null, noteParamsJson: "{}" }, "Goodwill for a late parcel"],
    [{ note: "", noteKey: "welcomeBonus", noteParamsJson: "not json" }, `${enPurchases.points.notes.welcomeBonus}|{}`],
    [{ note: "", noteKey: "welcomeBonus", noteParamsJson: '{"n":3}' }, `${enPurchases.points.notes.welcomeBonus}|{"n":"3"}`],
    [{ note: "typed", noteKey: "unknownKey", noteParamsJson: "{}" }, "typed"],
    [{ note: "", noteKey: null, noteParamsJson: "{}" }, ""],
  ])("given %j, should give %j", (entry, expected) => {
    expect(pointsNoteText(entry, translators.en)).toBe(expected);
  });
});
