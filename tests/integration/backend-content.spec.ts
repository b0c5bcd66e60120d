import { env } from "cloudflare:workers";
import { asc, desc, eq, ne } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { collectionProducts, collections, galleryImages, products } from "~/db/schema/catalog";
import { config, configKeys } from "~/db/schema/config";
import { activities, heroSlides, homeContentAreas, policies, sizeGuides } from "~/db/schema/content";
import { productStatusIds } from "~/domain/catalog";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { fuzzForm } from "./fuzz";
import { radioChoices } from "./picker-choices";
import { toastOf } from "./profile-helpers";
import { get, postForm, shop } from "./worker";

/**
 * The back office's content pages (issue 4 item 11): settings, policies, home content, activities,
 * collections and size guides. Good input writes the rows; bad input (typed and fuzzed) answers
 * 400 and writes nothing; an Editor (role 3) is refused on every form, an Author (role 4) on the
 * settings group. The permission matrix (backend-permissions.spec.ts) covers the GETs.
 */
const db = () => database(env.DB);
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

let cookies: Record<TestViewer, Record<string, string>>;
const admin = () => cookies["staff-1"];
const author = () => cookies["staff-4"];
let galleryKey: string;
let otherGalleryKey: string;
let published: number[];
let unpublishedId: number;

beforeAll(async () => {
  cookies = await backendTestCookies();
  const gallery = await db().select({ imageKey: galleryImages.imageKey }).from(galleryImages).orderBy(asc(galleryImages.id)).limit(2);
  galleryKey = gallery[0]!.imageKey;
  otherGalleryKey = gallery[1]!.imageKey;
  published = (
    await db().select({ id: products.id }).from(products).where(eq(products.statusId, productStatusIds.published)).orderBy(asc(products.id)).limit(3)
  ).map((row) => row.id);
  // A product that is not published (the seed has drafts/hidden ones; make one if not).
  const notPublished = await db().select({ id: products.id }).from(products).where(ne(products.statusId, productStatusIds.published)).get();
  if (notPublished) unpublishedId = notPublished.id;
  else {
    unpublishedId = published[2]!;
    await db().update(products).set({ statusId: productStatusIds.draft }).where(eq(products.id, unpublishedId));
    published = published.slice(0, 2);
  }
});

/** Everything in a table, to compare before and after a refused request. */
async function snapshot(table: SQLiteTable) {
  return JSON.stringify(
    await db()
      .select()
      .from(table as never),
  );
}

async function configValues(): Promise<Record<string, string>> {
  return Object.fromEntries((await db().select({ key: config.key, value: config.value }).from(config)).map((row) => [row.key, row.value]));
}

const goodSettings = {
  intent: "save-settings",
  vat: "7.5",
  nameEn: "Pryde Bangkok",
  nameTh: "ไพรด์ บางกอก",
  addressEn: "1 Rama IV Road, Bangkok 10500",
  addressTh: "1 ถนนพระรามที่ 4 กรุงเทพฯ 10500",
  phone: "+66 2 999 8888",
  email: "Shop@Pryde.test",
  facebook: "prydebkk",
  instagram: "https://www.instagram.com/prydebkk",
  line: "@prydebkk",
  rateUSD: "0.029",
  rateEUR: "0.027",
  rateGBP: "0.023",
  rateJPY: "4.4",
  rateCNY: "0.21",
  pointValueBaht: "0.5",
  pointsEarnBaht: "250",
  exchangeWindowDays: "30",
  unpaidOrderHours: "24",
};

