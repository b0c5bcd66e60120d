import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { backendTestCookies } from "./backend-sessions";
import { origin } from "./worker";

/**
 * A form post whose body is not a form (a broken multipart body, a wrong encoding) is bad input like
 * any other: every page that takes a form answers 4xx, never 5xx. Browsers cannot send one from our
 * forms, but a script can, and a 5xx would page whoever is on call.
 */
const staffPages = [
  "/backend/setting",
  "/backend/Policy",
  "/backend/home/content-area",
  "/backend/home/activities/form",
  "/backend/home/collections/form",
  "/backend/home/size-guide/create",
  "/backend/products/all-product/form",
  "/backend/products/type/form",
  "/backend/products/category/form",
  "/backend/products/attribute/form",
  "/backend/products/inventory",
  "/backend/product-gallery",
  "/backend/member",
  "/backend/member/detail/1",
  "/backend/user",
  "/backend/orders/form",
  "/backend/shipping-rates/form",
  "/backend/setting/outbox/1",
];
const publicPages = ["/login", "/register", "/forgot-password", "/reset-password", "/contact", "/cart", "/cart/checkout", "/change-currency", "/backend/login", "/exchange", "/my-profile", "/my-address"];

function broken(path: string, cookie?: string) {
  return exports.default.fetch(
    new Request(`${origin}${path}`, {
      method: "POST",
      body: "%%%not-a-form",
      headers: { origin, "content-type": "multipart/form-data; boundary=x", ...(cookie ? { cookie } : {}) },
      redirect: "manual",
    }),
  );
}

describe("a post whose body is not a form", () => {
  it.each(publicPages)("given %s, should answer 400, not 5xx", async (path) => {
    expect((await broken(path)).status).toBe(400);
  });

  it.each(staffPages)("given %s as an administrator, should answer 400, not 5xx", async (path) => {
    const admin = (await backendTestCookies())["staff-1"].cookie;
    expect((await broken(path, admin)).status).toBe(400);
  });
});
