import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { verifyPassword } from "~/features/accounts/password.server";
import { createSession } from "~/features/sessions/sessions.server";

import { mainOf } from "./accounts-helpers";
import { fuzzForm } from "./fuzz";
import { customerPassword, customerRow, newCustomer, postMultipart, sessionIdsOf, staffCookie, tinyPng, toastCookieFor, toastOf } from "./profile-helpers";
import { get, postForm } from "./worker";

const profileFields = (overrides: Record<string, string> = {}) => ({
  intent: "profile",
  firstName: "Somsri",
  lastName: "Jaidee",
  phone: "081-234-5678",
  gender: "2",
  birthday: "1990-05-01",
  ...overrides,
});

function avatarForm(bytes: Uint8Array, name = "me.png", type = "image/png"): FormData {
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}

describe("/my-profile access", () => {
  it.each(["/my-profile", "/th/my-profile"])("given a guest on %s, should send them to sign in and back (GET and POST)", async (path) => {
    const prefix = path.startsWith("/th") ? "/th" : "";
    const page = await get(path);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`${prefix}/login?redirectTo=${encodeURIComponent(path)}`);
    const post = await postForm(path, profileFields());
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe(`${prefix}/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it("given staff, should send them home (GET and POST)", async () => {
    const cookie = await staffCookie();
    for (const response of [await get("/my-profile", { cookie }), await postForm("/th/my-profile", profileFields(), { cookie })]) {
      expect(response.status).toBe(302);
    }
    expect((await get("/my-profile", { cookie })).headers.get("location")).toBe("/");
    expect((await postForm("/th/my-profile", profileFields(), { cookie })).headers.get("location")).toBe("/th");
  });
});

describe("/my-profile page", () => {
  it("should show the details, the default avatar, the points as a whole number, and the account menu (en and th)", async () => {
    const customer = await newCustomer();
    const html = mainOf(await (await get("/my-profile", { cookie: customer.cookie })).text());
    expect(html).toContain('data-testid="profile-menu"');
    expect(html).toContain('data-testid="avatar-default"');
    expect(html).toContain("1,234 points");
    expect(html).toContain('value="Mali"');
    for (const field of ["firstName", "lastName", "phone", "gender", "birthday", "avatar", "oldPassword", "password", "confirmPassword"])
      expect(html).toContain(`name="${field}"`);
    const thai = mainOf(await (await get("/th/my-profile", { cookie: customer.cookie })).text());
    expect(thai).toContain("โปรไฟล์ของฉัน");
    expect(thai).toContain("1,234 คะแนน");
  });
});

describe("/my-profile details", () => {
  it("given good details, should save them and redirect with a one-off message shown in the page's language", async () => {
    const customer = await newCustomer();
    const response = await postForm("/th/my-profile", profileFields(), { cookie: customer.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/th/my-profile");
    expect(toastOf(response)).toBe("account:flash.profileSaved");
    expect(await customerRow(customer.id)).toMatchObject({ firstName: "Somsri", lastName: "Jaidee", phone: "0812345678", genderId: 2, birthday: "1990-05-01" });
    const page = await (await get("/th/my-profile", { cookie: `${customer.cookie}; ${toastCookieFor("account:flash.profileSaved")}` })).text();
    expect(page).toContain("บันทึกโปรไฟล์เรียบร้อยแล้ว");
  });

  it("given optional fields left empty, should clear them", async () => {
    const customer = await newCustomer();
    await postForm("/my-profile", profileFields(), { cookie: customer.cookie });
    const response = await postForm("/my-profile", profileFields({ phone: "", gender: "", birthday: "" }), { cookie: customer.cookie });
    expect(response.status).toBe(302);
    expect(await customerRow(customer.id)).toMatchObject({ phone: null, genderId: null, birthday: null });
  });

  it.each([
    ["/my-profile", { firstName: " " }, "firstName", "First name is required"],
    ["/my-profile", { lastName: "x".repeat(101) }, "lastName", "Last name must be at most 100 characters"],
    ["/my-profile", { phone: "12ab" }, "phone", "Phone must be 9 to 15 digits"],
    ["/my-profile", { gender: "3" }, "gender", "Please choose male or female"],
    ["/my-profile", { birthday: "2999-01-01" }, "birthday", "Birthday must be a real date in the past"],
    ["/my-profile", { birthday: "2001-02-30" }, "birthday", "Birthday must be a real date in the past"],
    ["/th/my-profile", { firstName: "" }, "firstName", "กรุณากรอกชื่อ"],
    ["/th/my-profile", { birthday: "tomorrow" }, "birthday", "วันเกิดต้องเป็นวันที่ที่มีอยู่จริงและผ่านมาแล้ว"],
  ])("given bad input on %s (%j), should answer 400 with the %s message and write nothing", async (path, overrides, field, message) => {
    const customer = await newCustomer();
    const before = await customerRow(customer.id);
    const response = await postForm(path, profileFields(overrides), { cookie: customer.cookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`data-testid="error-${field}"`);
    expect(html).toContain(message);
    expect(await customerRow(customer.id)).toEqual(before);
  });

  it("given an unknown intent, should answer 400", async () => {
    const customer = await newCustomer();
    expect((await postForm("/my-profile", { intent: "drop-table" }, { cookie: customer.cookie })).status).toBe(400);
    expect((await postForm("/my-profile", {}, { cookie: customer.cookie })).status).toBe(400);
  });

  it.each([
    ["/my-profile", "profile"],
    ["/my-address", "create"],
    ["/exchange", "request"],
    ["/register-pryde-affiliate-account", "apply"],
  ])("given a form Conform cannot read (a forged __intent__) on %s, should answer 400, never 5xx", async (path, intent) => {
    const customer = await newCustomer();
    const response = await postForm(path, { intent, firstName: "Somsri", __intent__: "not json" }, { cookie: customer.cookie });
    expect(response.status).toBe(400);
  });

  it("fuzzed input: never 5xx; a 400 carries field messages and writes nothing", async () => {
    const customer = await newCustomer("fuzz");
    await fuzzForm({
      path: "/my-profile",
      fields: ["firstName", "lastName", "phone", "gender", "birthday"],
      fixed: { intent: "profile" },
      headers: { cookie: customer.cookie },
      after: async (response, body) => {
        expect([302, 400]).toContain(response.status);
        if (response.status === 400) {
          expect(body).toContain('data-testid="error-');
          expect((await customerRow(customer.id))!.firstName).toBe("Mali");
        } else {
          // Valid by chance: put the known name back so the next run can tell a write.
          await postForm("/my-profile", profileFields({ firstName: "Mali" }), { cookie: customer.cookie });
        }
      },
    });
  });
});

describe("/my-profile avatar", () => {
  it("given a real PNG, should store it in R2 under a content-hashed key with its type, serve it from /media, and replace the old one", async () => {
    const customer = await newCustomer();
    const response = await postMultipart("/my-profile", avatarForm(tinyPng, "anything.txt", "text/plain"), { cookie: customer.cookie });
    expect(response.status).toBe(302);
    expect(toastOf(response)).toBe("account:flash.avatarSaved");
    const key = (await customerRow(customer.id))!.avatarKey!;
    expect(key).toMatch(new RegExp(`^avatars/${customer.id}-[0-9a-f]{12}\\.png$`));
    const object = await env.MEDIA.get(key);
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(tinyPng);

    const media = await get(`/media/${key}`);
    expect(media.status).toBe(200);
    expect(media.headers.get("content-type")).toBe("image/png");
    expect(media.headers.get("cache-control")).toContain("immutable");
    const page = await (await get("/my-profile", { cookie: customer.cookie })).text();
    expect(page).toContain(`src="/media/${key}"`);
    expect(page).not.toContain('data-testid="avatar-default"');

    // A different picture gets a new key; the old object goes.
    const gif = Uint8Array.from(atob("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="), (c) => c.charCodeAt(0));
    expect((await postMultipart("/my-profile", avatarForm(gif, "x.png"), { cookie: customer.cookie })).status).toBe(302);
    const newKey = (await customerRow(customer.id))!.avatarKey!;
    expect(newKey).toMatch(/\.gif$/);
    expect(await env.MEDIA.head(key)).toBeNull();
    expect((await env.MEDIA.head(newKey))?.httpMetadata?.contentType).toBe("image/gif");

    // Removing goes back to the default avatar and deletes the object.
    const removed = await postForm("/my-profile", { intent: "remove-avatar" }, { cookie: customer.cookie });
    expect(toastOf(removed)).toBe("account:flash.avatarRemoved");
    expect((await customerRow(customer.id))!.avatarKey).toBeNull();
    expect(await env.MEDIA.head(newKey)).toBeNull();
  });

  it.each([
    ["text named .png", new TextEncoder().encode("I am definitely a PNG, trust me"), "en", "Images only: PNG, JPEG, GIF, BMP or WebP"],
    [
      "an SVG",
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "th",
      "รองรับเฉพาะรูปภาพ PNG, JPEG, GIF, BMP หรือ WebP",
    ],
    ["an empty file", new Uint8Array(), "en", "Please choose an image"],
    [
      "a PNG over 2 MiB",
      (() => {
        const big = new Uint8Array(2 * 1024 * 1024 + 1);
        big.set(tinyPng);
        return big;
      })(),
      "en",
      "The file must not exceed 2 MB",
    ],
  ])("given %s, should refuse it (400, field message) and store nothing", async (_, bytes, locale, message) => {
    const customer = await newCustomer();
    const listed = async () => (await env.MEDIA.list({ prefix: `avatars/${customer.id}-` })).objects.length;
    const response = await postMultipart(`${locale === "th" ? "/th" : ""}/my-profile`, avatarForm(bytes), { cookie: customer.cookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('data-testid="error-avatar"');
    expect(html).toContain(message);
    expect((await customerRow(customer.id))!.avatarKey).toBeNull();
    expect(await listed()).toBe(0);
  });

  it("fuzzed text in the file field: never 5xx, always the field message, nothing stored", async () => {
    const customer = await newCustomer("fuzz-avatar");
    await fuzzForm({
      path: "/my-profile",
      fields: ["avatar"],
      fixed: { intent: "avatar" },
      headers: { cookie: customer.cookie },
      runs: 20,
      after: async (response, body) => {
        expect(response.status).toBe(400);
        expect(body).toContain('data-testid="error-avatar"');
        expect((await customerRow(customer.id))!.avatarKey).toBeNull();
      },
    });
  });

  it("given no file field at all, should say so", async () => {
    const customer = await newCustomer();
    const response = await postForm("/my-profile", { intent: "avatar", avatar: "not a file" }, { cookie: customer.cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please choose an image");
  });
});

describe("/my-profile change password", () => {
  const passwordFields = (overrides: Record<string, string> = {}) => ({
    intent: "password",
    oldPassword: customerPassword,
    password: "Green-Giraffe-42",
    confirmPassword: "Green-Giraffe-42",
    ...overrides,
  });

  it("given a wrong old password, should say the spec's old-password-incorrect message (en and th) and change nothing", async () => {
    const customer = await newCustomer();
    const before = (await customerRow(customer.id))!.passwordHash;
    const english = await postForm("/my-profile", passwordFields({ oldPassword: "Not-My-Password-1" }), { cookie: customer.cookie });
    expect(english.status).toBe(400);
    const html = await english.text();
    expect(html).toContain('data-testid="error-oldPassword"');
    expect(html).toContain("The old password is incorrect");
    const thai = await postForm("/th/my-profile", passwordFields({ oldPassword: "Not-My-Password-1" }), { cookie: customer.cookie });
    expect(await thai.text()).toContain("รหัสผ่านเดิมไม่ถูกต้อง");
    expect((await customerRow(customer.id))!.passwordHash).toBe(before);
  });

  it.each([
    [{ oldPassword: "" }, "oldPassword", "Old password is required"],
    [{ password: "short1A", confirmPassword: "short1A" }, "password", "Password must be at least 8 characters"],
    [{ password: "alllowercase1", confirmPassword: "alllowercase1" }, "password", "Password must contain at least one uppercase letter"],
    [{ password: "Password1", confirmPassword: "Password1" }, "password", "This password is too common"],
    [{ confirmPassword: "Green-Giraffe-43" }, "confirmPassword", "Passwords do not match"],
    [{ password: customerPassword, confirmPassword: customerPassword }, "password", "The new password must differ from the old one"],
  ])("given %j, should answer 400 with the %s message", async (overrides, field, message) => {
    const customer = await newCustomer();
    const response = await postForm("/my-profile", passwordFields(overrides), { cookie: customer.cookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`data-testid="error-${field}"`);
    expect(html).toContain(message);
  });

  it("given the right old password, should change it, keep this session and end the others", async () => {
    const customer = await newCustomer();
    const otherDevice = await createSession(env.DB, { customerId: customer.id });
    const response = await postForm("/my-profile", passwordFields(), { cookie: customer.cookie });
    expect(response.status).toBe(302);
    expect(toastOf(response)).toBe("account:flash.passwordChanged");
    expect(await sessionIdsOf(customer.id)).toEqual([customer.sessionId]);
    expect(otherDevice).not.toBe(customer.sessionId);
    // Still signed in here; the new password signs in, the old one does not.
    expect((await get("/my-profile", { cookie: customer.cookie })).status).toBe(200);
    const hash = (await customerRow(customer.id))!.passwordHash!;
    expect(await verifyPassword("Green-Giraffe-42", hash)).toBe(true);
    expect(await verifyPassword(customerPassword, hash)).toBe(false);
  });

  it("given five wrong old passwords, should stop checking for a while", async () => {
    const customer = await newCustomer();
    for (let attempt = 0; attempt < 5; attempt++) {
      await postForm("/my-profile", passwordFields({ oldPassword: `Wrong-Password-${attempt}` }), { cookie: customer.cookie });
    }
    const response = await postForm("/my-profile", passwordFields(), { cookie: customer.cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Too many attempts");
  });

  it("fuzzed input: never 5xx, 400 with field messages, password unchanged", async () => {
    const customer = await newCustomer("fuzz-password");
    const before = (await customerRow(customer.id))!.passwordHash;
    await fuzzForm({
      path: "/my-profile",
      fields: ["oldPassword", "password", "confirmPassword"],
      fixed: { intent: "password" },
      headers: { cookie: customer.cookie },
      runs: 25,
      after: async (response, body) => {
        expect(response.status).toBe(400);
        expect(body).toContain('data-testid="error-');
        expect((await customerRow(customer.id))!.passwordHash).toBe(before);
      },
    });
  });
});
