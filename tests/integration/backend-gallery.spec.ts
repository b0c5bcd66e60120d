import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { galleryImages, productImages } from "~/db/schema/catalog";
import { activities } from "~/db/schema/content";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { fuzzForm } from "./fuzz";
import { toastOf } from "./profile-helpers";
import { get, origin, postForm, shop } from "./worker";

/** The product gallery (issue 4 item 10): /backend/product-gallery uploads, grid, deletes. */

const db = () => database(env.DB);
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
/** The toast cookie a redirect leaves, to show the toast on the next page. */
const toastCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("pryde_toast="))!
    .split(";")[0]!;

let cookies: Record<TestViewer, Record<string, string>>;
const admin = () => cookies["staff-1"];

beforeAll(async () => {
  cookies = await backendTestCookies();
});

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((character) => character.charCodeAt(0)) : part)));
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const u32le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
/** A PNG header with a salt chunk so each test uploads different content (different key). */
const png = (width: number, height: number, salt: string) =>
  bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [0, 0, 0, 13],
    "IHDR",
    u32be(width),
    u32be(height),
    [8, 6, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, salt.length],
    "tEXt",
    salt,
  );
const jpeg = (width: number, height: number) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0, 0, 16],
    "JFIF",
    new Array(10).fill(0),
    [0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0],
    [0xff, 0xd9],
  );
const webp = (width: number, height: number) =>
  bytes("RIFF", [0, 0, 0, 0], "WEBPVP8L", [0, 0, 0, 0], [0x2f], u32le((width - 1) | ((height - 1) << 14)), [0, 0, 0]);

function upload(files: File[], path = "/backend/product-gallery", headers = admin()) {
  const form = new FormData();
  form.set("intent", "upload");
  for (const file of files) form.append("files", file);
  return shop.fetch(new Request(`${origin}${path}`, { method: "POST", body: form, headers: { origin, ...headers }, redirect: "manual" }));
}

async function galleryState() {
  const rows = (await db().select({ total: count() }).from(galleryImages).get())!.total;
  const objects = (await env.MEDIA.list({ prefix: "gallery/" })).objects.length;
  return { rows, objects };
}

describe("the gallery page", () => {
  it.each([
    ["/backend/product-gallery", "Product Gallery"],
    ["/th/backend/product-gallery", "แกลเลอรีสินค้า"],
  ])("given %s as an Author (role 4), should show the seeded images as a grid with sizes and URLs", async (path, heading) => {
    const response = await get(path, cookies["staff-4"]);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain(heading);
    expect(page).toContain('data-testid="gallery-grid"');
    expect(page.match(/data-testid="gallery-image"/g)).toHaveLength(24);
    expect(page).toMatch(/data-testid="file-size">\d+(\.\d{1,2})? (Bytes|KB)</);
    expect(page).toMatch(/value="\/media\/products\/[^"]+\.svg"/);
    expect(page).toContain('data-testid="pagination"');
  });
});

