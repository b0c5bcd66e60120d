import { Validator } from "@cfworker/json-schema";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { apiTokens, authThrottle } from "~/db/schema/accounts";
import { galleryImages } from "~/db/schema/catalog";
import { customers, staffUsers } from "~/db/schema/customers";
import { orders } from "~/db/schema/orders";
import { demoAccounts, demoCustomer, demoCustomerPassword, demoStaffPassword } from "~/db/seed/accounts";
import { staffAttentionStatusIds } from "~/domain/order-status";
import { groupsByRole, type StaffRoleId, staffRoleIds } from "~/domain/staff-permissions";
import { requestPasswordReset, resetPassword } from "~/features/accounts/accounts.server";
import { hashToken, newToken } from "~/features/accounts/tokens.server";
import { countOrdersNeedingAttention } from "~/features/backoffice/backoffice.server";
import { deactivateStaffUser, reactivateStaffUser, resetStaffPassword } from "~/features/backoffice/staff-users.server";
import { loadStorefrontChrome } from "~/features/content/site.server";
import { readStoredRates } from "~/features/currency/exchange-rates.server";
import { changePassword } from "~/features/profile/profile.server";
import { createSession, deleteExpiredSessions } from "~/features/sessions/sessions.server";

import { api } from "../../workers/api/app";
import { registerAccount, strongPassword, tokenFromMail, uniqueEmail } from "./accounts-helpers";
import { get, origin, shop } from "./worker";

/**
 * The JSON API under /api (issue 7; docs/decisions/0016-json-api.md): every spec §7 call — happy
 * path, no token, wrong role, expired token, bad input — tokens and their revocation, throttling,
 * errors as JSON, CORS and the OpenAPI document; and that its figures equal what the pages show.
 */
const db = () => database(env.DB);

type Json = Record<string, unknown> & { data?: unknown; error?: { status: number; message: string; fields?: Record<string, string> } };

let addressCounter = 0;
/** Each sign-in comes from its own address, so one test's address throttle does not leak into another. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

async function call(method: string, path: string, options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { accept: "application/json", "CF-Connecting-IP": freshAddress(), ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined || options.rawBody !== undefined) {
    headers["content-type"] ??= "application/json";
    body = options.rawBody ?? JSON.stringify(options.body);
  }
  const response = await shop.fetch(new Request(`${origin}/api${path}`, { method, headers, body, redirect: "manual" }));
  const text = await response.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    throw new Error(`${method} ${path} answered ${response.status} that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, json };
}

async function login(kind: "customer" | "staff", email: string, password: string, address = freshAddress()) {
  return call("POST", kind === "customer" ? "/users/login" : "/users/admin/login", { body: { email, password }, headers: { "CF-Connecting-IP": address } });
}

async function tokenOf(kind: "customer" | "staff", email: string, password: string): Promise<string> {
  const response = await login(kind, email, password);
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return (response.json.data as { token: string }).token;
}

const staffEmail = (roleId: StaffRoleId) => demoAccounts.find((account) => account.kind === "staff" && account.roleId === roleId)!.email;

/** A token row inserted straight into D1 that expired a second ago. */
async function expiredToken(owner: { customerId: number } | { staffUserId: number }): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db()
    .insert(apiTokens)
    .values({
      tokenHash: await hashToken(token),
      customerId: "customerId" in owner ? owner.customerId : null,
      staffUserId: "staffUserId" in owner ? owner.staffUserId : null,
      expiresAt: now - 1000,
      createdAt: now - 3_601_000,
    });
  return token;
}

const tokens: Partial<Record<"customer" | `staff-${StaffRoleId}`, string>> = {};
let expired: { customer: string; staff: string };
let customerId: number;
let adminId: number;

beforeAll(async () => {
  tokens.customer = await tokenOf("customer", demoCustomer.email, demoCustomerPassword);
  for (const roleId of staffRoleIds) tokens[`staff-${roleId}`] = await tokenOf("staff", staffEmail(roleId), demoStaffPassword);
  customerId = (await db().select({ id: customers.id }).from(customers).where(eq(customers.email, demoCustomer.email)).get())!.id;
  adminId = (await db()
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, staffEmail(1)))
    .get())!.id;
  expired = { customer: await expiredToken({ customerId }), staff: await expiredToken({ staffUserId: adminId }) };
});

const countBody = { query: { $or: staffAttentionStatusIds.map((id) => ({ order_status_id: id })) } };

