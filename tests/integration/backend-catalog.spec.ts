import { env } from "cloudflare:workers";
import { and, count, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import {
  attributeOptions,
  attributes,
  categories,
  galleryImages,
  productImages,
  products,
  productTypeAttributes,
  productTypes,
  stockMovements,
  variantOptions,
  variants,
} from "~/db/schema/catalog";
import { staffUsers } from "~/db/schema/customers";
import { orderLines, orders } from "~/db/schema/orders";
import { productFormSchema, productInput, schemaReference } from "~/features/catalog-admin/catalog-admin-schemas";
import { loadProductFormReference, saveProduct } from "~/features/catalog-admin/products-admin.server";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { typedText } from "./fuzz";
import { imageChoices, radioChoices } from "./picker-choices";
import { toastOf } from "./profile-helpers";
import { get, origin, shop } from "./worker";

/**
 * The back-office catalogue (issue 4 item 8): products with variants, images and stock corrections,
 * product types, attributes with options, categories — saving in one batch, field errors for
 * duplicates (also when the unique index catches a race), refusals for rows in use, bad input
 * never 5xx and never written, and the role check on POST. The forms are Conform forms: rows are
 * lists (`variants[0].sku`), a done save redirects with a toast (app/ui/toast.server.ts).
 */
const db = () => database(env.DB);
const productsPath = "/backend/products/all-product";
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
/** The toast cookie a redirect leaves, to show the toast on the next page. */
const toastCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("pryde_toast="))!
    .split(";")[0]!;

let cookies: Record<TestViewer, Record<string, string>>;
let adminId: number;
const galleryKeys = ["gallery/catalog-test-front.png", "gallery/catalog-test-back.png"];

beforeAll(async () => {
  cookies = await backendTestCookies();
  adminId = (await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, "admin@pryde.test")).get())!.id;
  await db()
    .insert(galleryImages)
    .values(
      galleryKeys.map((imageKey, index) => ({
        imageKey,
        fileName: imageKey.slice(8),
        contentType: "image/png",
        byteSize: 100 + index,
        width: 800,
        height: 800,
        createdAt: Date.now(),
      })),
    );
});

const admin = () => cookies["staff-1"];

