import { and, asc, eq, exists, inArray, sql } from "drizzle-orm";

import { preparedRead } from "~/db/prepared-read";
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

/** The menu's categories: shoppers never navigate into an empty one, so a category only appears once it has a published product. */
const menuCategoriesRead = preparedRead((db) =>
  db
    .select({ id: categories.id, nameEn: categories.nameEn, nameTh: categories.nameTh })
    .from(categories)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(products)
          .where(and(eq(products.categoryId, categories.id), eq(products.statusId, productStatusIds.published))),
      ),
    )
    .orderBy(asc(categories.sortOrder), asc(categories.id))
    .prepare(),
);

const siteConfigRead = preparedRead((db) =>
  db.select({ key: config.key, value: config.value }).from(config).where(inArray(config.key, siteConfigKeys)).prepare(),
);

/** Units in the cart of session `sessionId`: the customer's cart when a live session belongs to one, else the session's guest cart. */
const cartBadgeRead = preparedRead((db) => {
  const sessionId = sql.placeholder("sessionId");
  const customerCartId = db
    .select({ id: carts.id })
    .from(carts)
    .innerJoin(sessions, eq(sessions.customerId, carts.customerId))
    .where(sql`${sessions.id} = ${sessionId} AND ${sessions.expiresAt} > ${sql.placeholder("now")}`);
  const guestCartId = db.select({ id: carts.id }).from(carts).where(eq(carts.sessionId, sessionId));
  return db
    .select({ quantity: sql<number>`coalesce(sum(${cartLines.quantity}), 0)` })
    .from(cartLines)
    .where(sql`${cartLines.cartId} = coalesce((${customerCartId}), (${guestCartId}))`)
    .prepare();
});

/**
 * Categories, site settings and the cart badge in one D1 round trip (the reads of one turn share it;
 * their SQL is built once per isolate).
 */
export async function loadStorefrontChrome(d1: D1Database, sessionId: string | null, now = Date.now()): Promise<StorefrontChrome> {
  const [categoryRows, configRows, cartRows] = await Promise.all([
    menuCategoriesRead.all(d1),
    siteConfigRead.all(d1),
    sessionId === null ? [] : cartBadgeRead.all(d1, { sessionId, now }),
  ]);
  return {
    categories: categoryRows,
    site: siteConfigFromRows(configRows),
    cartQuantity: Number(cartRows[0]?.quantity ?? 0),
  };
}
