import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { cartLines } from "~/db/schema/cart";
import { products, variants } from "~/db/schema/catalog";
import { staffUsers } from "~/db/schema/customers";
import { flashSaleItems, flashSales } from "~/db/schema/promotions";
import { demoFlashSale } from "~/db/seed";
import { demoCustomer, demoCustomerPassword } from "~/db/seed/accounts";
import { createSession } from "~/features/sessions/sessions.server";

import { accountFields, fromAddress, mainOf, sessionCookieOf, uniqueEmail } from "./accounts-helpers";
import {
  add,
  allCartRows,
  cartPage,
  cartPost,
  cookieHeader,
  customerSession,
  db,
  demoCustomerId,
  guestSession,
  linesOf,
  newSessionHeaders,
  plainVariants,
  sessionIdOf,
} from "./cart-helpers";
import { typedText } from "./fuzz";
import { toastCookieFor, toastOf } from "./profile-helpers";
import { get, postForm } from "./worker";

const baht = (satang: number) => `฿${(satang / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;

describe("cart: guests", () => {
  it("given a guest without a session adding a variant (no JavaScript), should create a session and a cart and go to /cart with a message", async () => {
    const [variant] = await plainVariants();
    const response = await add(variant!.id, 2);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/cart");
    const headers = newSessionHeaders(response);
    expect(toastOf(response)).toBe("shop:flash.added");
    expect(await linesOf({ sessionId: sessionIdOf(headers) })).toMatchObject([{ variantId: variant!.id, quantity: 2 }]);

    const { response: page, html } = await cartPage({ cookie: `${headers.cookie}; ${toastCookieFor("shop:flash.added")}` });
    expect(page.status).toBe(200);
    expect(html).toContain('data-testid="cart-line"');
    expect(html).toContain("Added to your cart");
    expect(html).toMatch(/data-testid="cart-badge"[^>]*>2</);
    expect(mainOf(html)).toContain(baht(variant!.priceSatang * 2));
  });

  it("given the same variant added again, should sum the quantities, capped at the stock", async () => {
    const [variant] = await plainVariants(6);
    const headers = await guestSession();
    await add(variant!.id, 2, headers);
    await add(variant!.id, 3, headers);
    expect(await linesOf({ sessionId: sessionIdOf(headers) })).toMatchObject([{ variantId: variant!.id, quantity: 5 }]);
    const capped = await add(variant!.id, variant!.stock, headers);
    expect(toastOf(capped)).toBe("shop:flash.addedCapped");
    expect(decodeURIComponent(capped.headers.getSetCookie().join())).toContain(`"count":${variant!.stock}`);
    expect(await linesOf({ sessionId: sessionIdOf(headers) })).toMatchObject([{ variantId: variant!.id, quantity: variant!.stock }]);
  });

  it("given update, should replace the quantity (never above the max); 0 removes the line", async () => {
    const [first, second] = await plainVariants(6, 2);
    const headers = await guestSession();
    await add(first!.id, 1, headers);
    await add(second!.id, 1, headers);
    const [line] = await linesOf({ sessionId: sessionIdOf(headers) });

    expect((await cartPost({ intent: "update", lineId: String(line!.id), quantity: "4" }, headers)).status).toBe(302);
    expect((await linesOf({ sessionId: sessionIdOf(headers) }))[0]!.quantity).toBe(4);
    await cartPost({ intent: "update", variantId: String(first!.id), quantity: "999" }, headers);
    expect((await linesOf({ sessionId: sessionIdOf(headers) }))[0]!.quantity).toBe(first!.stock);
    await cartPost({ intent: "update", lineId: String(line!.id), quantity: "0" }, headers);
    expect((await linesOf({ sessionId: sessionIdOf(headers) })).map((row) => row.variantId)).toEqual([second!.id]);
  });

  it("given remove and clear, should delete one line, then every line", async () => {
    const [first, second, third] = await plainVariants(6, 3);
    const headers = await guestSession();
    for (const variant of [first, second, third]) await add(variant!.id, 1, headers);
    const lines = await linesOf({ sessionId: sessionIdOf(headers) });
    await cartPost({ intent: "remove", lineId: String(lines[0]!.id) }, headers);
    await cartPost({ intent: "remove", variantId: String(second!.id) }, headers);
    expect((await linesOf({ sessionId: sessionIdOf(headers) })).map((row) => row.variantId)).toEqual([third!.id]);
    const cleared = await cartPost({ intent: "clear" }, headers);
    expect(cleared.status).toBe(302);
    expect(await linesOf({ sessionId: sessionIdOf(headers) })).toEqual([]);
    expect((await cartPage(headers)).html).toContain('data-testid="cart-empty"');
  });

  it("given a cart of several lines, each line should carry one link, three forms and sprite icons (issue 19: a line's markup is what a large cart costs)", async () => {
    const variants = await plainVariants(6, 3);
    const headers = await guestSession();
    for (const variant of variants) await add(variant.id, 2, headers);
    const { html } = await cartPage(headers);
    const lines = html
      .split('data-testid="cart-line"')
      .slice(1)
      .map((chunk) => chunk.slice(0, chunk.indexOf("</li>")));
    expect(lines).toHaveLength(3);
    const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;
    for (const line of lines) {
      // The picture and the name share one link; −, + and remove draw the page's sprite (no paths of their own).
      expect(count(line, /<a /g)).toBe(1);
      expect(count(line, /<img /g)).toBe(1);
      expect(count(line, /<form/g)).toBe(3);
      expect(count(line, /<path/g)).toBe(0);
      expect(count(line, /<use href="#cart-icon-/g)).toBe(3);
    }
    expect(count(html, /<symbol id="cart-icon-/g)).toBe(3);

    // Without JavaScript, + sends its form's fields and its own value: what the browser would post.
    const steps = /<form id="(cart-steps-\d+)"[^>]*>(.*?)<\/form>/.exec(lines[0]!)!;
    const fields = Object.fromEntries([...steps[2]!.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map(([, name, value]) => [name!, value!]));
    const plus = new RegExp(`<button[^>]*form="${steps[1]}"[^>]*>`).exec(lines[0]!)![0];
    expect(plus).toContain('name="quantity"');
    const quantity = /value="(\d+)"/.exec(plus)![1]!;
    expect(quantity).toBe("3");
    expect((await cartPost({ ...fields, quantity }, headers)).status).toBe(302);
    expect((await linesOf({ sessionId: sessionIdOf(headers) })).map((row) => row.quantity)).toEqual([3, 2, 2]);
  });

  it("given a form sent by JavaScript (enhanced), should answer with data and stay (200), not redirect", async () => {
    const [variant] = await plainVariants();
    const headers = await guestSession();
    const response = await add(variant!.id, 1, headers, { enhanced: "1" });
    expect(response.status).toBe(200);
    expect(response.headers.get("location")).toBeNull();
    expect(await linesOf({ sessionId: sessionIdOf(headers) })).toHaveLength(1);
  });
});

describe("cart: customers", () => {
  it("given a customer, should keep the cart by customer id across sessions (add, sum, update, remove, clear)", async () => {
    const [first, second] = await plainVariants(6, 2);
    const customerId = await demoCustomerId();
    const one = await customerSession(customerId);
    const two = await customerSession(customerId);
    await add(first!.id, 1, one);
    await add(first!.id, 2, two);
    await add(second!.id, 1, one);
    expect(await linesOf({ customerId })).toMatchObject([
      { variantId: first!.id, quantity: 3 },
      { variantId: second!.id, quantity: 1 },
    ]);
    await cartPost({ intent: "update", variantId: String(first!.id), quantity: "2" }, two);
    await cartPost({ intent: "remove", variantId: String(second!.id) }, one);
    expect(await linesOf({ customerId })).toMatchObject([{ variantId: first!.id, quantity: 2 }]);
    const { html } = await cartPage(two);
    expect(html).toMatch(/data-testid="cart-badge"[^>]*>2</);
    await cartPost({ intent: "clear" }, one);
    expect(await linesOf({ customerId })).toEqual([]);
  });
});

describe("cart: prices and limits come from D1", () => {
  it("given posted price fields, should ignore them: the cart shows the D1 price", async () => {
    const [variant] = await plainVariants();
    const headers = await guestSession();
    const response = await add(variant!.id, 2, headers, { price: "1", priceSatang: "1", unitPriceSatang: "100", subtotalSatang: "1", max: "999" });
    expect(response.status).toBe(302);
    const main = mainOf((await cartPage(headers)).html);
    expect(main).toContain(baht(variant!.priceSatang));
    expect(main).toContain(baht(variant!.priceSatang * 2));
    expect(main).not.toContain("฿0.01");
    expect(main).not.toContain("฿1.00");
  });

  it("given posted price fields, should record the D1 price as the price the shopper saw", async () => {
    const [variant] = await plainVariants();
    const headers = await guestSession();
    await add(variant!.id, 1, headers, { seenPriceSatang: "1", priceSatang: "1" });
    const row = await db()
      .select({ seen: cartLines.seenPriceSatang })
      .from(cartLines)
      .where(eq(cartLines.id, (await linesOf({ sessionId: sessionIdOf(headers) }))[0]!.id))
      .get();
    expect(row?.seen).toBe(variant!.priceSatang);
    expect((await cartPage(headers)).html).not.toContain('data-testid="cart-line-price-change"');
  });

  it("given a live flash sale, should charge the sale price and use what is left of its cap as the max", async () => {
    const item = demoFlashSale.items[0];
    const { id: variantId, stock } = (await db().select({ id: variants.id, stock: variants.stock }).from(variants).where(eq(variants.sku, item.sku)).get())!;
    expect(stock).toBeGreaterThan(item.quantityCap);
    const headers = await guestSession();
    await add(variantId, 50, headers);
    expect(await linesOf({ sessionId: sessionIdOf(headers) })).toMatchObject([{ variantId, quantity: item.quantityCap }]);
    const { html } = await cartPage(headers);
    expect(mainOf(html)).toContain(baht(item.salePriceSatang * item.quantityCap));
    expect(html).toContain('data-testid="cart-line-flash-sale"');
  });

  it("given stock that fell below a line, or a sold-out or withdrawn variant, should flag the lines and leave them out of the subtotal", async () => {
    const [low, gone, withdrawn] = await plainVariants(6, 3);
    const headers = await guestSession();
    for (const variant of [low, gone, withdrawn]) await add(variant!.id, 4, headers);
    await db().update(variants).set({ stock: 2 }).where(eq(variants.id, low!.id));
    await db().update(variants).set({ stock: 0 }).where(eq(variants.id, gone!.id));
    await db().update(variants).set({ isActive: false }).where(eq(variants.id, withdrawn!.id));
    try {
      const { html } = await cartPage(headers);
      expect(html).toMatch(new RegExp(`data-variant-id="${low!.id}" data-status="reduced"`));
      expect(html).toMatch(new RegExp(`data-variant-id="${gone!.id}" data-status="out-of-stock"`));
      expect(html).toMatch(new RegExp(`data-variant-id="${withdrawn!.id}" data-status="unavailable"`));
      expect(html).toContain("Only 2 left, so the quantity was lowered.");
      expect(html).toContain("Sold out. Remove it to continue.");
      expect(html).toContain("No longer available. Remove it to continue.");
      // The lowered quantity is stored, so the badge and checkout agree with the page.
      expect((await linesOf({ sessionId: sessionIdOf(headers) })).find((line) => line.variantId === low!.id)?.quantity).toBe(2);
      expect(mainOf(html)).toContain(baht(low!.priceSatang * 2));
      // Adding more of a sold-out variant is refused.
      const refused = await add(gone!.id, 1, headers);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Sorry, this item is sold out.");
    } finally {
      await db().update(variants).set({ stock: low!.stock }).where(eq(variants.id, low!.id));
      await db().update(variants).set({ stock: gone!.stock }).where(eq(variants.id, gone!.id));
      await db().update(variants).set({ isActive: true }).where(eq(variants.id, withdrawn!.id));
    }
  });
});

describe("cart: prices that changed since the shopper saw them (ADR 0011)", () => {
  const priceChangeOf = (html: string) => html.match(/data-testid="cart-line-price-change" data-direction="(up|down)"/)?.[1] ?? null;
  const setPrice = (variantId: number, priceSatang: number) => db().update(variants).set({ priceSatang }).where(eq(variants.id, variantId));

  it("given staff raising a variant's price, should flag the line in en and th and keep the checkout closed until the shopper presses OK", async () => {
    const [variant] = await plainVariants();
    const was = variant!.priceSatang;
    const now = was + 5_000;
    const headers = await guestSession();
    await add(variant!.id, 2, headers);
    const [line] = await linesOf({ sessionId: sessionIdOf(headers) });
    await setPrice(variant!.id, now);
    try {
      const { html } = await cartPage(headers);
      expect(priceChangeOf(html)).toBe("up");
      expect(html).toContain(`Price went up: was ${baht(was)}, now ${baht(now)}`);
      // Staff changed the price: no flash sale explains it, so no reason is given.
      expect(html).not.toContain('data-testid="cart-line-price-reason"');
      expect(html).toContain('data-testid="cart-price-notice"');
      expect(mainOf(html)).toContain(baht(now * 2));
      const thai = (await cartPage(headers, "/th")).html;
      expect(thai).toContain(`ราคาเพิ่มขึ้น: เดิม ${baht(was)} ตอนนี้ ${baht(now)}`);
      expect(thai).toContain("ราคาสินค้าบางรายการเพิ่มขึ้น");

      // Showing the cart (twice now) is not accepting: the checkout sends the shopper back, saying why.
      for (const prefix of ["", "/th"]) {
        const guarded = await get(`${prefix}/cart/checkout`, headers);
        expect(guarded.status).toBe(302);
        expect(guarded.headers.get("location")).toBe(`${prefix}/cart`);
        expect(toastOf(guarded)).toBe("shop:flash.priceIncrease");
      }
      expect((await cartPage({ cookie: `${headers.cookie}; ${toastCookieFor("shop:flash.priceIncrease")}` })).html).toContain(
        "A price went up since you added the item.",
      );
      expect((await cartPage({ cookie: `${headers.cookie}; ${toastCookieFor("shop:flash.priceIncrease")}` }, "/th")).html).toContain(
        "ราคาสินค้าเพิ่มขึ้นหลังจากที่คุณเพิ่มลงตะกร้า",
      );

      // A made-up price is not accepted (and never stored): 409, nothing written, still flagged.
      const before = await allCartRows();
      for (const prices of [`${line!.id}:1`, `${line!.id}:${was}`]) {
        const refused = await cartPost({ intent: "accept-prices", prices }, headers);
        expect(refused.status).toBe(409);
        expect(await refused.text()).toContain("A price changed again while you were looking.");
      }
      expect((await cartPost({ intent: "accept-prices", prices: `${line!.id}:${now}` }, await guestSession(), "/th")).status).toBe(400);
      expect(await allCartRows()).toEqual(before);
      expect(priceChangeOf((await cartPage(headers)).html)).toBe("up");

      // OK with the price the page showed: recorded (the D1 price), the flag and the guard go.
      const accepted = await cartPost({ intent: "accept-prices", prices: `${line!.id}:${now}` }, headers);
      expect(accepted.status).toBe(302);
      expect(toastOf(accepted)).toBe("shop:flash.pricesAccepted");
      const after = (await cartPage(headers)).html;
      expect(priceChangeOf(after)).toBeNull();
      expect(after).not.toContain('data-testid="cart-price-notice"');
      expect((await get("/cart/checkout", headers)).status).toBe(200);
    } finally {
      await setPrice(variant!.id, was);
    }
  });

  it("given a raised price, changing the line's quantity should accept it; a fall back is flagged as a decrease that does not close the checkout", async () => {
    const [variant] = await plainVariants();
    const was = variant!.priceSatang;
    const headers = await guestSession();
    await add(variant!.id, 1, headers);
    await setPrice(variant!.id, was + 1_000);
    try {
      expect(priceChangeOf((await cartPage(headers)).html)).toBe("up");
      const enhanced = await cartPost({ intent: "update", variantId: String(variant!.id), quantity: "2", enhanced: "1" }, headers);
      expect(enhanced.status).toBe(200);
      expect(priceChangeOf((await cartPage(headers)).html)).toBeNull();
      await setPrice(variant!.id, was);
      const { html } = await cartPage(headers);
      expect(priceChangeOf(html)).toBe("down");
      expect(html).toContain(`Price went down: was ${baht(was + 1_000)}, now ${baht(was)}`);
      expect(html).not.toContain('data-testid="cart-price-notice"');
      expect((await get("/cart/checkout", headers)).status).toBe(200);
    } finally {
      await setPrice(variant!.id, was);
    }
  });

  it("given a flash sale starting after the line was added, should flag the sale price as a decrease (en and th)", async () => {
    const [variant] = await plainVariants();
    const salePrice = variant!.priceSatang - 2_000;
    const hour = 3_600_000;
    const sale = (await db()
      .insert(flashSales)
      .values({
        nameEn: "Test sale",
        nameTh: "เซลทดสอบ",
        startsAt: Date.now() + hour,
        endsAt: Date.now() + 2 * hour,
        isActive: true,
        createdAt: Date.now(),
        updatedAt: Date.now(),
      })
      .returning({ id: flashSales.id })
      .get())!;
    try {
      await db().insert(flashSaleItems).values({ flashSaleId: sale.id, variantId: variant!.id, salePriceSatang: salePrice, quantityCap: 5 });
      const headers = await guestSession();
      await add(variant!.id, 1, headers);
      expect(priceChangeOf((await cartPage(headers)).html)).toBeNull();
      await db()
        .update(flashSales)
        .set({ startsAt: Date.now() - hour })
        .where(eq(flashSales.id, sale.id));
      const { html } = await cartPage(headers);
      expect(priceChangeOf(html)).toBe("down");
      expect(html).toContain(`Price went down: was ${baht(variant!.priceSatang)}, now ${baht(salePrice)}`);
      expect(html).toContain('data-testid="cart-line-flash-sale"');
      expect((await cartPage(headers, "/th")).html).toContain(`ราคาลดลง: เดิม ${baht(variant!.priceSatang)} ตอนนี้ ${baht(salePrice)}`);
    } finally {
      await db().delete(flashSales).where(eq(flashSales.id, sale.id));
    }
  });

  it("given a line from before seen prices were kept (NULL), should not flag it and should record the price shown", async () => {
    const [variant] = await plainVariants();
    const headers = await guestSession();
    await add(variant!.id, 1, headers);
    const [line] = await linesOf({ sessionId: sessionIdOf(headers) });
    await db().update(cartLines).set({ seenPriceSatang: null }).where(eq(cartLines.id, line!.id));
    await setPrice(variant!.id, variant!.priceSatang + 700);
    try {
      expect(priceChangeOf((await cartPage(headers)).html)).toBeNull();
      expect((await db().select({ seen: cartLines.seenPriceSatang }).from(cartLines).where(eq(cartLines.id, line!.id)).get())?.seen).toBe(
        variant!.priceSatang + 700,
      );
      expect((await get("/cart/checkout", headers)).status).toBe(200);
    } finally {
      await setPrice(variant!.id, variant!.priceSatang);
    }
  });
});

describe("cart: refusals", () => {
  it("given another session's line id, should refuse (400) and change nothing", async () => {
    const [variant] = await plainVariants();
    const owner = await guestSession();
    const stranger = await guestSession();
    await add(variant!.id, 3, owner);
    await add(variant!.id, 1, stranger);
    const [line] = await linesOf({ sessionId: sessionIdOf(owner) });
    const before = await allCartRows();
    const attempts: Record<string, string>[] = [
      { intent: "update", lineId: String(line!.id), quantity: "1" },
      { intent: "remove", lineId: String(line!.id) },
    ];
    for (const fields of attempts) {
      const response = await cartPost(fields, stranger);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("This item is not in your cart.");
    }
    const customer = await customerSession();
    expect((await cartPost({ intent: "remove", lineId: String(line!.id) }, customer)).status).toBe(400);
    expect(await allCartRows()).toEqual(before);
  });

  it.each([
    ["a non-numeric quantity", { intent: "add", variantId: "1", quantity: "two" }, "Enter a whole number from 1 to 999."],
    ["a negative quantity", { intent: "add", variantId: "1", quantity: "-2" }, "Enter a whole number from 1 to 999."],
    ["a huge quantity", { intent: "add", variantId: "1", quantity: "1e300" }, "Enter a whole number from 1 to 999."],
    ["a fractional quantity", { intent: "update", variantId: "1", quantity: "1.5" }, "Enter a whole number from 1 to 999."],
    ["an unknown variant", { intent: "add", variantId: "999999", quantity: "1" }, "This product is not available."],
    ["a variant id that is not a number", { intent: "add", variantId: "abc", quantity: "1" }, "This request is not valid."],
    ["an unknown intent", { intent: "buy-all", variantId: "1" }, "Unknown cart action."],
    ["no line to update", { intent: "update", quantity: "1" }, "Choose an item of your cart."],
  ])("given %s, should answer 400 with a message and write nothing", async (_case, fields, message) => {
    const headers = await guestSession();
    const before = await allCartRows();
    const response = await cartPost(fields, headers);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await allCartRows()).toEqual(before);
  });

  it("given a Thai page, should answer the refusal in Thai", async () => {
    const response = await cartPost({ intent: "add", variantId: "1", quantity: "0" }, await guestSession(), "/th");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("กรุณาใส่จำนวนเต็มตั้งแต่ 1 ถึง 999");
  });

  it("given staff, should refuse every cart change (403) and send them home from the cart pages (frontend guard)", async () => {
    const [variant] = await plainVariants();
    const staff = await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, "admin@pryde.test")).get();
    const headers = cookieHeader(await createSession(env.DB, { staffUserId: staff!.id }));
    const before = await allCartRows();
    // The action refuses (403, nothing written); a page (non-fetch) post then lands on the home page.
    const response = await add(variant!.id, 1, headers);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(await allCartRows()).toEqual(before);
    for (const [path, home] of [
      ["/cart", "/"],
      ["/th/cart", "/th"],
      ["/cart/checkout", "/"],
      ["/th/cart/checkout", "/th"],
    ]) {
      const page = await get(path!, headers);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe(home);
    }
  });

  it("given fuzzed cart forms, should never answer 5xx, and a refusal should write nothing", async () => {
    const headers = await guestSession();
    const [variant] = await plainVariants();
    await add(variant!.id, 1, headers);
    const [line] = await linesOf({ sessionId: sessionIdOf(headers) });
    const field = fc.oneof(typedText, fc.constantFrom(String(variant!.id), String(line!.id), "0", "-1", "999", "1000", "9007199254740993", ""));
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          intent: fc.oneof(fc.constantFrom("add", "update", "remove", "clear"), typedText),
          variantId: field,
          lineId: field,
          quantity: field,
          price: typedText,
        }),
        async (fields) => {
          const before = await allCartRows();
          const response = await cartPost(fields, headers);
          expect(response.status, JSON.stringify(fields).slice(0, 300)).toBeLessThan(500);
          if (response.status >= 400) expect(await allCartRows()).toEqual(before);
          await response.arrayBuffer();
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("cart: sign-in merges the guest cart", () => {
  it("given a guest cart and a customer cart, signing in by e-mail should merge them (sum capped at max, others appended) in one go", async () => {
    const [shared, guestOnly, customerOnly] = await plainVariants(6, 3);
    const customerId = await demoCustomerId();
    const customer = await customerSession(customerId);
    await cartPost({ intent: "clear" }, customer);
    await add(shared!.id, 2, customer);
    await add(customerOnly!.id, 1, customer);

    const guest = await guestSession();
    await add(shared!.id, shared!.stock, guest);
    await add(guestOnly!.id, 2, guest);

    const response = await postForm("/login", { email: demoCustomer.email, password: demoCustomerPassword }, { ...guest, ...fromAddress("10.44.0.1") });
    expect(response.status).toBe(302);
    expect(sessionCookieOf(response)).not.toBe(guest.cookie);
    expect(await linesOf({ customerId })).toMatchObject([
      { variantId: shared!.id, quantity: shared!.stock },
      { variantId: customerOnly!.id, quantity: 1 },
      { variantId: guestOnly!.id, quantity: 2 },
    ]);
    // The guest session and its cart are gone.
    expect(await linesOf({ sessionId: sessionIdOf(guest) })).toEqual([]);
    await cartPost({ intent: "clear" }, customer);
  });

  it("given the same variant seen at a lower price by the customer's cart, signing in should keep the lower price so the rise is flagged", async () => {
    const [variant] = await plainVariants(6, 1);
    const was = variant!.priceSatang;
    const customerId = await demoCustomerId();
    const customer = await customerSession(customerId);
    await cartPost({ intent: "clear" }, customer);
    await add(variant!.id, 1, customer);
    await db()
      .update(variants)
      .set({ priceSatang: was + 3_000 })
      .where(eq(variants.id, variant!.id));
    try {
      const guest = await guestSession();
      await add(variant!.id, 1, guest);
      const response = await postForm("/login", { email: demoCustomer.email, password: demoCustomerPassword }, { ...guest, ...fromAddress("10.44.0.2") });
      expect(response.status).toBe(302);
      const { html } = await cartPage({ cookie: sessionCookieOf(response)! });
      expect(html).toContain(`Price went up: was ${baht(was)}, now ${baht(was + 3_000)}`);
    } finally {
      await db().update(variants).set({ priceSatang: was }).where(eq(variants.id, variant!.id));
      await cartPost({ intent: "clear" }, customer);
    }
  });

  it("given a guest cart, signing in with a social account should merge it the same way", async () => {
    const [variant] = await plainVariants(6, 1);
    const customerId = await demoCustomerId();
    const customer = await customerSession(customerId);
    await cartPost({ intent: "clear" }, customer);
    await add(variant!.id, 1, customer);
    const guest = await guestSession();
    await add(variant!.id, 2, guest);

    // The browser's trip: the shop → the fake provider (verified e-mail of the demo customer) → back.
    const started = await get("/auth?provider=google");
    const flowCookie = started.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("pryde_oauth="))!
      .split(";")[0]!;
    const authorization = new URL(started.headers.get("location")!);
    const user = { sub: `cart-merge-${Date.now()}`, email: demoCustomer.email, email_verified: true, name: "Napat Srisuk" };
    authorization.searchParams.set("fake_user", btoa(JSON.stringify(user)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
    const atProvider = await fetch(authorization.toString(), { redirect: "manual" });
    const back = new URL(atProvider.headers.get("location")!);
    const answer = await get(`${back.pathname}${back.search}`, { cookie: `${flowCookie}; ${guest.cookie}` });
    expect(answer.status).toBe(302);
    expect(sessionCookieOf(answer)).not.toBeNull();
    expect(await linesOf({ customerId })).toMatchObject([{ variantId: variant!.id, quantity: 3 }]);
    expect(await linesOf({ sessionId: sessionIdOf(guest) })).toEqual([]);
    await cartPost({ intent: "clear" }, customer);
  });

  it("given a guest cart, registering should make it the new customer's cart", async () => {
    const [variant] = await plainVariants();
    const guest = await guestSession();
    await add(variant!.id, 2, guest);
    const email = uniqueEmail("cart");
    const response = await postForm(`/register?u=${encodeURIComponent(email)}`, accountFields(email), guest);
    expect(response.status).toBe(302);
    const headers = { cookie: sessionCookieOf(response)! };
    const { html } = await cartPage(headers);
    expect(html).toMatch(new RegExp(`data-variant-id="${variant!.id}"`));
  });
});

describe("checkout guard (spec §4 cart-item)", () => {
  it("given an empty cart, should go back to /cart; given items, should show the review with the D1 prices", async () => {
    const headers = await guestSession();
    expect((await get("/cart/checkout", headers)).headers.get("location")).toBe("/cart");
    expect((await get("/th/cart/checkout")).headers.get("location")).toBe("/th/cart");
    const [variant] = await plainVariants();
    await add(variant!.id, 2, headers);
    const response = await get("/cart/checkout", headers);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="checkout-form"');
    expect(mainOf(html)).toContain(baht(variant!.priceSatang * 2));
    const thai = await (await get("/th/cart/checkout", headers)).text();
    expect(thai).toContain("จัดส่งแบบธรรมดา");
  });

  it("given only sold-out lines, should go back to /cart", async () => {
    const [variant] = await plainVariants();
    const headers = await guestSession();
    await add(variant!.id, 1, headers);
    await db().update(variants).set({ stock: 0 }).where(eq(variants.id, variant!.id));
    try {
      expect((await get("/cart/checkout", headers)).headers.get("location")).toBe("/cart");
    } finally {
      await db().update(variants).set({ stock: variant!.stock }).where(eq(variants.id, variant!.id));
    }
  });
});

describe("cart badge", () => {
  it("given an unpublished product in the cart, should still count it until removed, and the cart should say why", async () => {
    const [variant] = await plainVariants();
    const headers = await guestSession();
    await add(variant!.id, 3, headers);
    await db().update(products).set({ statusId: 2 }).where(eq(products.id, variant!.productId));
    try {
      const { html } = await cartPage(headers);
      expect(html).toMatch(/data-testid="cart-badge"[^>]*>3</);
      expect(html).toContain('data-status="unavailable"');
      await cartPost({ intent: "remove", variantId: String(variant!.id) }, headers);
      expect((await cartPage(headers)).html).not.toContain('data-testid="cart-badge"');
    } finally {
      await db().update(products).set({ statusId: 1 }).where(eq(products.id, variant!.productId));
    }
  });
});

describe("cart: a flash sale that ends while its line is in the cart (issue 16)", () => {
  const hour = 3_600_000;
  const reasonOf = (html: string) => html.match(/data-testid="cart-line-price-reason" data-reason="([a-z-]+)"/)?.[1] ?? null;

  it("given the sale ending, switched off or sold to its cap, should show the regular price, flag the rise and say why (en and th); the checkout waits for OK", async () => {
    const [variant] = await plainVariants();
    const regular = variant!.priceSatang;
    const salePrice = regular - 3_000;
    const now = Date.now();
    const sale = (await db()
      .insert(flashSales)
      .values({ nameEn: "Ending sale", nameTh: "เซลที่จะจบ", startsAt: now - hour, endsAt: now + hour, isActive: true, createdAt: now, updatedAt: now })
      .returning({ id: flashSales.id })
      .get())!;
    const setSale = (values: Partial<typeof flashSales.$inferInsert>) => db().update(flashSales).set(values).where(eq(flashSales.id, sale.id));
    try {
      await db().insert(flashSaleItems).values({ flashSaleId: sale.id, variantId: variant!.id, salePriceSatang: salePrice, quantityCap: 5 });
      const headers = await guestSession();
      await add(variant!.id, 2, headers);
      const onSale = (await cartPage(headers)).html;
      expect(onSale).toContain('data-testid="cart-line-flash-sale"');
      expect(onSale).not.toContain('data-testid="cart-line-price-change"');

      // Ended by its date (also what "end now" in the back office does).
      const endedAt = Date.now() - 1_000;
      await setSale({ endsAt: endedAt });
      const { html } = await cartPage(headers);
      expect(html).toMatch(/data-testid="cart-line-price-change" data-direction="up"/);
      expect(reasonOf(html)).toBe("flash-sale-ended");
      expect(html).toContain("The flash sale ended on");
      expect(html).toContain(`Price went up: was ${baht(salePrice)}, now ${baht(regular)}`);
      expect(html).not.toContain('data-testid="cart-line-flash-sale"');
      expect(mainOf(html)).toContain(baht(regular * 2));
      expect(html).toContain('data-testid="cart-price-notice"');
      expect((await cartPage(headers, "/th")).html).toContain("แฟลชเซลสิ้นสุดเมื่อ");
      for (const prefix of ["", "/th"]) {
        const guarded = await get(`${prefix}/cart/checkout`, headers);
        expect(guarded.status).toBe(302);
        expect(guarded.headers.get("location")).toBe(`${prefix}/cart`);
      }

      // Switched off before its end: the moment is not known, so no date.
      await setSale({ endsAt: Date.now() + hour, isActive: false });
      const off = (await cartPage(headers)).html;
      expect(reasonOf(off)).toBe("flash-sale-ended");
      expect(off).toContain("The flash sale has ended, so the sale price no longer applies.");
      expect((await cartPage(headers, "/th")).html).toContain("แฟลชเซลสิ้นสุดแล้ว จึงไม่ได้ราคาลดแล้ว");

      // Running, but every unit at the sale price sold.
      await setSale({ isActive: true });
      await db().update(flashSaleItems).set({ soldCount: 5 }).where(eq(flashSaleItems.flashSaleId, sale.id));
      const soldOut = (await cartPage(headers)).html;
      expect(reasonOf(soldOut)).toBe("flash-sale-sold-out");
      expect((await cartPage(headers, "/th")).html).toContain("สินค้าราคาแฟลชเซลขายหมดแล้ว");

      // OK (the one mechanism for any rise): the flag, its reason and the guard go.
      const [line] = await linesOf({ sessionId: sessionIdOf(headers) });
      expect((await cartPost({ intent: "accept-prices", prices: `${line!.id}:${regular}` }, headers)).status).toBe(302);
      const accepted = (await cartPage(headers)).html;
      expect(reasonOf(accepted)).toBeNull();
      expect(accepted).not.toContain('data-testid="cart-line-price-change"');
      expect((await get("/cart/checkout", headers)).status).toBe(200);
    } finally {
      await db().delete(flashSales).where(eq(flashSales.id, sale.id));
    }
  });
});
