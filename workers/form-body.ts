import { galleryMaxBytes, galleryMaxFiles } from "../app/features/catalog-admin/gallery-limits";
import { maxDesignImageBytes } from "../app/features/custom/designs.server";
import type { RefusedBodyStatus } from "../app/features/security/door.server";
import { isSoundForm } from "../app/ui/form/sound-form";

/**
 * The door's body check for every page action (DESIGN §4.15): React Router actions read their
 * body with `request.formData()`, which throws — a 500 — on anything that is not a form. Our
 * pages only ever send forms (the designer's "JSON calls" too: FormData bodies, multipart), so
 * the Worker checks once, before React Router runs, and refuses:
 *
 * - 415 a body that is not `application/x-www-form-urlencoded` or `multipart/form-data` (JSON,
 *   text, none at all). JSON belongs to /api, which never reaches this check.
 * - 413 a body over the limit of its kind (from Content-Length when given, else while reading).
 * - 400 a form body that cannot be parsed (a broken multipart body, a missing boundary), or one
 *   Conform cannot read (app/ui/form/sound-form.ts: a list index past maxFormListIndex, an
 *   `__intent__` that is not Conform's JSON) — checked here once, so no action has to.
 *
 * A form that passes is handed on as a buffered copy, so actions read it as before.
 */
const mutationMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const urlencoded = "application/x-www-form-urlencoded";
const multipart = "multipart/form-data";

const megabyte = 1024 * 1024;
/**
 * Text forms: the longest are the back-office pages with two rich texts of 100,000 characters
 * (domain/rich-text.ts); Thai percent-encodes to 9 bytes a letter (≈ 1.8 MB). Room above that so
 * the form answers its own "too long" message rather than this page.
 */
export const urlencodedMaxBytes = 4 * megabyte;
/**
 * Uploads, by default: above every single-file form (designer uploads 10 MB, slips and exchange
 * photos 5 MB, avatars 2 MB, a custom product's two 5 MB mockups), again with room for the form's
 * own "file too large" message (each checks its own limit first).
 */
export const multipartMaxBytes = 16 * megabyte;
/** The two forms that carry several large files: their own request limit plus room. */
const multipartMaxBytesByPath: readonly [RegExp, number][] = [
  // The designer's send step: four rendered images (features/custom/designer-route.server.ts).
  [/^(?:\/th)?\/custom\/select\/[^/]+\/designs\/?$/i, 4 * maxDesignImageBytes + megabyte],
  // The product gallery: up to galleryMaxFiles pictures at once (routes/backend/product-gallery/product-gallery.tsx).
  [/^(?:\/th)?\/backend\/product-gallery\/?$/i, galleryMaxFiles * galleryMaxBytes + megabyte],
];

export function bodyLimit(pathname: string, mediaType: string): number {
  if (mediaType !== multipart) return urlencodedMaxBytes;
  return multipartMaxBytesByPath.find(([path]) => path.test(pathname))?.[1] ?? multipartMaxBytes;
}

export type BodyVerdict = { ok: true; request: Request } | { ok: false; status: RefusedBodyStatus };

function mediaTypeOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

export async function checkPageBody(request: Request): Promise<BodyVerdict> {
  if (!mutationMethods.has(request.method.toUpperCase())) return { ok: true, request };
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = mediaTypeOf(request);
  if (mediaType !== urlencoded && mediaType !== multipart) return refusedUnread(request, 415);

  const limit = bodyLimit(new URL(request.url).pathname, mediaType);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > limit) return refusedUnread(request, 413);
  const body = await readAtMost(request.body, limit);
  if (body === "too-large") return { ok: false, status: 413 };
  if (body === "unreadable") return { ok: false, status: 400 };

  let formData: FormData;
  try {
    formData = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    return { ok: false, status: 400 };
  }
  if (!isSoundForm(formData)) return { ok: false, status: 400 };
  return { ok: true, request: new Request(request, { body }) };
}

/**
 * Refused without looking at the body. One declared too large is cancelled, so its sender stops;
 * any other is read and dropped (at most a form's limit): workerd logged an uncaught "Can't read
 * from request stream after response has been sent" for every request whose small body was
 * cancelled instead (258 in one run of broken-bodies.spec.ts).
 */
async function refusedUnread(request: Request, status: RefusedBodyStatus): Promise<BodyVerdict> {
  if (status === 413) await request.body?.cancel().catch(() => {});
  else await dropBody(request);
  return { ok: false, status };
}

/** Reads a refused body to its end and keeps nothing; past a form's limit it is cancelled after all. */
async function dropBody(request: Request): Promise<void> {
  const reader = request.body?.getReader();
  if (!reader) return;
  try {
    for (let size = 0; ;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > urlencodedMaxBytes) return await reader.cancel();
    }
  } catch {
    // The client went away or sent a broken chunked body: nothing left to drop.
  }
}

/** The whole body, or "too-large" as soon as it passes the limit (a body without Content-Length is counted). */
async function readAtMost(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<ArrayBuffer | "too-large" | "unreadable"> {
  if (!stream) return new ArrayBuffer(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return "too-large";
      }
      chunks.push(value);
    }
  } catch {
    // The client went away or sent a broken chunked body.
    return "unreadable";
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body.buffer;
}

/**
 * A request the storefront's Worker hands to the back office's (workers/parts.ts). A post whose body
 * is not a form goes without it (its body dropped here): the back office refuses it from its
 * headers alone (415), and a body streamed on to a Worker that never reads it was still being pumped
 * after the answer had gone, which workerd reports as an uncaught "Can't read from request stream
 * after response has been sent".
 */
export async function requestForBackOffice(request: Request): Promise<Request> {
  if (!request.body || !mutationMethods.has(request.method.toUpperCase())) return request;
  const mediaType = mediaTypeOf(request);
  if (mediaType === urlencoded || mediaType === multipart) return request;
  await dropBody(request);
  return withoutBody(request);
}

/** The request React Router sees for a refused body: the same address and headers, no body to read. */
export function withoutBody(request: Request): Request {
  return new Request(request.url, { method: request.method, headers: request.headers, signal: request.signal });
}
