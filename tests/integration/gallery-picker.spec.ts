import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { categories, galleryImages } from "~/db/schema/catalog";
import { searchGalleryChoices } from "~/features/catalog-admin/gallery.server";
import { galleryPickerPageSize } from "~/features/catalog-admin/gallery-limits";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { imageChoices, radioChoices } from "./picker-choices";
import { get, origin, postForm, shop } from "./worker";

/**
 * The image picker of the product and category forms (issue 14): search by file name, pages of
 * `galleryPickerPageSize`, newest first, the chosen images always kept — and the same through the
 * form without JavaScript (intent image-search / image-page:<n> answers the draft with that page).
 */
const db = () => database(env.DB);
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
let cookies: Record<TestViewer, Record<string, string>>;

beforeAll(async () => {
  cookies = await backendTestCookies();
});

const newestFirst = async () =>
  db()
    .select({ key: galleryImages.imageKey, fileName: galleryImages.fileName })
    .from(galleryImages)
    .orderBy(desc(galleryImages.createdAt), desc(galleryImages.id));

describe("searchGalleryChoices", () => {
  it("given no search, should page the whole gallery newest first, a page past the end showing the last", async () => {
    const all = await newestFirst();
    expect(all.length).toBeGreaterThan(galleryPickerPageSize * 2);
    const first = await searchGalleryChoices(env.DB, { query: "", page: 1, chosenKeys: [] });
    expect(first).toMatchObject({ page: 1, total: all.length, pageCount: Math.ceil(all.length / galleryPickerPageSize), chosen: [] });
    expect(first.rows.map((row) => row.key)).toEqual(all.slice(0, galleryPickerPageSize).map((row) => row.key));
    const second = await searchGalleryChoices(env.DB, { query: "", page: 2, chosenKeys: [] });
    expect(second.rows.map((row) => row.key)).toEqual(all.slice(galleryPickerPageSize, galleryPickerPageSize * 2).map((row) => row.key));
    const past = await searchGalleryChoices(env.DB, { query: "", page: 999, chosenKeys: [] });
    expect(past.page).toBe(first.pageCount);
    expect(past.rows.map((row) => row.key)).toEqual(all.slice((first.pageCount - 1) * galleryPickerPageSize).map((row) => row.key));
  });

  it("given a search, should list only file names containing it (any case), newest first", async () => {
    const all = await newestFirst();
    const expected = all.filter((row) => row.fileName.toLowerCase().includes("hoodie"));
    expect(expected.length).toBeGreaterThan(0);
    const found = await searchGalleryChoices(env.DB, { query: "  HOODIE ", page: 1, chosenKeys: [] });
    expect(found).toMatchObject({ query: "HOODIE", total: expected.length, page: 1 });
    expect(found.rows.map((row) => row.key)).toEqual(expected.slice(0, galleryPickerPageSize).map((row) => row.key));
  });

  it("given % or _ in the search, should match them literally", async () => {
    expect((await searchGalleryChoices(env.DB, { query: "%", page: 1, chosenKeys: [] })).total).toBe(0);
    expect((await searchGalleryChoices(env.DB, { query: "_", page: 1, chosenKeys: [] })).total).toBe(0);
  });

  it("given chosen images, should return them apart (in the given order) and leave them out of the pages", async () => {
    const all = await newestFirst();
    const chosenKeys = [all[5]!.key, all[0]!.key];
    const result = await searchGalleryChoices(env.DB, { query: "", page: 1, chosenKeys });
    expect(result.chosen.map((row) => row.key)).toEqual(chosenKeys);
    expect(result.total).toBe(all.length - 2);
    expect(result.rows.map((row) => row.key)).not.toContain(all[0]!.key);
    expect(result.rows[0]!.key).toBe(all[1]!.key);
  });
});

