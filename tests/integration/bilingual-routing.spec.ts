import { describe, expect, it } from "vitest";

import { backendTestCookies } from "./backend-sessions";
import { cookieFrom, get, postForm } from "./worker";

describe("bilingual routing", () => {
  it.each([
    ["/", "en"],
    ["/th", "th"],
    ["/shop", "en"],
    ["/th/shop", "th"],
  ])("given %s, should render the page with <html lang=%s>", async (path, lang) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}"`);
  });

  // React Router matches the prefix in any case, the language is read from it as written: one spelling.
  it.each([
    ["/TH/shop", "/th/shop"],
    ["/Th", "/th"],
    ["/%54H/faqs?q=1", "/th/faqs?q=1"],
  ])("given %s, should send GET and POST to %s (308), which is Thai", async (path, location) => {
    for (const response of [await get(path), await postForm(path, { intent: "probe" })]) {
      expect(response.status).toBe(308);
      expect(response.headers.get("location")).toBe(location);
    }
    const page = await get(location);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="th"');
  });

  it("given a page, should link its canonical URL and both language alternates", async () => {
    const html = await (await get("/th/shop?page=1")).text();
    expect(html).toContain('rel="canonical" href="http://shop.test/th/shop?page=1"');
    expect(html).toContain('hrefLang="en" href="http://shop.test/shop?page=1"');
    expect(html).toContain('hrefLang="th" href="http://shop.test/th/shop?page=1"');
  });

  it.each([
    ["/en/shop", "Not found this page."],
    ["/xx/shop", "Not found this page."],
    ["/no-such-page", "Not found this page."],
    ["/th/no-such-page", "ไม่พบหน้าที่คุณต้องการ"],
  ])("given %s, should answer the 404 page in the URL's language", async (path, text) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('data-testid="error-page"');
    expect(html).toContain(text);
    // Spec §8: "404 Not Found", the detail, then "Please, contact staff." — in the page's language.
    const thai = path.startsWith("/th");
    expect(html).toMatch(new RegExp(`<title>404 ${thai ? "ไม่พบหน้านี้" : "Not Found"}( \\| [^<]+)?</title>`));
    expect(html).toMatch(/<h1[^>]*data-testid="error-title" data-status="404"><span[^>]*>404<\/span> <span[^>]*>(Not Found|ไม่พบหน้านี้)<\/span><\/h1>/);
    expect(html.indexOf(text)).toBeLessThan(html.indexOf(thai ? "กรุณาติดต่อเจ้าหน้าที่" : "Please, contact staff."));
  });

  it.each([
    ["/custom/select/1", "403", "Forbidden", "Access to this page is not permitted."],
    ["/th/custom/select/1", "403", "ไม่มีสิทธิ์เข้าถึง", "คุณไม่มีสิทธิ์เข้าถึงหน้านี้"],
  ])("given a staff member on %s, should show spec §8's %s page", async (path, status, title, detail) => {
    const cookies = await backendTestCookies();
    const response = await get(path, cookies["staff-1"]);
    expect(String(response.status)).toBe(status);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<title>${status} ${title}( \\| [^<]+)?</title>`));
    expect(html).toContain(detail);
  });

  it("given the language switcher, should remember the choice for a year and open the same page in it", async () => {
    const response = await get("/change-language?lang=th&next=%2Fshop%3Fpage%3D2");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/th/shop?page=2");
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain("lng=th");
    expect(setCookie).toContain("Max-Age=31536000");
  });

  it("given a switch back to English from a Thai page, should drop the /th prefix", async () => {
    const response = await get("/change-language?lang=en&next=%2Fth%2Fshop");
    expect(response.headers.get("location")).toBe("/shop");
  });

  it("given an off-site return address, should not redirect off the site", async () => {
    const response = await get("/change-language?lang=th&next=%2F%2Fevil.example");
    expect(response.headers.get("location")).toBe("/th");
  });

  it("given a visitor who chose Thai, a visit to / should follow the choice", async () => {
    const choose = await get("/change-language?lang=th&next=%2F");
    const response = await get("/", { cookie: cookieFrom(choose) });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/th");
  });

  it("given a visitor who chose English, a visit to / should stay English", async () => {
    const response = await get("/", { cookie: "lng=en" });
    expect(response.status).toBe(200);
  });

  it.each([
    ["/shop", "Method Not Allowed", "Invalid request method."],
    ["/th/shop", "วิธีการร้องขอไม่ถูกต้อง", "กรุณาติดต่อเจ้าหน้าที่"],
  ])("given a form posted to a page that takes none (%s), should answer the 405 error page", async (path, title, detail) => {
    const response = await postForm(path, { anything: "1" });
    expect(response.status).toBe(405);
    const html = await response.text();
    expect(html).toContain(title);
    expect(html).toContain(detail);
  });
});
