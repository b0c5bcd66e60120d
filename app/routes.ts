import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import type { Locale } from "./i18n/config";

/**
 * The one map of every URL. Storefront pages exist twice: English at `/…` and Thai at `/th/…`
 * (same module, route ids prefixed with the language). Anything else, `/en/…` included, falls
 * through to that language's not-found page.
 */
function storefront(locale: Locale): RouteConfigEntry {
  const id = (name: string) => `${locale}/${name}`;
  const pages = [
    index("routes/storefront/home.tsx", { id: id("home") }),
    route("shop", "routes/storefront/shop.tsx", { id: id("shop") }),
    route("*", "routes/storefront/not-found.tsx", { id: id("not-found") }),
  ];
  return locale === "th"
    ? route("th", "routes/storefront/layout.tsx", { id: id("storefront") }, pages)
    : layout("routes/storefront/layout.tsx", { id: id("storefront") }, pages);
}

export default [
  // Preference switchers (not pages, so not per language).
  route("change-language", "routes/resources/change-language.ts"),
  route("change-currency", "routes/resources/change-currency.ts"),

  storefront("th"),
  storefront("en"),
] satisfies RouteConfig;