/** A form post with repeated fields (ticked pictures), as a browser sends it. */
function post(path: string, fields: [string, string][] | Record<string, string>, headers: Record<string, string> = admin()): Promise<Response> {
  return shop.fetch(
    new Request(`${origin}${path}`, {
      method: "POST",
      body: new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields)),
      headers: { origin, "content-type": "application/x-www-form-urlencoded", ...headers },
      redirect: "manual",
    }),
  );
}

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter += 1)}`.toLowerCase();

function singleProductForm(overrides: Record<string, string> = {}, images: string[] = []): [string, string][] {
  const fields: Record<string, string> = {
    intent: "save",
    // Unique, because an empty slug is made from the English name.
    nameEn: `Canvas Tote ${unique("")}`,
    nameTh: "กระเป๋าผ้าแคนวาส",
    descriptionEn: "A sturdy tote.",
    descriptionTh: "กระเป๋าผ้าทนทาน",
    slug: "",
    sku: unique("TOTE-"),
    categoryId: "4",
    productTypeId: "",
    kind: "single",
    statusId: "1",
    weightGrams: "350",
    sizeGuideId: "",
    "variants[0].id": "",
    "variants[0].sku": "",
    "variants[0].price": "590.50",
    "variants[0].compareAtPrice": "",
    "variants[0].stock": "12",
    "variants[0].stockShown": "",
    "variants[0].active": "on",
    ...overrides,
  };
  return [
    ...Object.entries(fields),
    ...images.flatMap((key, index): [string, string][] => [
      [`images[${index}].key`, key],
      [`images[${index}].chosen`, "on"],
      [`images[${index}].order`, String(index + 1)],
    ]),
  ];
}

/** Apparel (type 1): Colour (attribute 2, options 11…) × Size (attribute 1, options 1…). */
function variationProductForm(
  sku: string,
  rows: { colour: string; size: string; sku: string; price: string; stock: string }[],
  overrides: Record<string, string> = {},
): [string, string][] {
  const fields: [string, string][] = Object.entries({
    intent: "save",
    nameEn: `Team Training Tee ${sku}`,
    nameTh: "เสื้อซ้อมทีม",
    descriptionEn: "",
    descriptionTh: "",
    slug: "",
    sku,
    categoryId: "1",
    productTypeId: "1",
    kind: "variation",
    statusId: "1",
    weightGrams: "200",
    sizeGuideId: "",
    ...overrides,
  });
  rows.forEach((row, index) => {
    fields.push(
      [`variants[${index}].id`, ""],
      [`variants[${index}].options.2`, row.colour],
      [`variants[${index}].options.1`, row.size],
      [`variants[${index}].sku`, row.sku],
      [`variants[${index}].price`, row.price],
      [`variants[${index}].compareAtPrice`, ""],
      [`variants[${index}].stock`, row.stock],
      [`variants[${index}].stockShown`, ""],
      [`variants[${index}].active`, "on"],
    );
  });
  return fields;
}

async function tableCounts() {
  const [p = 0, v = 0, vo = 0, pi = 0, sm = 0, c = 0, t = 0, a = 0, o = 0] = await Promise.all(
    [products, variants, variantOptions, productImages, stockMovements, categories, productTypes, attributes, attributeOptions].map(
      async (table) => (await db().select({ n: count() }).from(table))[0]!.n,
    ),
  );
  return {
    products: p,
    variants: v,
    variantOptions: vo,
    productImages: pi,
    stockMovements: sm,
    categories: c,
    productTypes: t,
    attributes: a,
    attributeOptions: o,
  };
}

function createdIdFrom(response: Response): number {
  const location = response.headers.get("location") ?? "";
  const match = /\/form\/(\d+)$/.exec(location);
  expect(match, `redirect was ${location}`).not.toBeNull();
  expect(toastOf(response)).toBe("catalogAdmin:actions.created");
  return Number(match![1]);
}

/** A Conform row button as a browser without JavaScript posts it (`form.insert` / `form.remove`). */
const rowIntent = (intent: { type: "insert" | "remove"; payload: Record<string, unknown> }): [string, string] => ["__intent__", JSON.stringify(intent)];

describe("the catalogue pages", () => {
  it.each([
    [productsPath, "All products", "Classic Logo Tee"],
    [`/th${productsPath}`, "สินค้าทั้งหมด", "เสื้อยืดโลโก้คลาสสิก"],
    ["/backend/products/type", "Product types", "Apparel"],
    ["/th/backend/products/type", "ประเภทสินค้า", "เครื่องแต่งกาย"],
    ["/backend/products/attribute", "Attributes", "Colour"],
    ["/th/backend/products/attribute", "คุณสมบัติสินค้า", "ไซซ์"],
    ["/backend/products/category", "Categories", "T-shirts"],
    ["/th/backend/products/category", "หมวดหมู่สินค้า", "เสื้อยืด"],
    [`${productsPath}/form`, "New product", "Canvas"],
    [`${productsPath}/form/1`, "Edit Classic Logo Tee", "PRY001-BLACK-S"],
    ["/backend/products/type/form/1", "Edit Apparel", "Colour"],
    ["/backend/products/attribute/form/2", "Edit Colour", "#"],
    ["/th/backend/products/category/form/1", "แก้ไข", "t-shirts"],
  ])("given GET %s as an administrator, should render %j in the back-office frame", async (path, heading, content) => {
    const response = await get(path, admin());
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain('data-testid="backend-top-bar"');
    expect(page).toContain(heading);
    if (content !== "Canvas") expect(page).toContain(content);
  });

  it.each([
    `${productsPath}/form/999999`,
    `${productsPath}/form/abc`,
    "/backend/products/category/form/0",
    "/backend/products/attribute/form/999999",
    "/backend/products/type/form/999999",
  ])("given %s, should answer 404 inside the frame", async (path) => {
    const response = await get(path, admin());
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('data-testid="backend-top-bar"');
  });

  it("given the product list, should search by English name, Thai name and variant SKU, and filter by category, status and kind", async () => {
    const rowsOf = async (query: string) => (await html(await get(`${productsPath}?${query}`, admin()))).split('data-testid="product-row"').length - 1;
    expect(await rowsOf("q=classic+logo")).toBe(1);
    expect(await rowsOf(`q=${encodeURIComponent("โลโก้คลาสสิก")}`)).toBe(1);
    expect(await rowsOf("q=pry001-black-s")).toBe(1);
    expect(await rowsOf("category=4&kind=single")).toBeGreaterThan(0);
    const accessories = await html(await get(`${productsPath}?category=4&kind=single`, admin()));
    expect(accessories).not.toContain("Classic Logo Tee");
    expect(await rowsOf("status=3")).toBe(0);
    // Odd parameters fall back to the defaults instead of failing.
    expect((await get(`${productsPath}?category=x&status=9&kind=big&page=-4`, admin())).status).toBe(200);
    // A page past the last one is a 404 (the list pattern), not a quietly different page.
    expect((await get(`${productsPath}?page=999`, admin())).status).toBe(404);
  });

  it("given a last page shorter than the first, should read fewer rows: each shown product's prices, stock and pictures, not every product's", async () => {
    const rowsRead = async (query: string) => {
      const response = await get(`${productsPath}?sort=created&dir=asc${query}`, admin());
      expect(response.status).toBe(200);
      const timing = /desc="2 round trips, (\d+) rows read"/.exec(response.headers.get("server-timing") ?? "");
      expect(timing).not.toBeNull();
      return { rows: Number(timing![1]), shown: ((await html(response)).match(/data-testid="product-row"/g) ?? []).length };
    };
    const stored = (await db().select({ total: count() }).from(products))[0]!.total;
    // A list of 20 a page whose last page holds fewer.
    if (stored % 20 === 0) expect((await post(`${productsPath}/form`, singleProductForm())).status).toBe(302);
    const total = stored % 20 === 0 ? stored + 1 : stored;
    const first = await rowsRead("");
    const last = await rowsRead(`&page=${Math.ceil(total / 20)}`);
    expect(last.shown).toBeLessThan(first.shown);
    // Issue 19, flat cost: the page is cut first and only its rows worked out. Working them out before the cut read every
    // product's (1,262 rows on the seeded shop's second page against 1,194 on its first).
    expect(last.rows).toBeLessThan(first.rows);
  });

  it("given a product with pictures, its edit page should show them ticked, in order, before the gallery's others, read with the product in one round trip after the staff check", async () => {
    const id = createdIdFrom(await post(`${productsPath}/form`, singleProductForm({}, [galleryKeys[1]!, galleryKeys[0]!])));
    for (const path of [`${productsPath}/form/${id}`, `${productsPath}/form`]) {
      const response = await get(path, admin());
      expect(response.status).toBe(200);
      // Issue 19: the staff check, then what the form offers, the product and the picker (the product's pictures selected by its id) together.
      expect(response.headers.get("server-timing")).toContain('desc="2 round trips');
    }
    const choices = imageChoices(await html(await get(`${productsPath}/form/${id}`, admin())));
    expect(choices.slice(0, 2)).toEqual([
      { key: galleryKeys[1], checked: true },
      { key: galleryKeys[0], checked: true },
    ]);
    expect(choices.length).toBeGreaterThan(2);
    expect(choices.slice(2).filter((choice) => choice.checked || galleryKeys.includes(choice.key))).toEqual([]);
  });

  it("given a category with a picture, its edit page should show it chosen and not again among the gallery's, read with the category in one round trip after the staff check", async () => {
    const fields = { intent: "save", slug: "", nameEn: `Pictured ${unique("")}`, nameTh: "มีภาพ", imageKey: galleryKeys[0]!, sortOrder: "" };
    const id = createdIdFrom(await post("/backend/products/category/form", fields));
    for (const path of [`/backend/products/category/form/${id}`, "/backend/products/category/form"]) {
      const response = await get(path, admin());
      expect(response.status).toBe(200);
      // Issue 19: the staff check, then the category and the picker (its picture selected by the category's id) together.
      expect(response.headers.get("server-timing")).toContain('desc="2 round trips');
    }
    const choices = radioChoices(await html(await get(`/backend/products/category/form/${id}`, admin())));
    expect(choices.filter((choice) => choice.checked)).toEqual([{ key: galleryKeys[0], checked: true }]);
    expect(choices.filter((choice) => choice.key === galleryKeys[0])).toHaveLength(1);
    expect(choices.some((choice) => choice.key === galleryKeys[1])).toBe(true);
  });

  it("given the attribute form, should offer the display types of spec §7: no 'Hidden', id 3 as 'color / Image'", async () => {
    const page = await html(await get("/backend/products/attribute/form", admin()));
    const select = /<select[^>]*name="displayTypeId"[\s\S]*?<\/select>/.exec(page)![0];
    expect(select).toContain('value="3"');
    expect(select).toContain("color / Image");
    expect(select).not.toContain('value="1"');
    expect(select).not.toContain("Hidden");
  });
});

describe("creating products", () => {
  it("given a single product with a picture, should write the product, its one variant and the image in one go", async () => {
    const form = singleProductForm({ nameEn: "Market Shopper Bag" }, [galleryKeys[1]!, galleryKeys[0]!]);
    const sku = form.find(([name]) => name === "sku")![1].toUpperCase();
    const before = await tableCounts();
    const response = await post(`${productsPath}/form`, form);
    expect(response.status).toBe(302);
    const id = createdIdFrom(response);

    const product = await db().select().from(products).where(eq(products.id, id)).get();
    expect(product).toMatchObject({ slug: "market-shopper-bag", sku, kind: "single", categoryId: 4, statusId: 1, weightGrams: 350, nameTh: "กระเป๋าผ้าแคนวาส" });
    const variantRows = await db().select().from(variants).where(eq(variants.productId, id));
    expect(variantRows).toHaveLength(1);
    expect(variantRows[0]).toMatchObject({ sku, priceSatang: 59_050, compareAtPriceSatang: null, stock: 12, isActive: true });
    const images = await db().select().from(productImages).where(eq(productImages.productId, id)).orderBy(productImages.sortOrder);
    expect(images.map((image) => image.imageKey)).toEqual([galleryKeys[1], galleryKeys[0]]);
    expect(images[0]).toMatchObject({ width: 800, height: 800, altEn: "Market Shopper Bag", altTh: "กระเป๋าผ้าแคนวาส" });
    const after = await tableCounts();
    expect(after).toMatchObject({
      products: before.products + 1,
      variants: before.variants + 1,
      variantOptions: before.variantOptions,
      productImages: before.productImages + 2,
      // The variant's first stock is in the inventory history (the ledger adds up to the shelf).
      stockMovements: before.stockMovements + 1,
    });

    // The new product is in the shop's listing and its edit page shows it.
    expect(await html(await get(`/shop?search=${encodeURIComponent("Canvas Tote Bag")}`))).toContain("Canvas Tote Bag");
    const edit = await html(await get(`${productsPath}/form/${id}`, { cookie: `${admin().cookie}; ${toastCookieOf(response)}` }));
    expect(edit).toContain('data-testid="snackbar"');
    expect(edit).toContain("Created.");
    expect(edit).toContain('value="590.50"');
  });

  it("given a variation product with two variants, should write both with their options", async () => {
    const sku = unique("TTT-").toUpperCase();
    const response = await post(
      `${productsPath}/form`,
      variationProductForm(sku, [
        { colour: "11", size: "2", sku: `${sku}-BLACK-M`, price: "450", stock: "5" },
        { colour: "12", size: "3", sku: `${sku}-WHITE-L`, price: "1,290.00", stock: "0" },
      ]),
    );
    expect(response.status).toBe(302);
    const id = createdIdFrom(response);
    const variantRows = await db().select().from(variants).where(eq(variants.productId, id)).orderBy(variants.sortOrder);
    expect(variantRows.map((row) => [row.sku, row.priceSatang, row.stock])).toEqual([
      [`${sku}-BLACK-M`, 45_000, 5],
      [`${sku}-WHITE-L`, 129_000, 0],
    ]);
    const options = await db()
      .select({ variantId: variantOptions.variantId, optionId: variantOptions.optionId })
      .from(variantOptions)
      .where(
        inArray(
          variantOptions.variantId,
          variantRows.map((row) => row.id),
        ),
      );
    expect(
      options
        .filter((row) => row.variantId === variantRows[0]!.id)
        .map((row) => row.optionId)
        .sort((a, b) => a - b),
    ).toEqual([2, 11]);
    expect(
      options
        .filter((row) => row.variantId === variantRows[1]!.id)
        .map((row) => row.optionId)
        .sort((a, b) => a - b),
    ).toEqual([3, 12]);
  });

  it("given 'add every missing combination', should return rows for each option combination without saving", async () => {
    const before = await tableCounts();
    const response = await post(`${productsPath}/form`, variationProductForm("GEN-1", [], { intent: "generate-variants" }));
    expect(response.status).toBe(200);
    const page = await html(response);
    const colours = await db().select({ n: count() }).from(attributeOptions).where(eq(attributeOptions.attributeId, 2));
    const sizes = await db().select({ n: count() }).from(attributeOptions).where(eq(attributeOptions.attributeId, 1));
    expect(page.split('data-testid="variant-row"').length - 1).toBe(colours[0]!.n * sizes[0]!.n);
    expect(page).toContain('value="GEN-1-BLACK-S"');
    expect(await tableCounts()).toEqual(before);
  });

  it("given add-variant and remove-variant, should add and remove rows without saving", async () => {
    const rows = [
      { colour: "11", size: "1", sku: "ROW-A", price: "1", stock: "1" },
      { colour: "12", size: "1", sku: "ROW-B", price: "1", stock: "1" },
    ];
    const withoutIntent = variationProductForm("ROWS", rows).filter(([name]) => name !== "intent");
    const adding = await post(`${productsPath}/form`, [
      ...withoutIntent,
      rowIntent({ type: "insert", payload: { name: "variants", defaultValue: { stock: "0", active: "on" } } }),
    ]);
    expect(adding.status).toBe(200);
    const added = await html(adding);
    expect(added.split('data-testid="variant-row"').length - 1).toBe(3);
    const removed = await html(await post(`${productsPath}/form`, [...withoutIntent, rowIntent({ type: "remove", payload: { name: "variants", index: 0 } })]));
    expect(removed.split('data-testid="variant-row"').length - 1).toBe(1);
    expect(removed).toContain('value="ROW-B"');
    expect(removed).not.toContain('value="ROW-A"');
  });
});

describe("editing a product", () => {
  it("given a changed price and stock, should update the variant and record the stock change (reason correction, by whom)", async () => {
    const form = singleProductForm();
    const id = createdIdFrom(await post(`${productsPath}/form`, form));
    const variant = (await db().select().from(variants).where(eq(variants.productId, id)).get())!;
    const edit = (overrides: Record<string, string>) =>
      post(
        `${productsPath}/form/${id}`,
        singleProductForm({ sku: variant.sku, "variants[0].id": String(variant.id), "variants[0].sku": variant.sku, ...overrides }),
      );

    const response = await edit({ "variants[0].price": "640", "variants[0].stock": "20", "variants[0].stockShown": "12" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${productsPath}/form/${id}`);
    expect(toastOf(response)).toBe("catalogAdmin:actions.saved");
    expect(await db().select().from(variants).where(eq(variants.id, variant.id)).get()).toMatchObject({ priceSatang: 64_000, stock: 20 });
    // The first stock the new product brought, then this edit's correction.
    const movements = await db().select().from(stockMovements).where(eq(stockMovements.variantId, variant.id)).orderBy(stockMovements.id);
    expect(movements).toHaveLength(2);
    expect(movements[0]).toMatchObject({ delta: variant.stock, stockAfter: variant.stock, reason: "correction", staffUserId: adminId });
    expect(movements[1]).toMatchObject({ delta: 8, stockAfter: 20, reason: "correction", staffUserId: adminId });

    // Saving again with the stock untouched changes no stock and records nothing, even if an order
    // took units meanwhile (the form still shows 20; the shop now has 17).
    await db().update(variants).set({ stock: 17 }).where(eq(variants.id, variant.id));
    expect((await edit({ "variants[0].price": "650", "variants[0].stock": "20", "variants[0].stockShown": "20" })).status).toBe(302);
    expect(await db().select().from(variants).where(eq(variants.id, variant.id)).get()).toMatchObject({ priceSatang: 65_000, stock: 17 });
    expect(await db().select({ n: count() }).from(stockMovements).where(eq(stockMovements.variantId, variant.id))).toEqual([{ n: 2 }]);

    // A correction is measured against the stock at the moment of saving: 17 → 15 is −2.
    expect((await edit({ "variants[0].stock": "15", "variants[0].stockShown": "20" })).status).toBe(302);
    const last = await db().select().from(stockMovements).where(eq(stockMovements.variantId, variant.id)).orderBy(stockMovements.id);
    expect(last.at(-1)).toMatchObject({ delta: -2, stockAfter: 15 });
  });

  it("given a variant added to an existing variation product, should record its opening stock; a removed one is deleted", async () => {
    const sku = unique("EDV-").toUpperCase();
    const id = createdIdFrom(
      await post(`${productsPath}/form`, variationProductForm(sku, [{ colour: "11", size: "1", sku: `${sku}-A`, price: "100", stock: "3" }])),
    );
    const first = (await db().select().from(variants).where(eq(variants.productId, id)).get())!;
    const fields = variationProductForm(sku, [{ colour: "12", size: "1", sku: `${sku}-B`, price: "100", stock: "4" }]);
    const response = await post(`${productsPath}/form/${id}`, fields);
    expect(response.status).toBe(302);
    const rows = await db().select().from(variants).where(eq(variants.productId, id));
    expect(rows.map((row) => row.sku)).toEqual([`${sku}-B`]);
    expect(await db().select().from(variants).where(eq(variants.id, first.id)).get()).toBeUndefined();
    expect(await db().select().from(stockMovements).where(eq(stockMovements.variantId, rows[0]!.id))).toMatchObject([
      { delta: 4, stockAfter: 4, reason: "correction" },
    ]);
  });
});

