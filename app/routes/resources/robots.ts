import { getCloudflare } from "~/cloudflare";
import { robotsTxt } from "~/domain/sitemap";

import type { Route } from "./+types/robots";

/** GET /robots.txt — the storefront is open to crawlers; the back office, cart and account pages are not. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  return new Response(robotsTxt(env.PUBLIC_ORIGIN || new URL(request.url).origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
