import { getCloudflare } from "~/cloudflare";
import { getViewer } from "~/features/accounts/viewer.server";
import { designImageKey, designOwnerOf, findOwnDesign, findOwnUpload } from "~/features/custom/designs.server";
import { servePrivateFile } from "~/features/media/media.server";

import type { Route } from "./+types/custom-file";

/**
 * A shopper's own design files, private in R2: `/custom/upload/{name}` (an image they uploaded into
 * the designer) and `/custom/design/{designId}/{preview-front|preview-back|print-front|print-back}.png`
 * (the images rendered when they sent it). Only the design's owner gets them; anyone else gets 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const owner = designOwnerOf(getViewer(context));
  let key: string | null = null;
  if (params.name) {
    key = await findOwnUpload(env.DB, owner, params.name);
  } else if (params.designId && /^[1-9][0-9]{0,8}$/.test(params.designId) && params.image?.endsWith(".png")) {
    const design = await findOwnDesign(env.DB, owner, Number(params.designId));
    key = design ? designImageKey(design, params.image.slice(0, -".png".length)) : null;
  }
  return servePrivateFile(env.MEDIA, key);
}
