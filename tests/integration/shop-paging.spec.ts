import { describe, expect, it } from "vitest";

import { orderStatusId } from "~/domain/order-status";

import { newCustomer } from "./profile-helpers";
import { placeOrder, productWithTwoVariants } from "./purchases-helpers";
import { get } from "./worker";

/**
 * Paged storefront lists (app/domain/page-number.ts): a page past the end and a category that is
 * not ours are 404 pages in the page's language, never quietly page 1 or every product; a
 * malformed page number is page 1; nothing a shopper types answers 5xx.
 */
describe("the shop's query", () => {
  it.each([
    ["/shop?page=99", "en"],
    ["/th/shop?page=99", "th"],
    ["/shop?category=999999", "en"],
    ["/th/shop?category=999999", "th"],
    ["/shop?category=abc", "en"],
    ["/shop?category=-1", "en"],
    ["/shop?category=2&page=500", "en"],
    ["/shop?search=no-such-thing-at-all-xyz&page=2", "en"],
  ])("given %s, should answer 404 in %s", async (path, lang) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(`lang="${lang}"`);
    expect(html).toContain('data-testid="error-page"');
    expect(html).not.toContain('data-testid="product-card"');
  });

  it.each(["/shop?page=abc", "/shop?page=-1", "/shop?page=0", "/shop?page=1.5", "/shop?page=", "/shop?category=", "/shop?page=99999999999999999999"])(
    "given %s, should never answer 5xx (malformed page: page 1; a huge one: 404)",
    async (path) => {
      const response = await get(path);
      expect([200, 404]).toContain(response.status);
      if (!/9{10}/.test(path)) expect(response.status).toBe(200);
      await response.arrayBuffer();
    },
  );

  it("given a real category and its last page, should answer 200", async () => {
    expect((await get("/shop?category=2")).status).toBe(200);
    const first = await (await get("/shop?paging-probe=1")).text();
    const last = Math.max(1, ...[...first.matchAll(/[?&]amp;page=(\d+)|[?&]page=(\d+)/g)].map((match) => Number(match[1] ?? match[2])));
    expect((await get(`/shop?page=${last}`)).status).toBe(200);
    expect((await get(`/shop?page=${last + 1}`)).status).toBe(404);
  });
});

describe("/my-purchase paging", () => {
  it("given a page past the end of the orders or of the points ledger, should answer 404; a malformed one is page 1", async () => {
    const me = await newCustomer("paging");
    const variant = await productWithTwoVariants();
    await placeOrder({ customerId: me.id, statusId: orderStatusId.paid, productId: variant.productId, variantId: variant.bought });
    const headers = { cookie: me.cookie };
    expect((await get("/my-purchase?page=1", headers)).status).toBe(200);
    expect((await get("/my-purchase?page=abc", headers)).status).toBe(200);
    expect((await get("/my-purchase?page=2", headers)).status).toBe(404);
    expect((await get("/th/my-purchase?pointsPage=7", headers)).status).toBe(404);
  });
});
