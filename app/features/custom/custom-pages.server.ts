import type { Locale } from "~/i18n/config";
import { mediaUrl } from "~/ui/media-url";
import type { CustomProductCard } from "./custom-ui";
import { listPublishedCustomProducts } from "./custom-products.server";

/** The garment cards of /custom and /custom/select, in the page's language. */
export async function customProductCards(d1: D1Database, locale: Locale): Promise<CustomProductCard[]> {
  const products = await listPublishedCustomProducts(d1);
  return products.map((product) => ({
    id: product.id,
    name: locale === "th" ? product.nameTh : product.nameEn,
    description: locale === "th" ? product.descriptionTh : product.descriptionEn,
    basePriceSatang: product.basePriceSatang,
    minQuantity: product.minQuantity,
    imageUrl: product.frontImageKey ? mediaUrl(product.frontImageKey) : null,
  }));
}
