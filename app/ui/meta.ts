import type { MetaDescriptor } from "react-router";
import { localeFromPathname } from "~/i18n/config";

/** Texts a storefront page's loader returns for its <title> and description (already translated). */
export interface PageMeta {
  title: string;
  description?: string;
}

interface MatchLike {
  id: string;
  loaderData: unknown;
}

/** The shop's name in the page's language, from the storefront layout's data ("Pryde" when missing). */
export function siteNameFromMatches(matches: readonly (MatchLike | undefined)[], pathname: string): string {
  const locale = localeFromPathname(pathname);
  const layout = matches.find((match) => match?.id === `${locale}/storefront`)?.loaderData as
    | { site?: { nameEn?: string; nameTh?: string } }
    | undefined;
  const site = layout?.site;
  return (locale === "th" ? site?.nameTh : site?.nameEn) || site?.nameEn || "Pryde";
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
  options: { titleFirst?: boolean } = {},
): MetaDescriptor[] {
  const site = siteNameFromMatches(matches, pathname);
  if (!meta) return [{ title: site }];
  const title = options.titleFirst === false ? `${site} | ${meta.title}` : `${meta.title} | ${site}`;
  const descriptors: MetaDescriptor[] = [{ title }, { property: "og:title", content: title }, { property: "og:site_name", content: site }];
  if (meta.description) {
    descriptors.push({ name: "description", content: meta.description }, { property: "og:description", content: meta.description });
  }
  return descriptors;
}