describe("/backend/setting", () => {
  it.each([
    ["/backend/setting", "Settings", "Fallback exchange rates"],
    ["/th/backend/setting", "ตั้งค่า", "อัตราแลกเปลี่ยนสำรอง"],
  ])("given %s as an administrator, should show every setting in the page's language", async (path, heading, rates) => {
    const response = await get(path, admin());
    expect(response.status).toBe(200);
    const page = await html(response);
    for (const text of [heading, rates, "hello@pryde.test", 'name="rateJPY"', 'name="vat"']) expect(page).toContain(text);
  });

  it("given good values, should save every key in one go and the storefront footer should show them", async () => {
    const response = await postForm("/backend/setting", goodSettings, admin());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/backend/setting");
    expect(toastOf(response)).toBe("contentAdmin:settings.saved");
    const values = await configValues();
    expect(values).toMatchObject({
      [configKeys.vat]: "7.5",
      [configKeys.nameEn]: "Pryde Bangkok",
      [configKeys.nameTh]: "ไพรด์ บางกอก",
      [configKeys.phone]: "+66 2 999 8888",
      [configKeys.email]: "shop@pryde.test",
      [configKeys.facebook]: "prydebkk",
      [configKeys.line]: "@prydebkk",
    });
    expect(JSON.parse(values[configKeys.exchangeRates]!)).toEqual({ USD: 0.029, EUR: 0.027, GBP: 0.023, JPY: 4.4, CNY: 0.21 });
    // Points and exchanges are typed in Baht and days, stored in satang and days.
    expect(values).toMatchObject({ [configKeys.pointsValue]: "50", [configKeys.pointsEarnSatang]: "25000", [configKeys.exchangeWindowDays]: "30" });
    expect(await html(await get("/backend/setting", admin()))).toMatch(/name="pointsEarnBaht"[^>]*value="250"|value="250"[^>]*name="pointsEarnBaht"/);

    // A signed-in customer's pages are never shared from the page cache.
    const english = await html(await get("/", cookies.customer));
    const footer = english.slice(english.indexOf('data-testid="footer"'));
    for (const text of ["Pryde Bangkok", "+66 2 999 8888", "shop@pryde.test", "1 Rama IV Road"]) expect(footer).toContain(text);
    const thai = await html(await get("/th", cookies.customer));
    expect(thai.slice(thai.indexOf('data-testid="footer"'))).toContain("1 ถนนพระรามที่ 4");
  });

  it.each([
    [{ vat: "100" }, "vat"],
    [{ vat: "7.123" }, "vat"],
    [{ vat: "-1" }, "vat"],
    [{ vat: "" }, "vat"],
    [{ email: "not-an-email" }, "email"],
    [{ email: "" }, "email"],
    [{ nameEn: "   " }, "nameEn"],
    [{ nameTh: "ก".repeat(101) }, "nameTh"],
    [{ rateUSD: "0" }, "rateUSD"],
    [{ rateJPY: "-4" }, "rateJPY"],
    [{ rateCNY: "abc" }, "rateCNY"],
    [{ phone: "call me" }, "phone"],
    [{ facebook: "javascript:alert(1)" }, "facebook"],
    [{ pointValueBaht: "0" }, "pointValueBaht"],
    [{ pointValueBaht: "1.234" }, "pointValueBaht"],
    [{ pointsEarnBaht: "-5" }, "pointsEarnBaht"],
    [{ pointsEarnBaht: "" }, "pointsEarnBaht"],
    [{ exchangeWindowDays: "366" }, "exchangeWindowDays"],
    [{ exchangeWindowDays: "2.5" }, "exchangeWindowDays"],
    [{ unpaidOrderHours: "0" }, "unpaidOrderHours"],
  ])("given %j, should answer 400 with that field's message and change nothing", async (override, field) => {
    const before = await configValues();
    const response = await postForm("/backend/setting", { ...goodSettings, nameEn: "Changed Name", ...override }, admin());
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(`data-testid="error-${field}"`);
    expect(await configValues()).toEqual(before);
  });

  it("given a Thai page and a bad VAT, should answer in Thai", async () => {
    const response = await postForm("/th/backend/setting", { ...goodSettings, vat: "abc" }, admin());
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("ต้องเป็นตัวเลขตั้งแต่ 0 ถึง 99.99");
  });

  it("given fuzzed values (with an impossible VAT), should never fail and never write", async () => {
    const before = await configValues();
    await fuzzForm({
      path: "/backend/setting",
      fields: Object.keys(goodSettings).filter((name) => name !== "intent" && name !== "vat"),
      fixed: { intent: "save-settings", vat: "100.5" },
      headers: admin(),
      runs: 25,
      after: (response) => expect(response.status).toBe(400),
    });
    expect(await configValues()).toEqual(before);
  });
});