/** Every call with what it needs: who may call it, a valid request, and a bad one where it takes input. */
const calls = [
  {
    method: "POST",
    path: "/order/countOrderByOrderStatuses",
    access: "staff:orders",
    body: countBody,
    bad: { query: [{ order_status_id: 99 }] },
    badField: "query",
  },
  { method: "GET", path: "/users/me", access: "customer" },
  { method: "GET", path: "/users/admin/me", access: "staff" },
  {
    method: "POST",
    path: "/users/login",
    access: "public",
    body: { email: demoCustomer.email, password: demoCustomerPassword },
    bad: { email: "nope", password: "" },
    badField: "email",
  },
  {
    method: "POST",
    path: "/users/admin/login",
    access: "public",
    body: { email: staffEmail(1), password: demoStaffPassword },
    bad: { email: 42 },
    badField: "email",
  },
  { method: "POST", path: "/users/checkemail", access: "public", body: { email: demoCustomer.email }, bad: { email: "not-an-email" }, badField: "email" },
  { method: "GET", path: "/product_category", access: "public" },
  { method: "GET", path: "/content/config", access: "public" },
  { method: "GET", path: "/reference/convert_usd?money=1", access: "public", badPath: "/reference/convert_usd?money=abc", badField: "money" },
  { method: "GET", path: "/product_type_attribute/display_type", access: "public" },
  { method: "GET", path: "/shipping/type", access: "public" },
  { method: "GET", path: "/product/status_list", access: "public" },
  { method: "GET", path: "/order/carrier_all", access: "public" },
  { method: "GET", path: "/product_gallery", access: "staff:product-gallery", badPath: "/product_gallery?page=0", badField: "page" },
] as const;

type Call = (typeof calls)[number];
const allowedToken = (entry: Call) => (entry.access === "customer" ? tokens.customer! : tokens["staff-1"]!);

describe("every call", () => {
  it.each(calls)("$method $path: happy path answers 200 with a top-level data field", async (entry) => {
    const response = await call(entry.method, entry.path, {
      token: entry.access === "public" ? undefined : allowedToken(entry),
      body: "body" in entry ? entry.body : undefined,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.json).toHaveProperty("data");
    expect(response.json.data).not.toBeUndefined();
  });

  it.each(calls.filter((entry) => entry.access !== "public"))("$method $path: without a token answers 401 as JSON", async (entry) => {
    const response = await call(entry.method, entry.path, { body: "body" in entry ? entry.body : undefined });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: { status: 401, message: "Unauthorized. Please, contact staff." } });
    expect(response.headers.get("www-authenticate")).toContain("Bearer");
  });

  it.each(calls)("$method $path: an expired token answers 401 (public calls too)", async (entry) => {
    const token = entry.access === "customer" ? expired.customer : expired.staff;
    const response = await call(entry.method, entry.path, { token, body: "body" in entry ? entry.body : undefined });
    expect(response.status).toBe(401);
    expect(response.json.error).toEqual({ status: 401, message: "Your sign-in has expired. Please sign in again." });
  });

  it.each(calls)("$method $path: an unknown or malformed token answers 401", async (entry) => {
    for (const token of [newToken(), "not a token"]) {
      const response = await call(entry.method, entry.path, { token, body: "body" in entry ? entry.body : undefined });
      expect(response.status).toBe(401);
      expect(response.json.error?.status).toBe(401);
    }
  });

  it.each(calls.filter((entry) => entry.access !== "public"))("$method $path: the wrong role answers 403", async (entry) => {
    const wrong: string[] = entry.access === "customer" ? [tokens["staff-1"]!] : [tokens.customer!];
    // Roles whose menu does not hold the call's group (spec §6; app/domain/staff-permissions.ts).
    if (entry.access.startsWith("staff:")) {
      const group = entry.access.slice("staff:".length);
      for (const roleId of staffRoleIds) if (!(groupsByRole[roleId] as readonly string[]).includes(group)) wrong.push(tokens[`staff-${roleId}`]!);
      expect(wrong.length).toBeGreaterThan(1);
    }
    for (const token of wrong) {
      const response = await call(entry.method, entry.path, { token, body: "body" in entry ? entry.body : undefined });
      expect(response.status).toBe(403);
      expect(response.json).toEqual({ error: { status: 403, message: "Access to this page is not permitted. Please, contact staff." } });
    }
  });

  it.each(calls.filter((entry) => "badField" in entry))("$method $path: bad input answers 400 with field errors", async (entry) => {
    const token = entry.access === "public" ? undefined : allowedToken(entry);
    const response = "badPath" in entry ? await call(entry.method, entry.badPath, { token }) : await call(entry.method, entry.path, { token, body: entry.bad });
    expect(response.status, JSON.stringify(response.json)).toBe(400);
    expect(response.json.error?.message).toBe("Invalid request. Please, contact staff.");
    expect(Object.keys(response.json.error?.fields ?? {})).toContain(entry.badField);
  });

  it.each(calls.filter((entry) => "body" in entry))("$method $path: a body that is not JSON answers 400, never 5xx", async (entry) => {
    const token = entry.access === "public" ? undefined : allowedToken(entry);
    for (const [rawBody, type] of [
      ["{not json", "application/json"],
      ["email=a@b.c", "application/x-www-form-urlencoded"],
      ["", "application/json"],
      ["[]", "application/json"],
      ["null", "application/json"],
    ] as const) {
      const response = await call(entry.method, entry.path, { token, rawBody, headers: { "content-type": type } });
      expect(response.status, `${type} ${rawBody}`).toBe(400);
      expect(response.json.error?.fields).toBeDefined();
    }
  });
});

