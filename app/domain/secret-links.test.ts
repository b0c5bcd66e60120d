import { describe, expect, it } from "vitest";

import { maskedSecret, maskSecretLinks } from "./secret-links";

const secret = "Zq3_kT9-abcdefghijklmnopqrstuvwxyz0123456789";

describe("maskSecretLinks", () => {
  it.each([
    [
      "a reset link in text",
      `Set a new password: https://pryde.test/reset-password?token=${secret}`,
      `Set a new password: https://pryde.test/reset-password?token=${maskedSecret}`,
    ],
    ["a Thai verify link in HTML", `<a href="https://pryde.test/th/verify?token=${secret}">`, `<a href="https://pryde.test/th/verify?token=${maskedSecret}">`],
    [
      "a guest order's key after another parameter, HTML-escaped",
      `/custom/select/7?design=3&amp;key=${secret}"`,
      `/custom/select/7?design=3&amp;key=${maskedSecret}"`,
    ],
    [
      "a guest order's key in stored JSON",
      `{"link": "https://pryde.test/cart/checkout/PR1?key=${secret}"}`,
      `{"link": "https://pryde.test/cart/checkout/PR1?key=${maskedSecret}"}`,
    ],
    ["a key followed by a fragment", `/x?key=${secret}#pay`, `/x?key=${maskedSecret}#pay`],
    ["a link without a secret", "https://pryde.test/tracking?number=PR123", "https://pryde.test/tracking?number=PR123"],
    ["a word ending in key that is not a parameter", "monkey=1 and turnkey=2", "monkey=1 and turnkey=2"],
  ])("given %s, should hide only the secret", (_case, input, expected) => {
    expect(maskSecretLinks(input)).toBe(expected);
    expect(maskSecretLinks(input)).not.toContain(secret);
  });
});
