import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { customDesignHistory, customDesigns, customDesignUploads } from "~/db/schema/custom";
import { emailOutbox } from "~/db/schema/messaging";
import { orderLines, orders, payments } from "~/db/schema/orders";
import type { CustomDesign } from "~/domain/custom-design";
import { orderStatusId } from "~/domain/order-status";

import { mainOf, sessionCookieOf } from "./accounts-helpers";
import { backendTestCookies } from "./backend-sessions";
import { fuzzForm } from "./fuzz";
import { db, newCustomer, postMultipart, tinyPng, toastOf } from "./profile-helpers";
import { get, origin, postForm } from "./worker";

/**
 * Custom designs end to end through the Worker (issue 6): drafts per owner, uploads, the rendered
 * images, sending for review (an order in review), staff review (confirm at a quoted price, ask for
 * changes → the shopper sends again, decline), the pay link and paying with the local fake PayPal.
 * Another shopper can neither read nor change a design, its files or its order.
 */
const productId = 1;
const designerPath = `/custom/select/${productId}`;
/** The designer's JSON calls (save, upload, prepare). */
const apiPath = `${designerPath}/designs`;
const fake = () => env.FAKE_PAYPAL_URL;

/** A design of the seeded jersey (attributes 11–14, first option of each) that can be ordered. */
function validDesign(overrides: Partial<CustomDesign> = {}): CustomDesign {
  return {
    version: 1,
    productId,
    options: [11, 12, 13, 14].map((attributeId) => ({ attributeId, optionId: attributeId * 10 + 1 })),
    sides: {
      front: {
        texts: [{ position: "center", text: "10", fontId: 5, color: "white", fontSize: 100 }],
        elements: [{ id: "logo-1", source: { kind: "preset", presetImageId: 1 }, x: 200, y: 200, width: 80, height: 80, rotation: 0, z: 1, locked: false }],
      },
      back: { texts: [{ position: "right", text: "สมศักดิ์", fontId: 1, color: "black", fontSize: 60 }], elements: [] },
    },
    quantities: { s: 4, m: 6, l: 0, xl: 2 },
    notes: "Navy trim please",
    ...overrides,
  };
}

async function save(design: unknown, headers: Record<string, string> = {}, designId?: number, prefix = "") {
  const response = await postForm(
    `${prefix}${apiPath}`,
    { intent: "save", design: JSON.stringify(design), ...(designId ? { designId: String(designId) } : {}) },
    headers,
  );
  return { response, body: (await response.json()) as { ok: boolean; designId?: number; message?: string; problems?: { code: string }[] } };
}

/** A guest who saved a draft: their new session cookie and the design id. */
async function guestDraft(design: unknown = validDesign()) {
  const { response, body } = await save(design);
  expect(response.status).toBe(200);
  const cookie = sessionCookieOf(response)!;
  expect(cookie).toBeTruthy();
  return { headers: { cookie }, designId: body.designId! };
}

function png(name: string) {
  return new File([tinyPng as Uint8Array<ArrayBuffer>], name, { type: "image/png" });
}

function prepareForm(designId: number, design: unknown, images: Partial<Record<string, File | string>> = {}) {
  const form = new FormData();
  form.set("intent", "prepare");
  form.set("designId", String(designId));
  form.set("design", JSON.stringify(design));
  for (const field of ["previewFront", "previewBack", "printFront", "printBack"]) {
    const value = field in images ? images[field] : png(`${field}.png`);
    if (value !== undefined) form.set(field, value);
  }
  return form;
}

const address = {
  email: "captain@example.test",
  firstName: "Somchai",
  lastName: "Jaidee",
  phone: "0812345678",
  address: "99/1 Sukhumvit Soi 11",
  country: "TH",
  province: "กรุงเทพมหานคร",
  city: "วัฒนา",
  suburb: "คลองเตยเหนือ",
  zipcode: "10110",
  method: "standard",
};

