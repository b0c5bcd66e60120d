import { describe, expect, it } from "vitest";

import { get } from "./worker";

/**
 * The storefront and the back office are two Workers (app/build-part.ts, workers/parts.ts): the
 * storefront's build has no back-office route, and every spelling of a back-office address reaches
 * the back office's Worker through the storefront's, never the storefront's own not-found page.
 */

type Manifest = { version: string; routes: Record<string, { path?: string }> };

/** Each build's React Router manifest, as the browser loads it (`window.__reactRouterManifest=…`). */
function manifestOf(files: Record<string, string>): Manifest {
  const [text] = Object.values(files);
  if (text === undefined || Object.keys(files).length !== 1) throw new Error(`expected one manifest file, found ${Object.keys(files).length}`);
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}
const shop = manifestOf(import.meta.glob<string>("/build/client/assets/manifest-*.js", { query: "?raw", import: "default", eager: true }));
const office = manifestOf(import.meta.glob<string>("/build-office/client/assets/manifest-*.js", { query: "?raw", import: "default", eager: true }));
const isBackOfficeRoute = (id: string) => /^(en|th)\/backend\//.test(id);

describe("two Workers", () => {
  it("given the storefront's build, should hold no back-office route, and the back office's only those (and the root)", () => {
    const shopIds = Object.keys(shop.routes);
    const officeIds = Object.keys(office.routes);
    expect(shopIds).toContain("en/shop");
    expect(shopIds.filter(isBackOfficeRoute)).toEqual([]);
    expect(officeIds).toContain("en/backend/user");
    expect(officeIds).toContain("th/backend/login");
    expect(officeIds.filter((id) => id !== "root" && !isBackOfficeRoute(id))).toEqual([]);
    expect(shop.version).not.toBe(office.version);
  });

  it.each([
    ["canonical", "/backend/login"],
    ["upper case", "/BACKEND/LOGIN"],
    ["percent-encoded", "/%62ackend/%6Cogin"],
    ["Thai", "/th/backend/login"],
    ["Thai, mixed case", "/Th/Backend/Login"],
  ])("given the %s spelling of the staff sign-in page, should answer the back office's page", async (_name, path) => {
    let response = await get(path);
    // The language prefix has one spelling (workers/spelling.ts): `/Th/…` goes to `/th/…` first, in the back office's Worker.
    if (path.startsWith("/Th/")) {
      expect(response.status).toBe(308);
      expect(response.headers.get("location")).toBe("/th/Backend/Login");
      response = await get(response.headers.get("location")!);
    }
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('data-testid="staff-login-page"');
  });

  it("given a back-office page's data (.data), should answer the back office's route", async () => {
    const response = await get("/backend/login.data");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("backend/login");
  });

  it("given the back office's manifest version, should discover its routes (the storefront's Worker forwards)", async () => {
    const response = await get(`/__manifest?paths=${encodeURIComponent("/backend,/backend/user")}&version=${office.version}`);
    expect(response.status).toBe(200);
    expect(Object.keys((await response.json()) as object)).toContain("en/backend/user");
  });

  it.each([
    ["a storefront page asks for a back-office path", shop, "/backend,/backend/dashboard"],
    ["a back-office page asks for a storefront path", office, "/shop,/shop/some-product"],
    ["a back-office page asks for the home page", office, "/"],
    ["a Thai back-office page asks for a Thai storefront path", office, "/th,/th/shop"],
    ["a Thai back-office page asks for the Thai home page", office, "/th"],
  ])("given %s, should ask the browser to load the document (React Router's 204 reload)", async (_name, manifest, paths) => {
    const response = await get(`/__manifest?paths=${encodeURIComponent(paths)}&version=${manifest.version}`);
    expect(response.status).toBe(204);
    expect(response.headers.get("x-remix-reload-document")).toBe("true");
  });

  it("given a storefront page asking for storefront paths, should discover them (the storefront's Worker answers)", async () => {
    const response = await get(`/__manifest?paths=${encodeURIComponent("/th,/th/shop")}&version=${shop.version}`);
    expect(response.status).toBe(200);
    expect(Object.keys((await response.json()) as object)).toContain("th/shop");
  });
});