describe("uploading", () => {
  it("given a PNG, a JPEG and a WebP, should store each under a content-hashed key with its dimensions", async () => {
    const before = await galleryState();
    const response = await upload([
      new File([png(640, 480, "one")], "banner.png", { type: "image/png" }),
      new File([jpeg(1200, 800)], "photo.jpeg", { type: "image/jpeg" }),
      new File([webp(300, 200)], "phone.webp", { type: "image/webp" }),
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/backend/product-gallery");
    expect(toastOf(response)).toBe("gallery:upload.added");
    const next = await html(await get("/backend/product-gallery", { cookie: `${admin().cookie}; ${toastCookieOf(response)}` }));
    expect(next).toContain("3 images added to the gallery.");
    expect(await galleryState()).toEqual({ rows: before.rows + 3, objects: before.objects + 3 });

    const rows = await db().select().from(galleryImages).where(eq(galleryImages.fileName, "photo.jpeg"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ contentType: "image/jpeg", width: 1200, height: 800, byteSize: jpeg(1200, 800).length });
    expect(rows[0]!.imageKey).toMatch(/^gallery\/image-[0-9a-f]{16}\.jpg$/);
    const png640 = (await db().select().from(galleryImages).where(eq(galleryImages.fileName, "banner.png")).get())!;
    expect([png640.width, png640.height]).toEqual([640, 480]);
    const webpRow = (await db().select().from(galleryImages).where(eq(galleryImages.fileName, "phone.webp")).get())!;
    expect([webpRow.width, webpRow.height, webpRow.contentType]).toEqual([300, 200, "image/webp"]);

    const served = await get(`/media/${rows[0]!.imageKey}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
  });

  it("given the same picture again, should say it is already there and add nothing", async () => {
    await upload([new File([png(10, 10, "twice")], "a.png")]);
    const before = await galleryState();
    const response = await upload([new File([png(10, 10, "twice")], "b.png")]);
    expect(response.status).toBe(302);
    expect(toastOf(response)).toBe("gallery:upload.alreadyAll");
    expect(await galleryState()).toEqual(before);
  });

  it.each([
    ["a text file named .png", [new File(["This is not really a PNG"], "fake.png", { type: "image/png" })], "fake.png: images only"],
    [
      "an SVG",
      [new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "logo.svg", { type: "image/svg+xml" })],
      "logo.svg: images only",
    ],
    ["a PDF", [new File(["%PDF-1.7\n%âãÏÓ\n1 0 obj"], "menu.pdf", { type: "application/pdf" })], "menu.pdf: images only"],
    [
      "an image over 5 MB",
      [new File([png(10, 10, "big"), new Uint8Array(5 * 1024 * 1024)], "huge.png", { type: "image/png" })],
      "huge.png: the file must not exceed 5 MB",
    ],
    ["an empty file", [new File([], "empty.png")], "empty.png: the file is empty"],
    ["a good image together with a bad one", [new File([png(5, 5, "good")], "good.png"), new File(["nope"], "bad.gif")], "bad.gif: images only"],
  ])("given %s, should refuse it with a message and write nothing (no object, no row)", async (_what, files, message) => {
    const before = await galleryState();
    const response = await upload(files);
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("Nothing was uploaded");
    expect(page).toContain(message);
    expect(await galleryState()).toEqual(before);
  });

  it("given a Thai page and a wrong file, should explain in Thai", async () => {
    const response = await upload([new File(["hello"], "x.png")], "/th/backend/product-gallery");
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("รองรับเฉพาะรูปภาพ");
  });

  it.each([
    ["no file", [], "Choose at least one image"],
    ["eleven files", Array.from({ length: 11 }, (_, index) => new File([png(1, 1, `many-${index}`)], `${index}.png`)), "at most 10 files"],
  ])("given %s, should refuse it", async (_what, files, message) => {
    const before = await galleryState();
    const response = await upload(files);
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(message);
    expect(await galleryState()).toEqual(before);
  });

  it.each<[TestViewer, number]>([
    ["guest", 302],
    ["customer", 302],
    ["staff-3", 403],
    ["staff-5", 403],
  ])("given %s uploading, should refuse it and write nothing", async (viewer, status) => {
    const before = await galleryState();
    const response = await upload([new File([png(2, 2, `refused-${viewer}`)], "x.png")], "/backend/product-gallery", cookies[viewer]);
    expect(response.status).toBe(status);
    expect(await galleryState()).toEqual(before);
  });
});

describe("deleting", () => {
  it("given an image nothing uses, should delete the row and the R2 object", async () => {
    await upload([new File([png(7, 7, "to-delete")], "delete-me.png")]);
    const image = (await db().select().from(galleryImages).where(eq(galleryImages.fileName, "delete-me.png")).get())!;
    const response = await postForm("/backend/product-gallery", { intent: "delete", confirmed: "1", id: String(image.id) }, admin());
    expect(response.status).toBe(302);
    expect(toastOf(response)).toBe("gallery:delete.done");
    const next = await html(await get("/backend/product-gallery", { cookie: `${admin().cookie}; ${toastCookieOf(response)}` }));
    expect(next).toContain("delete-me.png was deleted.");
    expect(await db().select().from(galleryImages).where(eq(galleryImages.id, image.id)).get()).toBeUndefined();
    expect(await env.MEDIA.head(image.imageKey)).toBeNull();
  });

  it.each([
    ["/backend/product-gallery", "is used by 1 product image"],
    ["/th/backend/product-gallery", "ถูกใช้อยู่ในรูปสินค้า 1 รูป"],
  ])("given %s and an image a product uses, should refuse and say where it is used", async (path, message) => {
    const used = (await db().select().from(galleryImages).innerJoin(productImages, eq(productImages.imageKey, galleryImages.imageKey)).limit(1).get())!
      .gallery_images;
    const response = await postForm(path, { intent: "delete", confirmed: "1", id: String(used.id) }, admin());
    expect(response.status).toBe(409);
    expect(await html(response)).toContain(message);
    expect(await db().select().from(galleryImages).where(eq(galleryImages.id, used.id)).get()).toBeDefined();
    expect(await env.MEDIA.head(used.imageKey)).not.toBeNull();
  });

  it("given an image shown inside an activity's text, should refuse to delete it until the text no longer shows it", async () => {
    await upload([new File([png(5, 5, "in-text")], "in-text.png")]);
    const image = (await db().select().from(galleryImages).where(eq(galleryImages.fileName, "in-text.png")).get())!;
    const [activity] = await db().select({ id: activities.id, bodyTh: activities.bodyTh }).from(activities).limit(1);
    await db()
      .update(activities)
      .set({ bodyTh: `${activity!.bodyTh}<p><img src="/media/${image.imageKey}" alt=""></p>` })
      .where(eq(activities.id, activity!.id));
    const refused = await postForm("/backend/product-gallery", { intent: "delete", confirmed: "1", id: String(image.id) }, admin());
    expect(refused.status).toBe(409);
    expect(await html(refused)).toContain("is used by 1 activity");
    expect(await env.MEDIA.head(image.imageKey)).not.toBeNull();

    await db().update(activities).set({ bodyTh: activity!.bodyTh }).where(eq(activities.id, activity!.id));
    expect((await postForm("/backend/product-gallery", { intent: "delete", confirmed: "1", id: String(image.id) }, admin())).status).toBe(302);
  });

  it.each([
    ["an unknown id", "999999"],
    ["not a number", "abc"],
  ])("given %s, should say the image is gone", async (_what, id) => {
    const response = await postForm("/backend/product-gallery", { intent: "delete", confirmed: "1", id }, admin());
    expect([400, 404]).toContain(response.status);
    expect(await html(response)).toContain("no longer in the gallery");
  });

  it("given an Editor (role 3) deleting, should refuse it and keep the image", async () => {
    await upload([new File([png(3, 3, "keep")], "keep.png")]);
    const image = (await db().select().from(galleryImages).where(eq(galleryImages.fileName, "keep.png")).get())!;
    const response = await postForm("/backend/product-gallery", { intent: "delete", confirmed: "1", id: String(image.id) }, cookies["staff-3"]);
    expect(response.status).toBe(403);
    expect(await db().select().from(galleryImages).where(eq(galleryImages.id, image.id)).get()).toBeDefined();
  });

  it("given fuzzed gallery forms, should never answer 5xx and write nothing", async () => {
    const before = await galleryState();
    await fuzzForm({
      path: "/backend/product-gallery",
      fields: ["intent", "id", "files"],
      headers: admin(),
      after: async (response) => {
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(await galleryState()).toEqual(before);
      },
    });
  });
});
