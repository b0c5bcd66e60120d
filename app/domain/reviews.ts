import { orderStatusId } from "./order-status";

/**
 * Product reviews (issue 20): who may write one, what a review may say, how a reviewer is named in
 * public and what the product's structured data says about its reviews. Pure rules; the queries are
 * in app/features/reviews/reviews.server.ts.
 */
export const reviewStatuses = ["pending", "approved", "hidden"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const reviewRatingMin = 1;
export const reviewRatingMax = 5;
export const reviewRatings = [1, 2, 3, 4, 5] as const;
/** The review form's choices (form values are strings). */
export const reviewRatingChoices = ["1", "2", "3", "4", "5"] as const;
export const reviewBodyMinLength = 10;
export const reviewBodyMaxLength = 2000;
export const reviewPhotoMaxMegabytes = 5;
export const reviewPhotoMaxBytes = reviewPhotoMaxMegabytes * 1024 * 1024;

export interface ReviewEligibilityInput {
  /** A signed-in customer (guests and staff are not). */
  signedIn: boolean;
  productId: number;
  /** The customer's order lines (any product), with the status of the order each belongs to. */
  orderLines: readonly { productId: number | null; orderStatusId: number }[];
  /** The customer's review of this product, if they wrote one. */
  existingReview: { id: number } | null;
}

export type ReviewEligibility =
  | { allowed: true; mode: "write" }
  /** Once per product: a second visit edits the review (which sends it back to pending). */
  | { allowed: true; mode: "edit"; reviewId: number }
  | { allowed: false; reason: "sign-in" | "not-bought" | "not-completed" };

/**
 * Only a customer whose order of the product is completed (status 7) may review it: not when the
 * order is still on its way (the product has not been worn yet), cancelled or refunded.
 */
export function decideReviewEligibility(input: ReviewEligibilityInput): ReviewEligibility {
  if (!input.signedIn) return { allowed: false, reason: "sign-in" };
  const lines = input.orderLines.filter((line) => line.productId === input.productId);
  if (lines.length === 0) return { allowed: false, reason: "not-bought" };
  if (!lines.some((line) => line.orderStatusId === orderStatusId.completed)) return { allowed: false, reason: "not-completed" };
  return input.existingReview ? { allowed: true, mode: "edit", reviewId: input.existingReview.id } : { allowed: true, mode: "write" };
}

/**
 * How a reviewer is named in public: first name and the initial of the last name ("Mali S."), never
 * the e-mail address or the full name.
 */
export function reviewerName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0];
  if (!first) return initial ? `${initial}.` : "";
  return initial ? `${first} ${initial}.` : first;
}

/** The average of the ratings to one decimal (4.25 → 4.3), or null without ratings. */
export function averageRating(total: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((total / count) * 10) / 10;
}

export interface PublishedReview {
  authorName: string;
  rating: number;
  body: string;
  /** Epoch ms. */
  publishedAt: number;
}

/**
 * The reviews part of a product's schema.org JSON-LD: `aggregateRating` and `review` when there
 * are approved reviews, nothing at all when there are none (search engines reject an empty rating).
 */
export function reviewJsonLd(summary: { average: number | null; count: number }, reviews: readonly PublishedReview[]) {
  if (summary.count <= 0 || summary.average === null) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: reviewRatingMax,
      worstRating: reviewRatingMin,
    },
    review: reviews.map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.authorName },
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: reviewRatingMax, worstRating: reviewRatingMin },
      reviewBody: review.body,
      datePublished: new Date(review.publishedAt).toISOString().slice(0, 10),
    })),
  };
}
