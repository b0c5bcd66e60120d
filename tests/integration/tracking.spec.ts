import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { authThrottle } from "~/db/schema/accounts";
import { orderStatusHistory, shipments } from "~/db/schema/orders";
import { orderStatusId } from "~/domain/order-status";
import { missLimit } from "~/features/orders/tracking.server";

import { fuzzForm } from "./fuzz";
import { insertOrder, personal, variantWithStock } from "./orders-helpers";
import { get } from "./worker";

/**
 * Order tracking (spec §2 /tracking, §8; issue 5 item 7): by order number only, status and timeline
 * with Bangkok dates (Buddhist-era years in Thai), the carrier's link, and no personal data; an
 * unknown number gets the spec's message in both languages; guessing is throttled.
 */
const db = () => database(env.DB);
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
const from = (address: string) => ({ "CF-Connecting-IP": address });

describe("/tracking", () => {
  it("should show the form in both languages, working without JavaScript (a GET form)", async () => {
    for (const [path, heading] of [
      ["/tracking", "Track your order"],
      ["/th/tracking", "ติดตามคำสั่งซื้อ"],
    ] as const) {
      const response = await get(path);
      expect(response.status).toBe(200);
      const page = await html(response);
      expect(page).toContain(heading);
      const form = /<form[^>]*data-testid="tracking-form"[^>]*>/.exec(page)?.[0] ?? "";
      expect(form).toContain('method="get"');
      expect(form).toMatch(/action="(\/th)?\/tracking"/);
    }
  });

  it("given an unknown number, should say 'order number not found or delivery info being updated' in the page's language", async () => {
    const english = await get("/tracking?number=PR250101ZZZZZZZZ", from("198.51.100.1"));
    expect(english.status).toBe(404);
    expect(await html(english)).toContain("Order number not found or delivery info being updated.");
    const thai = await get("/th/tracking?number=PR250101ZZZZZZZZ", from("198.51.100.1"));
    expect(await html(thai)).toContain("ไม่พบเลขที่คำสั่งซื้อ หรือข้อมูลการจัดส่งกำลังอัปเดต");
  });

  it("given a row id instead of an order number, should not find the order", async () => {
    const variant = await variantWithStock(20);
    const order = await insertOrder({ statusId: orderStatusId.paid, variantId: variant.id, productId: variant.productId });
    const page = await html(await get(`/tracking?number=${order.id}`, from("198.51.100.2")));
    expect(page).toContain("Order number not found");
    expect(page).not.toContain(order.orderNumber);
  });

  it("given a shipped order, should show status, timeline and the carrier's link, and no name, address, e-mail, phone or price", async () => {
    const variant = await variantWithStock(20);
    const placedAt = Date.UTC(2025, 0, 31, 18, 0); // 1 Feb 2025, 01:00 in Bangkok
    const order = await insertOrder({ statusId: orderStatusId.fulfilment_done, variantId: variant.id, productId: variant.productId, createdAt: placedAt });
    await db()
      .insert(shipments)
      .values({ orderId: order.id, carrierId: 2, trackingNumber: "KEX0001234", shippedAt: placedAt + 86_400_000, createdAt: placedAt + 86_400_000 });
    await db()
      .insert(orderStatusHistory)
      .values({ orderId: order.id, fromStatusId: 3, toStatusId: 4, actorType: "staff", createdAt: placedAt + 86_400_000 });

    const english = await html(await get(`/tracking?number=${order.orderNumber.toLowerCase()}`, from("198.51.100.3")));
    expect(english).toContain(`Order ${order.orderNumber}`);
    expect(english).toMatch(/data-testid="tracking-status"[^>]*>Shipped</);
    expect(english).toContain("1 Feb 2025");
    expect(english).toContain("Kerry Express");
    expect(english).toContain("https://th.kerryexpress.com/en/track/?track=KEX0001234");
    for (const secret of [personal.firstName, personal.lastName, personal.address, personal.email, personal.phone, "590.00", "Testville"]) {
      expect(english, `the page shows ${secret}`).not.toContain(secret);
    }

    const thai = await html(await get(`/th/tracking?number=${order.orderNumber}`, from("198.51.100.3")));
    expect(thai).toContain("จัดส่งแล้ว");
    expect(thai).toContain("2568"); // Buddhist-era year of 2025
    expect(thai).toContain("เคอรี่ เอ็กซ์เพรส");
    expect(thai).not.toContain(personal.firstName);
  });

  it("given a cancelled order, should show it cancelled without shipping steps", async () => {
    const variant = await variantWithStock(20);
    const order = await insertOrder({ statusId: orderStatusId.cancelled, variantId: variant.id, productId: variant.productId });
    const page = await html(await get(`/tracking?number=${order.orderNumber}`, from("198.51.100.4")));
    expect(page).toContain('data-testid="tracking-step-cancelled"');
    expect(page).not.toContain('data-testid="tracking-step-shipped"');
  });

  it(`given ${missLimit} unknown numbers from one address, should ask it to wait (also for a real number) while others still track`, async () => {
    const variant = await variantWithStock(20);
    const order = await insertOrder({ statusId: orderStatusId.paid, variantId: variant.id, productId: variant.productId });
    for (let attempt = 0; attempt < missLimit; attempt += 1) await get(`/tracking?number=PR2501010000${String(attempt).padStart(4, "0")}`, from("203.0.113.9"));
    const blocked = await get(`/tracking?number=${order.orderNumber}`, from("203.0.113.9"));
    expect(blocked.status).toBe(429);
    expect(await html(blocked)).toContain("Too many order numbers tried");
    expect((await get(`/tracking?number=${order.orderNumber}`, from("203.0.113.10"))).status).toBe(200);
    await db().delete(authThrottle).where(eq(authThrottle.key, "tracking:ip:203.0.113.9"));
  });

  it("given typed junk, should never answer 5xx", async () => {
    await fuzzForm({
      path: "/tracking",
      fields: ["number"],
      runs: 30,
      // The form is a GET form; a POST must not break anything either.
      after: (response) => {
        expect([200, 404, 405, 429]).toContain(response.status);
      },
    });
    for (const junk of ["%00", "'%20OR%201=1--", "ก".repeat(200), "x".repeat(5000)]) {
      expect((await get(`/tracking?number=${junk}`, from("198.51.100.99"))).status).toBeLessThan(500);
    }
  });
});
