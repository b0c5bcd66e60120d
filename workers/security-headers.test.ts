import { describe, expect, it } from "vitest";

import { pageContentSecurityPolicy, paypalCheckoutOrigin, resourceContentSecurityPolicy, setSecurityHeaders } from "./security-headers";

describe("paypalCheckoutOrigin", () => {
  it.each([
    ["https://api-m.sandbox.paypal.com", "https://www.sandbox.paypal.com"],
    ["https://api-m.paypal.com", "https://www.paypal.com"],
    ["http://127.0.0.1:9123", "http://127.0.0.1:9123"],
    ["not a url", null],
    [undefined, null],
  ])("given %s, should answer %s", (base, origin) => {
    expect(paypalCheckoutOrigin(base)).toBe(origin);
  });
});

describe("setSecurityHeaders", () => {
  const options = { nonce: "abc", https: false, formActionOrigins: ["https://www.paypal.com"] };

  it("given a page, should send the nonce policy with form-action limited to PayPal's checkout", () => {
    const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
    setSecurityHeaders(headers, options);
    expect(headers.get("content-security-policy")).toBe(pageContentSecurityPolicy("abc", ["https://www.paypal.com"]));
    expect(headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-abc'");
    expect(headers.get("content-security-policy")).toContain("form-action 'self' https://www.paypal.com");
  });

  it("given anything else, should send the policy that runs nothing", () => {
    const headers = new Headers({ "content-type": "application/json" });
    setSecurityHeaders(headers, options);
    expect(headers.get("content-security-policy")).toBe(resourceContentSecurityPolicy);
  });

  it("given a stricter Referrer-Policy, should keep it; given HTTPS, should add HSTS", () => {
    const headers = new Headers({ "referrer-policy": "no-referrer" });
    setSecurityHeaders(headers, { ...options, https: true });
    expect(headers.get("referrer-policy")).toBe("no-referrer");
    expect(headers.get("strict-transport-security")).toContain("max-age=");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
  });
});