/** Draft → prepare → send: the order number of the new custom order. */
async function sentDesign(headers: Record<string, string>, designId: number, email = address.email, prefix = "") {
  const prepared = await postMultipart(`${prefix}${apiPath}`, prepareForm(designId, validDesign()), headers);
  expect(prepared.status).toBe(200);
  expect(await prepared.json()).toEqual({ ok: true, location: `${prefix}${designerPath}?design=${designId}&step=send` });
  const sent = await postForm(`${prefix}${designerPath}`, { intent: "send", designId: String(designId), ...address, email }, headers);
  expect(sent.status).toBe(302);
  const location = sent.headers.get("location")!;
  expect(location).toMatch(new RegExp(`^${prefix}/cart/checkout/PR\\d{6}[0-9A-Z]{8}$`));
  return location.split("/").pop()!;
}

const designRow = (id: number) => db().select().from(customDesigns).where(eq(customDesigns.id, id)).get();
const orderRow = (orderNumber: string) => db().select().from(orders).where(eq(orders.orderNumber, orderNumber)).get();
const mailsTo = (to: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id));
const historyOf = (designId: number) =>
  db().select().from(customDesignHistory).where(eq(customDesignHistory.customDesignId, designId)).orderBy(customDesignHistory.id);

let staffHeaders: Record<string, string> | null = null;
async function staff() {
  staffHeaders ??= (await backendTestCookies())["staff-1"];
  return staffHeaders;
}

function review(orderNumber: string, fields: Record<string, string>, headers: Record<string, string>, prefix = "") {
  return postForm(`${prefix}/backend/orders/fulfillment/custom-form?order=${orderNumber}`, fields, headers);
}

describe("custom pages", () => {
  it.each([
    ["/custom", "Design your own team wear", "Custom Football Jersey"],
    ["/th/custom", "ออกแบบเสื้อทีมของคุณเอง", "เสื้อฟุตบอลออกแบบเอง"],
    ["/custom/select", "Choose a garment", "Custom Team T-shirt"],
    ["/th/custom/select", "เลือกแบบเสื้อ", "เสื้อยืดทีมออกแบบเอง"],
  ])("given %s, should list the garments to design", async (path, heading, product) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    const html = mainOf(await response.text());
    expect(html).toContain(heading);
    expect(html).toContain(product);
    expect(html).toContain(`/custom/select/${productId}`);
  });

  it("given the designer of a garment, should render its shell on the server without the canvas library", async () => {
    const response = await get(designerPath);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const html = await response.text();
    expect(html).toContain("Custom Football Jersey");
    expect(html).not.toMatch(/konva/i);
  });

  it.each(["/custom/select/999", "/custom/select/abc", "/th/custom/select/0"])("given %s, should answer 404", async (path) => {
    expect((await get(path)).status).toBe(404);
  });
});

