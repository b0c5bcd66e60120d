import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { demoCustomer, demoCustomerPassword } from "~/db/seed/accounts";

import { backendTestCookies } from "./backend-sessions";
import { get, origin, postForm, shop } from "./worker";

/**
 * The door (DESIGN §4.15), parts the browser sees: every answer carries the security headers
 * (workers/security-headers.ts), a page's scripts carry that answer's nonce, HSTS only over HTTPS;
 * and every return parameter goes through app/domain/return-path.ts.
 */

function expectCommonHeaders(response: Response) {
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("referrer-policy")).toBeTruthy();
  expect(response.headers.get("permissions-policy")).toContain("camera=()");
  const policy = response.headers.get("content-security-policy") ?? "";
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain("unsafe-eval");
  expect(response.headers.has("strict-transport-security")).toBe(false);
}

function nonceOf(response: Response): string {
  const match = /script-src 'self' 'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "");
  if (!match) throw new Error("no nonce in the policy");
  return match[1]!;
}

/** Every <script> of the page has the policy's nonce (JSON-LD included), and no other nonce appears. */
function expectScriptsCarry(html: string, nonce: string) {
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
  expect([...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]).filter((value) => value !== nonce)).toEqual([]);
}

let cookies: Awaited<ReturnType<typeof backendTestCookies>>;
beforeAll(async () => {
  cookies = await backendTestCookies();
});

describe("security headers", () => {
  it("given a storefront page, should send a nonce-based policy that every script carries", async () => {
    const response = await get("/shop");
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    const policy = response.headers.get("content-security-policy")!;
    for (const directive of [
      "object-src 'none'",
      "base-uri 'self'",
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "font-src 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expectScriptsCarry(await response.text(), nonceOf(response));
  });

  it("given two answers, should use a new nonce each time", async () => {
    const [first, second] = [await get("/faqs"), await get("/faqs")];
    await Promise.all([first.arrayBuffer(), second.arrayBuffer()]);
    expect(nonceOf(first)).not.toBe(nonceOf(second));
  });

  it("given a page served from the page cache, should carry this answer's nonce, not the cached one", async () => {
    const first = await get("/collection?door=1");
    await first.text();
    const second = await get("/collection?door=1");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expectScriptsCarry(await second.text(), nonceOf(second));
  });

  it("given a product page, should give its JSON-LD the nonce too", async () => {
    const shop = await (await get("/shop")).text();
    const slug = /href="\/shop\/([^"?/]+)"/.exec(shop)?.[1];
    expect(slug).toBeTruthy();
    const response = await get(`/shop/${slug}`);
    const html = await response.text();
    expect(html).toContain(`<script type="application/ld+json" nonce="${nonceOf(response)}"`);
  });

  it("given a back-office page, should send the same headers", async () => {
    const response = await get("/backend/dashboard", cookies["staff-1"]);
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    expectScriptsCarry(await response.text(), nonceOf(response));
  });

  it("given an API answer, should send the headers with a policy that runs nothing", async () => {
    const response = await get("/api/products");
    await response.arrayBuffer();
    expectCommonHeaders(response);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("given a page that does not exist, should send the headers with its 404", async () => {
    const response = await get("/no-such-page-at-all");
    expect(response.status).toBe(404);
    expectCommonHeaders(response);
    expectScriptsCarry(await response.text(), nonceOf(response));
  });

  it("given a media file, should send the headers (an SVG opened directly is inert)", async () => {
    await env.MEDIA.put("tests/door.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const response = await get("/media/tests/door.svg");
    await response.arrayBuffer();
    expectCommonHeaders(response);
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("given a redirect and /healthz, should send the headers", async () => {
    for (const response of [await get("/change-language?lang=th&next=%2Fshop"), await get("/healthz")]) {
      await response.arrayBuffer();
      expectCommonHeaders(response);
    }
  });

  it("given an HTTPS request, should add Strict-Transport-Security; over HTTP, not", async () => {
    const https = await shop.fetch(new Request("https://shop.test/faqs", { redirect: "manual" }));
    await https.arrayBuffer();
    expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const api = await shop.fetch(new Request("https://shop.test/api/products"));
    await api.arrayBuffer();
    expect(api.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const http = await get("/faqs");
    await http.arrayBuffer();
    expect(http.headers.has("strict-transport-security")).toBe(false);
  });

  it("given PayPal is configured, should let forms go to its checkout and nowhere else", async () => {
    const response = await get("/faqs");
    await response.arrayBuffer();
    const formAction = /form-action ([^;]+)/.exec(response.headers.get("content-security-policy")!)?.[1];
    expect(formAction).toBe(`'self' ${new URL(env.PAYPAL_API_BASE!).origin}`);
  });

  it("given a page that asks for a stricter Referrer-Policy, should keep it", async () => {
    const response = await get("/paypal-callback");
    await response.arrayBuffer();
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  });
});

describe("return parameters", () => {
  const signIn = (query: string, address: string) =>
    postForm(`/login${query}`, { email: demoCustomer.email, password: demoCustomerPassword }, { "cf-connecting-ip": address });

  it.each([
    ["%2F%09%2Fevil.example", "/"],
    ["%2F%5Cevil.example", "/"],
    ["%2F%2F%2Fevil.example", "/"],
    ["%2F%252F%2Fevil.example", "/"],
    ["javascript%3Aalert(1)", "/"],
    ["%2Fshop%3Fpage%3D2", "/shop?page=2"],
  ])("given sign-in with redirectTo=%s, should land on %s", async (redirectTo, location) => {
    const response = await signIn(`?redirectTo=${redirectTo}`, `10.77.0.${redirectTo.length}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(location);
  });

  it.each([
    ["%2F%09%2Fevil.example", "/th"],
    ["%2F%5Cevil.example", "/th"],
    ["%2Fshop", "/th/shop"],
  ])("given the language switch with next=%s, should go to %s", async (next, location) => {
    const response = await get(`/change-language?lang=th&next=${next}`);
    expect(response.headers.get("location")).toBe(location);
  });

  it.each([
    ["/\t/evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/cart?step=2", "/cart?step=2"],
  ])("given the currency switch with next=%j, should go to %s", async (next, location) => {
    const response = await postForm("/change-currency", { currency: "USD", next }, { origin });
    expect(response.headers.get("location")).toBe(location);
  });

  it("given staff sign-in with a tab trick, should land on the dashboard", async () => {
    const response = await postForm(
      "/backend/login?redirectTo=%2F%09%2Fevil.example",
      { email: "admin@pryde.test", password: "Staff12345" },
      { "cf-connecting-ip": "10.77.1.1" },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/backend/dashboard");
  });
});
