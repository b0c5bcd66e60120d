import { z } from "zod";

import { thaiAddress } from "~/features/thai-address/thai-address.server";

import type { Route } from "./+types/thai-address";

/**
 * GET /resources/thai-address — one list of the Thai address picker at a time, so the dataset
 * stays on the server (DESIGN §5 Addresses):
 *   (no query)                    → { provinces: { name, label }[] }
 *   ?province=…                   → { province, districts: { name, label }[] }
 *   ?province=…&district=…        → { province, district, subdistricts: { name, label, zipcodes[] }[] }
 * `name` is the Thai name the form posts; `label` is in `lang` (en, the default, or th), and the
 * lists are sorted by it.
 * An unknown name answers 404, a malformed query 400 — both JSON. Public data that only changes
 * with a deploy: shared caches may keep it for a day.
 */
const name = z.string().trim().min(1).max(100);
const querySchema = z
  .object({ province: name.optional(), district: name.optional(), lang: z.enum(["en", "th"]).default("en") })
  .refine((query) => !query.district || query.province, {
    message: "district needs province",
  });

const cacheHeaders = { "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff" };

function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: status === 200 ? cacheHeaders : { "Cache-Control": "no-store" } });
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = querySchema.safeParse({
    province: params.get("province") ?? undefined,
    district: params.get("district") ?? undefined,
    lang: params.get("lang") ?? undefined,
  });
  if (!query.success) return json({ error: "invalid-query" }, 400);
  const { province, district, lang } = query.data;
  const areas = await thaiAddress();
  if (!province) return json({ provinces: areas.provinces(lang) });
  if (!district) {
    const districts = areas.districts(province, lang);
    return districts ? json({ province, districts }) : json({ error: "province-not-found" }, 404);
  }
  const subdistricts = areas.subdistricts(province, district, lang);
  return subdistricts ? json({ province, district, subdistricts }) : json({ error: "district-not-found" }, 404);
}
