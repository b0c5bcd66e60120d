import { env } from "cloudflare:workers";
import { and, asc, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { galleryImages } from "~/db/schema/catalog";
import { customAttributes, customBanners, customDesigns, customOptions, customPrintAreas, customProducts, presetImages } from "~/db/schema/custom";
import { customers } from "~/db/schema/customers";
import { demoCustomer } from "~/db/seed/accounts";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { toastCookieFor, toastOf } from "./profile-helpers";
import { get, origin, shop } from "./worker";

/**
 * The back office's Customize group (issue 6 item 6): custom products with mockups and print areas,
 * attributes and options, the six banner placements, preset images. Saves and deletes through the
 * Worker's fetch; validation in both languages changes nothing; deletes that would break a design
 * in review are refused; junk ids are 404; guests, customers and staff without the group are refused.
 */
const db = () => database(env.DB);
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

let cookies: Record<TestViewer, Record<string, string>>;
let customerId: number;
const admin = () => cookies["staff-1"];

beforeAll(async () => {
  cookies = await backendTestCookies();
  customerId = (await db().select({ id: customers.id }).from(customers).where(eq(customers.email, demoCustomer.email)).get())!.id;
});

const text = (value: string) => [...value].map((character) => character.charCodeAt(0));
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
/** A PNG header with a salt chunk so each upload is different content (a different key). */
const png = (salt: string) =>
  new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    ...text("IHDR"),
    ...u32be(600),
    ...u32be(600),
    8,
    6,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    salt.length,
    ...text("tEXt"),
    ...text(salt),
  ]);
const pngFile = (salt: string) => new File([png(salt)], `${salt}.png`, { type: "image/png" });

/** A multipart post, as the upload forms send it. */
function post(path: string, fields: Record<string, string | File>, headers: Record<string, string> = admin()): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return shop.fetch(new Request(`${origin}${path}`, { method: "POST", body: form, headers: { origin, ...headers }, redirect: "manual" }));
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

function productForm(overrides: Record<string, string | File> = {}): Record<string, string | File> {
  return {
    intent: "save",
    nameEn: "Custom Polo",
    nameTh: "เสื้อโปโลออกแบบเอง",
    slug: unique("custom-polo"),
    descriptionEn: "",
    descriptionTh: "",
    basePrice: "390.50",
    minQuantity: "10",
    statusId: "2",
    sortOrder: "5",
    mockupWidthMm: "600",
    mockupHeightMm: "700",
    "front.x": "170",
    "front.y": "150",
    "front.width": "260",
    "front.height": "300",
    "back.x": "170",
    "back.y": "130",
    "back.width": "260",
    "back.height": "320",
    ...overrides,
  };
}

function idFrom(response: Response, pattern: RegExp): number {
  const location = response.headers.get("location") ?? "";
  const match = pattern.exec(location);
  expect(match, `redirect was ${location}`).not.toBeNull();
  return Number(match![1]);
}

async function createProduct(overrides: Record<string, string | File> = {}): Promise<number> {
  const response = await post("/backend/customizes/form", productForm(overrides));
  expect(response.status).toBe(302);
  expect(toastOf(response)).toBe("customizeAdmin:actions.created");
  return idFrom(response, /\/backend\/customizes\/form\/(\d+)$/);
}

async function createAttribute(productId: number, code = "collar"): Promise<number> {
  const response = await post(`/backend/customizes/form/${productId}`, { intent: "add-attribute", code, nameEn: "Collar", nameTh: "คอเสื้อ", sortOrder: "" });
  expect(response.status).toBe(302);
  const row = await db()
    .select({ id: customAttributes.id })
    .from(customAttributes)
    .where(and(eq(customAttributes.customProductId, productId), eq(customAttributes.code, code)))
    .get();
  return row!.id;
}

async function createOption(productId: number, attributeId: number, fields: Record<string, string | File> = {}): Promise<number> {
  const response = await post(`/backend/customizes/form/${productId}/${attributeId}/form`, {
    intent: "save",
    code: unique("v"),
    nameEn: "V-neck",
    nameTh: "คอวี",
    colorHex: "",
    priceAddOn: "20",
    sortOrder: "1",
    ...fields,
  });
  expect(response.status).toBe(302);
  expect(toastOf(response)).toBe("customizeAdmin:actions.created");
  return idFrom(response, /\/form\/(\d+)$/);
}

