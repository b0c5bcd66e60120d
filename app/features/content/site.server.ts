import { and, asc, eq, exists, inArray, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { cartLines, carts } from "~/db/schema/cart";
import { categories, products } from "~/db/schema/catalog";
import { config, configKeys } from "~/db/schema/config";
import { sessions } from "~/db/schema/customers";
import { productStatusIds } from "~/domain/catalog";
import { parseVatPercent } from "~/domain/money";

/** Shop identity and contact details from the config table (spec §3 Config). */
export interface SiteConfig {
  nameEn: string;
  nameTh: string;
  addressEn: string;
  addressTh: string;
  phone: string;
  email: string;
  facebook: string;
  instagram: string;
  line: string;
  /** Parsed from config_value_vat; 7 when missing or not a number. */
  vatPercent: number;
}

/** What every storefront page shows around its content: menu, footer and cart badge. */
export interface StorefrontChrome {
  categories: { id: number; nameEn: string; nameTh: string }[];
  site: SiteConfig;
  cartQuantity: number;
}

export const siteConfigKeys = [
  configKeys.nameEn,
  configKeys.nameTh,
  configKeys.addressEn,
  configKeys.addressTh,
  configKeys.phone,
  configKeys.email,
  configKeys.facebook,
  configKeys.instagram,
  configKeys.line,
  configKeys.vat,
];

export function siteConfigFromRows(rows: { key: string; value: string }[]): SiteConfig {
  const values = new Map(rows.map((row) => [row.key, row.value]));
  const read = (key: string) => values.get(key) ?? "";
  return {
    nameEn: read(configKeys.nameEn) || "Pryde",
    nameTh: read(configKeys.nameTh) || "ไพรด์",
    addressEn: read(configKeys.addressEn),
    addressTh: read(configKeys.addressTh),
    phone: read(configKeys.phone),
    email: read(configKeys.email),
    facebook: read(configKeys.facebook),
    instagram: read(configKeys.instagram),
    line: read(configKeys.line),
    vatPercent: parseVatPercent(values.get(configKeys.vat)),
  };
}

/**
 * Categories, site settings and the cart badge in one D1 round trip. The cart counted is the
 * signed-in customer's cart when the session belongs to a customer, otherwise the session's guest cart.
 */
export async function loadStorefrontChrome(d1: D1Database, sessionId: string | null, now = Date.now()): Promise<StorefrontChrome> {
  const db = database(d1);
  const categoriesQuery = db
    .select({ id: categories.id, nameEn: categories.nameEn, nameTh: categories.nameTh })
    .from(categories)
    // Shoppers never navigate into an empty category: one only appears once it has a published product.
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(products)
          .where(and(eq(products.categoryId, categories.id), eq(products.statusId, productStatusIds.published))),
      ),
    )
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  const configQuery = db.select({ key: config.key, value: config.value }).from(config).where(inArray(config.key, siteConfigKeys));

  if (sessionId === null) {
    const [categoryRows, configRows] = await db.batch([categoriesQuery, configQuery]);
    return { categories: categoryRows, site: siteConfigFromRows(configRows), cartQuantity: 0 };
  }

  const customerCartId = db
    .select({ id: carts.id })
    .from(carts)
    .innerJoin(sessions, eq(sessions.customerId, carts.customerId))
    .where(sql`${sessions.id} = ${sessionId} AND ${sessions.expiresAt} > ${now}`);
  const guestCartId = db.select({ id: carts.id }).from(carts).where(eq(carts.sessionId, sessionId));
  const cartQuery = db
    .select({ quantity: sql<number>`coalesce(sum(${cartLines.quantity}), 0)` })
    .from(cartLines)
    .where(sql`${cartLines.cartId} = coalesce((${customerCartId}), (${guestCartId}))`);

  const [categoryRows, configRows, cartRows] = await db.batch([categoriesQuery, configQuery, cartQuery]);
  return {
    categories: categoryRows,
    site: siteConfigFromRows(configRows),
    cartQuantity: Number(cartRows[0]?.quantity ?? 0),
  };
}
