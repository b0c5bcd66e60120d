import { getCloudflare } from "~/cloudflare";
import { sitemapXml } from "~/domain/sitemap";
import { loadSitemapPages } from "~/features/content/sitemap.server";

import type { Route } from "./+types/sitemap";

/** GET /sitemap.xml — every public page in English and Thai with hreflang alternates (app/domain/sitemap.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const origin = env.PUBLIC_ORIGIN || new URL(request.url).origin;
  const pages = await loadSitemapPages(env.DB);
  return new Response(sitemapXml(origin, pages), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
