import { requiredRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { servePrivateFile } from "~/features/media/media.server";
import { staffReviewPhotoKey } from "~/features/reviews/reviews.server";

import type { Route } from "./+types/review-photo";

/**
 * A review's photo for staff whose role opens Products (the layout's middleware and this loader both
 * check), at any status — staff decide on it before shoppers see it. Private in R2, streamed.
 */
export async function loader(args: Route.LoaderArgs) {
  const { env } = staffRoute(args);
  const key = await staffReviewPhotoKey(env.DB, requiredRecordId(args.params.id));
  return servePrivateFile(env.MEDIA, key);
}
