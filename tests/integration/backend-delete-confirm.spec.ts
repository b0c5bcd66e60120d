import { env } from "cloudflare:workers";
import { asc, eq, type InferSelectModel } from "drizzle-orm";
import type { SQLiteTableWithColumns } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { attributes, categories, collections, galleryImages, products, productTypes } from "~/db/schema/catalog";
import { activities, heroSlides, homeContentAreas, sizeGuides } from "~/db/schema/content";
import { customAttributes, customOptions, customProducts, presetImages } from "~/db/schema/custom";
import { shippingRates } from "~/db/schema/orders";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { postForm } from "./worker";

/**
 * Deletes ask first (issue 14): every back-office action that deletes changes nothing when the
 * post lacks confirmed=1, and answers the no-JavaScript confirm step (which posts the same fields
 * again with confirmed=1) in the page's language.
 */

const db = () => database(env.DB);
let cookies: Record<TestViewer, Record<string, string>>;

beforeAll(async () => {
  cookies = await backendTestCookies();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = SQLiteTableWithColumns<any>;
const firstRow = async (table: AnyTable) => (await db().select().from(table).orderBy(asc(table.id)).limit(1).get()) as InferSelectModel<AnyTable> | undefined;
const rowById = (table: AnyTable, id: number) => db().select().from(table).where(eq(table.id, id)).get();

interface Case {
  name: string;
  table: AnyTable;
  /** The page that deletes the row and the fields its delete button posts. */
  target: (row: Record<string, unknown>) => { path: string; fields: Record<string, string> };
}

const cases: Case[] = [
  { name: "category", table: categories, target: (row) => ({ path: `/backend/products/category/form/${row.id}`, fields: { intent: "delete" } }) },
  { name: "product type", table: productTypes, target: (row) => ({ path: `/backend/products/type/form/${row.id}`, fields: { intent: "delete" } }) },
  { name: "attribute", table: attributes, target: (row) => ({ path: `/backend/products/attribute/form/${row.id}`, fields: { intent: "delete" } }) },
  { name: "product", table: products, target: (row) => ({ path: `/backend/products/all-product/form/${row.id}`, fields: { intent: "delete" } }) },
  { name: "shipping rate", table: shippingRates, target: (row) => ({ path: `/backend/shipping-rates/form/${row.id}`, fields: { intent: "delete" } }) },
  { name: "custom product", table: customProducts, target: (row) => ({ path: `/backend/customizes/form/${row.id}`, fields: { intent: "delete" } }) },
  {
    name: "custom attribute",
    table: customAttributes,
    target: (row) => ({ path: `/backend/customizes/form/${row.customProductId}/${row.id}`, fields: { intent: "delete" } }),
  },
  { name: "preset image", table: presetImages, target: (row) => ({ path: `/backend/orders/preset-image/form?id=${row.id}`, fields: { intent: "delete" } }) },
  { name: "size guide", table: sizeGuides, target: (row) => ({ path: `/backend/home/size-guide/${row.id}`, fields: { intent: "delete" } }) },
  { name: "collection", table: collections, target: (row) => ({ path: `/backend/home/collections/form/${row.id}`, fields: { intent: "delete" } }) },
  { name: "activity", table: activities, target: (row) => ({ path: `/backend/home/activities/form/${row.id}`, fields: { intent: "delete" } }) },
  { name: "gallery image", table: galleryImages, target: (row) => ({ path: "/backend/product-gallery", fields: { intent: "delete", id: String(row.id) } }) },
  { name: "hero slide", table: heroSlides, target: (row) => ({ path: "/backend/home/content-area", fields: { intent: "delete-slide", id: String(row.id) } }) },
  {
    name: "content area",
    table: homeContentAreas,
    target: (row) => ({ path: "/backend/home/content-area", fields: { intent: "delete-area", id: String(row.id) } }),
  },
];

describe("deleting without confirmation", () => {
  it.each(cases)("given a $name delete posted without confirmed=1, should change nothing and answer the confirm step", async ({ table, target }) => {
    const row = await firstRow(table);
    expect(row, "the seed has a row to delete").toBeDefined();
    const { path, fields } = target(row!);
    for (const locale of ["", "/th"]) {
      const response = await postForm(`${locale}${path}`, fields, cookies["staff-1"]);
      expect(response.status, `${locale}${path}`).toBe(200);
      const body = await response.text();
      expect(body).toContain('data-testid="confirm-step"');
      // The step posts the same fields again, now with confirmed=1.
      expect(body).toMatch(/<input type="hidden" name="confirmed" value="1"\/?>/);
      expect(body).toContain(`name="intent" value="${fields.intent}"`);
      expect(await rowById(table, row!.id as number)).toEqual(row);
    }
  });

  it("given a custom option delete without confirmed=1, should change nothing", async () => {
    const option = await firstRow(customOptions);
    const attribute = await rowById(customAttributes, option!.customAttributeId as number);
    const response = await postForm(
      `/th/backend/customizes/form/${attribute!.customProductId}/${attribute!.id}/form/${option!.id}`,
      { intent: "delete" },
      cookies["staff-1"],
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('data-testid="confirm-step"');
    expect(await rowById(customOptions, option!.id as number)).toEqual(option);
  });

  it("given a Thai confirm step, should name the thing in Thai", async () => {
    const category = await firstRow(categories);
    const body = (await (await postForm(`/th/backend/products/category/form/${category!.id}`, { intent: "delete" }, cookies["staff-1"])).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(body).toContain(`ลบหมวดหมู่ “${category!.nameTh}”ใช่ไหม`);
  });
});
