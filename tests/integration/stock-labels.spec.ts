import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { products, variants } from "~/db/schema/catalog";

import { get, newContentVersion } from "./worker";

/** Spec §4 stock labels on the product page and the shop's cards: words, tone, both languages. */
const db = () => database(env.DB);

async function withStock<T>(slug: string, stock: number, run: () => Promise<T>): Promise<T> {
  const product = (await db().select({ id: products.id }).from(products).where(eq(products.slug, slug)).get())!;
  const before = await db().select({ id: variants.id, stock: variants.stock }).from(variants).where(eq(variants.productId, product.id));
  await db().update(variants).set({ stock }).where(eq(variants.productId, product.id));
  await newContentVersion();
  try {
    return await run();
  } finally {
    for (const row of before) await db().update(variants).set({ stock: row.stock }).where(eq(variants.id, row.id));
  }
}

function labelOf(html: string): { stock: string; tone: string; text: string } | null {
  const match = /<p[^>]*data-testid="stock-label" data-stock="([^"]+)" data-tone="([^"]+)"[^>]*>([^<]*)<\/p>/.exec(html);
  return match ? { stock: match[1]!, tone: match[2]!, text: match[3]! } : null;
}

describe("stock labels (spec §4)", () => {
  it.each([
    [6, "", { stock: "in-stock", tone: "success", text: "In Stock" }],
    [5, "", { stock: "low-stock", tone: "warning", text: "Lower Stock" }],
    [1, "", { stock: "low-stock", tone: "warning", text: "Lower Stock" }],
    [0, "", { stock: "out-of-stock", tone: "error", text: "Out of Stock" }],
    [6, "/th", { stock: "in-stock", tone: "success", text: "มีสินค้า" }],
    [3, "/th", { stock: "low-stock", tone: "warning", text: "สินค้าเหลือน้อย" }],
    [0, "/th", { stock: "out-of-stock", tone: "error", text: "สินค้าหมด" }],
  ])("given stock %d, the product page %s should say %j", async (stock, prefix, expected) => {
    await withStock("classic-logo-tee", stock, async () => {
      const response = await get(`${prefix}/shop/classic-logo-tee?stock-probe=${stock}`);
      expect(response.status).toBe(200);
      expect(labelOf(await response.text())).toEqual(expected);
    });
  });

  it("given a sold-out product, its card in the shop should carry the same label and tone (en, th)", async () => {
    await withStock("classic-logo-tee", 0, async () => {
      const html = await (await get(`/shop?search=${encodeURIComponent("classic logo")}&stock-probe=card`)).text();
      expect(html).toMatch(/data-testid="stock-badge" data-stock="out-of-stock" data-tone="error">Out of Stock</);
      const thai = await (await get(`/th/shop?search=${encodeURIComponent("classic logo")}&stock-probe=card`)).text();
      expect(thai).toMatch(/data-testid="stock-badge" data-stock="out-of-stock" data-tone="error">สินค้าหมด</);
    });
  });
});