describe("larger and existing products", () => {
  it("given every Colour × Size combination, should save them all in one save", async () => {
    const [colours, sizes] = await Promise.all(
      [2, 1].map((attributeId) => db().select().from(attributeOptions).where(eq(attributeOptions.attributeId, attributeId))),
    );
    const sku = unique("ALL-").toUpperCase();
    const rows = colours!.flatMap((colour) =>
      sizes!.map((size) => ({
        colour: String(colour.id),
        size: String(size.id),
        sku: `${sku}-${colour.code}-${size.code}`.toUpperCase(),
        price: "300",
        stock: "2",
      })),
    );
    const response = await post(`${productsPath}/form`, variationProductForm(sku, rows));
    expect(response.status).toBe(302);
    const id = createdIdFrom(response);
    expect(await db().select({ n: count() }).from(variants).where(eq(variants.productId, id))).toEqual([{ n: rows.length }]);
    const optionCount = await db()
      .select({ n: count() })
      .from(variantOptions)
      .innerJoin(variants, eq(variants.id, variantOptions.variantId))
      .where(eq(variants.productId, id));
    expect(optionCount).toEqual([{ n: rows.length * 2 }]);
  });

  it("given a seeded product saved unchanged from its edit page, should keep its variants, options and pictures (with their colour links)", async () => {
    const page = await html(await get(`${productsPath}/form/1`, admin()));
    const form = /<form[^>]*data-testid="product-form"[\s\S]*?<\/form>/.exec(page)![0];
    const fields: [string, string][] = [];
    for (const match of form.matchAll(/<input([^>]*)>/g)) {
      const attributes = match[1]!;
      const name = /name="([^"]*)"/.exec(attributes)?.[1];
      if (!name) continue;
      if (/type="checkbox"/.test(attributes) && !/checked=""/.test(attributes)) continue;
      fields.push([name.replace(/&amp;/g, "&"), (/value="([^"]*)"/.exec(attributes)?.[1] ?? "").replace(/&amp;/g, "&")]);
    }
    for (const match of form.matchAll(/<select[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g)) {
      fields.push([match[1]!, /<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(match[2]!)?.[1] ?? /<option[^>]*value="([^"]*)"/.exec(match[2]!)![1]!]);
    }
    for (const match of form.matchAll(/<textarea[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/textarea>/g))
      fields.push([
        match[1]!,
        match[2]!
          .replace(/&amp;/g, "&")
          .replace(/&#x27;/g, "'")
          .replace(/&quot;/g, '"'),
      ]);
    const snapshot = async () => ({
      variants: await db()
        .select({ id: variants.id, sku: variants.sku, price: variants.priceSatang, stock: variants.stock })
        .from(variants)
        .where(eq(variants.productId, 1))
        .orderBy(variants.id),
      options: await db()
        .select({ variantId: variantOptions.variantId, optionId: variantOptions.optionId })
        .from(variantOptions)
        .innerJoin(variants, eq(variants.id, variantOptions.variantId))
        .where(eq(variants.productId, 1))
        .orderBy(variantOptions.variantId, variantOptions.optionId),
      images: await db()
        .select({ key: productImages.imageKey, optionId: productImages.optionId, alt: productImages.altEn })
        .from(productImages)
        .where(eq(productImages.productId, 1))
        .orderBy(productImages.sortOrder),
    });
    const before = await snapshot();
    const response = await post(`${productsPath}/form/1`, [["intent", "save"], ...fields]);
    expect(response.status, (await response.clone().text()).match(/data-testid="error-[^"]+">[^<]*/g)?.join(" | ")).toBe(302);
    expect(await snapshot()).toEqual(before);
    expect(
      await db()
        .select({ n: count() })
        .from(stockMovements)
        .where(
          inArray(
            stockMovements.variantId,
            before.variants.map((variant) => variant.id),
          ),
        ),
    ).toEqual([{ n: 0 }]);
  });
});

describe("duplicates and bad input", () => {
  it.each([
    ["the parent SKU of another product", { sku: "PRY001" }, "sku", "already uses this SKU"],
    ["the slug of another product", { slug: "classic-logo-tee" }, "slug", "already uses this slug"],
    ["a variant SKU of another product", { "variants[0].sku": "PRY001-BLACK-S" }, "variants[0].sku", "already uses this SKU"],
    ["an invalid slug", { slug: "Not A Slug" }, "slug", "lower-case"],
    ["a price with three decimals", { "variants[0].price": "12.345" }, "variants[0].price", "amount in Baht"],
    ["a negative stock", { "variants[0].stock": "-1" }, "variants[0].stock", "whole number"],
    ["an image not in the gallery", { "images[0].key": "products/elsewhere.png", "images[0].chosen": "on" }, "images[0].key", "not in the product gallery"],
    ["an unknown category", { categoryId: "999" }, "categoryId", "Choose one"],
  ])("given %s, should answer 400 with a field message and write nothing", async (_name, overrides, field, message) => {
    const before = await tableCounts();
    const response = await post(`${productsPath}/form`, singleProductForm(overrides));
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain(`data-testid="error-${field}"`);
    expect(page).toContain(message);
    expect(await tableCounts()).toEqual(before);
  });

  it("given a duplicate SKU on the Thai page, should say so in Thai", async () => {
    const page = await html(await post(`/th${productsPath}/form`, singleProductForm({ sku: "PRY001" })));
    expect(page).toContain("มีสินค้าหรือตัวเลือกสินค้าอื่นใช้รหัสสินค้านี้แล้ว");
  });

  it("given two variants with the same options or SKU, should refuse the later row", async () => {
    const before = await tableCounts();
    const response = await post(
      `${productsPath}/form`,
      variationProductForm(unique("DUP-").toUpperCase(), [
        { colour: "11", size: "1", sku: "SAME-SKU", price: "1", stock: "1" },
        { colour: "11", size: "1", sku: "SAME-SKU", price: "1", stock: "1" },
      ]),
    );
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain('data-testid="error-variants[1].options"');
    expect(page).toContain('data-testid="error-variants[1].sku"');
    expect(await tableCounts()).toEqual(before);
  });

  it("given two saves of the same new SKU at once, should save one and answer the other with a field error (the unique index catches the race)", async () => {
    const sku = unique("RACE-").toUpperCase();
    const reference = schemaReference(await loadProductFormReference(env.DB));
    const input = (slug: string) =>
      productInput(
        productFormSchema(reference).parse({
          nameEn: "Race",
          nameTh: "แข่ง",
          slug,
          sku,
          categoryId: 4,
          kind: "single",
          statusId: "2",
          images: [],
          variants: [{ price: "1", stock: 1, active: true }],
        }),
        reference,
      );
    const results = await Promise.all([
      saveProduct(env.DB, { productId: null, input: input(unique("race-a-")), staffUserId: adminId }),
      saveProduct(env.DB, { productId: null, input: input(unique("race-b-")), staffUserId: adminId }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const refused = results.find((result) => !result.ok);
    expect(refused).toMatchObject({ ok: false, reason: "invalid" });
    expect(Object.values((refused as { errors: Record<string, string[]> }).errors).flat()).toContain("skuTaken");
    expect(await db().select({ n: count() }).from(variants).where(eq(variants.sku, sku))).toEqual([{ n: 1 }]);
  });

  it("given fuzzed product forms, should never answer 5xx and write nothing", async () => {
    const before = await tableCounts();
    const names = [
      "nameEn",
      "slug",
      "sku",
      "categoryId",
      "productTypeId",
      "kind",
      "statusId",
      "weightGrams",
      "sizeGuideId",
      "variants[0].id",
      "variants[0].sku",
      "variants[0].price",
      "variants[0].compareAtPrice",
      "variants[0].stock",
      "variants[0].stockShown",
      "variants[0].options.1",
      "images[0].key",
      "images[0].chosen",
      "intent",
    ];
    await fc.assert(
      fc.asyncProperty(fc.record(Object.fromEntries(names.map((name) => [name, typedText]))), async (values) => {
        // nameTh stays empty, so a save is always refused: whatever else is typed, nothing is written.
        const response = await post(`${productsPath}/form`, { ...values, nameTh: "" });
        expect(response.status, JSON.stringify(values).slice(0, 300)).toBeLessThan(500);
        await response.arrayBuffer();
      }),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(fc.record(Object.fromEntries(names.map((name) => [name, typedText]))), async (values) => {
        const response = await post(`${productsPath}/form/1`, { ...values, intent: "save", nameTh: "" });
        expect(response.status).toBe(400);
        await response.arrayBuffer();
      }),
      { numRuns: 20 },
    );
    expect(await tableCounts()).toEqual(before);
  });

  it("given fuzzed category, type and attribute forms, should never answer 5xx and write nothing", async () => {
    const before = await tableCounts();
    const cases: [string, string[]][] = [
      ["/backend/products/category/form", ["slug", "nameEn", "descriptionEn", "descriptionTh", "imageKey", "sortOrder"]],
      ["/backend/products/category/form/1", ["slug", "nameEn", "imageKey", "sortOrder"]],
      ["/backend/products/type/form", ["nameEn", "attributes[0].id", "attributes[0].chosen", "attributes[0].order"]],
      ["/backend/products/type/form/1", ["nameEn", "attributes[1].id", "attributes[1].order"]],
      [
        "/backend/products/attribute/form",
        [
          "code",
          "nameEn",
          "displayTypeId",
          "sortOrder",
          "options[0].id",
          "options[0].code",
          "options[0].nameEn",
          "options[0].nameTh",
          "options[0].colorHex",
          "options[0].imageKey",
        ],
      ],
      ["/backend/products/attribute/form/2", ["code", "nameEn", "displayTypeId", "options[0].id", "options[0].code", "options[0].colorHex"]],
    ];
    for (const [path, names] of cases) {
      await fc.assert(
        fc.asyncProperty(fc.record(Object.fromEntries(names.map((name) => [name, typedText]))), async (values) => {
          const response = await post(path, { ...values, intent: "save", nameTh: "" });
          expect(response.status, `${path} ${JSON.stringify(values).slice(0, 300)}`).toBe(400);
          await response.arrayBuffer();
        }),
        { numRuns: 15 },
      );
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("given a row index far beyond any form, or a row intent Conform cannot apply, should answer 400 and change nothing", async () => {
    const before = await tableCounts();
    for (const [path, fields] of [
      [`${productsPath}/form`, [...singleProductForm(), ["variants[99999999].sku", "X"]]],
      [
        "/backend/products/attribute/form/1",
        [
          ["intent", "save"],
          ["__intent__", "{not json"],
        ],
      ],
      ["/backend/products/attribute/form/1", [rowIntent({ type: "remove", payload: { name: "code", index: 0 } }), ["code", "size"]]],
      [
        "/backend/products/category/form/1",
        [
          ["intent", "save"],
          ["__intent__", JSON.stringify({ type: "insert", payload: { name: "nameEn" } })],
          ["nameEn", "x"],
        ],
      ],
    ] as [string, [string, string][]][]) {
      const response = await post(path, fields);
      expect(response.status, path).toBe(400);
      await response.arrayBuffer();
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("given an unknown intent, should answer 400 and change nothing", async () => {
    const before = await tableCounts();
    for (const path of [`${productsPath}/form/1`, "/backend/products/category/form/1", "/backend/products/type/form/1", "/backend/products/attribute/form/1"]) {
      const response = await post(path, { intent: "probe" });
      expect(response.status).toBe(400);
      expect(await html(response)).toContain("This action is not known");
    }
    expect(await tableCounts()).toEqual(before);
  });
});

describe("deleting what is in use", () => {
  it("given a category with products, should refuse with the count and keep it", async () => {
    const response = await post("/backend/products/category/form/1", { intent: "delete", confirmed: "1" });
    expect(response.status).toBe(400);
    expect(await html(response)).toMatch(/\d+ products are in this category, so it cannot be deleted/);
    expect(await db().select().from(categories).where(eq(categories.id, 1)).get()).toBeDefined();
    const thai = await html(await post("/th/backend/products/category/form/1", { intent: "delete", confirmed: "1" }));
    expect(thai).toContain("จึงลบไม่ได้");
  });

  it("given a product type used by products, should refuse and keep it and its attributes", async () => {
    const response = await post("/backend/products/type/form/1", { intent: "delete", confirmed: "1" });
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("have this type, so it cannot be deleted");
    expect(await db().select({ n: count() }).from(productTypeAttributes).where(eq(productTypeAttributes.productTypeId, 1))).toEqual([{ n: 2 }]);
  });

  it("given an attribute used by a type, should refuse; one whose options only variants use, too", async () => {
    const byType = await post("/backend/products/attribute/form/1", { intent: "delete", confirmed: "1" });
    expect(byType.status).toBe(400);
    expect(await html(byType)).toContain("use this attribute, so it cannot be deleted");

    // Taken out of every type, the Colour attribute is still used by variants through its options.
    await db().delete(productTypeAttributes).where(eq(productTypeAttributes.attributeId, 2));
    try {
      const byVariants = await post("/backend/products/attribute/form/2", { intent: "delete", confirmed: "1" });
      expect(byVariants.status).toBe(400);
      expect(await html(byVariants)).toContain("use this attribute's options, so it cannot be deleted");
      expect(await db().select().from(attributes).where(eq(attributes.id, 2)).get()).toBeDefined();
    } finally {
      await db()
        .insert(productTypeAttributes)
        .values([
          { productTypeId: 1, attributeId: 2, sortOrder: 1 },
          { productTypeId: 2, attributeId: 2, sortOrder: 1 },
        ]);
    }
  });

  it("given an option used by variants left out of the attribute form, should refuse and keep every option", async () => {
    const options = await db().select().from(attributeOptions).where(eq(attributeOptions.attributeId, 1)).orderBy(attributeOptions.sortOrder);
    const fields: [string, string][] = [
      ["intent", "save"],
      ["code", "size"],
      ["nameEn", "Size"],
      ["nameTh", "ไซซ์"],
      ["displayTypeId", "2"],
      ["sortOrder", "2"],
    ];
    // Every option but the first (S… used by variants).
    options.slice(1).forEach((option, index) => {
      fields.push(
        [`options[${index}].id`, String(option.id)],
        [`options[${index}].code`, option.code],
        [`options[${index}].nameEn`, option.nameEn],
        [`options[${index}].nameTh`, option.nameTh],
        [`options[${index}].sortOrder`, String(option.sortOrder)],
      );
    });
    const before = await tableCounts();
    const response = await post("/backend/products/attribute/form/1", fields);
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(`Options used by product variants cannot be removed: ${options[0]!.code}`);
    expect(await tableCounts()).toEqual(before);
  });

  it("given a product that was ordered, should refuse to delete it and offer to hide it; hiding takes it out of the shop", async () => {
    const sku = unique("ORD-").toUpperCase();
    const id = createdIdFrom(await post(`${productsPath}/form`, singleProductForm({ sku, nameEn: "Ordered Scarf" })));
    const variant = (await db().select().from(variants).where(eq(variants.productId, id)).get())!;
    const now = Date.now();
    const [order] = await db()
      .insert(orders)
      .values({
        orderNumber: unique("PRY-T-"),
        email: "someone@pryde.test",
        statusId: 2,
        subtotalSatang: 100,
        vatSatang: 7,
        vatPercent: 7,
        totalSatang: 100,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    await db().insert(orderLines).values({
      orderId: order!.id,
      productId: id,
      variantId: variant.id,
      productNameEn: "Ordered Scarf",
      productNameTh: "ผ้าพันคอ",
      sku,
      unitPriceSatang: 100,
      quantity: 1,
      lineTotalSatang: 100,
    });

    const response = await post(`${productsPath}/form/${id}`, { intent: "delete", confirmed: "1" });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("This product has been ordered");
    expect(page).toContain('data-testid="hide-button"');
    expect(await db().select().from(products).where(eq(products.id, id)).get()).toBeDefined();

    // Removing the ordered variant through the form is refused too.
    const withoutVariant = singleProductForm({ sku, "variants[0].id": "", "variants[0].sku": `${sku}-NEW` });
    const refused = await post(`${productsPath}/form/${id}`, withoutVariant);
    expect(refused.status).toBe(400);
    const refusedPage = await html(refused);
    expect(refusedPage).toContain('data-testid="error-variants"');
    expect(refusedPage).toContain("been ordered and cannot be deleted");
    expect(await db().select().from(variants).where(eq(variants.id, variant.id)).get()).toBeDefined();

    const hidden = await post(`${productsPath}/form/${id}`, { intent: "hide" });
    expect(hidden.status).toBe(302);
    expect((await db().select().from(products).where(eq(products.id, id)).get())!.statusId).toBe(3);
  });

  it("given things nobody uses, should delete them", async () => {
    const productId = createdIdFrom(await post(`${productsPath}/form`, singleProductForm({}, [galleryKeys[0]!])));
    const deleted = await post(`${productsPath}/form/${productId}`, { intent: "delete", confirmed: "1" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe(productsPath);
    expect(toastOf(deleted)).toBe("catalogAdmin:actions.deleted");
    expect(await db().select().from(products).where(eq(products.id, productId)).get()).toBeUndefined();
    expect(await db().select({ n: count() }).from(productImages).where(eq(productImages.productId, productId))).toEqual([{ n: 0 }]);

    const slug = unique("empty-");
    const categoryId = createdIdFrom(
      await post("/backend/products/category/form", {
        intent: "save",
        slug,
        nameEn: "Empty",
        nameTh: "ว่าง",
        descriptionEn: "",
        descriptionTh: "",
        imageKey: "",
        sortOrder: "9",
      }),
    );
    expect((await post(`/backend/products/category/form/${categoryId}`, { intent: "delete", confirmed: "1" })).status).toBe(302);
    expect(await db().select().from(categories).where(eq(categories.id, categoryId)).get()).toBeUndefined();
  });
});

describe("types, attributes and categories", () => {
  it("given a new attribute with two options (one colour swatch), then a type using it, should save them in order", async () => {
    const code = unique("fit");
    const attributeResponse = await post("/backend/products/attribute/form", [
      ["intent", "save"],
      ["code", code],
      ["nameEn", "Fit"],
      ["nameTh", "ทรง"],
      ["displayTypeId", "3"],
      ["sortOrder", "5"],
      ["options[0].id", ""],
      ["options[0].code", "slim"],
      ["options[0].nameEn", "Slim"],
      ["options[0].nameTh", "เข้ารูป"],
      ["options[0].colorHex", "#1A2B3C"],
      ["options[0].imageKey", galleryKeys[0]!],
      ["options[0].sortOrder", "1"],
      ["options[1].id", ""],
      ["options[1].code", "loose"],
      ["options[1].nameEn", "Loose"],
      ["options[1].nameTh", "หลวม"],
      ["options[1].colorHex", ""],
      ["options[1].imageKey", ""],
      ["options[1].sortOrder", "2"],
    ]);
    expect(attributeResponse.status).toBe(302);
    const attributeId = createdIdFrom(attributeResponse);
    const options = await db().select().from(attributeOptions).where(eq(attributeOptions.attributeId, attributeId)).orderBy(attributeOptions.sortOrder);
    expect(options.map((option) => [option.code, option.colorHex, option.imageKey])).toEqual([
      ["slim", "#1a2b3c", galleryKeys[0]],
      ["loose", null, null],
    ]);

    // The hidden display type (1) is not a choice.
    const hiddenType = await post("/backend/products/attribute/form", {
      intent: "save",
      code: unique("x"),
      nameEn: "X",
      nameTh: "เอ็กซ์",
      displayTypeId: "1",
      sortOrder: "",
    });
    expect(hiddenType.status).toBe(400);
    expect(await html(hiddenType)).toContain('data-testid="error-displayTypeId"');

    // Codes can swap between options in one save.
    const swapped = await post(`/backend/products/attribute/form/${attributeId}`, [
      ["intent", "save"],
      ["code", code],
      ["nameEn", "Fit"],
      ["nameTh", "ทรง"],
      ["displayTypeId", "2"],
      ["sortOrder", "5"],
      ["options[0].id", String(options[0]!.id)],
      ["options[0].code", "loose"],
      ["options[0].nameEn", "Loose"],
      ["options[0].nameTh", "หลวม"],
      ["options[1].id", String(options[1]!.id)],
      ["options[1].code", "slim"],
      ["options[1].nameEn", "Slim"],
      ["options[1].nameTh", "เข้ารูป"],
    ]);
    expect(swapped.status).toBe(302);
    expect((await db().select().from(attributeOptions).where(eq(attributeOptions.id, options[0]!.id)).get())!.code).toBe("loose");

    const typeResponse = await post("/backend/products/type/form", [
      ["intent", "save"],
      ["nameEn", "Trousers"],
      ["nameTh", "กางเกง"],
      ["attributes[0].id", String(attributeId)],
      ["attributes[0].chosen", "on"],
      ["attributes[0].order", "2"],
      ["attributes[1].id", "1"],
      ["attributes[1].chosen", "on"],
      ["attributes[1].order", "1"],
    ]);
    expect(typeResponse.status).toBe(302);
    const typeId = createdIdFrom(typeResponse);
    const links = await db()
      .select()
      .from(productTypeAttributes)
      .where(eq(productTypeAttributes.productTypeId, typeId))
      .orderBy(productTypeAttributes.sortOrder);
    expect(links.map((link) => link.attributeId)).toEqual([1, attributeId]);

    // Unused now, both can go: first the type, then the attribute (its options with it).
    expect((await post(`/backend/products/type/form/${typeId}`, { intent: "delete", confirmed: "1" })).status).toBe(302);
    expect((await post(`/backend/products/attribute/form/${attributeId}`, { intent: "delete", confirmed: "1" })).status).toBe(302);
    expect(await db().select({ n: count() }).from(attributeOptions).where(eq(attributeOptions.attributeId, attributeId))).toEqual([{ n: 0 }]);
  });

  it("given a type whose products' variants use an attribute, should refuse to take that attribute away", async () => {
    const response = await post("/backend/products/type/form/1", [
      ["intent", "save"],
      ["nameEn", "Apparel"],
      ["nameTh", "เครื่องแต่งกาย"],
      ["attributes[0].id", "1"],
      ["attributes[0].chosen", "on"],
      ["attributes[1].id", "2"],
    ]);
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("Products of this type have variants using these attributes, so they stay: Colour");
    expect(
      await db()
        .select({ n: count() })
        .from(productTypeAttributes)
        .where(and(eq(productTypeAttributes.productTypeId, 1), eq(productTypeAttributes.attributeId, 2))),
    ).toEqual([{ n: 1 }]);
  });

  it("given a category with a duplicate slug, should answer 400; with an empty slug, should make one from the English name", async () => {
    const duplicate = await post("/backend/products/category/form", {
      intent: "save",
      slug: "t-shirts",
      nameEn: "Tees",
      nameTh: "เสื้อ",
      imageKey: "",
      sortOrder: "",
    });
    expect(duplicate.status).toBe(400);
    expect(await html(duplicate)).toContain("Another row already uses this slug");
    const name = `Rain Gear ${unique("")}`;
    const created = await post("/th/backend/products/category/form", {
      intent: "save",
      slug: "",
      nameEn: name,
      nameTh: "ชุดกันฝน",
      imageKey: galleryKeys[1]!,
      sortOrder: "",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toMatch(/^\/th\/backend\/products\/category\/form\/\d+$/);
    const row = await db()
      .select()
      .from(categories)
      .where(eq(categories.id, createdIdFrom(created)))
      .get();
    expect(row).toMatchObject({ slug: name.toLowerCase().replace(/ /g, "-"), imageKey: galleryKeys[1], sortOrder: 0 });
  });
});

describe("who may change the catalogue", () => {
  it("given an Editor (role 3), should refuse POSTs with 403 and write nothing", async () => {
    const before = await tableCounts();
    for (const path of [
      `${productsPath}/form`,
      `${productsPath}/form/1`,
      "/backend/products/category/form/1",
      "/backend/products/type/form",
      "/backend/products/attribute/form/1",
    ]) {
      const response = await post(path, path.endsWith("/form/1") ? { intent: "delete", confirmed: "1" } : singleProductForm(), cookies["staff-3"]);
      expect(response.status, path).toBe(403);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("given an Author (role 4), should let them create a category", async () => {
    const response = await post(
      "/backend/products/category/form",
      { intent: "save", slug: unique("author-"), nameEn: "Author pick", nameTh: "ของผู้เขียน", sortOrder: "1" },
      cookies["staff-4"],
    );
    expect(response.status).toBe(302);
  });
});
