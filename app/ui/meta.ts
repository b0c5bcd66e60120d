import type { MetaDescriptor } from "react-router";

import { localeFromPathname } from "~/i18n/config";
import { localized } from "~/i18n/localized";

/** Texts a storefront page's loader returns for its <title> and description (already translated). */
export interface PageMeta {
  title: string;
  description?: string;
  /** The page's picture for link previews (og:image): a `/media/…` path or an absolute URL. */
  image?: string | null;
}

/** The shop's link-preview picture for pages without one of their own (public/og-image.png). */
export const defaultOgImage = { path: "/og-image.png", width: 1200, height: 630 } as const;

interface MatchLike {
  id: string;
  loaderData: unknown;
}

/** The shop's name in the page's language, from the storefront layout's data ("Pryde" when missing). */
export function siteNameFromMatches(matches: readonly (MatchLike | undefined)[], pathname: string): string {
  const locale = localeFromPathname(pathname);
  const layout = matches.find((match) => match?.id === `${locale}/storefront`)?.loaderData as { site?: { nameEn: string; nameTh: string } } | undefined;
  const site = layout?.site;
  return (site ? localized(site, "name", locale) : "") || "Pryde";
}

/**
 * `<title>` "Page | Site" and a description. Pages export
 *   export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
 *     storefrontMeta(loaderData?.meta, matches, location.pathname);
 * With no page title (home) the title is the site name followed by the description's tagline.
 */
export function storefrontMeta(
  meta: PageMeta | undefined,
  matches: readonly (MatchLike | undefined)[],
  pathname: string,
  /**
   * `type`: the page's og:type ("product"); one of each og: property per page, never a second one.
   * `noindex`: a page of one shopper (cart, checkout, an order, an account page) that search engines leave out.
   */
  options: { titleFirst?: boolean; siteName?: string; type?: string; noindex?: boolean } = {},
): MetaDescriptor[] {
  const robots: MetaDescriptor[] = options.noindex ? [{ name: "robots", content: "noindex" }] : [];
  const site = options.siteName || siteNameFromMatches(matches, pathname);
  if (!meta) return [{ title: site }, ...robots];
  const title = options.titleFirst === false ? `${site} | ${meta.title}` : `${meta.title} | ${site}`;
  const descriptors: MetaDescriptor[] = [{ title }, { property: "og:title", content: title }, { property: "og:site_name", content: site }];
  if (meta.description) {
    descriptors.push({ name: "description", content: meta.description }, { property: "og:description", content: meta.description });
  }
  // Link previews need absolute addresses; the root loader knows the shop's public origin.
  const origin = (matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined)?.origin ?? "";
  const absolute = (path: string) => (/^https?:\/\//i.test(path) ? path : `${origin}${path}`);
  const locale = localeFromPathname(pathname);
  descriptors.push(
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:url", content: absolute(pathname) },
    { property: "og:locale", content: locale === "th" ? "th_TH" : "en_US" },
    { property: "og:image", content: absolute(meta.image || defaultOgImage.path) },
    { name: "twitter:card", content: "summary_large_image" },
  );
  if (!meta.image) {
    descriptors.push(
      { property: "og:image:width", content: String(defaultOgImage.width) },
      { property: "og:image:height", content: String(defaultOgImage.height) },
    );
  }
  return [...descriptors, ...robots];
}
