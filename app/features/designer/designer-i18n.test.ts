import { describe, expect, it } from "vitest";
import { describeProblem, designerT } from "./designer-i18n";

const product = {
  attributes: [{ id: 11, code: "pattern", name: "Pattern", options: [] }],
  banners: [{ side: "front" as const, position: "center" as const, maxLength: 7, label: "Front number", box: { x: 0, y: 0, width: 10, height: 10 } }],
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
    expect(describeProblem({ code: "outside-print-area", side: "back", elementId: "a" }, designerT("th"), product)).toBe("มีรูปบนด้านหลังอยู่นอกพื้นที่พิมพ์");
    expect(describeProblem({ code: "quantity-below-minimum", total: 3, minQuantity: 10 }, t, product)).toBe("Order at least 10 shirts in total (3 now).");
  });
});
