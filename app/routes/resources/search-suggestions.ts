import { z } from "zod";

import { getCloudflare } from "~/cloudflare";
import { maxSearchLength, maxSuggestions, searchSuggestions } from "~/features/catalog/catalog.server";

import type { Route } from "./+types/search-suggestions";

/**
 * GET /resources/search-suggestions?q=…&lang=en|th — the search dialog's typeahead: up to 6
 * published products for what has been typed so far, best match first, from the same full-text
 * search as /shop?search=…:
 *   { query, suggestions: { slug, name, priceSatang, imageKey }[] }
 * `q` is cut to the shop's search length (not refused); an empty `q` answers no suggestions; an
 * unknown `lang` answers 400. Public data: shared caches may keep an answer for a minute.
 */
const querySchema = z.object({
  q: z.string().transform((value) => value.trim().slice(0, maxSearchLength)),
  lang: z.enum(["en", "th"]),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = querySchema.safeParse({ q: params.get("q") ?? "", lang: params.get("lang") ?? "en" });
  if (!query.success) {
    return Response.json({ error: "invalid-query" }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const { q, lang } = query.data;
  const { env } = getCloudflare(context);
  const suggestions = q ? await searchSuggestions(env.DB, q, lang, maxSuggestions) : [];
  return Response.json({ query: q, suggestions }, { headers: { "Cache-Control": "public, max-age=60", "X-Content-Type-Options": "nosniff" } });
}
