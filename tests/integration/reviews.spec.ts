import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { productReviews } from "~/db/schema/reviews";
import { orderStatusId } from "~/domain/order-status";
import listsEn from "~/i18n/locales/en/lists";
import reviewsAdminEn from "~/i18n/locales/en/reviews-admin";
import listsTh from "~/i18n/locales/th/lists";
import reviewsAdminTh from "~/i18n/locales/th/reviews-admin";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { fuzzForm } from "./fuzz";
import { newCustomer, postMultipart, tinyPng, toastOf } from "./profile-helpers";
import { placeOrder } from "./purchases-helpers";
import { get, origin, postForm, shop } from "./worker";

/**
 * Product reviews (issue 20): who may write one over HTTP (the eligibility matrix: a guest, a
 * customer without orders, with an order not completed, with a completed order of another product,
 * the eligible one, one who already reviewed — refused ones 403/400 and no row), editing sends a
 * review back to pending, the photo (checked by its bytes, private until approved), the product
 * page (only approved reviews, their average, JSON-LD, text escaped), the purchase page's link, and
 * the back office's list: moderation per row and in bulk, CSV, and its permission however the URL is
 * spelled.
 */
const db = () => database(env.DB);
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
const listPath = "/backend/products/reviews";

let cookies: Record<TestViewer, Record<string, string>>;
beforeAll(async () => {
  cookies = await backendTestCookies();
});
const admin = () => cookies["staff-1"];

/** Published products with an active variant, a different one per call (so averages do not mix). */
let productCursor = 0;
async function aProduct() {
  productCursor += 1;
  const row = await db().get<{ productId: number; slug: string; variantId: number }>(
    sql`SELECT p.id AS productId, p.slug AS slug, min(v.id) AS variantId FROM products p JOIN variants v ON v.product_id = p.id
        WHERE p.status_id = 1 AND v.is_active = 1 GROUP BY p.id ORDER BY p.id LIMIT 1 OFFSET ${productCursor - 1}`,
  );
  if (!row) throw new Error("not enough published products in the seed");
  return row;
}

async function customerWithOrder(product: { productId: number; variantId: number }, statusId: number | null) {
  const customer = await newCustomer("reviewer");
  if (statusId !== null) await placeOrder({ customerId: customer.id, statusId, productId: product.productId, variantId: product.variantId });
  return customer;
}

const reviewFields = (fields: Record<string, string> = {}) => ({ rating: "5", body: "Soft cotton, true to size. Would buy again.", ...fields });
const send = (slug: string, headers: Record<string, string>, fields: Record<string, string> = {}) =>
  postForm(`/shop/${slug}/review`, reviewFields(fields), headers);
const reviewsOf = (productId: number) => db().select().from(productReviews).where(eq(productReviews.productId, productId));
const reviewOf = async (productId: number, customerId: number) =>
  (
    await db()
      .select()
      .from(productReviews)
      .where(and(eq(productReviews.productId, productId), eq(productReviews.customerId, customerId)))
  )[0] ?? null;
/** Approve or hide reviews as the list's forms send it (repeated `ids`). */
function moderate(intent: "approve" | "hide", ids: number[], headers = admin(), path = listPath) {
  const body = new URLSearchParams([["intent", intent], ...ids.map((id): [string, string] => ["ids", String(id)])]);
  return shop.fetch(
    new Request(`${origin}${path}`, {
      method: "POST",
      body,
      headers: { origin, "content-type": "application/x-www-form-urlencoded", ...headers },
      redirect: "manual",
    }),
  );
}

/** A customer's approved review of a product (written through the form, approved by an administrator). */
async function approvedReview(product: { productId: number; slug: string; variantId: number }, rating: string, body: string) {
  const customer = await customerWithOrder(product, orderStatusId.completed);
  expect((await send(product.slug, { cookie: customer.cookie }, { rating, body })).status).toBe(302);
  const review = (await reviewOf(product.productId, customer.id))!;
  expect((await moderate("approve", [review.id])).status).toBe(302);
  return { customer, review };
}