describe("answers", () => {
  it("login answers a bearer token valid 3600 s; users/me and users/admin/me say who it is", async () => {
    const before = Date.now();
    const response = await login("customer", demoCustomer.email.toUpperCase(), demoCustomerPassword);
    expect(response.status).toBe(200);
    const data = response.json.data as { token: string; token_type: string; expires_in: number; expires_at: string };
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.token_type).toBe("Bearer");
    expect(data.expires_in).toBe(3600);
    const expiresAt = Date.parse(data.expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(expiresAt - before).toBeLessThanOrEqual(3600_000 + 5000);
    // Stored hashed: the token itself is nowhere in D1.
    const rows = await db()
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, await hashToken(data.token)))
      .all();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(await db().select().from(apiTokens).all())).not.toContain(data.token);

    const me = await call("GET", "/users/me", { token: data.token });
    expect(me.json.data).toMatchObject({
      customer_id: customerId,
      customer_username: demoCustomer.email,
      customer_fullname: demoCustomer.fullName,
      customer_point: { point: expect.any(Number) },
      customer_email_verified: expect.any(Boolean),
    });
    expect(me.json.data).toHaveProperty("customer_image");
    const admin = await call("GET", "/users/admin/me", { token: tokens["staff-3"] });
    expect(admin.json.data).toMatchObject({
      admin_username: staffEmail(3),
      admin_role_id: 3,
      admin_role: { admin_role_name_en: "Editor" },
      role: [...groupsByRole[3]],
    });
    expect(admin.json.data).toHaveProperty("admin_id");
  });

  it("a wrong password answers 401 with the sign-in message; a customer cannot sign in as staff", async () => {
    const wrong = await login("customer", demoCustomer.email, "Wrong-Password-1");
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toEqual({ status: 401, message: "The e-mail or password is incorrect." });
    expect((await login("staff", demoCustomer.email, demoCustomerPassword)).status).toBe(401);
    expect((await login("customer", staffEmail(1), demoStaffPassword)).status).toBe(401);
  });

  it("the order count equals the back-office chip's count for the same data, and counts any list of statuses", async () => {
    const now = Date.now();
    for (const statusId of [1, 2, 2, 3, 7, 8, 10]) {
      await db()
        .insert(orders)
        .values({
          orderNumber: `API-${crypto.randomUUID().slice(0, 8)}`,
          email: "buyer@example.com",
          statusId,
          subtotalSatang: 100,
          vatSatang: 0,
          vatPercent: 7,
          totalSatang: 100,
          createdAt: now,
          updatedAt: now,
        });
    }
    const response = await call("POST", "/order/countOrderByOrderStatuses", { token: tokens["staff-3"], body: countBody });
    expect(response.json).toEqual({ data: { data: await countOrdersNeedingAttention(env.DB) } });

    // The chip of the back-office sidebar shows the same number.
    const session = await createSession(env.DB, { staffUserId: adminId });
    const page = (await (await get("/backend/dashboard", { cookie: `pryde_session=${session}` })).text()).replace(/<!-- -->/g, "");
    const chip = /data-testid="orders-chip"[^>]*><span aria-hidden="true">(\d+)</.exec(page);
    expect(Number(chip?.[1])).toBe((response.json.data as { data: number }).data);

    const byList = await call("POST", "/order/countOrderByOrderStatuses", {
      token: tokens["staff-1"],
      body: { query: [{ order_status_id: 7 }, { order_status_id: 8 }, { order_status_id: 7 }] },
    });
    const direct = await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE status_id IN (7, 8)").first<{ n: number }>();
    expect(byList.json).toEqual({ data: { data: direct!.n } });
  });

  it("categories and config equal what the storefront shows for the same data", async () => {
    const chrome = await loadStorefrontChrome(env.DB, null);
    const categories = await call("GET", "/product_category");
    expect(categories.json.data).toEqual(
      chrome.categories.map((category) => ({
        product_category_id: category.id,
        product_category_name_th: category.nameTh,
        product_category_name_en: category.nameEn,
      })),
    );
    expect(chrome.categories.length).toBeGreaterThan(0);
    const config = await call("GET", "/content/config");
    expect(config.json.data).toEqual({
      config_value_vat: String(chrome.site.vatPercent),
      config_website_name_en: chrome.site.nameEn,
      config_website_name_th: chrome.site.nameTh,
      config_website_address_en: chrome.site.addressEn,
      config_website_address_th: chrome.site.addressTh,
      config_website_phone: chrome.site.phone,
      config_website_email: chrome.site.email,
      config_website_facebook: chrome.site.facebook,
      config_website_instagram: chrome.site.instagram,
      config_website_line: chrome.site.line,
    });

    // And the storefront page lists those very categories and the shop's phone.
    const home = (await (await get("/")).text()).replace(/&amp;/g, "&");
    for (const category of chrome.categories) expect(home).toContain(category.nameEn);
    expect(home).toContain(chrome.site.nameEn);
  });

  it("convert_usd answers money × the stored THB→USD rate", async () => {
    await env.KV.put(
      "exchange-rates:THB",
      JSON.stringify({ rates: { USD: 0.0285, EUR: 0.026, GBP: 0.022, JPY: 4.3, CNY: 0.2 }, fetchedAt: Date.now(), source: "primary" }),
    );
    expect((await readStoredRates(env.KV))!.rates.USD).toBe(0.0285);
    expect((await call("GET", "/reference/convert_usd?money=1")).json).toEqual({ data: 0.0285 });
    expect((await call("GET", "/reference/convert_usd?money=200")).json).toEqual({ data: 5.7 });
    expect((await call("GET", "/reference/convert_usd")).json).toEqual({ data: 0.0285 });
    expect((await call("GET", "/reference/convert_usd?money=-1")).status).toBe(400);
  });

  it('display types drop id 1 and call id 3 "color / Image"', async () => {
    const data = (await call("GET", "/product_type_attribute/display_type")).json.data as {
      product_type_attribute_display_type_id: number;
      product_type_attribute_display_type_name: string;
    }[];
    const ids = data.map((row) => row.product_type_attribute_display_type_id);
    expect(ids).not.toContain(1);
    expect(data.find((row) => row.product_type_attribute_display_type_id === 3)?.product_type_attribute_display_type_name).toBe("color / Image");
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("shipping types, product statuses and carriers have the documented shapes", async () => {
    expect((await call("GET", "/shipping/type")).json.data).toEqual([
      {
        shipping_type_attribute_display_type_id: "standard",
        shipping_type_name_en: "Standard",
        shipping_type_name_th: expect.any(String),
        shipping_type_min_days: 7,
        shipping_type_max_days: 14,
      },
      {
        shipping_type_attribute_display_type_id: "express",
        shipping_type_name_en: "Express",
        shipping_type_name_th: expect.any(String),
        shipping_type_min_days: 7,
        shipping_type_max_days: 14,
      },
    ]);
    expect((await call("GET", "/product/status_list")).json.data).toEqual([
      { product_status_id: 1, product_status_name_en: "Published", product_status_name_th: expect.any(String) },
      { product_status_id: 2, product_status_name_en: "Draft", product_status_name_th: expect.any(String) },
      { product_status_id: 3, product_status_name_en: "Hidden", product_status_name_th: expect.any(String) },
    ]);
    const carriers = (await call("GET", "/order/carrier_all")).json.data as { order_carrier_id: number; isActive?: boolean }[];
    const active = await env.DB.prepare("SELECT id FROM carriers WHERE is_active = 1 ORDER BY sort_order, id").all<{ id: number }>();
    expect(carriers.map((carrier) => carrier.order_carrier_id)).toEqual(active.results.map((row) => row.id));
  });

  it("the product gallery lists the images newest first with their /media address", async () => {
    const now = Date.now();
    await db()
      .insert(galleryImages)
      .values({
        imageKey: `gallery/api-test-${now}.png`,
        fileName: "api test.png",
        contentType: "image/png",
        byteSize: 1234,
        width: 10,
        height: 20,
        uploadedByStaffUserId: adminId,
        createdAt: now + 60_000,
      });
    const response = await call("GET", "/product_gallery?page=1", { token: tokens["staff-4"] });
    const data = response.json.data as { items: Record<string, unknown>[]; total: number; page: number };
    expect(data.page).toBe(1);
    expect(data.total).toBeGreaterThanOrEqual(1);
    expect(data.items[0]).toMatchObject({
      product_gallery_url: `/media/gallery/api-test-${now}.png`,
      product_gallery_file_name: "api test.png",
      product_gallery_uploaded_by: "Kittipong Admin",
    });
  });

  it("checkemail answers true for a taken e-mail and false for a free one", async () => {
    expect((await call("POST", "/users/checkemail", { body: { email: ` ${demoCustomer.email.toUpperCase()} ` } })).json).toEqual({ data: true });
    expect((await call("POST", "/users/checkemail", { body: { email: uniqueEmail("free") } })).json).toEqual({ data: false });
  });

  it("answers in Thai when Accept-Language prefers Thai", async () => {
    const response = await call("GET", "/users/me", { headers: { "accept-language": "th-TH,th;q=0.9,en;q=0.5" } });
    expect(response.json.error).toEqual({ status: 401, message: "ไม่ได้รับอนุญาต กรุณาติดต่อเจ้าหน้าที่" });
    const bad = await call("POST", "/users/login", { body: { email: "", password: "x" }, headers: { "accept-language": "th" } });
    expect(bad.json.error?.fields?.email).toMatch(/[\u0E00-\u0E7F]/);
  });
});

