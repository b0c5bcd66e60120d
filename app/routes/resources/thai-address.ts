import { z } from "zod";
import { thaiDistricts, thaiProvinces, thaiSubdistricts } from "~/features/thai-address/thai-address.server";
import type { Route } from "./+types/thai-address";

/**
 * GET /resources/thai-address — one list of the Thai address picker at a time, so the dataset
 * stays on the server (DESIGN §5 Addresses):
 *   (no query)                    → { provinces: string[] }
 *   ?province=…                   → { province, districts: string[] }
 *   ?province=…&district=…        → { province, district, subdistricts: { name, zipcodes[] }[] }
 * An unknown name answers 404, a malformed query 400 — both JSON. Public data that only changes
 * with a deploy: shared caches may keep it for a day.
 */
const name = z.string().trim().min(1).max(100);
const querySchema = z.object({ province: name.optional(), district: name.optional() }).refine((query) => !query.district || query.province, {
  message: "district needs province",
});

const cacheHeaders = { "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff" };

function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: status === 200 ? cacheHeaders : { "Cache-Control": "no-store" } });
}

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = querySchema.safeParse({ province: params.get("province") ?? undefined, district: params.get("district") ?? undefined });
  if (!query.success) return json({ error: "invalid-query" }, 400);
  const { province, district } = query.data;
  if (!province) return json({ provinces: thaiProvinces() });
  if (!district) {
    const districts = thaiDistricts(province);
    return districts ? json({ province, districts }) : json({ error: "province-not-found" }, 404);
  }
  const subdistricts = thaiSubdistricts(province, district);
  return subdistricts ? json({ province, district, subdistricts }) : json({ error: "district-not-found" }, 404);
}