const jsonLdOf = (page: string) => {
  const blocks = [...page.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  return blocks.find((block) => block["@type"] === "Product")!;
};

describe("who may review a product (POST /shop/{slug}/review)", () => {
  it("should refuse a guest, staff, a customer without orders, with an order not completed or of another product — 403 and no row", async () => {
    const product = await aProduct();
    const other = await aProduct();
    const viewers = {
      guest: {},
      staff: admin(),
      "no order": { cookie: (await customerWithOrder(product, null)).cookie },
      "paid, not completed": { cookie: (await customerWithOrder(product, orderStatusId.paid)).cookie },
      "delivered, not completed": { cookie: (await customerWithOrder(product, orderStatusId.fulfilment_done)).cookie },
      "completed order of another product": { cookie: (await customerWithOrder(other, orderStatusId.completed)).cookie },
    };
    for (const [who, headers] of Object.entries(viewers)) {
      const response = await send(product.slug, headers);
      expect(response.status, `${who} ${response.headers.get("location")}`).toBe(403);
      await response.arrayBuffer();
    }
    expect(await reviewsOf(product.productId)).toEqual([]);
  });

  it("should take a customer's review of a completed order's product as pending, and an edit of it back to pending", async () => {
    const product = await aProduct();
    const customer = await customerWithOrder(product, orderStatusId.completed);
    const headers = { cookie: customer.cookie };

    const first = await send(product.slug, headers, { rating: "4" });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/shop/${product.slug}#reviews`);
    expect(toastOf(first)).toBe("reviews:flash.saved");
    const written = (await reviewOf(product.productId, customer.id))!;
    expect(written).toMatchObject({ rating: 4, status: "pending", photoKey: null });

    expect((await moderate("approve", [written.id])).status).toBe(302);
    expect((await reviewOf(product.productId, customer.id))!.status).toBe("approved");

    // Once per product: sending again rewrites the one review, which waits for staff again.
    const edit = await send(product.slug, headers, { rating: "2", body: "Shrank after the first wash, sadly." });
    expect(edit.status).toBe(302);
    const rows = await reviewsOf(product.productId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: written.id, rating: 2, body: "Shrank after the first wash, sadly.", status: "pending", moderatedAt: null });

    // The Thai form posts to the Thai address and comes back to the Thai product page.
    const thaiPost = await postForm(`/th/shop/${product.slug}/review`, reviewFields(), headers);
    expect(thaiPost.headers.get("location")).toBe(`/th/shop/${product.slug}#reviews`);
  });

  it("should refuse a form out of bounds with 400 and write nothing", async () => {
    const product = await aProduct();
    const customer = await customerWithOrder(product, orderStatusId.completed);
    const headers = { cookie: customer.cookie };
    for (const fields of [
      { rating: "9" } as Record<string, string>,
      { rating: "0" },
      { rating: "" },
      { body: "short" },
      { body: "x".repeat(2001) },
      { body: "   " },
    ]) {
      const response = await send(product.slug, headers, fields);
      expect(response.status, JSON.stringify(fields).slice(0, 40)).toBe(400);
      await response.arrayBuffer();
    }
    expect(await reviewsOf(product.productId)).toEqual([]);
    // An unknown or unpublished product is a 404.
    expect((await send("no-such-product", headers)).status).toBe(404);
  });

  it("should never answer 5xx to arbitrary forms, and write a review only from a valid one", async () => {
    const product = await aProduct();
    const stranger = await customerWithOrder(product, null);
    await fuzzForm({
      path: `/shop/${product.slug}/review`,
      fields: ["rating", "body", "removePhoto"],
      headers: { cookie: stranger.cookie },
      runs: 25,
      after: async (response) => expect([400, 403]).toContain(response.status),
    });
    const eligible = await customerWithOrder(product, orderStatusId.completed);
    await fuzzForm({
      path: `/shop/${product.slug}/review`,
      fields: ["rating", "body"],
      headers: { cookie: eligible.cookie },
      runs: 25,
      after: async (response, _body, values) => {
        const valid = ["1", "2", "3", "4", "5"].includes(values.rating!) && values.body!.trim().length >= 10 && values.body!.length <= 2000;
        if (!valid) expect(response.status).toBe(400);
      },
    });
    expect((await reviewsOf(product.productId)).every((review) => review.customerId === eligible.id)).toBe(true);
  });

  it("should show the form on the product page and the review page only to an eligible customer", async () => {
    const product = await aProduct();
    const eligible = await customerWithOrder(product, orderStatusId.completed);
    const waiting = await customerWithOrder(product, orderStatusId.paid);
    const stranger = await customerWithOrder(product, null);
    const page = (headers: Record<string, string>) => get(`/shop/${product.slug}`, headers).then(html);

    expect(await page({ cookie: eligible.cookie })).toContain('data-testid="review-form"');
    const waitingPage = await page({ cookie: waiting.cookie });
    expect(waitingPage).not.toContain('data-testid="review-form"');
    expect(waitingPage).toContain('data-testid="review-not-yet"');
    expect(await page({ cookie: stranger.cookie })).not.toContain('data-testid="review-form"');
    const guestPage = await page({});
    expect(guestPage).not.toContain('data-testid="review-form"');
    expect(guestPage).toContain('data-testid="review-sign-in"');
    expect(await page(admin())).not.toContain('data-testid="review-form"');

    expect(await html(await get(`/shop/${product.slug}/review`, { cookie: eligible.cookie }))).toContain('data-testid="review-form"');
    expect(await html(await get(`/th/shop/${product.slug}/review`, { cookie: stranger.cookie }))).toContain('data-testid="review-not-allowed"');
    const guest = await get(`/shop/${product.slug}/review`);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("a review's photo", () => {
  it("should be checked by its bytes, private while pending (its author only) and public once approved", async () => {
    const product = await aProduct();
    const customer = await customerWithOrder(product, orderStatusId.completed);
    const headers = { cookie: customer.cookie };
    const form = (photo: Blob, name: string) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(reviewFields())) data.set(key, value);
      data.set("photo", photo, name);
      return data;
    };

    const fake = await postMultipart(`/shop/${product.slug}/review`, form(new Blob(["<svg onload=alert(1)>"], { type: "image/png" }), "photo.png"), headers);
    expect(fake.status).toBe(400);
    await fake.arrayBuffer();
    expect(await reviewsOf(product.productId)).toEqual([]);

    const sent = await postMultipart(
      `/shop/${product.slug}/review`,
      form(new Blob([tinyPng as Uint8Array<ArrayBuffer>], { type: "image/png" }), "photo.png"),
      headers,
    );
    expect(sent.status).toBe(302);
    const review = (await reviewOf(product.productId, customer.id))!;
    expect(review.photoKey).toMatch(/^private\/review-photos\//);
    const photoPath = `/shop/${product.slug}/reviews/${review.id}/photo`;

    expect((await get(photoPath)).status).toBe(404);
    expect((await get(photoPath, { cookie: (await newCustomer("other")).cookie })).status).toBe(404);
    const own = await get(photoPath, headers);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect((await get(`${listPath}/${review.id}/photo`, admin())).status).toBe(200);
    expect((await get(`${listPath}/${review.id}/photo`, cookies["staff-3"])).status).toBe(403);

    expect((await moderate("approve", [review.id])).status).toBe(302);
    expect((await get(photoPath)).status).toBe(200);
    // Under another product's address it is not found.
    expect((await get(`/shop/${(await aProduct()).slug}/reviews/${review.id}/photo`)).status).toBe(404);

    // Removing the photo in an edit deletes it from R2.
    const removed = new FormData();
    for (const [key, value] of Object.entries(reviewFields({ removePhoto: "on" }))) removed.set(key, value);
    expect((await postMultipart(`/shop/${product.slug}/review`, removed, headers)).status).toBe(302);
    expect((await reviewOf(product.productId, customer.id))!.photoKey).toBeNull();
    expect(await env.MEDIA.get(review.photoKey!)).toBeNull();
  });
});

describe("the product page's reviews", () => {
  it("should show no rating and no JSON-LD rating without approved reviews", async () => {
    const product = await aProduct();
    const customer = await customerWithOrder(product, orderStatusId.completed);
    expect((await send(product.slug, { cookie: customer.cookie })).status).toBe(302);
    const page = await html(await get(`/shop/${product.slug}`));
    expect(page).toContain('data-testid="reviews-empty"');
    expect(page).not.toContain('data-testid="review-summary"');
    const ld = jsonLdOf(page);
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(ld).not.toHaveProperty("review");
  });

  it("should show approved reviews only, newest first, their average and count, escaped, in both languages and in JSON-LD", async () => {
    const product = await aProduct();
    const first = await approvedReview(product, "5", "Great fit <script>alert('x')</script> & soft");
    const second = await approvedReview(product, "4", "Good cotton, washes well.");
    const hiddenOne = await approvedReview(product, "1", "Spam spam spam spam spam");
    expect((await moderate("hide", [hiddenOne.review.id])).status).toBe(302);
    const pendingCustomer = await customerWithOrder(product, orderStatusId.completed);
    expect((await send(product.slug, { cookie: pendingCustomer.cookie }, { rating: "1", body: "Not yet checked by staff." })).status).toBe(302);

    const page = await html(await get(`/shop/${product.slug}?rt=${Date.now()}`));
    expect(page).toMatch(/data-testid="review-summary" data-average="4.5" data-count="2"/);
    expect(page).toContain("4.5 out of 5");
    expect(page).toContain("2 reviews");
    const shown = [...page.matchAll(/data-testid="review" data-review-id="(\d+)"/g)].map((match) => Number(match[1]));
    expect(shown).toEqual([second.review.id, first.review.id]);
    expect(page).not.toContain("<script>alert");
    expect(page).toContain("Great fit &lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; soft");
    expect(page).toContain("Mali S.");
    expect(page).not.toContain(first.customer.email);
    expect(page).not.toContain("Spam spam");
    expect(page).not.toContain("Not yet checked");

    const ld = jsonLdOf(page);
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    const reviews = ld.review as { author: { name: string }; reviewRating: { ratingValue: number }; reviewBody: string; datePublished: string }[];
    expect(reviews.map((review) => review.reviewRating.ratingValue)).toEqual([4, 5]);
    expect(reviews[1]!.reviewBody).toBe("Great fit <script>alert('x')</script> & soft");
    expect(reviews[0]!.author).toEqual({ "@type": "Person", name: "Mali S." });
    expect(reviews[0]!.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The JSON-LD cannot close its script element.
    expect(page).toContain("\\u003cscript>alert");

    const thai = await html(await get(`/th/shop/${product.slug}?rt=${Date.now()}`));
    expect(thai).toContain("4.5 จาก 5");
    // Buddhist-era year on Thai pages.
    expect(thai).toContain(String(new Date().getUTCFullYear() + 543));
  });

  it("should page the reviews with ?reviews= (more), odd values being the first step", async () => {
    const product = await aProduct();
    for (let index = 0; index < 6; index += 1) await approvedReview(product, "3", `Review number ${index} of six, all fine.`);
    const count = (page: string) => page.match(/data-testid="review" /g)?.length ?? 0;
    const firstPage = await html(await get(`/shop/${product.slug}`));
    expect(count(firstPage)).toBe(5);
    expect(firstPage).toContain(`href="/shop/${product.slug}?reviews=2#reviews"`);
    const secondPage = await html(await get(`/shop/${product.slug}?reviews=2`));
    expect(count(secondPage)).toBe(6);
    expect(secondPage).not.toContain('data-testid="reviews-more"');
    for (const odd of ["abc", "0", "-1", "99999"]) expect((await get(`/shop/${product.slug}?reviews=${odd}`)).status).toBe(200);
  });
});

describe("the purchase page's link", () => {
  it("should offer 'Write a review' per product of a completed order only", async () => {
    const product = await aProduct();
    const customer = await newCustomer("purchase-review");
    const completed = await placeOrder({
      customerId: customer.id,
      statusId: orderStatusId.completed,
      productId: product.productId,
      variantId: product.variantId,
    });
    const paid = await placeOrder({ customerId: customer.id, statusId: orderStatusId.paid, productId: product.productId, variantId: product.variantId });
    const headers = { cookie: customer.cookie };
    const completedPage = await html(await get(`/my-purchase/${completed.orderNumber}`, headers));
    expect(completedPage).toContain(`href="/shop/${product.slug}/review"`);
    expect(completedPage).toContain('data-testid="write-review"');
    expect(await html(await get(`/my-purchase/${paid.orderNumber}`, headers))).not.toContain('data-testid="write-review"');
    expect(await html(await get(`/th/my-purchase/${completed.orderNumber}`, headers))).toContain(`href="/th/shop/${product.slug}/review"`);
  });
});

describe("the back office's reviews", () => {
  it("should list, filter, search and export reviews, and approve or hide them per row and in bulk", async () => {
    const product = await aProduct();
    const a = await customerWithOrder(product, orderStatusId.completed);
    const b = await customerWithOrder(product, orderStatusId.completed);
    expect((await send(product.slug, { cookie: a.cookie }, { body: "Lovely colour, exactly as pictured." })).status).toBe(302);
    expect((await send(product.slug, { cookie: b.cookie }, { rating: "3", body: "Runs a little small for me." })).status).toBe(302);
    const [ra, rb] = [(await reviewOf(product.productId, a.id))!, (await reviewOf(product.productId, b.id))!];

    const pending = await html(await get(`${listPath}?status=pending&q=${encodeURIComponent(a.email)}`, admin()));
    expect(pending).toContain('data-testid="review-list"');
    expect(pending).toContain(`data-id="${ra.id}"`);
    expect(pending).not.toContain(`data-id="${rb.id}"`);
    expect(await html(await get(`${listPath}?q=runs%20a%20little&status=bogus&rating=9&page=abc`, admin()))).toContain(`data-id="${rb.id}"`);
    expect(await html(await get(`/th${listPath}?q=${encodeURIComponent(b.email)}`, admin()))).toContain("รอตรวจสอบ");

    const bulk = await moderate("approve", [ra.id, rb.id]);
    expect(bulk.status).toBe(302);
    expect(toastOf(bulk)).toBe("reviewsAdmin:bulk.approveDone");
    expect((await reviewOf(product.productId, a.id))!.status).toBe("approved");
    expect((await reviewOf(product.productId, b.id))!.status).toBe("approved");
    expect(await html(await get(`/shop/${product.slug}`, { cookie: a.cookie }))).toMatch(/data-average="4" data-count="2"/);

    const hide = await moderate("hide", [rb.id]);
    expect(hide.status).toBe(302);
    const hidden = (await reviewOf(product.productId, b.id))!;
    expect(hidden.status).toBe("hidden");
    expect(hidden.moderatedByStaffUserId).not.toBeNull();
    // The average counts only approved reviews.
    expect(await html(await get(`/shop/${product.slug}`, { cookie: a.cookie }))).toMatch(/data-average="5" data-count="1"/);

    for (const [prefix, lists, reviewsAdmin] of [
      ["", listsEn, reviewsAdminEn],
      ["/th", listsTh, reviewsAdminTh],
    ] as const) {
      const none = await moderate("approve", [], admin(), `${prefix}${listPath}`);
      expect(none.status).toBe(400);
      expect(await html(none)).toContain(lists.validation.noneSelected);
      const unknown = await postForm(`${prefix}${listPath}`, { intent: "delete", ids: String(ra.id) }, admin());
      expect(unknown.status).toBe(400);
      expect(await html(unknown)).toContain(reviewsAdmin.validation.unknownAction);
    }

    const csv = await (await get(`${listPath}/export.csv?q=${encodeURIComponent(a.email)}`, admin())).text();
    expect(csv.split("\r\n")[0]).toContain("Product");
    expect(csv).toContain("Lovely colour, exactly as pictured.");
    expect(csv).toContain(a.email);
    const print = await html(await get(`${listPath}?print=1&q=${encodeURIComponent(a.email)}`, admin()));
    expect(print).toContain("Lovely colour, exactly as pictured.");
    expect((await get(`${listPath}?page=999`, admin())).status).toBe(404);
  });

  it("should be in the Products menu group and refuse roles without it (Editor, User), however the address is spelled", async () => {
    expect(await html(await get("/backend/products/all-product", admin()))).toContain(`href="${listPath}"`);
    const product = await aProduct();
    const customer = await customerWithOrder(product, orderStatusId.completed);
    expect((await send(product.slug, { cookie: customer.cookie })).status).toBe(302);
    const review = (await reviewOf(product.productId, customer.id))!;
    const spellings = [listPath, "/BACKEND/PRODUCTS/REVIEWS", "/backend/products/%72eviews", `${listPath}.data`, `/th${listPath}`, `${listPath}/export.csv`];
    for (const role of ["staff-3", "staff-5"] as const) {
      for (const path of spellings) {
        const page = await get(path, cookies[role]);
        expect(page.status, `GET ${path} as ${role}`).toBe(403);
        await page.arrayBuffer();
      }
      for (const path of [listPath, "/BACKEND/PRODUCTS/REVIEWS", "/backend/products/%72eviews", `${listPath}.data`]) {
        const response = await moderate("approve", [review.id], cookies[role], path);
        expect(response.status, `POST ${path} as ${role}`).toBe(403);
        await response.arrayBuffer();
      }
    }
    for (const viewer of ["guest", "customer"] as const) {
      const response = await moderate("approve", [review.id], cookies[viewer]);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).not.toContain(listPath);
    }
    expect((await reviewOf(product.productId, customer.id))!.status).toBe("pending");
    // An Author (role 4) has Products.
    expect((await get(listPath, cookies["staff-4"])).status).toBe(200);
  });
});