describe("token lifetime and revocation", () => {
  async function customerWithToken() {
    const email = uniqueEmail("api");
    await registerAccount(email);
    const id = (await db().select({ id: customers.id }).from(customers).where(eq(customers.email, email)).get())!.id;
    return { email, id, token: await tokenOf("customer", email, strongPassword) };
  }

  it("POST /users/logout needs a live token", async () => {
    expect((await call("POST", "/users/logout")).status).toBe(401);
    expect((await call("POST", "/users/logout", { token: expired.customer })).status).toBe(401);
  });

  it("POST /users/logout revokes that token only", async () => {
    const first = await tokenOf("customer", demoCustomer.email, demoCustomerPassword);
    const second = await tokenOf("customer", demoCustomer.email, demoCustomerPassword);
    const out = await call("POST", "/users/logout", { token: first });
    expect(out.json).toEqual({ data: { revoked: true } });
    expect((await call("GET", "/users/me", { token: first })).status).toBe(401);
    expect((await call("POST", "/users/logout", { token: first })).status).toBe(401);
    expect((await call("GET", "/users/me", { token: second })).status).toBe(200);
  });

  it("a token is refused once its hour has passed (not renewed by use)", async () => {
    const token = await tokenOf("customer", demoCustomer.email, demoCustomerPassword);
    expect((await call("GET", "/users/me", { token })).status).toBe(200);
    await db()
      .update(apiTokens)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(apiTokens.tokenHash, await hashToken(token)));
    expect((await call("GET", "/users/me", { token })).json.error?.message).toBe("Your sign-in has expired. Please sign in again.");
    // The daily housekeeping deletes it.
    await deleteExpiredSessions(env.DB);
    expect(
      await db()
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.tokenHash, await hashToken(token)))
        .all(),
    ).toHaveLength(0);
  });

  it("a password reset ends the account's tokens with its sessions", async () => {
    const { email, token } = await customerWithToken();
    await requestPasswordReset(env.DB, email, { locale: "en", origin });
    const { token: resetToken } = await tokenFromMail(email, "reset-password");
    expect(await resetPassword(env.DB, resetToken, "New-Password-9")).toBe("reset");
    expect((await call("GET", "/users/me", { token })).status).toBe(401);
  });

  it("a password change ends the account's tokens with its other sessions", async () => {
    const { id, token } = await customerWithToken();
    const sessionId = await createSession(env.DB, { customerId: id });
    expect(await changePassword(env.DB, { customerId: id, sessionId }, strongPassword, "New-Password-9")).toBe("changed");
    expect((await call("GET", "/users/me", { token })).status).toBe(401);
  });

  it("deactivating a staff user, or resetting their password, ends their tokens; reactivating does not bring them back", async () => {
    const email = staffEmail(5);
    const user = (await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)).get())!;
    const token = await tokenOf("staff", email, demoStaffPassword);
    expect((await call("GET", "/users/admin/me", { token })).status).toBe(200);
    expect((await deactivateStaffUser(env.DB, adminId, user.id)).ok).toBe(true);
    expect((await call("GET", "/users/admin/me", { token })).status).toBe(401);
    await reactivateStaffUser(env.DB, user.id);
    expect((await call("GET", "/users/admin/me", { token })).status).toBe(401);

    const again = await tokenOf("staff", email, demoStaffPassword);
    expect((await resetStaffPassword(env.DB, user.id, demoStaffPassword)).ok).toBe(true);
    expect((await call("GET", "/users/admin/me", { token: again })).status).toBe(401);
  });

  it("a refused deactivation (oneself) keeps the tokens", async () => {
    const token = await tokenOf("staff", staffEmail(1), demoStaffPassword);
    expect((await deactivateStaffUser(env.DB, adminId, adminId)).ok).toBe(false);
    expect((await call("GET", "/users/admin/me", { token })).status).toBe(200);
  });
});

