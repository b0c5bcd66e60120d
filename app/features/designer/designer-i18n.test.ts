import { describe, expect, it } from "vitest";

import { describeProblem, designerT } from "./designer-i18n";

const product = {
  attributes: [{ id: 11, code: "pattern", name: "Pattern", options: [] }],
  banners: [
    { side: "front" as const, position: "center" as const, maxLength: 3, number: true, label: "Front number", box: { x: 0, y: 0, width: 10, height: 10 } },
  ],
};

describe("designer strings", () => {
  it("should interpolate and fall back to the key", () => {
    const t = designerT("en");
    expect(t("banners.count", { length: 3, max: 7 })).toBe("3 / 7");
    expect(designerT("th")("canvas.back")).toBe("ด้านหลัง");
  });

  it("should name the attribute, banner and side a problem concerns", () => {
    const t = designerT("en");
    expect(describeProblem({ code: "missing-option", attributeId: 11 }, t, product)).toBe("Choose a pattern.");
    expect(describeProblem({ code: "banner-text", side: "front", position: "center", reason: "too-long", length: 9, maxLength: 7 }, t, product)).toBe(
      "Front number: at most 7 characters (9 now).",
    );
    // Letters in the player's number, in the page's language.
    expect(describeProblem({ code: "banner-text", side: "front", position: "center", reason: "not-a-number", length: 2, maxLength: 3 }, t, product)).toBe(
      "Front number: numbers only, 1 to 3 digits (0–9).",
    );
    expect(
      describeProblem({ code: "banner-text", side: "front", position: "center", reason: "not-a-number", length: 2, maxLength: 3 }, designerT("th"), product),
    ).toBe("Front number: ใส่ได้เฉพาะตัวเลข 1 ถึง 3 หลัก (0–9)");
    expect(describeProblem({ code: "outside-print-area", side: "back", elementId: "a" }, designerT("th"), product)).toBe("มีรูปบนด้านหลังอยู่นอกพื้นที่พิมพ์");
    expect(describeProblem({ code: "quantity-below-minimum", total: 3, minQuantity: 10 }, t, product)).toBe("Order at least 10 shirts in total (3 now).");
  });
});