async function addDesign(productId: number, status: (typeof customDesigns.$inferInsert)["status"], json: unknown): Promise<number> {
  const now = Date.now();
  const [row] = await db()
    .insert(customDesigns)
    .values({ customProductId: productId, customerId, designJson: JSON.stringify(json), status, unitPriceSatang: 39050, createdAt: now, updatedAt: now })
    .returning({ id: customDesigns.id });
  return row!.id;
}

const designJson = (productId: number, options: { attributeId: number; optionId: number }[], presetImageId?: number) => ({
  version: 1,
  productId,
  options,
  sides: {
    front: {
      texts: [],
      elements: presetImageId
        ? [{ id: "logo-1", source: { kind: "preset", presetImageId }, x: 200, y: 200, width: 50, height: 50, rotation: 0, z: 1, locked: false }]
        : [],
    },
    back: { texts: [], elements: [] },
  },
  quantities: { s: 10, m: 0, l: 0, xl: 0 },
  notes: "",
});

describe("custom products", () => {
  it("should create a product with mockups and print areas, list it, and edit it", async () => {
    const slug = unique("custom-hoodie");
    const id = await createProduct({ slug, frontImage: pngFile(unique("front")), backImage: pngFile(unique("back")), statusId: "1" });
    const product = await db().select().from(customProducts).where(eq(customProducts.id, id)).get();
    expect(product).toMatchObject({ slug, basePriceSatang: 39050, minQuantity: 10, statusId: 1, mockupWidthMm: 600, mockupHeightMm: 700 });
    expect(product!.frontImageKey).toMatch(/^gallery\/image-[0-9a-f]{16}\.png$/);
    expect(await env.MEDIA.head(product!.frontImageKey!)).not.toBeNull();
    expect(await db().select().from(galleryImages).where(eq(galleryImages.imageKey, product!.backImageKey!)).get()).toBeDefined();
    const areas = await db().select().from(customPrintAreas).where(eq(customPrintAreas.customProductId, id));
    expect(areas.map((area) => [area.side, area.xMm, area.yMm, area.widthMm, area.heightMm]).sort()).toEqual([
      ["back", 170, 130, 260, 320],
      ["front", 170, 150, 260, 300],
    ]);

    const list = await html(await get("/backend/customizes", admin()));
    expect(list).toContain(slug);
    expect(list).toContain("฿390.50");

    // File inputs left empty come as empty parts, as a browser posts them: the stored mockups stay.
    const noFile = new File([], "", { type: "application/octet-stream" });
    const edited = await post(
      `/backend/customizes/form/${id}`,
      productForm({ slug, nameTh: "ฮู้ดดี้", basePrice: "1,200", "front.width": "300", frontImage: noFile, backImage: noFile }),
    );
    expect(edited.status).toBe(302);
    expect(toastOf(edited)).toBe("customizeAdmin:actions.saved");
    const after = await db().select().from(customProducts).where(eq(customProducts.id, id)).get();
    expect(after).toMatchObject({ nameTh: "ฮู้ดดี้", basePriceSatang: 120000, frontImageKey: product!.frontImageKey });
    const front = await db()
      .select()
      .from(customPrintAreas)
      .where(and(eq(customPrintAreas.customProductId, id), eq(customPrintAreas.side, "front")))
      .get();
    expect(front!.widthMm).toBe(300);
    const page = await html(await get(`/th/backend/customizes/form/${id}`, { cookie: `${admin().cookie}; ${toastCookieFor("customizeAdmin:actions.saved")}` }));
    expect(page).toContain('data-testid="snackbar"');
    expect(page).toContain("บันทึกแล้ว");
    expect(page).toContain('value="ฮู้ดดี้"');
  });

  it.each([
    ["en", "/backend/customizes/form", { basePrice: "abc" }, "basePrice", "must be an amount in Baht"],
    ["th", "/th/backend/customizes/form", { basePrice: "-5" }, "basePrice", "ต้องเป็นจำนวนเงินบาท"],
    ["en", "/backend/customizes/form", { mockupWidthMm: "99" }, "mockupWidthMm", "from 100 to 2000"],
    ["th", "/th/backend/customizes/form", { mockupWidthMm: "2001" }, "mockupWidthMm", "ตั้งแต่ 100 ถึง 2000"],
    ["en", "/backend/customizes/form", { "front.x": "400" }, "front.area", "must lie inside the mockup"],
    ["th", "/th/backend/customizes/form", { "back.height": "9" }, "back.area", "อย่างน้อย 10 มม."],
    ["en", "/backend/customizes/form", { nameTh: "" }, "nameTh", "Name (Thai) is required"],
    ["en", "/backend/customizes/form", { statusId: "7" }, "statusId", "Choose a Status"],
    ["en", "/backend/customizes/form", { minQuantity: "0" }, "minQuantity", "from 1 to 9999"],
    ["th", "/th/backend/customizes/form", { statusId: "1" }, "frontImage", "สินค้าที่เผยแพร่ต้องมีรูปแบบเสื้อนี้"],
  ])("given bad input (%s, %j), should answer 400 with the message and write nothing", async (_language, path, overrides, field, message) => {
    const before = (await db().select({ n: count() }).from(customProducts).get())!.n;
    const response = await post(path, productForm(overrides as Record<string, string>));
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain(`data-testid="error-${field}"`);
    expect(page).toContain(message);
    expect((await db().select({ n: count() }).from(customProducts).get())!.n).toBe(before);
  });

  it("given a taken slug or a file that is not a picture, should refuse and write nothing", async () => {
    const slug = unique("taken");
    await createProduct({ slug });
    const taken = await post("/backend/customizes/form", productForm({ slug }));
    expect(taken.status).toBe(400);
    expect(await html(taken)).toContain("Another custom product already uses this slug");
    const notImage = await post("/backend/customizes/form", productForm({ frontImage: new File(["<svg/>"], "x.svg", { type: "image/svg+xml" }) }));
    expect(notImage.status).toBe(400);
    expect(await html(notImage)).toContain("Only PNG, JPEG, GIF, BMP or WebP");
  });

  it("given a smaller mockup that would cut off a banner box, should refuse", async () => {
    const id = await createProduct();
    const banner = bannerForm({ "front.left.offered": "on", "front.left.x": "450", "front.left.width": "120" });
    expect((await post(`/backend/banner?product=${id}`, banner)).status).toBe(302);
    const response = await post(
      `/backend/customizes/form/${id}`,
      productForm({ mockupWidthMm: "500", slug: (await db().select().from(customProducts).where(eq(customProducts.id, id)).get())!.slug }),
    );
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("move the banners first");
    expect((await db().select().from(customProducts).where(eq(customProducts.id, id)).get())!.mockupWidthMm).toBe(600);
  });

  it("should delete a product without designs (its attributes, options and banners with it)", async () => {
    const id = await createProduct();
    const attributeId = await createAttribute(id);
    await createOption(id, attributeId);
    const response = await post(`/backend/customizes/form/${id}`, { intent: "delete", confirmed: "1" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/backend/customizes");
    expect(toastOf(response)).toBe("customizeAdmin:actions.deleted");
    expect(await db().select().from(customProducts).where(eq(customProducts.id, id)).get()).toBeUndefined();
    expect(await db().select().from(customOptions).where(eq(customOptions.customAttributeId, attributeId))).toEqual([]);
  });

  it("given a product with a draft design, should refuse to delete it, offer to hide it, and hide it", async () => {
    const id = await createProduct({ statusId: "2" });
    await addDesign(id, "draft", designJson(id, []));
    const response = await post(`/th/backend/customizes/form/${id}`, { intent: "delete", confirmed: "1" });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("ลบสินค้านี้ไม่ได้");
    expect(page).toContain('data-testid="hide-button"');
    expect(await db().select().from(customProducts).where(eq(customProducts.id, id)).get()).toBeDefined();
    const hidden = await post(`/backend/customizes/form/${id}`, { intent: "hide" });
    expect(hidden.status).toBe(302);
    expect((await db().select().from(customProducts).where(eq(customProducts.id, id)).get())!.statusId).toBe(3);
  });
});

describe("attributes and options", () => {
  it("should add, rename, reorder and delete attributes", async () => {
    const id = await createProduct();
    const collar = await createAttribute(id, "collar");
    const sleeve = await createAttribute(id, "sleeve");
    const duplicate = await post(`/backend/customizes/form/${id}`, { intent: "add-attribute", code: "collar", nameEn: "Again", nameTh: "ซ้ำ", sortOrder: "" });
    expect(duplicate.status).toBe(400);
    expect(await html(duplicate)).toContain("This code is already used here");
    const badCode = await post(`/th/backend/customizes/form/${id}`, { intent: "add-attribute", code: "Bad Code!", nameEn: "x", nameTh: "x", sortOrder: "" });
    expect(badCode.status).toBe(400);
    expect(await html(badCode)).toContain("ใช้ได้เฉพาะตัวพิมพ์เล็ก");

    expect((await post(`/backend/customizes/form/${id}`, { intent: `move-up:${sleeve}` })).status).toBe(302);
    const order = await db()
      .select({ id: customAttributes.id })
      .from(customAttributes)
      .where(eq(customAttributes.customProductId, id))
      .orderBy(customAttributes.sortOrder);
    expect(order.map((row) => row.id)).toEqual([sleeve, collar]);

    const renamed = await post(`/backend/customizes/form/${id}/${collar}`, { intent: "save", code: "neck", nameEn: "Neck", nameTh: "คอ", sortOrder: "30" });
    expect(renamed.status).toBe(302);
    expect(await db().select().from(customAttributes).where(eq(customAttributes.id, collar)).get()).toMatchObject({
      code: "neck",
      nameEn: "Neck",
      nameTh: "คอ",
    });

    const deleted = await post(`/backend/customizes/form/${id}/${collar}`, { intent: "delete", confirmed: "1" });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(customAttributes).where(eq(customAttributes.id, collar)).get()).toBeUndefined();
  });

  it("should create an option with a picture and colour, edit it, and delete it", async () => {
    const id = await createProduct();
    const attributeId = await createAttribute(id);
    const optionId = await createOption(id, attributeId, { code: "v-neck", colorHex: "#1c4fd8", priceAddOn: "25.50", image: pngFile(unique("swatch")) });
    const option = await db().select().from(customOptions).where(eq(customOptions.id, optionId)).get();
    expect(option).toMatchObject({ code: "v-neck", colorHex: "#1C4FD8", priceAddOnSatang: 2550, customAttributeId: attributeId });
    expect(option!.imageKey).toMatch(/^gallery\/image-/);

    const page = await html(await get(`/backend/customizes/form/${id}/${attributeId}`, admin()));
    expect(page).toContain('data-testid="option-row"');
    expect(page).toContain("#1C4FD8");

    const edited = await post(`/backend/customizes/form/${id}/${attributeId}/form/${optionId}`, {
      intent: "save",
      code: "v-neck",
      nameEn: "V neck",
      nameTh: "คอวี",
      colorHex: "",
      priceAddOn: "0",
      sortOrder: "2",
    });
    expect(edited.status).toBe(302);
    expect(await db().select().from(customOptions).where(eq(customOptions.id, optionId)).get()).toMatchObject({
      nameEn: "V neck",
      colorHex: null,
      priceAddOnSatang: 0,
      imageKey: option!.imageKey,
    });

    const deleted = await post(`/backend/customizes/form/${id}/${attributeId}/form/${optionId}`, { intent: "delete", confirmed: "1" });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(customOptions).where(eq(customOptions.id, optionId)).get()).toBeUndefined();
  });

  it.each([
    ["/backend", { colorHex: "blue" }, "must be a colour like #1C4FD8"],
    ["/th/backend", { colorHex: "#12345" }, "ต้องเป็นรหัสสีแบบ"],
    ["/backend", { priceAddOn: "-1" }, "amount in Baht of 0 or more"],
    ["/th/backend", { nameEn: "" }, "กรุณากรอกชื่อ (ภาษาอังกฤษ)"],
  ])("given a bad option (%s, %j), should refuse in the page's language and write nothing", async (prefix, overrides, message) => {
    const id = await createProduct();
    const attributeId = await createAttribute(id);
    const response = await post(`${prefix}/customizes/form/${id}/${attributeId}/form`, {
      intent: "save",
      code: "opt",
      nameEn: "Opt",
      nameTh: "ตัวเลือก",
      colorHex: "",
      priceAddOn: "0",
      sortOrder: "0",
      ...overrides,
    });
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(message);
    expect(await db().select().from(customOptions).where(eq(customOptions.customAttributeId, attributeId))).toEqual([]);
  });

  it("given designs, should refuse to delete an option or attribute a design in review uses, but allow it when only drafts or rejected designs do", async () => {
    const id = await createProduct();
    const attributeId = await createAttribute(id);
    const used = await createOption(id, attributeId);
    const draftOnly = await createOption(id, attributeId);
    await addDesign(id, "submitted", designJson(id, [{ attributeId, optionId: used }]));
    await addDesign(id, "draft", designJson(id, [{ attributeId, optionId: draftOnly }]));
    await addDesign(id, "rejected", designJson(id, [{ attributeId, optionId: draftOnly }]));

    const refused = await post(`/backend/customizes/form/${id}/${attributeId}/form/${used}`, { intent: "delete", confirmed: "1" });
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain("1 design under review or confirmed uses it");
    expect(await db().select().from(customOptions).where(eq(customOptions.id, used)).get()).toBeDefined();

    const attributeRefused = await post(`/th/backend/customizes/form/${id}/${attributeId}`, { intent: "delete", confirmed: "1" });
    expect(attributeRefused.status).toBe(400);
    expect(await html(attributeRefused)).toContain("ลบคุณสมบัตินี้ไม่ได้");
    expect((await db().select({ n: count() }).from(customOptions).where(eq(customOptions.customAttributeId, attributeId)).get())!.n).toBe(2);

    expect((await post(`/backend/customizes/form/${id}/${attributeId}/form/${draftOnly}`, { intent: "delete", confirmed: "1" })).status).toBe(302);
    expect(await db().select().from(customOptions).where(eq(customOptions.id, draftOnly)).get()).toBeUndefined();
  });

  it("given an option or attribute of another product, or junk ids, should answer 404 and change nothing", async () => {
    const first = await createProduct();
    const second = await createProduct();
    const attributeId = await createAttribute(first);
    const otherAttribute = await createAttribute(second, "sleeve");
    const optionId = await createOption(first, attributeId);
    const paths = [
      `/backend/customizes/form/${second}/${attributeId}`,
      `/backend/customizes/form/${second}/${attributeId}/form`,
      `/backend/customizes/form/${first}/${otherAttribute}/form/${optionId}`,
      `/backend/customizes/form/${second}/${otherAttribute}/form/${optionId}`,
      "/backend/customizes/form/abc",
      "/backend/customizes/form/0",
      "/backend/customizes/form/99999999",
      "/backend/customizes/form/1e3/1",
      `/backend/customizes/form/${first}/-1`,
      `/backend/customizes/form/${first}/${attributeId}/form/x`,
      "/backend/banner?product=abc",
      "/backend/banner?product=99999999",
      "/backend/orders/preset-image/form?id=abc",
      "/backend/orders/preset-image/form?id=99999999",
    ];
    for (const path of paths) {
      expect((await get(path, admin())).status, `GET ${path}`).toBe(404);
      for (const intent of ["save", "delete"])
        expect((await post(path, { intent, confirmed: "1", code: "x", nameEn: "x", nameTh: "x" })).status, `POST ${intent} ${path}`).toBe(404);
    }
    expect(await db().select().from(customOptions).where(eq(customOptions.id, optionId)).get()).toMatchObject({ code: expect.stringMatching(/^v-/) });
  });
});