describe("drafts", () => {
  it("given a guest without a session, should save the draft under a new session and reopen it on reload", async () => {
    const { headers, designId } = await guestDraft();
    const row = await designRow(designId);
    expect(row).toMatchObject({ status: "draft", customerId: null, customProductId: productId });
    expect(row!.sessionId).toBeTruthy();
    // 450 base + 0 add-ons (first options): the list price per garment.
    expect(row!.unitPriceSatang).toBe(45000);
    const page = await (await get(`${designerPath}?design=${designId}`, headers)).text();
    expect(page).toContain("สมศักดิ์");
    // Without ?design the designer reopens the guest's latest draft (its notes are in the page's data).
    const latest = await (await get(designerPath, headers)).text();
    expect(latest).toContain("Navy trim please");
    expect(await (await get(designerPath)).text()).not.toContain("Navy trim please");
  });

  it("given a changed design, should update the same draft", async () => {
    const { headers, designId } = await guestDraft();
    const { response, body } = await save(validDesign({ notes: "Gold numbers" }), headers, designId);
    expect(response.status).toBe(200);
    expect(body.designId).toBe(designId);
    expect(JSON.parse((await designRow(designId))!.designJson).notes).toBe("Gold numbers");
  });

  it("given a tampered design (a price field, an unknown option, a 9-character number), should refuse it in the page's language and change nothing", async () => {
    const { headers, designId } = await guestDraft();
    const before = (await designRow(designId))!.designJson;
    const withPrice = { ...validDesign(), unitPriceSatang: 1 };
    const unknownOption = validDesign({ options: [{ attributeId: 11, optionId: 999 }] });
    const longNumber = validDesign({
      sides: {
        front: { texts: [{ position: "center", text: "123456789", fontId: 5, color: "white", fontSize: 100 }], elements: [] },
        back: { texts: [], elements: [] },
      },
    });
    for (const design of [withPrice, unknownOption, longNumber]) {
      const { response, body } = await save(design, headers, designId);
      expect(response.status).toBe(400);
      expect(body.ok).toBe(false);
      expect(body.message).toMatch(/Please fix the design first/);
    }
    const thai = await save(unknownOption, headers, designId, "/th");
    expect(thai.body.message).toContain("กรุณาแก้ไขแบบก่อน");
    expect((await designRow(designId))!.designJson).toBe(before);
  });

  it.each([["AB"], ["1O"], ["-1"], ["7 7"], ["1000"]])(
    "given the player number %j (digits only, 1–3), should refuse it with a message in the page's language",
    async (number) => {
      const { headers, designId } = await guestDraft();
      const before = (await designRow(designId))!.designJson;
      const design = validDesign({
        sides: {
          front: { texts: [{ position: "center", text: number, fontId: 5, color: "white", fontSize: 100 }], elements: [] },
          back: { texts: [], elements: [] },
        },
      });
      for (const prefix of ["", "/th"]) {
        const { response, body } = await save(design, headers, designId, prefix);
        expect(response.status).toBe(400);
        expect(body.problems?.[0]).toMatchObject({ code: "banner-text", position: "center" });
        expect(body.message).toContain(prefix ? "กรุณาแก้ไขแบบก่อน" : "Please fix the design first");
      }
      expect((await designRow(designId))!.designJson).toBe(before);
    },
  );

  it("given a design that is not JSON, or no design field, should answer 400 (never 5xx)", async () => {
    const bodies: Record<string, string>[] = [
      { intent: "save", design: "{not json" },
      { intent: "save" },
      { intent: "nope" },
      { intent: "prepare", designId: "x" },
    ];
    for (const fields of bodies) {
      const response = await postForm(apiPath, fields);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });

  it("given another shopper, should neither open nor overwrite the design", async () => {
    const owner = await guestDraft();
    const other = await newCustomer("custom-other");
    expect((await get(`${designerPath}?design=${owner.designId}`, { cookie: other.cookie })).status).toBe(404);
    // Signed out it might be one's own (an e-mailed link): sign in first, whether or not it exists.
    for (const id of [owner.designId, 99_999_999]) {
      expect((await get(`${designerPath}?design=${id}`)).headers.get("location")).toBe(
        `/login?redirectTo=${encodeURIComponent(`${designerPath}?design=${id}`)}`,
      );
    }
    const before = (await designRow(owner.designId))!.designJson;
    const { response } = await save(validDesign({ notes: "hijacked" }), { cookie: other.cookie }, owner.designId);
    expect(response.status).toBe(404);
    expect((await designRow(owner.designId))!.designJson).toBe(before);
    const backup = await (await get("/custom/create_backup", { cookie: other.cookie })).text();
    expect(backup).not.toContain(`design=${owner.designId}`);
  });

  it("given staff on the storefront, should refuse to design", async () => {
    const headers = await staff();
    expect((await get(designerPath, headers)).status).toBe(403);
    expect((await postForm(apiPath, { intent: "save", design: JSON.stringify(validDesign()) }, headers)).status).toBe(403);
  });

  it("given saved designs, should list them on /custom/create_backup and delete a draft", async () => {
    const customer = await newCustomer("custom-backup");
    const { body } = await save(validDesign(), { cookie: customer.cookie });
    const page = mainOf(await (await get("/th/custom/create_backup", { cookie: customer.cookie })).text());
    expect(page).toContain("แบบร่าง");
    expect(page).toContain(`design=${body.designId}`);
    // Asked first (the confirm step without JavaScript): nothing deleted yet.
    const fields = { intent: "delete", designId: String(body.designId) };
    const asked = await postForm("/custom/create_backup", fields, { cookie: customer.cookie });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('data-testid="confirm-step"');
    expect(await designRow(body.designId!)).toBeDefined();
    const deleted = await postForm("/custom/create_backup", { ...fields, confirmed: "1" }, { cookie: customer.cookie });
    expect(deleted.status).toBe(302);
    expect(toastOf(deleted)).toBe("custom:backup.deleted");
    expect(await designRow(body.designId!)).toBeUndefined();
    // Gone (or never one's own): not found, nothing else deleted.
    expect((await postForm("/custom/create_backup", { ...fields, confirmed: "1" }, { cookie: customer.cookie })).status).toBe(404);
  });

  it("given a guest who signs in, should keep their drafts in the account", async () => {
    const { headers, designId } = await guestDraft();
    const customer = await newCustomer("custom-signin");
    const signIn = await postForm("/login", { email: customer.email, password: "Blue-Elephant-7" }, { ...headers, "cf-connecting-ip": "10.66.0.9" });
    expect(signIn.status).toBe(302);
    expect((await designRow(designId))!.customerId).toBe(customer.id);
  });
});

describe("uploads", () => {
  function uploadForm(file: File) {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file", file);
    return form;
  }

  it("given a PNG, should keep it private for its owner only", async () => {
    const { headers } = await guestDraft();
    const response = await postMultipart(apiPath, uploadForm(png("logo.png")), headers);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: true; upload: { key: string; url: string; pixelWidth: number } };
    expect(body.upload.key).toMatch(/^private\/custom-uploads\//);
    expect(body.upload.pixelWidth).toBe(1);
    const mine = await get(body.upload.url, headers);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toContain("no-store");
    const other = await newCustomer("custom-peek");
    expect((await get(body.upload.url, { cookie: other.cookie })).status).toBe(404);
    expect((await get(body.upload.url)).status).toBe(404);
    expect((await get(`/media/${body.upload.key}`)).status).toBe(404);
  });

  it("given a file that is not an image (whatever its name), should refuse it in Thai on the Thai page and store nothing", async () => {
    const { headers } = await guestDraft();
    const before = await db().select().from(customDesignUploads);
    const response = await postMultipart(`/th${apiPath}`, uploadForm(new File(["<svg onload=alert(1)>"], "logo.png", { type: "image/png" })), headers);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain("PNG, JPEG หรือ WebP");
    expect((await db().select().from(customDesignUploads)).length).toBe(before.length);
  });

  it("given a design using an upload of someone else, should refuse it", async () => {
    const owner = await guestDraft();
    const upload = (await (await postMultipart(apiPath, uploadForm(png("a.png")), owner.headers)).json()) as { upload: { key: string } };
    const thief = await guestDraft();
    const design = validDesign();
    design.sides.front.elements = [
      { id: "stolen", source: { kind: "upload", uploadKey: upload.upload.key }, x: 200, y: 200, width: 50, height: 50, rotation: 0, z: 1, locked: false },
    ];
    const { response, body } = await save(design, thief.headers, thief.designId);
    expect(response.status).toBe(400);
    expect(body.problems?.map((problem) => problem.code)).toContain("unknown-upload");
  });
});

describe("sending for review", () => {
  it("given too few pieces, or missing or non-PNG images, should not prepare the design", async () => {
    const { headers, designId } = await guestDraft();
    const few = await postMultipart(apiPath, prepareForm(designId, validDesign({ quantities: { s: 1, m: 0, l: 0, xl: 0 } })), headers);
    expect(few.status).toBe(400);
    expect(((await few.json()) as { message: string }).message).toContain("at least the minimum");
    const missing = await postMultipart(apiPath, prepareForm(designId, validDesign(), { printBack: undefined }), headers);
    expect(missing.status).toBe(400);
    const notPng = await postMultipart(
      apiPath,
      prepareForm(designId, validDesign(), { printFront: new File(["GIF89a"], "x.png", { type: "image/png" }) }),
      headers,
    );
    expect(notPng.status).toBe(400);
    expect((await designRow(designId))!.printFrontKey).toBeNull();
  });

  it("given bad delivery details, should answer the send step with messages and create no order", async () => {
    const { headers, designId } = await guestDraft();
    expect((await postMultipart(apiPath, prepareForm(designId, validDesign()), headers)).status).toBe(200);
    const response = await postForm(
      `/th${designerPath}`,
      { intent: "send", designId: String(designId), ...address, email: "not-an-email", phone: "12", zipcode: "" },
      headers,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("กรุณากรอกอีเมลให้ถูกต้อง");
    expect((await designRow(designId))!.status).toBe("draft");
    expect(await db().select().from(orderLines).where(eq(orderLines.customDesignId, designId))).toEqual([]);
  });

  it("given a prepared design and good details, should create an order in review with a line per size and e-mail the shopper", async () => {
    const { headers, designId } = await guestDraft();
    const email = `team-${Date.now()}@example.test`;
    const orderNumber = await sentDesign(headers, designId, email);
    const order = await orderRow(orderNumber);
    expect(order).toMatchObject({ statusId: orderStatusId.in_review, isCustom: true, email, subtotalSatang: 12 * 45000, shipFirstName: "Somchai" });
    expect(order!.totalSatang).toBe(order!.subtotalSatang + order!.shippingSatang);
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order!.id)).orderBy(orderLines.id);
    expect(lines.map((line) => [line.variantLabelEn, line.quantity, line.unitPriceSatang])).toEqual([
      ["Size S", 4, 45000],
      ["Size M", 6, 45000],
      ["Size XL", 2, 45000],
    ]);
    expect((await designRow(designId))!.status).toBe("submitted");
    expect((await historyOf(designId)).map((row) => row.event)).toEqual(["submitted"]);
    expect((await mailsTo(email)).map((mail) => mail.template)).toEqual(["design-submitted"]);
    // The payment page says it is in review; the design can no longer be changed.
    const page = await (await get(`/cart/checkout/${orderNumber}`, headers)).text();
    expect(page).toContain(orderNumber);
    const locked = await save(validDesign({ notes: "late change" }), headers, designId);
    expect(locked.response.status).toBe(409);
    // The rendered previews are the owner's only.
    expect((await get(`/custom/design/${designId}/preview-front.png`, headers)).status).toBe(200);
    expect((await get(`/custom/design/${designId}/preview-front.png`)).status).toBe(404);
  });
});

