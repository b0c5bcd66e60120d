import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { categories } from "~/db/schema";

import { backendTestCookies } from "./backend-sessions";
import { get, postForm } from "./worker";

/** A back-office save (as the administrator, through the form at this spelling of its URL): category 1's English name. */
async function renameFirstCategory(formPath: string, nameEn: string): Promise<void> {
  const [category] = await database(env.DB).select().from(categories).where(eq(categories.id, 1));
  const admin = (await backendTestCookies())["staff-1"];
  const saved = await postForm(
    formPath,
    {
      intent: "save",
      nameEn,
      nameTh: category!.nameTh,
      slug: category!.slug,
      descriptionEn: category!.descriptionEn,
      descriptionTh: category!.descriptionTh,
      imageKey: category!.imageKey ?? "",
      sortOrder: String(category!.sortOrder),
    },
    admin,
  );
  expect(saved.status).toBe(302);
}

// Each test uses its own URL so pages cached by other tests cannot interfere.
describe("page cache for anonymous shoppers", () => {
  it("given the same public page twice, should render once and serve the copy", async () => {
    const first = await get("/shop?page=1&cache-test=repeat");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const firstHtml = await first.text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await get("/shop?page=1&cache-test=repeat");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    // The same page, except that each answer carries its own CSP nonce (workers/security-headers.ts withFreshNonce).
    // (HTMLRewriter writes a rewritten self-closing tag as ` />`.)
    const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "").replace(/\s+\/>/g, "/>");
    const secondHtml = await second.text();
    expect(secondHtml).not.toBe(firstHtml);
    expect(withoutNonces(secondHtml)).toBe(withoutNonces(firstHtml));
  });

  it("given another display currency, should not serve the Baht copy", async () => {
    await (await get("/shop?cache-test=currency")).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const inDollars = await get("/shop?cache-test=currency", { cookie: "currency=USD" });
    expect(inDollars.headers.get("x-page-cache")).toBe("miss");
    expect(await inDollars.text()).toContain("$");
  });

  it("given a visitor with a session, should always render afresh", async () => {
    const cookie = "pryde_session=sessionsessionsession01";
    await (await get("/shop?cache-test=session", { cookie })).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await get("/shop?cache-test=session", { cookie });
    expect(again.headers.get("x-page-cache")).toBeNull();
  });

  it("given a not-found page or a form post, should not cache it", async () => {
    await (await get("/th/no-such-page?cache-test=404")).text();
    const again = await get("/th/no-such-page?cache-test=404");
    expect(again.status).toBe(404);
    expect(again.headers.get("x-page-cache")).toBeNull();
    const posted = await postForm("/change-currency", { currency: "EUR", next: "/shop" });
    expect(posted.headers.get("x-page-cache")).toBeNull();
  });

  it.each(["/backend/products/category/form/1", "/BACKEND/products/category/form/1", "/%62ackend/products/category/form/1"])(
    "given a back-office save at %s, should show the change on the next anonymous request, not after the cache's lifetime",
    async (formPath) => {
      const page = `/shop?cache-test=${encodeURIComponent(formPath)}`;
      await (await get(page)).text();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await get(page)).headers.get("x-page-cache")).toBe("hit");

      const nameEn = `Tees ${formPath.length}-${Date.now()}`;
      await renameFirstCategory(formPath, nameEn);

      const after = await get(page);
      expect(after.headers.get("x-page-cache")).toBe("miss");
      expect(await after.text()).toContain(nameEn);
    },
  );

  it("given a refused back-office post, should keep serving the cached page", async () => {
    const page = "/shop?cache-test=refused";
    await (await get(page)).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const admin = (await backendTestCookies())["staff-1"];
    const refused = await postForm("/backend/products/category/form/1", { nameEn: "" }, admin);
    expect(refused.status).toBe(400);
    expect((await get(page)).headers.get("x-page-cache")).toBe("hit");
  });
});

/** D1 rows a page read, from its `Server-Timing` (app/db/d1-meter.ts). */
function rowsReadOf(response: Response): number {
  const match = /(\d+) rows? read/.exec(response.headers.get("server-timing") ?? "");
  expect(match).not.toBeNull();
  return Number(match![1]);
}

const mainOf = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));

describe("catalogue reads shared with signed-in shoppers (issue 19)", () => {
  it.each(["/shop?category=1&sort=price-asc", "/th/shop/classic-logo-tee", "/"])(
    "given %s rendered for one shopper, should render it for another from the shared reads: fewer rows, the same catalogue",
    async (path) => {
      const cookies = await backendTestCookies();
      const first = await get(path, cookies.customer);
      const firstHtml = await first.text();
      const second = await get(path, cookies["staff-2"]);
      const secondHtml = await second.text();
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.headers.get("x-page-cache")).toBeNull();
      expect(rowsReadOf(second)).toBeLessThan(rowsReadOf(first));
      const productLinks = (html: string) => mainOf(html).match(/href="[^"]*\/shop\/[^"?]+/g) ?? [];
      expect(productLinks(secondHtml)).toEqual(productLinks(firstHtml));
      expect(productLinks(firstHtml).length).toBeGreaterThan(0);
    },
  );

  it("given a back-office save, should show the change to a signed-in shopper on the next request", async () => {
    const page = "/shop?category=1&sort=newest";
    const { customer } = await backendTestCookies();
    await (await get(page, customer)).text();
    const nameEn = `Shared ${Date.now()}`;
    await renameFirstCategory("/backend/products/category/form/1", nameEn);
    expect(mainOf(await (await get(page, customer)).text())).toContain(nameEn);
  });
});