function bannerForm(overrides: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = { intent: "save" };
  for (const side of ["front", "back"]) {
    for (const position of ["left", "center", "right"]) {
      const prefix = `${side}.${position}`;
      Object.assign(fields, {
        [`${prefix}.maxLength`]: position === "center" ? "7" : "25",
        [`${prefix}.labelEn`]: "",
        [`${prefix}.labelTh`]: "",
        [`${prefix}.x`]: position === "left" ? "170" : position === "center" ? "230" : "310",
        [`${prefix}.y`]: "160",
        [`${prefix}.width`]: "120",
        [`${prefix}.height`]: "40",
      });
    }
  }
  return { ...fields, ...overrides };
}

describe("banner placements", () => {
  it("should save the offered placements in one go, update them, and remove those switched off", async () => {
    const id = await createProduct();
    const first = await post(
      `/backend/banner?product=${id}`,
      bannerForm({
        "front.left.offered": "on",
        "front.center.offered": "on",
        "front.center.maxLength": "3",
        "front.center.labelTh": "เบอร์",
        "back.right.offered": "on",
      }),
    );
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/backend/banner?product=${id}`);
    expect(toastOf(first)).toBe("customizeAdmin:actions.saved");
    let rows = await db().select().from(customBanners).where(eq(customBanners.customProductId, id));
    expect(rows.map((row) => `${row.side}.${row.position}:${row.maxLength}`).sort()).toEqual(["back.right:25", "front.center:3", "front.left:25"]);
    expect(rows.find((row) => row.position === "center")!.labelTh).toBe("เบอร์");

    const second = await post(
      `/backend/banner?product=${id}`,
      bannerForm({ "front.center.offered": "on", "front.center.maxLength": "7", "front.center.y": "300" }),
    );
    expect(second.status).toBe(302);
    rows = await db().select().from(customBanners).where(eq(customBanners.customProductId, id));
    expect(rows.map((row) => `${row.side}.${row.position}:${row.maxLength}:${row.yMm}`)).toEqual(["front.center:7:300"]);

    const page = await html(await get(`/th/backend/banner?product=${id}`, admin()));
    expect(page).toContain("ข้อความบนเสื้อ");
    expect(page).toMatch(/name="front\.center\.offered"[^>]*checked/);
  });

  it.each([
    ["/backend", { "front.center.offered": "on", "front.center.maxLength": "8" }, "front.center.maxLength", "from 1 to 7"],
    ["/th/backend", { "back.left.offered": "on", "back.left.maxLength": "26" }, "back.left.maxLength", "ตั้งแต่ 1 ถึง 25"],
    ["/backend", { "front.right.offered": "on", "front.right.x": "550" }, "front.right.box", "must lie inside the mockup"],
    ["/th/backend", { "back.center.offered": "on", "back.center.height": "5" }, "back.center.box", "อย่างน้อย 10 มม."],
    ["/backend", { "front.left.offered": "on", "front.left.y": "abc" }, "front.left.y", "whole number of millimetres"],
  ])("given a bad placement (%s, %j), should refuse in the page's language and write nothing", async (prefix, overrides, field, message) => {
    const id = await createProduct();
    const response = await post(`${prefix}/banner?product=${id}`, bannerForm({ "front.left.offered": "on", ...overrides }));
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain(`data-testid="error-${field}"`);
    expect(page).toContain(message);
    expect(await db().select().from(customBanners).where(eq(customBanners.customProductId, id))).toEqual([]);
  });

  it("given no ?product, should show the first custom product's placements, read with the list in one round trip after the staff check", async () => {
    const [first, second] = await db()
      .select({ id: customProducts.id })
      .from(customProducts)
      .orderBy(asc(customProducts.sortOrder), asc(customProducts.id))
      .limit(2);
    expect((await post(`/backend/banner?product=${first!.id}`, bannerForm({ "back.right.offered": "on" }))).status).toBe(302);
    expect((await post(`/backend/banner?product=${second!.id}`, bannerForm({ "front.left.offered": "on" }))).status).toBe(302);
    for (const [path, offered, notOffered] of [
      ["/backend/banner", "back.right", "front.left"],
      [`/backend/banner?product=${second!.id}`, "front.left", "back.right"],
    ] as const) {
      const response = await get(path, admin());
      expect(response.status).toBe(200);
      // Issue 19: the staff check, then the products and the chosen one's placements together.
      expect(response.headers.get("server-timing")).toContain('desc="2 round trips');
      const page = await html(response);
      expect(page).toContain('data-testid="banner-form"');
      expect(page).toMatch(new RegExp(`name="${offered}\\.offered"[^>]*checked`));
      expect(page).not.toMatch(new RegExp(`name="${notOffered}\\.offered"[^>]*checked`));
    }
  });
});

describe("preset images", () => {
  it("should create (picture required), list, edit and delete a preset image", async () => {
    const missing = await post("/th/backend/orders/preset-image/form", { intent: "save", nameEn: "Star", nameTh: "ดาว", sortOrder: "1", isActive: "on" });
    expect(missing.status).toBe(400);
    expect(await html(missing)).toContain("กรุณาเลือกรูปภาพที่จะอัปโหลด");
    const emptyPart = await post("/backend/orders/preset-image/form", {
      intent: "save",
      nameEn: "Star",
      nameTh: "ดาว",
      sortOrder: "1",
      image: new File([], "", { type: "application/octet-stream" }),
    });
    expect(emptyPart.status).toBe(400);
    expect(await html(emptyPart)).toMatch(/data-testid="error-image"[^>]*>Choose a picture to upload</);

    const created = await post("/backend/orders/preset-image/form", {
      intent: "save",
      nameEn: "Star",
      nameTh: "ดาว",
      sortOrder: "1",
      isActive: "on",
      image: pngFile(unique("star")),
    });
    expect(created.status).toBe(302);
    const id = idFrom(created, /\/form\?id=(\d+)$/);
    expect(toastOf(created)).toBe("customizeAdmin:actions.created");
    const row = await db().select().from(presetImages).where(eq(presetImages.id, id)).get();
    expect(row).toMatchObject({ nameEn: "Star", nameTh: "ดาว", isActive: true, sortOrder: 1 });
    expect(await env.MEDIA.head(row!.imageKey)).not.toBeNull();
    expect(await html(await get("/backend/orders/preset-image", admin()))).toContain("Star");

    const edited = await post(`/backend/orders/preset-image/form?id=${id}`, { intent: "save", nameEn: "Big star", nameTh: "ดาวใหญ่", sortOrder: "2" });
    expect(edited.status).toBe(302);
    expect(await db().select().from(presetImages).where(eq(presetImages.id, id)).get()).toMatchObject({
      nameEn: "Big star",
      isActive: false,
      imageKey: row!.imageKey,
    });

    const deleted = await post(`/backend/orders/preset-image/form?id=${id}`, { intent: "delete", confirmed: "1" });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(presetImages).where(eq(presetImages.id, id)).get()).toBeUndefined();
  });

  it("given a preset image placed in a confirmed design, should refuse to delete it and keep it", async () => {
    const created = await post("/backend/orders/preset-image/form", {
      intent: "save",
      nameEn: "Crest",
      nameTh: "ตราสัญลักษณ์",
      sortOrder: "0",
      isActive: "on",
      image: pngFile(unique("crest")),
    });
    const presetId = idFrom(created, /\/form\?id=(\d+)$/);
    const productId = await createProduct();
    await addDesign(productId, "confirmed", designJson(productId, [], presetId));
    const response = await post(`/th/backend/orders/preset-image/form?id=${presetId}`, { intent: "delete", confirmed: "1" });
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("ลบรูปนี้ไม่ได้");
    expect(await db().select().from(presetImages).where(eq(presetImages.id, presetId)).get()).toBeDefined();
  });

  it("given bad names, should refuse in English and Thai and write nothing", async () => {
    const before = (await db().select({ n: count() }).from(presetImages).get())!.n;
    for (const [path, message] of [
      ["/backend/orders/preset-image/form", "Name (English) is required"],
      ["/th/backend/orders/preset-image/form", "กรุณากรอกชื่อ (ภาษาอังกฤษ)"],
    ]) {
      const response = await post(path!, { intent: "save", nameEn: " ", nameTh: "ดาว", sortOrder: "1", image: pngFile(unique("bad")) });
      expect(response.status).toBe(400);
      expect(await html(response)).toContain(message);
    }
    expect((await db().select({ n: count() }).from(presetImages).get())!.n).toBe(before);
  });
});

describe("who may open the Customize pages", () => {
  it("should refuse guests, customers and roles without the Customize group on every loader and action", async () => {
    const productId = await createProduct();
    const attributeId = await createAttribute(productId);
    const optionId = await createOption(productId, attributeId);
    const paths = [
      "/backend/customizes",
      "/backend/customizes/form",
      `/backend/customizes/form/${productId}`,
      `/backend/customizes/form/${productId}/${attributeId}`,
      `/backend/customizes/form/${productId}/${attributeId}/form`,
      `/backend/customizes/form/${productId}/${attributeId}/form/${optionId}`,
      `/backend/banner?product=${productId}`,
      "/backend/orders/preset-image",
      "/backend/orders/preset-image/form",
      "/th/backend/customizes",
      "/th/backend/banner",
    ];
    const before = await db().select().from(customOptions).where(eq(customOptions.id, optionId)).get();
    for (const path of paths) {
      for (const viewer of ["guest", "customer", "staff-3", "staff-5"] as const) {
        const read = await get(path, cookies[viewer]);
        const write = await post(path, { intent: "delete", confirmed: "1", code: "hacked", nameEn: "hacked", nameTh: "hacked" }, cookies[viewer]);
        for (const [kind, response] of [
          ["GET", read],
          ["POST", write],
        ] as const) {
          if (viewer === "guest") {
            expect(response.status, `${kind} ${path} as ${viewer}`).toBe(302);
            expect(response.headers.get("location"), `${kind} ${path} as ${viewer}`).toContain("/backend/login");
          } else if (viewer === "customer") {
            expect(response.status, `${kind} ${path} as ${viewer}`).toBe(302);
            expect(response.headers.get("location"), `${kind} ${path} as ${viewer}`).not.toContain("/backend");
          } else {
            expect(response.status, `${kind} ${path} as ${viewer}`).toBe(403);
          }
        }
      }
      // The Author (role 4) has the Customize group.
      expect((await get(path, cookies["staff-4"])).status, `${path} as an Author`).toBe(200);
    }
    expect(await db().select().from(customOptions).where(eq(customOptions.id, optionId)).get()).toEqual(before);
    expect(await db().select().from(customProducts).where(eq(customProducts.id, productId)).get()).toBeDefined();
  });
});

describe("bodies that are not forms, and oversized pictures", () => {
  it("given a broken multipart body on every Customize form, should answer 400, not 5xx", async () => {
    const productId = await createProduct();
    const attributeId = await createAttribute(productId);
    const optionId = await createOption(productId, attributeId);
    for (const path of [
      "/backend/customizes/form",
      `/backend/customizes/form/${productId}`,
      `/backend/customizes/form/${productId}/${attributeId}`,
      `/backend/customizes/form/${productId}/${attributeId}/form`,
      `/backend/customizes/form/${productId}/${attributeId}/form/${optionId}`,
      `/backend/banner?product=${productId}`,
      "/backend/orders/preset-image/form",
    ]) {
      const response = await shop.fetch(
        new Request(`${origin}${path}`, {
          method: "POST",
          body: "%%%not-a-form",
          headers: { origin, "content-type": "multipart/form-data; boundary=x", ...admin() },
          redirect: "manual",
        }),
      );
      expect(response.status, path).toBe(400);
    }
  });

  it("given a picture over 5 MB, should refuse it and store nothing", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(png("big"));
    const before = (await db().select({ n: count() }).from(presetImages).get())!.n;
    const response = await post("/backend/orders/preset-image/form", {
      intent: "save",
      nameEn: "Big",
      nameTh: "ใหญ่",
      sortOrder: "0",
      image: new File([big], "big.png", { type: "image/png" }),
    });
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("larger than 5 MB");
    expect((await db().select({ n: count() }).from(presetImages).get())!.n).toBe(before);
  });
});
