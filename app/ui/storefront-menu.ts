import type { StorefrontChrome } from "~/features/content/site.server";
import type { Locale } from "~/i18n/config";
import { localized } from "~/i18n/localized";

/** Spec §2 "Storefront menus". Paths are bare; components localize them. */
export const topMenu = [
  { path: "/shop", label: "menu.shop" },
  { path: "/collection", label: "menu.collection" },
  { path: "/custom", label: "menu.custom", highlight: true },
  { path: "/contact", label: "menu.contact" },
  { path: "/tracking", label: "menu.tracking" },
] as const;

/** The drawer adds these to the top menu; the footer shows them too. */
export const helpMenu = [
  { path: "/faqs", label: "menu.faqs" },
  { path: "/size-guides", label: "menu.sizeGuides" },
  { path: "/privacy-policy", label: "menu.privacyPolicy" },
] as const;

/** A category as the menus show it. */
export type StorefrontCategory = StorefrontChrome["categories"][number];

export function categoryName(category: Pick<StorefrontCategory, "nameEn" | "nameTh">, locale: Locale): string {
  return localized(category, "name", locale);
}

/** The shop filtered by one category (bare path). */
export function categoryPath(id: number): string {
  return `/shop?category=${id}`;
}

/** A signed-in customer as the chrome needs it (from the root loader's viewer summary). */
export interface StorefrontCustomer {
  displayName: string;
}
