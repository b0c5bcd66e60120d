import { describe, expect, it } from "vitest";

import en from "./locales/en";
import th from "./locales/th";
import { type Messages, translate } from "./translation";

const english = { locale: "en" as const, messages: en as Messages };
const thai = { locale: "th" as const, messages: th as Messages };

describe("translate", () => {
  it.each([
    ["a key of the namespace", english, "errors", "title.404", undefined, "Not Found"],
    ["a common key asked from another namespace (fallback)", english, "errors", "menu.shop", undefined, "Shop"],
    ["a key of another namespace by prefix", english, "common", "errors:title.404", undefined, "Not Found"],
    ["a Thai key", thai, "common", "menu.shop", undefined, "ร้านค้า"],
    ["interpolation", english, "errors", "statusCode", { status: 418 }, "Error 418"],
    ["a plural, one", english, "common", "cart.badge", { count: 1 }, "1 item in cart"],
    ["a plural, other", english, "common", "cart.badge", { count: 3 }, "3 items in cart"],
    ["a Thai plural (Thai has only 'other')", thai, "common", "cart.badge", { count: 1 }, "มีสินค้า 1 ชิ้นในตะกร้า"],
    ["a missing key with a default", english, "common", "no.such.key", { defaultValue: "Fallback" }, "Fallback"],
    ["a missing key", english, "common", "no.such.key", undefined, "no.such.key"],
    ["an unknown placeholder left as it is", english, "errors", "statusCode", {}, "Error {{status}}"],
  ] as const)("given %s, should give the right text", (_case, state, namespace, key, options, expected) => {
    expect(translate(state, namespace, key, options as Record<string, unknown> | undefined)).toBe(expected);
  });

  it("given strings that gain a namespace later (the browser loads them per route), should find its keys once it is there", () => {
    const growing = { locale: "en" as const, messages: { common: en.common } as unknown as Messages };
    expect(translate(growing, "errors", "title.404")).toBe("title.404");
    (growing.messages as Record<string, unknown>).errors = en.errors;
    expect(translate(growing, "errors", "title.404")).toBe("Not Found");
    expect(translate(growing, "errors", "title.404")).toBe("Not Found");
  });
});
