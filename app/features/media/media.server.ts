import { data } from "react-router";
/**
 * Serves R2 objects under /media/<key>. Keys whose file name carries a content hash
 * (`name-<8+ hex>.ext`, as every upload and seeded image gets) never change, so browsers may keep
 * them for a year; other keys are revalidated after five minutes.
 */
const immutableKey = /-[0-9a-f]{8,}\.[a-z0-9]+$/i;

const contentTypes: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  bmp: "image/bmp",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  json: "application/json",
  woff2: "font/woff2",
};

export function contentTypeForKey(key: string): string {
  const extension = key.split(".").pop()?.toLowerCase() ?? "";
  return contentTypes[extension] ?? "application/octet-stream";
}

export function cacheControlForKey(key: string): string {
  return immutableKey.test(key) ? "public, max-age=31536000, immutable" : "public, max-age=300";
}

/**
 * R2 prefixes that are never served here: payment slips carry personal data and are streamed to
 * staff only, after a permission check (app/routes/backend/orders/payment-slip.ts).
 */
export const privateMediaPrefixes = ["private/", "slips/"] as const;

export function isPrivateMediaKey(key: string): boolean {
  return privateMediaPrefixes.some((prefix) => key.startsWith(prefix));
}

export async function serveMedia(bucket: R2Bucket, request: Request, rawKey: string): Promise<Response> {
  let key: string;
  try {
    key = decodeURIComponent(rawKey);
  } catch {
    return new Response("Not found", { status: 404 });
  }
  if (!key || key.includes("..") || isPrivateMediaKey(key)) return new Response("Not found", { status: 404 });

  const object = await bucket.get(key, { onlyIf: request.headers });
  if (!object) return new Response("Not found", { status: 404 });

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  if (!headers.has("content-type")) headers.set("content-type", contentTypeForKey(key));
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", cacheControlForKey(key));
  headers.set("x-content-type-options", "nosniff");
  // SVG can carry script; keep it inert when opened directly.
  if (headers.get("content-type")?.startsWith("image/svg")) headers.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");

  // `onlyIf` failed (If-None-Match matched): the object has no body.
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  return new Response(object.body, { status: 200, headers });
}

/**
 * A private R2 file (payment slip, exchange photo) for the one viewer the caller has already
 * checked: never stored by a shared cache, never sniffed into something executable.
 */
export async function servePrivateFile(bucket: R2Bucket, key: string | null): Promise<Response> {
  const object = key ? await bucket.get(key) : null;
  // One answer for "not yours" (no key) and "not there": a viewer cannot tell them apart.
  if (!key || !object) throw data(null, { status: 404 });
  return privateFileResponse(object, key);
}

function privateFileResponse(object: R2ObjectBody, key: string): Response {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  if (!headers.has("content-type")) headers.set("content-type", contentTypeForKey(key));
  headers.set("cache-control", "private, no-store");
  headers.set("x-content-type-options", "nosniff");
  headers.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'");
  return new Response(object.body, { status: 200, headers });
}
