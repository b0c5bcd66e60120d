import { staffRoute } from "~/features/backoffice/staff-route.server";
import { loadCustomOrderReview } from "~/features/custom/custom-orders.server";
import { designImageKey } from "~/features/custom/designs.server";
import { servePrivateFile } from "~/features/media/media.server";

import type { Route } from "./+types/custom-design-image";

/**
 * A custom order's design image for staff whose role opens Orders: the previews and the print
 * images at print resolution (`preview-front.png` … `print-back.png`). Private in R2; the
 * back-office layout's middleware and this loader both check.
 */
export async function loader(args: Route.LoaderArgs) {
  const { env } = staffRoute(args);
  const image = args.params.image.endsWith(".png") ? args.params.image.slice(0, -".png".length) : "";
  const review = await loadCustomOrderReview(env.DB, args.params.orderNumber);
  const key = review ? designImageKey(review.design, image) : null;
  const response = await servePrivateFile(env.MEDIA, key);
  if (image.startsWith("print-")) response.headers.set("content-disposition", `attachment; filename="${review!.order.orderNumber}-${image}.png"`);
  return response;
}
