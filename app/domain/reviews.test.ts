import { describe, expect, it } from "vitest";

import { orderStatusId, orderStatusIds } from "./order-status";
import { averageRating, decideReviewEligibility, type ReviewEligibility, type ReviewEligibilityInput, reviewerName, reviewJsonLd } from "./reviews";

const product = 7;
const other = 8;
const line = (productId: number | null, status: number) => ({ productId, orderStatusId: status });

describe("decideReviewEligibility", () => {
  const cases: [string, ReviewEligibilityInput, ReviewEligibility][] = [
    [
      "a guest",
      { signedIn: false, productId: product, orderLines: [line(product, orderStatusId.completed)], existingReview: null },
      { allowed: false, reason: "sign-in" },
    ],
    ["a customer without orders", { signedIn: true, productId: product, orderLines: [], existingReview: null }, { allowed: false, reason: "not-bought" }],
    [
      "a customer whose order of it is paid but not completed",
      { signedIn: true, productId: product, orderLines: [line(product, orderStatusId.paid)], existingReview: null },
      { allowed: false, reason: "not-completed" },
    ],
    [
      "a customer with a completed order of another product",
      { signedIn: true, productId: product, orderLines: [line(other, orderStatusId.completed), line(null, orderStatusId.completed)], existingReview: null },
      { allowed: false, reason: "not-bought" },
    ],
    [
      "a customer with a completed order of it",
      {
        signedIn: true,
        productId: product,
        orderLines: [line(product, orderStatusId.cancelled), line(product, orderStatusId.completed)],
        existingReview: null,
      },
      { allowed: true, mode: "write" },
    ],
    [
      "a customer who already reviewed it",
      { signedIn: true, productId: product, orderLines: [line(product, orderStatusId.completed)], existingReview: { id: 41 } },
      { allowed: true, mode: "edit", reviewId: 41 },
    ],
  ];
  it.each(cases)("%s", (_name, input, expected) => {
    expect(decideReviewEligibility(input)).toEqual(expected);
  });

  it("should allow only the completed status among all order statuses", () => {
    const allowed = orderStatusIds.filter(
      (status) => decideReviewEligibility({ signedIn: true, productId: product, orderLines: [line(product, status)], existingReview: null }).allowed,
    );
    expect(allowed).toEqual([orderStatusId.completed]);
  });
});

describe("reviewerName", () => {
  it.each([
    ["Mali", "Srisuk", "Mali S."],
    ["  Mali ", "", "Mali"],
    ["สมชาย", "ใจดี", "สมชาย ใ."],
    ["", "Srisuk", "S."],
    ["", "", ""],
  ])("%s %s → %s", (first, last, expected) => {
    expect(reviewerName(first, last)).toBe(expected);
  });
});

describe("averageRating", () => {
  it("should round to one decimal and be null without ratings", () => {
    expect(averageRating(17, 4)).toBe(4.3);
    expect(averageRating(5, 1)).toBe(5);
    expect(averageRating(0, 0)).toBeNull();
  });
});

describe("reviewJsonLd", () => {
  it("should say nothing without approved reviews", () => {
    expect(reviewJsonLd({ average: null, count: 0 }, [])).toEqual({});
  });

  it("should carry the aggregate rating and each review with its author's display name", () => {
    const ld = reviewJsonLd({ average: 4.5, count: 2 }, [
      { authorName: "Mali S.", rating: 5, body: "Fits well", publishedAt: Date.UTC(2026, 10, 1, 12) },
      { authorName: "Anan K.", rating: 4, body: "Good cotton", publishedAt: Date.UTC(2026, 9, 3, 12) },
    ]);
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    expect(ld.review?.[0]).toEqual({
      "@type": "Review",
      author: { "@type": "Person", name: "Mali S." },
      reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
      reviewBody: "Fits well",
      datePublished: "2026-11-01",
    });
  });
});