describe("staff review", () => {
  it("given a customer, a guest or a role without Orders, should refuse the review pages", async () => {
    const cookies = await backendTestCookies();
    for (const viewer of ["guest", "customer", "staff-4"] as const) {
      const response = await get("/backend/orders/fulfillment/custom-form", cookies[viewer]);
      expect([302, 403, 404]).toContain(response.status);
      const post = await review("PR000000AAAAAAAA", { intent: "confirm", from: "submitted", price: "", message: "" }, cookies[viewer]);
      expect([302, 403, 404]).toContain(post.status);
    }
  });

  it("submit → confirm at a quoted price → the pay link → paid with PayPal", async () => {
    const { headers, designId } = await guestDraft();
    const email = `confirm-${Date.now()}@example.test`;
    const orderNumber = await sentDesign(headers, designId, email);
    const staffCookies = await staff();
    const queue = await (await get("/th/backend/orders/fulfillment/custom-form", staffCookies)).text();
    expect(queue).toContain(orderNumber);
    expect(queue).toContain("รอตรวจ");
    const detail = await get(`/backend/orders/fulfillment/custom-form?order=${orderNumber}`, staffCookies);
    expect(detail.status).toBe(200);
    const html = await detail.text();
    expect(html).toContain("สมศักดิ์");
    expect(html).toContain("Navy trim please");
    const print = await get(`/backend/orders/fulfillment/custom-form/${orderNumber}/print-front.png`, staffCookies);
    expect(print.status).toBe(200);
    expect(print.headers.get("content-disposition")).toContain(`${orderNumber}-print-front.png`);

    const badPrice = await review(orderNumber, { intent: "confirm", from: "submitted", price: "abc", message: "" }, staffCookies);
    expect(badPrice.status).toBe(400);
    const confirmed = await review(orderNumber, { intent: "confirm", from: "submitted", price: "520", message: "Looks great" }, staffCookies);
    expect(confirmed.status).toBe(302);
    const order = await orderRow(orderNumber);
    expect(order).toMatchObject({ statusId: orderStatusId.waiting_payment, subtotalSatang: 12 * 52000 });
    expect(order!.totalSatang).toBe(12 * 52000 + order!.shippingSatang);
    expect(await designRow(designId)).toMatchObject({ status: "confirmed", unitPriceSatang: 52000 });
    const mail = (await mailsTo(email))[0]!;
    expect(mail.template).toBe("design-confirmed");
    const link = (JSON.parse(mail.payloadJson) as { link: string }).link;
    const guestKey = (await orderRow(orderNumber))!.guestKey!;
    expect(link).toBe(`${origin}/cart/checkout/${orderNumber}?key=${encodeURIComponent(guestKey)}`);
    // A second confirm from a stale page is a conflict, not a second decision.
    expect((await review(orderNumber, { intent: "confirm", from: "submitted", price: "", message: "" }, staffCookies)).status).toBe(409);

    // The e-mail link opens the payment page, also in another browser: with the key the order moves to
    // that browser's session (a new one); with a wrong key, or none, a signed-out browser is sent to sign in
    // (as for any order number, existing or not: the order may be the account's).
    const wrongKey = `/cart/checkout/${orderNumber}?key=wrong-key-wrong-key-wrong`;
    expect((await get(wrongKey)).headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(wrongKey)}`);
    expect((await get(`/cart/checkout/${orderNumber}`)).headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/cart/checkout/${orderNumber}`)}`,
    );
    const opened = await get(`${new URL(link).pathname}${new URL(link).search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`/cart/checkout/${orderNumber}`);
    const otherBrowser = { cookie: sessionCookieOf(opened)! };
    expect((await get(`/cart/checkout/${orderNumber}`, otherBrowser)).status).toBe(200);
    // The shop's staff cannot use the key on the storefront (a customer's page: they go home).
    expect((await get(`${new URL(link).pathname}${new URL(link).search}`, staffCookies)).headers.get("location")).toBe("/");
    const payPage = await get(new URL(link).pathname, otherBrowser);
    expect(payPage.status).toBe(200);
    const start = await postForm(`/cart/checkout/${orderNumber}`, { intent: "pay-paypal" }, otherBrowser);
    expect(start.status).toBe(302);
    const token = new URL(start.headers.get("location")!).searchParams.get("token")!;
    const approved = await fetch(`${fake()}/checkoutnow/approve?token=${token}`, { redirect: "manual" });
    const back = new URL(approved.headers.get("location")!);
    const returned = await get(`${back.pathname}${back.search}`);
    expect(returned.status).toBe(303);
    expect((await orderRow(orderNumber))!.statusId).toBe(orderStatusId.paid);
    const captured = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order!.id), eq(payments.status, "captured")));
    expect(captured.map((row) => row.amountSatang)).toEqual([order!.totalSatang]);
  });

  it("change request → the shopper edits and sends again → the same order goes back to review", async () => {
    const customer = await newCustomer("custom-change");
    const headers = { cookie: customer.cookie };
    const { body } = await save(validDesign(), headers);
    const designId = body.designId!;
    const orderNumber = await sentDesign(headers, designId, customer.email, "/th");
    // The customer finds it in /my-purchase, with a line per size.
    expect(await (await get("/my-purchase", headers)).text()).toContain(orderNumber);
    const purchase = await get(`/th/my-purchase/${orderNumber}`, headers);
    expect(purchase.status).toBe(200);
    expect(await purchase.text()).toContain("ไซซ์ M");
    const staffCookies = await staff();
    const noMessage = await review(orderNumber, { intent: "request-changes", from: "submitted", price: "", message: "  " }, staffCookies, "/th");
    expect(noMessage.status).toBe(400);
    expect(await noMessage.text()).toContain("กรุณาเขียนข้อความถึงลูกค้า");
    expect((await designRow(designId))!.status).toBe("submitted");

    expect((await review(orderNumber, { intent: "request-changes", from: "submitted", price: "", message: "Logo is too small" }, staffCookies)).status).toBe(
      302,
    );
    expect(await designRow(designId)).toMatchObject({ status: "changes_requested", reviewMessage: "Logo is too small" });
    expect((await orderRow(orderNumber))!.statusId).toBe(orderStatusId.in_review);
    const mail = (await mailsTo(customer.email))[0]!;
    expect(mail.template).toBe("design-changes-requested");
    expect(mail.subject).toContain("กรุณาแก้ไขแบบ");
    expect((JSON.parse(mail.payloadJson) as { link: string }).link).toBe(`${origin}/th${designerPath}?design=${designId}`);
    // The designer shows the message and lets the shopper edit; staff cannot confirm while waiting.
    expect(await (await get(`/th${designerPath}?design=${designId}`, headers)).text()).toContain("Logo is too small");
    expect((await review(orderNumber, { intent: "confirm", from: "changes_requested", price: "", message: "" }, staffCookies)).status).toBe(400);

    const bigger = validDesign({ quantities: { s: 10, m: 10, l: 0, xl: 0 } });
    bigger.sides.front.elements[0]!.width = 120;
    bigger.sides.front.elements[0]!.height = 120;
    expect((await save(bigger, headers, designId)).response.status).toBe(200);
    const prepared = await postMultipart(apiPath, prepareForm(designId, bigger), headers);
    expect(prepared.status).toBe(200);
    const resent = await postForm(designerPath, { intent: "send", designId: String(designId), ...address, email: customer.email }, headers);
    expect(resent.headers.get("location")).toBe(`/cart/checkout/${orderNumber}`);
    expect((await designRow(designId))!.status).toBe("submitted");
    const order = await orderRow(orderNumber);
    expect(order!.subtotalSatang).toBe(20 * 45000);
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.map((line) => line.quantity).sort()).toEqual([10, 10]);
    expect((await historyOf(designId)).map((row) => row.event)).toEqual(["submitted", "changes_requested", "resubmitted"]);
    expect(await db().select().from(orders).where(eq(orders.customerId, customer.id))).toHaveLength(1);
  });

  it("given an order in review, should leave the decision to the review page (the order page links there and refuses a bare status change)", async () => {
    const { headers, designId } = await guestDraft();
    const orderNumber = await sentDesign(headers, designId);
    const order = (await orderRow(orderNumber))!;
    const staffCookies = await staff();
    const review = await (await get(`/backend/orders/fulfillment/custom-form?order=${orderNumber}`, staffCookies)).text();
    expect(review).toContain(`href="/backend/orders/fulfillment/${order.id}"`);
    const page = await (await get(`/backend/orders/fulfillment/${order.id}`, staffCookies)).text();
    expect(page).toContain(`custom-form?order=${orderNumber}`);
    expect(page).not.toContain('data-testid="action-waiting_payment"');
    const bare = await postForm(
      `/backend/orders/fulfillment/${order.id}`,
      {
        intent: "change-status",
        from: String(orderStatusId.in_review),
        to: String(orderStatusId.waiting_payment),
        note: "",
        reason: "",
        carrierId: "",
        trackingNumber: "",
      },
      staffCookies,
    );
    expect(bare.status).toBe(400);
    expect((await orderRow(orderNumber))!.statusId).toBe(orderStatusId.in_review);
    expect((await designRow(designId))!.status).toBe("submitted");
  });

  it("given a guest asked for changes, the e-mailed designer link should open the design in another browser", async () => {
    const { headers, designId } = await guestDraft();
    const email = `guest-changes-${Date.now()}@example.test`;
    const orderNumber = await sentDesign(headers, designId, email);
    expect((await review(orderNumber, { intent: "request-changes", from: "submitted", price: "", message: "Bigger logo" }, await staff())).status).toBe(302);
    const link = new URL((JSON.parse((await mailsTo(email))[0]!.payloadJson) as { link: string }).link);
    expect(link.pathname).toBe(designerPath);
    expect(link.searchParams.get("design")).toBe(String(designId));
    const opened = await get(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`${designerPath}?design=${designId}`);
    const otherBrowser = { cookie: sessionCookieOf(opened)! };
    const page = await get(`${designerPath}?design=${designId}`, otherBrowser);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Bigger logo");
    // The old browser lost it (one browser at a time holds a guest's order): it is asked to sign in.
    expect((await get(`${designerPath}?design=${designId}`, headers)).headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`${designerPath}?design=${designId}`)}`,
    );
  });

  it("decline needs a message and cancels the order", async () => {
    const { headers, designId } = await guestDraft();
    const orderNumber = await sentDesign(headers, designId);
    const staffCookies = await staff();
    expect((await review(orderNumber, { intent: "reject", from: "submitted", price: "", message: "" }, staffCookies)).status).toBe(400);
    expect((await review(orderNumber, { intent: "reject", from: "submitted", price: "", message: "Copyrighted logo" }, staffCookies)).status).toBe(302);
    expect((await orderRow(orderNumber))!.statusId).toBe(orderStatusId.cancelled);
    expect((await designRow(designId))!.status).toBe("rejected");
  });

  it("given an unknown order or junk in the form, should answer 4xx and change nothing", async () => {
    const staffCookies = await staff();
    expect((await get("/backend/orders/fulfillment/custom-form?order=nope", staffCookies)).status).toBe(404);
    expect((await get("/backend/orders/fulfillment/custom-form/PR000000AAAAAAAA/print-front.png", staffCookies)).status).toBe(404);
    const { headers, designId } = await guestDraft();
    const orderNumber = await sentDesign(headers, designId);
    for (const fields of [
      { intent: "ship", from: "submitted" },
      { intent: "confirm", from: "x" },
      { intent: "confirm", from: "submitted", price: "-5", message: "" },
      { intent: "confirm", from: "submitted", price: "", message: "x".repeat(5000) },
    ]) {
      const response = await review(orderNumber, fields as Record<string, string>, staffCookies);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect((await designRow(designId))!.status).toBe("submitted");
  });
});

describe("bad input anywhere", () => {
  it("given fuzzed designer calls, send-step fields and review fields, should never answer 5xx and never create an order", async () => {
    const { headers, designId } = await guestDraft();
    const ordersBefore = (await db().select().from(orders)).length;
    await fuzzForm({ path: apiPath, fields: ["intent", "designId", "design"], headers, runs: 30 });
    await fuzzForm({ path: apiPath, fields: ["designId", "design"], fixed: { intent: "save" }, headers, runs: 30 });
    expect((await postMultipart(apiPath, prepareForm(designId, validDesign()), headers)).status).toBe(200);
    await fuzzForm({
      path: designerPath,
      fields: ["email", "firstName", "lastName", "phone", "address", "country", "province", "city", "suburb", "zipcode", "method"],
      fixed: { intent: "send", designId: String(designId) },
      headers,
      runs: 30,
    });
    expect((await db().select().from(orders)).length).toBe(ordersBefore);
    const orderNumber = await sentDesign(headers, designId);
    await fuzzForm({
      path: `/backend/orders/fulfillment/custom-form?order=${orderNumber}`,
      fields: ["intent", "from", "price", "message"],
      headers: await staff(),
      runs: 30,
    });
    expect((await designRow(designId))!.status).toBe("submitted");
  });
});