describe("/backend/Policy", () => {
  it("given the privacy policy page in Thai, should show its Thai title and the editor", async () => {
    const page = await html(await get("/th/backend/Policy", admin()));
    expect(page).toContain("นโยบายความเป็นส่วนตัว");
    expect(page).toContain('name="bodyTh"');
  });

  it("given new texts with a script, should save them sanitised", async () => {
    const response = await postForm(
      "/backend/Policy?kind=privacy",
      {
        intent: "save-policy",
        kind: "privacy",
        titleEn: "Privacy",
        titleTh: "ความเป็นส่วนตัว",
        bodyEn: "<p onclick=x()>We keep <b>little</b>.</p><script>alert(1)</script>",
        bodyTh: "<p>เราเก็บข้อมูลน้อยที่สุด</p>",
      },
      admin(),
    );
    expect(response.status).toBe(302);
    expect(toastOf(response)).toBe("contentAdmin:policy.saved");
    const row = await db().select().from(policies).where(eq(policies.kind, "privacy")).get();
    expect(row).toMatchObject({ titleEn: "Privacy", titleTh: "ความเป็นส่วนตัว", bodyEn: "<p>We keep <b>little</b>.</p>", bodyTh: "<p>เราเก็บข้อมูลน้อยที่สุด</p>" });
  });

  it("given the returns policy that does not exist yet, should write it", async () => {
    const response = await postForm(
      "/backend/Policy?kind=returns",
      { intent: "save-policy", kind: "returns", titleEn: "Returns", titleTh: "การคืนสินค้า", bodyEn: "<p>14 days.</p>", bodyTh: "<p>14 วัน</p>" },
      admin(),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/backend/Policy?kind=returns");
    expect(await db().select().from(policies).where(eq(policies.kind, "returns")).get()).toMatchObject({ titleEn: "Returns" });
  });

  it.each([
    [{ titleEn: "" }, "titleEn"],
    [{ bodyTh: "" }, "bodyTh"],
    [{ bodyEn: "<script>alert(1)</script>" }, "bodyEn"],
    [{ kind: "cookies" }, "form-error"],
  ])("given %j, should answer 400 and change nothing", async (override, field) => {
    const before = await snapshot(policies);
    const response = await postForm(
      "/backend/Policy",
      { intent: "save-policy", kind: "privacy", titleEn: "X", titleTh: "ก", bodyEn: "<p>x</p>", bodyTh: "<p>ก</p>", ...override },
      admin(),
    );
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(`data-testid="${field === "form-error" ? field : `error-${field}`}"`);
    expect(await snapshot(policies)).toBe(before);
  });

  it("given fuzzed texts for an unknown policy kind, should never fail and never write", async () => {
    const before = await snapshot(policies);
    await fuzzForm({
      path: "/backend/Policy",
      fields: ["titleEn", "titleTh", "bodyEn", "bodyTh"],
      fixed: { intent: "save-policy", kind: "faq" },
      headers: admin(),
      runs: 20,
      after: (response) => expect(response.status).toBe(400),
    });
    expect(await snapshot(policies)).toBe(before);
  });
});

const slide = (override: Record<string, string> = {}) => ({
  intent: "save-slide",
  id: "",
  titleEn: "Rainy season sale",
  titleTh: "ลดราคาหน้าฝน",
  subtitleEn: "Up to 30% off",
  subtitleTh: "ลดสูงสุด 30%",
  ctaLabelEn: "Shop now",
  ctaLabelTh: "ช้อปเลย",
  linkPath: "/shop?category=2",
  imageKey: galleryKey,
  isActive: "on",
  startsAt: "2026-06-01T00:00",
  endsAt: "2026-09-30T23:59",
  sortOrder: "5",
  ...override,
});

describe("/backend/home/content-area", () => {
  it("given the page as an Author (role 4), should list slides and content areas", async () => {
    const page = await html(await get("/backend/home/content-area", author()));
    expect(page).toContain('data-testid="slide-list"');
    expect(page).toContain('data-testid="area-list"');
  });

  it("given a slide being edited, should show its picture chosen, read with the slides and areas in one round trip after the staff check", async () => {
    const picture = await newestGalleryKey();
    expect((await postForm("/backend/home/content-area?slide=new", slide({ titleEn: "Picture slide", imageKey: picture }), admin())).status).toBe(302);
    const id = (await db().select().from(heroSlides).where(eq(heroSlides.titleEn, "Picture slide")).get())!.id;
    await expectEditPageInOneTrip(`/backend/home/content-area?slide=${id}`, "/backend/home/content-area?slide=new", "imageKey", picture);
    // An id that is not there edits nothing (the page's lists only).
    const unknown = await html(await get("/backend/home/content-area?slide=999999", admin()));
    expect(unknown).toContain('data-testid="slide-list"');
    expect(radioChoices(unknown, "imageKey")).toEqual([]);
  });

  it("given a new slide, should write it with its schedule in Bangkok time", async () => {
    const response = await postForm("/backend/home/content-area?slide=new", slide(), author());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/backend/home/content-area");
    expect(toastOf(response)).toBe("contentAdmin:contentArea.slideSaved");
    const row = await db().select().from(heroSlides).where(eq(heroSlides.titleEn, "Rainy season sale")).get();
    expect(row).toMatchObject({ titleTh: "ลดราคาหน้าฝน", linkPath: "/shop?category=2", imageKey: galleryKey, isActive: true, sortOrder: 5 });
    expect(row!.startsAt).toBe(Date.UTC(2026, 4, 31, 17, 0));
    expect(row!.endsAt).toBe(Date.UTC(2026, 8, 30, 16, 59));
  });

  it.each([
    [{ imageKey: "" }, "imageKey"],
    [{ imageKey: "products/not-in-gallery.svg" }, "imageKey"],
    [{ imageKey: "../secret" }, "imageKey"],
    [{ endsAt: "2026-05-01T00:00" }, "endsAt"],
    [{ startsAt: "2026-02-30T10:00" }, "startsAt"],
    [{ linkPath: "https://evil.example" }, "linkPath"],
    [{ linkPath: "//evil.example" }, "linkPath"],
    [{ titleTh: "" }, "titleTh"],
    [{ sortOrder: "-1" }, "sortOrder"],
  ])("given a slide with %j, should answer 400 and write nothing", async (override, field) => {
    const before = await snapshot(heroSlides);
    const response = await postForm("/backend/home/content-area?slide=new", slide({ titleEn: "Refused slide", ...override }), admin());
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(`data-testid="error-${field}"`);
    expect(await snapshot(heroSlides)).toBe(before);
  });

  it("given an edit, a move up and a delete, should change exactly that slide", async () => {
    const order = async () =>
      (await db().select({ id: heroSlides.id }).from(heroSlides).orderBy(asc(heroSlides.sortOrder), asc(heroSlides.id))).map((row) => row.id);
    const [first, second] = await order();
    expect((await postForm("/backend/home/content-area", { intent: "move-slide", id: String(second), direction: "up" }, admin())).status).toBe(302);
    expect((await order()).slice(0, 2)).toEqual([second, first]);

    const edit = await postForm(
      `/backend/home/content-area?slide=${first}`,
      slide({ id: String(first), titleEn: "Edited slide", imageKey: otherGalleryKey, isActive: "" }),
      admin(),
    );
    expect(edit.status).toBe(302);
    expect(await db().select().from(heroSlides).where(eq(heroSlides.id, first!)).get()).toMatchObject({ titleEn: "Edited slide", isActive: false });

    const deleted = await postForm("/backend/home/content-area", { intent: "delete-slide", confirmed: "1", id: String(first) }, admin());
    expect(deleted.status).toBe(302);
    expect(toastOf(deleted)).toBe("contentAdmin:contentArea.slideDeleted");
    expect(await db().select().from(heroSlides).where(eq(heroSlides.id, first!)).get()).toBeUndefined();
    expect((await postForm("/backend/home/content-area", { intent: "delete-slide", confirmed: "1", id: "999999" }, admin())).status).toBe(404);
  });

  it("given a content area with a script in its body, should save it stripped; a taken key is refused", async () => {
    const area = {
      intent: "save-area",
      id: "",
      areaKey: "Delivery-Info",
      titleEn: "Delivery",
      titleTh: "การจัดส่ง",
      bodyEn: '<p>Free over ฿1,000<img src=x onerror="alert(1)"></p><script>steal()</script>',
      bodyTh: "<p>ส่งฟรี</p>",
      imageKey: "",
      linkPath: "/shop",
      isActive: "on",
      sortOrder: "9",
    };
    expect((await postForm("/backend/home/content-area?area=new", area, admin())).status).toBe(302);
    const row = await db().select().from(homeContentAreas).where(eq(homeContentAreas.areaKey, "delivery-info")).get();
    expect(row).toMatchObject({ titleEn: "Delivery", bodyEn: "<p>Free over ฿1,000</p>", imageKey: null, sortOrder: 9 });

    const before = await snapshot(homeContentAreas);
    const again = await postForm("/backend/home/content-area?area=new", { ...area, areaKey: "intro" }, admin());
    expect(again.status).toBe(400);
    expect(await html(again)).toContain('data-testid="error-areaKey"');
    expect(await snapshot(homeContentAreas)).toBe(before);
  });

  it("given fuzzed slide fields (with no image), should never fail and never write", async () => {
    const before = await snapshot(heroSlides);
    await fuzzForm({
      path: "/backend/home/content-area",
      fields: ["titleEn", "titleTh", "subtitleEn", "linkPath", "startsAt", "endsAt", "sortOrder", "isActive"],
      fixed: { intent: "save-slide", id: "", imageKey: "" },
      headers: admin(),
      runs: 20,
      after: (response) => expect(response.status).toBe(400),
    });
    await fuzzForm({
      path: "/backend/home/content-area",
      fields: ["id", "intent", "direction"],
      headers: admin(),
      runs: 20,
      after: (response) => expect([400, 404]).toContain(response.status),
    });
    expect(await snapshot(heroSlides)).toBe(before);
  });
});

const activity = (override: Record<string, string> = {}) => ({
  intent: "save",
  slug: "songkran-2026",
  titleEn: "Songkran 2026",
  titleTh: "สงกรานต์ 2569",
  summaryEn: "Water, music and new tees.",
  summaryTh: "น้ำ ดนตรี และเสื้อยืดใหม่",
  bodyEn:
    '<p><strong>Join us</strong> on Khao San Road.</p><script>document.location="https://evil.example"</script><p><img src="/media/' +
    "KEY" +
    '" class="rich-image-50"></p>',
  bodyTh: "<p><b>มาร่วมสนุก</b>ที่ถนนข้าวสาร</p>",
  coverImageKey: "",
  publish: "now",
  publishAt: "",
  ...override,
});

/** The newest gallery picture: the first of the picker's page unless a form has it chosen. */
async function newestGalleryKey() {
  return (await db().select({ imageKey: galleryImages.imageKey }).from(galleryImages).orderBy(desc(galleryImages.createdAt), desc(galleryImages.id)).get())!
    .imageKey;
}

/**
 * Issue 19: a stored entry's edit page and the new form read, after the staff check, in one round trip — the entry and
 * its picture's picker together; the picture shows chosen, and not again among the gallery's.
 */
async function expectEditPageInOneTrip(editPath: string, newPath: string, field: string, picture: string) {
  for (const path of [editPath, newPath]) {
    const response = await get(path, admin());
    expect(response.status).toBe(200);
    expect(response.headers.get("server-timing")).toContain('desc="2 round trips');
  }
  const choices = radioChoices(await html(await get(editPath, admin())), field);
  expect(choices.filter((choice) => choice.checked)).toEqual([{ key: picture, checked: true }]);
  expect(choices.filter((choice) => choice.key === picture)).toHaveLength(1);
}

describe("/backend/home/activities", () => {
  it("given a new activity with a script in its body, should save it stripped, publish it and show it on the home page", async () => {
    const response = await postForm(
      "/backend/home/activities/form",
      activity({ bodyEn: activity().bodyEn.replace("KEY", galleryKey), coverImageKey: galleryKey }),
      author(),
    );
    expect(response.status).toBe(302);
    const row = await db().select().from(activities).where(eq(activities.slug, "songkran-2026")).get();
    expect(response.headers.get("location")).toBe(`/backend/home/activities/form/${row!.id}`);
    expect(toastOf(response)).toBe("contentAdmin:activities.saved");
    expect(row!.bodyEn).toBe(
      `<p><strong>Join us</strong> on Khao San Road.</p><p><img src="/media/${galleryKey}" alt="" class="rich-image-50" style="width:50%"></p>`,
    );
    expect(row!.bodyEn).not.toContain("script");
    expect(row!.publishedAt).toBeLessThanOrEqual(Date.now());
    expect(row!.coverImageKey).toBe(galleryKey);

    const home = await html(await get("/th", cookies.customer));
    expect(home).toContain("สงกรานต์ 2569");
    const list = await html(await get("/backend/home/activities", admin()));
    expect(list).toMatch(/data-testid="activity-row"[^>]*>(?:(?!<\/tr>)[\s\S])*songkran-2026/);
  });

  it("given a draft, then a schedule, then an edit of the published time, should follow the publication choice", async () => {
    const created = await postForm("/backend/home/activities/form", activity({ slug: "draft-news", publish: "draft" }), admin());
    expect(created.status).toBe(302);
    const id = (await db().select().from(activities).where(eq(activities.slug, "draft-news")).get())!.id;
    expect((await db().select().from(activities).where(eq(activities.id, id)).get())!.publishedAt).toBeNull();

    const scheduled = await postForm(
      `/backend/home/activities/form/${id}`,
      activity({ slug: "draft-news", publish: "schedule", publishAt: "2030-01-01T09:00" }),
      admin(),
    );
    expect(scheduled.status).toBe(302);
    expect((await db().select().from(activities).where(eq(activities.id, id)).get())!.publishedAt).toBe(Date.UTC(2030, 0, 1, 2, 0));
  });

  it.each([
    [{ slug: "Songkran 2026!" }, "slug"],
    [{ slug: "songkran-2026" }, "slug"],
    [{ titleEn: "" }, "titleEn"],
    [{ publish: "schedule", publishAt: "" }, "publishAt"],
    [{ publish: "schedule", publishAt: "next week" }, "publishAt"],
    [{ coverImageKey: "activities/unknown.svg" }, "coverImageKey"],
    [{ bodyEn: "(100,001 characters)" }, "bodyEn"],
  ] as [Record<string, string>, string][])("given %j, should answer 400 and write nothing", async (override, field) => {
    const before = await snapshot(activities);
    const tooLong: Record<string, string> = override.bodyEn === "(100,001 characters)" ? { bodyEn: "x".repeat(100_001) } : {};
    const response = await postForm("/backend/home/activities/form", activity({ slug: "refused-activity", ...override, ...tooLong }), admin());
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(`data-testid="error-${field}"`);
    expect(await snapshot(activities)).toBe(before);
  });

  it("given fuzzed fields (with a bad slug), should never fail and never write", async () => {
    const before = await snapshot(activities);
    await fuzzForm({
      path: "/backend/home/activities/form",
      fields: ["titleEn", "titleTh", "summaryEn", "bodyEn", "bodyTh", "coverImageKey", "publish", "publishAt"],
      fixed: { intent: "save", slug: "Not A Slug" },
      headers: admin(),
      runs: 20,
      after: (response) => expect(response.status).toBe(400),
    });
    expect(await snapshot(activities)).toBe(before);
  });

  it("given an activity with a cover, its edit page should show the cover chosen, read with the activity in one round trip after the staff check", async () => {
    const cover = await newestGalleryKey();
    expect((await postForm("/backend/home/activities/form", activity({ slug: "covered-news", coverImageKey: cover }), admin())).status).toBe(302);
    const id = (await db().select().from(activities).where(eq(activities.slug, "covered-news")).get())!.id;
    await expectEditPageInOneTrip(`/backend/home/activities/form/${id}`, "/backend/home/activities/form", "coverImageKey", cover);
  });

  it("given a delete, should remove it and go back to the list; an unknown id is a 404", async () => {
    await postForm("/backend/home/activities/form", activity({ slug: "to-delete" }), admin());
    const id = (await db().select().from(activities).where(eq(activities.slug, "to-delete")).get())!.id;
    const response = await postForm(`/th/backend/home/activities/form/${id}`, { intent: "delete", confirmed: "1" }, admin());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/th/backend/home/activities");
    expect(toastOf(response)).toBe("contentAdmin:activities.deleted");
    expect(await db().select().from(activities).where(eq(activities.id, id)).get()).toBeUndefined();
    expect((await get("/backend/home/activities/form/999999", admin())).status).toBe(404);
    expect((await get("/backend/home/activities/form/abc", admin())).status).toBe(404);
  });
});

describe("/backend/home/collections", () => {
  const collection = (override: Record<string, string> = {}) => ({
    intent: "save",
    slug: "rainy-day",
    nameEn: "Rainy day",
    nameTh: "วันฝนตก",
    descriptionEn: "",
    descriptionTh: "",
    imageKey: "",
    isPublished: "on",
    isFeatured: "",
    sortOrder: "4",
    ...override,
  });
  // Several productId values: the body is built as URLSearchParams, not a record.
  const fetchForm = (path: string, body: URLSearchParams) =>
    shop.fetch(
      new Request(`http://shop.test${path}`, {
        method: "POST",
        body,
        headers: { origin: "http://shop.test", "content-type": "application/x-www-form-urlencoded", ...admin() },
        redirect: "manual",
      }),
    );
  const bodyOf = (fields: Record<string, string>, items: [number, string][]) => {
    const body = new URLSearchParams(fields);
    for (const [id, position] of items) {
      body.append("productId", String(id));
      body.set(`position-${id}`, position);
    }
    return body;
  };
  const members = async (id: number) =>
    (
      await db()
        .select({ productId: collectionProducts.productId })
        .from(collectionProducts)
        .where(eq(collectionProducts.collectionId, id))
        .orderBy(asc(collectionProducts.sortOrder))
    ).map((row) => row.productId);

  it("given a new collection with ordered products, should write it and its products in their order", async () => {
    const response = await fetchForm(
      "/backend/home/collections/form",
      bodyOf(collection(), [
        [published[0]!, "2"],
        [published[1]!, "1"],
      ]),
    );
    expect(response.status).toBe(302);
    const row = await db().select().from(collections).where(eq(collections.slug, "rainy-day")).get();
    expect(row).toMatchObject({ nameTh: "วันฝนตก", isPublished: true, isFeatured: false, sortOrder: 4 });
    expect(await members(row!.id)).toEqual([published[1], published[0]]);

    const edit = await fetchForm(`/backend/home/collections/form/${row!.id}`, bodyOf(collection({ isFeatured: "on" }), [[published[0]!, "1"]]));
    expect(edit.status).toBe(302);
    expect(await members(row!.id)).toEqual([published[0]]);
    expect((await db().select().from(collections).where(eq(collections.id, row!.id)).get())!.isFeatured).toBe(true);
  });

  it("given a collection with a picture, its edit page should show the picture chosen and its products, read with the collection in one round trip after the staff check", async () => {
    const picture = await newestGalleryKey();
    const response = await fetchForm(
      "/backend/home/collections/form",
      bodyOf(collection({ slug: "pictured-collection", imageKey: picture }), [[published[1]!, "1"]]),
    );
    expect(response.status).toBe(302);
    const id = (await db().select().from(collections).where(eq(collections.slug, "pictured-collection")).get())!.id;
    await expectEditPageInOneTrip(`/backend/home/collections/form/${id}`, "/backend/home/collections/form", "imageKey", picture);
    expect(await html(await get(`/backend/home/collections/form/${id}`, admin()))).toMatch(new RegExp(`name="productId"[^>]*value="${published[1]}"`));
  });

  it.each([
    ["an unpublished product", () => [[unpublishedId, "1"]] as [number, string][], {}, "products"],
    [
      "a product twice",
      () =>
        [
          [published[0]!, "1"],
          [published[0]!, "2"],
        ] as [number, string][],
      {},
      "products",
    ],
    ["a product id that is not a number", () => [] as [number, string][], { productId: "abc" }, "products"],
    ["a taken slug", () => [] as [number, string][], { slug: "rainy-day" }, "slug"],
    ["a missing Thai name", () => [] as [number, string][], { nameTh: "" }, "nameTh"],
  ])("given %s, should answer 400 and write nothing", async (_label, items, override, field) => {
    const [before, beforeMembers] = [await snapshot(collections), await snapshot(collectionProducts)];
    const response = await fetchForm("/backend/home/collections/form", bodyOf(collection({ slug: "refused-collection", ...override }), items()));
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(`data-testid="error-${field}"`);
    expect(await snapshot(collections)).toBe(before);
    expect(await snapshot(collectionProducts)).toBe(beforeMembers);
  });

  it("given fuzzed fields (with a bad slug), should never fail and never write", async () => {
    const [before, beforeMembers] = [await snapshot(collections), await snapshot(collectionProducts)];
    await fuzzForm({
      path: "/backend/home/collections/form",
      fields: ["nameEn", "nameTh", "descriptionEn", "imageKey", "sortOrder", "productId", `position-${published[0]}`],
      fixed: { intent: "save", slug: "-bad-" },
      headers: admin(),
      runs: 20,
      after: (response) => expect(response.status).toBe(400),
    });
    expect(await snapshot(collections)).toBe(before);
    expect(await snapshot(collectionProducts)).toBe(beforeMembers);
  });
});

describe("/backend/home/size-guide", () => {
  const guide = (override: Record<string, string> = {}) => ({
    intent: "save",
    slug: "polo-shirts",
    nameEn: "Polo shirt sizes",
    nameTh: "ตารางไซซ์เสื้อโปโล",
    noteEn: "Measured flat.",
    noteTh: "วัดขณะวางราบ",
    imageKey: "",
    sortOrder: "3",
    unit: "cm",
    columnSlots: "3",
    rowSlots: "3",
    "column-0-en": "Chest",
    "column-0-th": "รอบอก",
    "column-1-key": "length",
    "column-1-en": "Length",
    "column-1-th": "ความยาว",
    "row-0-size": "M",
    "cell-0-0": "100",
    "cell-0-1": "70",
    "row-1-size": "L",
    "cell-1-0": "106.5",
    "cell-1-1": "72",
    ...override,
  });

  it("given a new guide with a table, should store the table in the documented shape", async () => {
    const response = await postForm("/backend/home/size-guide/create", guide(), author());
    expect(response.status).toBe(302);
    const row = await db().select().from(sizeGuides).where(eq(sizeGuides.slug, "polo-shirts")).get();
    expect(response.headers.get("location")).toBe(`/backend/home/size-guide/${row!.id}`);
    expect(toastOf(response)).toBe("contentAdmin:sizeGuides.saved");
    expect(JSON.parse(row!.tableJson)).toEqual({
      unit: "cm",
      columns: [
        { key: "chest", en: "Chest", th: "รอบอก" },
        { key: "length", en: "Length", th: "ความยาว" },
      ],
      rows: [
        { size: "M", values: [100, 70] },
        { size: "L", values: [106.5, 72] },
      ],
    });
    const page = await html(await get(`/th/backend/home/size-guide/${row!.id}`, author()));
    expect(page).toContain('value="106.5"');
    expect(page).toContain("ตารางไซซ์เสื้อโปโล");

    const edit = await postForm(`/backend/home/size-guide/${row!.id}`, guide({ "row-1-size": "", "cell-1-0": "", "cell-1-1": "" }), author());
    expect(edit.status).toBe(302);
    expect(JSON.parse((await db().select().from(sizeGuides).where(eq(sizeGuides.id, row!.id)).get())!.tableJson).rows).toHaveLength(1);
  });

  it("given a guide with a picture, its edit page should show the picture chosen, read with the guide in one round trip after the staff check", async () => {
    const picture = await newestGalleryKey();
    const response = await postForm("/backend/home/size-guide/create", guide({ slug: "pictured-guide", imageKey: picture }), admin());
    expect(response.status).toBe(302);
    await expectEditPageInOneTrip(response.headers.get("location")!, "/backend/home/size-guide/create", "imageKey", picture);
  });

  it.each([
    [{ "cell-0-0": "-5" }, "table"],
    [{ "cell-1-1": "" }, "table"],
    [{ "cell-0-1": "seventy" }, "table"],
    [{ "row-1-size": "m" }, "table"],
    [{ unit: "mm" }, "table"],
    [{ "column-0-th": "" }, "table"],
    [{ slug: "t-shirts" }, "slug"],
    [{ nameEn: "" }, "nameEn"],
  ])("given %j, should answer 400 and write nothing", async (override, field) => {
    const before = await snapshot(sizeGuides);
    const response = await postForm("/backend/home/size-guide/create", guide({ slug: "refused-guide", ...override }), admin());
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(`data-testid="error-${field}"`);
    expect(await snapshot(sizeGuides)).toBe(before);
  });

  it("given fuzzed cells, should never fail and write only a valid table", async () => {
    const before = await snapshot(sizeGuides);
    await fuzzForm({
      path: "/backend/home/size-guide/create",
      fields: ["nameEn", "unit", "columnSlots", "rowSlots", "column-0-en", "column-0-th", "row-0-size", "cell-0-0"],
      fixed: { intent: "save", slug: "Bad Slug" },
      headers: admin(),
      runs: 20,
      after: (response) => expect(response.status).toBe(400),
    });
    expect(await snapshot(sizeGuides)).toBe(before);
  });
});

describe("who may post", () => {
  it.each([
    ["/backend/setting", goodSettings],
    ["/backend/Policy", { intent: "save-policy", kind: "privacy", titleEn: "Hacked", titleTh: "ก", bodyEn: "<p>x</p>", bodyTh: "<p>x</p>" }],
    ["/backend/home/content-area", { intent: "delete-area", confirmed: "1", id: "1" }],
    ["/backend/home/activities/form", { intent: "save", slug: "by-editor", titleEn: "x", titleTh: "x", publish: "now" }],
    ["/backend/home/activities/form/1", { intent: "delete", confirmed: "1" }],
    ["/backend/home/collections/form/1", { intent: "delete", confirmed: "1" }],
    ["/backend/home/size-guide/1", { intent: "delete", confirmed: "1" }],
    ["/th/backend/home/size-guide/create", { intent: "save" }],
  ])("given an Editor (role 3) posting to %s, should refuse with 403 and change nothing", async (path, fields) => {
    const before = await Promise.all([
      configValues(),
      snapshot(policies),
      snapshot(homeContentAreas),
      snapshot(activities),
      snapshot(collections),
      snapshot(sizeGuides),
    ]);
    const response = await postForm(path, fields as Record<string, string>, cookies["staff-3"]);
    expect(response.status).toBe(403);
    expect(
      await Promise.all([configValues(), snapshot(policies), snapshot(homeContentAreas), snapshot(activities), snapshot(collections), snapshot(sizeGuides)]),
    ).toEqual(before);
  });

  it.each(["/backend/setting", "/th/backend/Policy"])("given an Author (role 4) posting to %s, should refuse with 403", async (path) => {
    const before = await configValues();
    const response = await postForm(path, { ...goodSettings, nameEn: "By author" }, author());
    expect(response.status).toBe(403);
    expect(await configValues()).toEqual(before);
  });

  it("given a guest posting settings, should send them to the sign-in page and change nothing", async () => {
    const before = await configValues();
    const response = await postForm("/backend/setting", goodSettings);
    expect(response.status).toBe(302);
    expect(await configValues()).toEqual(before);
  });
});