describe("the product form's picker without JavaScript", () => {
  const formPath = "/backend/products/all-product/form/1";

  it("given the form page, should show the first page of the gallery and the search box", async () => {
    const page = await html(await get(formPath, cookies["staff-1"]));
    expect(page).toContain('data-testid="image-picker-controls"');
    expect(page).toContain('name="imageSearch"');
    expect(page).toContain('value="image-page:2"');
  });

  it("given a search posted with the form, should answer 200 with only matching images and keep the typed draft and chosen images", async () => {
    const loaded = await html(await get(formPath, cookies["staff-1"]));
    const chosen = imageChoices(loaded)
      .filter((choice) => choice.checked)
      .map((choice) => choice.key);
    expect(chosen.length).toBeGreaterThan(0);
    const fields: Record<string, string> = {
      intent: "image-search",
      imageSearch: "cap",
      imagePage: "3",
      nameEn: "Typed but not saved",
      nameTh: "พิมพ์ไว้",
      kind: "single",
      statusId: "1",
    };
    const form = new URLSearchParams(fields);
    chosen.forEach((key, index) => {
      form.append(`images[${index}].key`, key);
      form.append(`images[${index}].chosen`, "on");
    });
    const response = await shop.fetch(
      new Request(`${origin}${formPath}`, {
        method: "POST",
        body: form,
        headers: { origin, "content-type": "application/x-www-form-urlencoded", ...cookies["staff-1"] },
        redirect: "manual",
      }),
    );
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain('value="Typed but not saved"');
    const listed = imageChoices(page).map((choice) => choice.key);
    const others = listed.filter((key) => !chosen.includes(key));
    expect(listed.slice(0, chosen.length)).toEqual(chosen);
    const capImages = (await newestFirst()).filter((row) => row.fileName.toLowerCase().includes("cap") && !chosen.includes(row.key));
    expect(others).toEqual(capImages.slice(0, galleryPickerPageSize).map((row) => row.key));
    // The search starts again at page 1.
    expect(page).toContain('name="imagePage" value="1"');
  });

  it("given a page button, should answer that page of the gallery", async () => {
    const all = (await newestFirst()).map((row) => row.key);
    const response = await postForm(formPath, { intent: "image-page:2", imageSearch: "", imagePage: "1", nameEn: "x", nameTh: "x" }, cookies["staff-1"]);
    expect(response.status).toBe(200);
    const listed = imageChoices(await html(response)).map((choice) => choice.key);
    expect(listed).toEqual(all.slice(galleryPickerPageSize, galleryPickerPageSize * 2));
  });
});

describe("the category form's picker (issue 14: the same picker as the product form)", () => {
  const formPath = "/backend/products/category/form/1";

  it("given the form page, should offer no picture, the category's picture (chosen) and the first page of the gallery", async () => {
    const current = (await db().select({ imageKey: categories.imageKey }).from(categories).where(eq(categories.id, 1)).get())!.imageKey;
    const all = (await newestFirst()).map((row) => row.key);
    const page = await html(await get(formPath, cookies["staff-1"]));
    expect(page).toContain('data-testid="image-picker-controls"');
    expect(page).toContain('value="image-page:2"');
    const choices = radioChoices(page);
    expect(choices[0]).toEqual({ key: "", checked: current === null });
    expect(choices.filter((choice) => choice.checked).map((choice) => choice.key)).toEqual([current ?? ""]);
    const others = choices.slice(current === null ? 1 : 2).map((choice) => choice.key);
    expect(others).toEqual(all.filter((key) => key !== current).slice(0, galleryPickerPageSize));
  });

  it("given a search posted with the form, should answer 200 with matching pictures, the typed name and the chosen picture kept", async () => {
    const chosen = (await newestFirst())[3]!.key;
    const response = await postForm(
      formPath,
      {
        intent: "image-search",
        imageSearch: "hoodie",
        imagePage: "2",
        nameEn: "Typed category",
        nameTh: "หมวด",
        slug: "t-shirts",
        imageKey: chosen,
        sortOrder: "1",
      },
      cookies["staff-1"],
    );
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain('value="Typed category"');
    const choices = radioChoices(page);
    expect(choices.find((choice) => choice.checked)?.key).toBe(chosen);
    const hoodies = (await newestFirst()).filter((row) => row.fileName.toLowerCase().includes("hoodie") && row.key !== chosen).map((row) => row.key);
    expect(choices.filter((choice) => choice.key !== "" && choice.key !== chosen).map((choice) => choice.key)).toEqual(hoodies.slice(0, galleryPickerPageSize));
    expect(page).toContain('name="imagePage" value="1"');
  });

  it("given a picture not in the gallery, should refuse it with a field message", async () => {
    const response = await postForm(
      formPath,
      { intent: "save", nameEn: "T-shirts", nameTh: "เสื้อยืด", slug: "t-shirts", imageKey: "gallery/not-there.png", sortOrder: "1" },
      cookies["staff-1"],
    );
    expect(response.status).toBe(400);
    expect(await html(response)).toContain('data-testid="error-imageKey"');
  });
});
