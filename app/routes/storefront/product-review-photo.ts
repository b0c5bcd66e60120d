import { getCloudflare } from "~/cloudflare";
import { getViewer } from "~/features/accounts/viewer.server";
import { servePrivateFile } from "~/features/media/media.server";
import { shopperReviewPhotoKey } from "~/features/reviews/reviews.server";

import type { Route } from "./+types/product-review-photo";

/**
 * A review's photo (issue 20). It is private in R2 until staff approve the review: before that only
 * its author sees it here (staff see it in the back office); once approved, anyone. Otherwise 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { env } = getCloudflare(args.context);
  const id = /^[1-9][0-9]{0,8}$/.test(args.params.id) ? Number(args.params.id) : null;
  const key = id === null ? null : await shopperReviewPhotoKey(env.DB, getViewer(args.context), args.params.slug, id);
  return servePrivateFile(env.MEDIA, key);
}
