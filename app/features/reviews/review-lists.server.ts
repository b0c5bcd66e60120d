import { reviewListColumns, reviewListDefinition } from "./review-list";
import { listAdminReviews } from "./reviews.server";

/** The review list as its page's loader and its CSV route hand it to the list kit (app/features/backoffice/list-page.server.ts). */
export const reviewList = {
  definition: reviewListDefinition,
  fetch: listAdminReviews,
  csv: { namespace: "reviewsAdmin", columns: reviewListColumns, filename: "reviews" },
} as const;