describe("throttling", () => {
  it("login shares the pages' throttle: 5 failures hold back that address for the account, also on the sign-in page; the owner elsewhere signs in", async () => {
    const email = uniqueEmail("api-throttle");
    await registerAccount(email);
    const stranger = freshAddress();
    for (let attempt = 0; attempt < 5; attempt++) expect((await login("customer", email, "Wrong-Password-1", stranger)).status).toBe(401);
    const throttled = await login("customer", email, strongPassword, stranger);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("900");
    expect(throttled.json.error?.status).toBe(429);
    // The same counter as /login: the page refuses that address too.
    const page = await shop.fetch(
      new Request(`${origin}/login`, {
        method: "POST",
        body: new URLSearchParams({ email, password: strongPassword }),
        headers: { origin, "content-type": "application/x-www-form-urlencoded", "CF-Connecting-IP": stranger },
        redirect: "manual",
      }),
    );
    expect(page.status).toBe(429);
    // From another address the owner is not locked out.
    expect((await login("customer", email, strongPassword)).status).toBe(200);
  });

  it("staff login is throttled per account and address too", async () => {
    const address = freshAddress();
    const email = staffEmail(2);
    for (let attempt = 0; attempt < 5; attempt++) expect((await login("staff", email, "Wrong-Password-1", address)).status).toBe(401);
    expect((await login("staff", email, demoStaffPassword, address)).status).toBe(429);
    expect((await login("staff", email, demoStaffPassword)).status).toBe(200);
    await db()
      .delete(authThrottle)
      .where(eq(authThrottle.key, `login:acct:staff:${email}`));
  });

  it("checkemail is counted per address: the 21st check in 15 minutes answers 429", async () => {
    const address = "10.99.0.1";
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await call("POST", "/users/checkemail", { body: { email: uniqueEmail("probe") }, headers: { "CF-Connecting-IP": address } });
      expect(response.status).toBe(200);
    }
    const throttled = await call("POST", "/users/checkemail", { body: { email: demoCustomer.email }, headers: { "CF-Connecting-IP": address } });
    expect(throttled.status).toBe(429);
    expect(throttled.json).toEqual({ error: { status: 429, message: "Too many attempts. Please wait 15 minutes and try again." } });
    // The same address counter as sign-in failures.
    expect((await login("customer", demoCustomer.email, demoCustomerPassword, address)).status).toBe(429);
  });
});

