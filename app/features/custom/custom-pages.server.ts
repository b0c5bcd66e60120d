import type { Locale } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { mediaUrl } from "~/ui/media-url";

import { listPublishedCustomProducts } from "./custom-products.server";
import type { CustomProductCard } from "./custom-ui";

/** The garment cards of /custom and /custom/select, in the page's language. */
export async function customProductCards(d1: D1Database, locale: Locale): Promise<CustomProductCard[]> {
  const products = await listPublishedCustomProducts(d1);
  return products.map((product) => ({
    id: product.id,
    name: localized(product, "name", locale),
    description: localized(product, "description", locale),
    basePriceSatang: product.basePriceSatang,
    minQuantity: product.minQuantity,
    imageUrl: product.frontImageKey ? mediaUrl(product.frontImageKey) : null,
  }));
}
