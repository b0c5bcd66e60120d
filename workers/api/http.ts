/**
 * Small HTTP rules of the JSON API (docs/decisions/0016-json-api.md), pure so they are unit-tested:
 * reading the bearer token, the answer's language, the CORS allow-list and the Accept header.
 */

/** The token of `Authorization: Bearer <token>`; null when there is no such header, "" when it is malformed. */
export function bearerToken(header: string | null | undefined): string | null {
  if (header === null || header === undefined || header.trim() === "") return null;
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header.trim());
  return match ? match[1]! : "";
}

/** Thai when `Accept-Language` prefers Thai over English, else English (the shop's default). */
export function preferredLocale(header: string | null | undefined): "en" | "th" {
  if (!header) return "en";
  let best: { locale: "en" | "th"; q: number } = { locale: "en", q: 0 };
  for (const part of header.split(",")) {
    const [tag = "", ...params] = part.trim().split(";");
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const language = tag.trim().toLowerCase().split("-")[0];
    const locale = language === "th" ? "th" : language === "en" || language === "*" ? "en" : null;
    if (locale && q > best.q) best = { locale, q };
  }
  return best.locale;
}

/** API_CORS_ORIGINS: a comma list of origins ("https://app.example.com"); empty means CORS is off. */
export function corsOrigins(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((origin) => origin.trim().replace(/\/+$/, ""))
    .filter((origin) => origin === "*" || /^https?:\/\/[^/\s]+$/i.test(origin));
}

/** Whether a client with this Accept header takes JSON (no header: yes). */
export function acceptsJson(header: string | null | undefined): boolean {
  if (!header || header.trim() === "") return true;
  return header.split(",").some((part) => {
    const [range = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (q && Number(q.slice(2)) <= 0) return false;
    const type = range.trim();
    return type === "*/*" || type === "application/*" || type === "application/json" || type.endsWith("+json");
  });
}