describe("errors, paths and headers", () => {
  it("an unknown /api path answers a JSON 404, not the storefront page", async () => {
    for (const path of ["/nothing", "/users", "/product_category/1", "/"]) {
      const response = await call("GET", path);
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ error: { status: 404, message: "Not found this page. Please, contact staff." } });
    }
    const bare = await shop.fetch(new Request(`${origin}/api`));
    expect(bare.status).toBe(404);
    expect(bare.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("a known path with another method answers 405 with Allow", async () => {
    const response = await call("DELETE", "/users/me", { token: tokens.customer });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(response.json.error?.message).toBe("Invalid request method. Please, contact staff.");
    expect((await call("GET", "/users/login")).headers.get("allow")).toBe("POST");
  });

  it("HEAD of a GET call answers its headers without a body", async () => {
    const response = await shop.fetch(new Request(`${origin}/api/product_category`, { method: "HEAD" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.text()).toBe("");
  });

  it("a client that does not take JSON answers 406; one that does gets JSON", async () => {
    const response = await shop.fetch(new Request(`${origin}/api/product_category`, { headers: { accept: "text/html" } }));
    expect(response.status).toBe(406);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const ok = await shop.fetch(new Request(`${origin}/api/product_category`, { headers: { accept: "application/json, text/plain, */*" } }));
    expect(ok.status).toBe(200);
  });

  it("a body over 16 KB answers 413", async () => {
    const response = await call("POST", "/users/checkemail", { rawBody: JSON.stringify({ email: "a@b.co", pad: "x".repeat(20_000) }) });
    expect(response.status).toBe(413);
  });

  it("never goes through the page cache", async () => {
    const first = await shop.fetch(new Request(`${origin}/api/product_category`));
    const second = await shop.fetch(new Request(`${origin}/api/product_category`));
    expect(first.headers.get("x-page-cache")).toBeNull();
    expect(second.headers.get("x-page-cache")).toBeNull();
  });

  it("the PayPal webhook under /api is still the webhook (not the API's 404)", async () => {
    const response = await shop.fetch(
      new Request(`${origin}/api/webhooks/paypal`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } }),
    );
    expect(response.status).not.toBe(404);
  });
});

describe("CORS", () => {
  it("is off by default: no CORS headers, a preflight is a 405", async () => {
    const response = await shop.fetch(new Request(`${origin}/api/product_category`, { headers: { origin: "https://app.example.com" } }));
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await shop.fetch(
      new Request(`${origin}/api/users/me`, { method: "OPTIONS", headers: { origin: "https://app.example.com", "access-control-request-method": "GET" } }),
    );
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("when API_CORS_ORIGINS lists origins, allows those only (the same API app, mounted as workers/app.ts does)", async () => {
    const mounted = new Hono<{ Bindings: typeof env }>().route("/api", api);
    const configured = { ...env, API_CORS_ORIGINS: "https://app.example.com, http://localhost:5173" };
    const allowed = await mounted.request("/api/product_category", { headers: { origin: "https://app.example.com" } }, configured);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
    const other = await mounted.request("/api/product_category", { headers: { origin: "https://evil.example" } }, configured);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await mounted.request(
      "/api/users/me",
      {
        method: "OPTIONS",
        headers: { origin: "https://app.example.com", "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
      },
      configured,
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
  });
});

describe("OpenAPI", () => {
  it("/api/openapi.json is valid JSON listing every call with its method", async () => {
    const response = await shop.fetch(new Request(`${origin}/api/openapi.json`));
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(document.openapi).toBe("3.1.0");
    for (const entry of calls) {
      const path = `/api${entry.path.split("?")[0]}`;
      const operation = document.paths[path]?.[entry.method.toLowerCase()];
      expect(operation, `${entry.method} ${path}`).toBeDefined();
      expect(operation!.responses["200"]).toBeDefined();
      if ("body" in entry) expect(operation!.requestBody, path).toBeDefined();
      if (entry.access !== "public") expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(["401", "403"]));
    }
    expect(document.paths["/api/users/logout"]?.post).toBeDefined();
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(["Error", "Token", "LoginBody", "CountOrdersBody"]));
    // Every $ref points at a component that exists.
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    for (const ref of refs) expect(document.components.schemas, ref).toHaveProperty(ref);
  });

  /**
   * The document is checked against what the API really answers (issue 14): every documented call
   * and status that a test can provoke is called live and its body validated with a JSON Schema
   * 2020-12 validator against the schema the published /api/openapi.json gives for that status.
   */
  describe("live answers match the published document", () => {
    type Operation = {
      responses: Record<string, { content?: { "application/json"?: { schema: unknown } }; headers?: Record<string, { required?: boolean }> }>;
    };
    let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

    beforeAll(async () => {
      document = (await (await shop.fetch(new Request(`${origin}/api/openapi.json`, { headers: { accept: "application/json" } }))).json()) as typeof document;
    });

    /** The documented schema of this answer, its component refs made local so the validator can follow them. */
    function validatorFor(method: string, path: string, status: number) {
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, `${method} ${path} is documented`).toBeDefined();
      const answer = operation!.responses[String(status)];
      expect(answer, `${method} ${path} documents ${status}`).toBeDefined();
      const schema = answer!.content?.["application/json"]?.schema;
      expect(schema, `${method} ${path} ${status} has a JSON schema`).toBeDefined();
      const local = JSON.parse(
        JSON.stringify({ ...(schema as object), $defs: document.components.schemas }).replaceAll('"#/components/schemas/', '"#/$defs/'),
      ) as object;
      return { validator: new Validator(local as never, "2020-12", false), answer: answer! };
    }

    async function expectDocumented(method: string, path: string, options: Parameters<typeof call>[2] = {}) {
      const response = await call(method, path, options);
      const documentedPath = `/api${path.split("?")[0]}`;
      const { validator, answer } = validatorFor(method, documentedPath, response.status);
      const result = validator.validate(response.json);
      expect(result.errors, `${method} ${path} → ${response.status}: ${JSON.stringify(response.json).slice(0, 300)}`).toEqual([]);
      expect(result.valid).toBe(true);
      for (const [header, definition] of Object.entries(answer.headers ?? {}))
        if (definition.required) expect(response.headers.get(header), `${method} ${path} ${response.status} header ${header}`).not.toBeNull();
      return response;
    }

    it.each(calls)("$method $path: 200, 400, 401, 403, 405, 406 and 413 answers are the documented ones", async (entry) => {
      const token = entry.access === "public" ? undefined : allowedToken(entry);
      expect((await expectDocumented(entry.method, entry.path, { token, body: "body" in entry ? entry.body : undefined })).status).toBe(200);
      if ("bad" in entry) expect((await expectDocumented(entry.method, entry.path, { token, body: entry.bad })).status).toBe(400);
      if ("badPath" in entry) expect((await expectDocumented(entry.method, entry.badPath, { token })).status).toBe(400);
      if (entry.access !== "public") {
        expect((await expectDocumented(entry.method, entry.path, { body: "body" in entry ? entry.body : undefined })).status).toBe(401);
        const wrong = entry.access === "customer" ? tokens["staff-1"] : tokens.customer;
        expect((await expectDocumented(entry.method, entry.path, { token: wrong, body: "body" in entry ? entry.body : undefined })).status).toBe(403);
      }
      // A token that is no longer valid is refused on every call, public ones too.
      expect((await expectDocumented(entry.method, entry.path, { token: "x".repeat(43), body: "body" in entry ? entry.body : undefined })).status).toBe(401);
      expect((await expectDocumented(entry.method, entry.path, { token, headers: { accept: "text/html" } })).status).toBe(406);
      if (entry.method === "POST")
        expect((await expectDocumented(entry.method, entry.path, { token, rawBody: JSON.stringify({ padding: "x".repeat(17 * 1024) }) })).status).toBe(413);
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((other) => other !== entry.method)) {
        const response = await expectDocumented(method, entry.path, { token });
        expect(response.status).toBe(405);
      }
    });

    it("login throttling (429) and wrong credentials (401) are the documented answers", async () => {
      // An address of its own and an unknown e-mail, so no other test's sign-in is throttled.
      const address = freshAddress();
      const email = uniqueEmail();
      expect(
        (await expectDocumented("POST", "/users/login", { body: { email, password: "Wrong-password-1" }, headers: { "CF-Connecting-IP": address } })).status,
      ).toBe(401);
      let status = 401;
      for (let attempt = 0; attempt < 25 && status !== 429; attempt += 1) {
        status = (await expectDocumented("POST", "/users/login", { body: { email, password: "Wrong-password-1" }, headers: { "CF-Connecting-IP": address } }))
          .status;
      }
      expect(status).toBe(429);
    });

    it("an unknown path is a documented-shape 404; the document itself is documented", async () => {
      const unknown = await call("GET", "/no-such-call");
      expect(unknown.status).toBe(404);
      const { validator } = validatorFor("GET", "/api/users/me", 404);
      expect(validator.validate(unknown.json).valid).toBe(true);
      const openapi = await call("GET", "/openapi.json");
      expect(openapi.status).toBe(200);
      expect(validatorFor("GET", "/api/openapi.json", 200).validator.validate(openapi.json).valid).toBe(true);
      expect((await expectDocumented("POST", "/openapi.json")).status).toBe(405);
    });

    it("a wrong answer would fail: the validator refuses the old camelCase shape", () => {
      const { validator } = validatorFor("GET", "/api/users/me", 200);
      expect(
        validator.validate({ data: { id: 1, email: "a@b.c", firstName: "A", lastName: "B", avatarUrl: null, pointsBalance: 0, emailVerified: true } }).valid,
      ).toBe(false);
    });
  });
});
