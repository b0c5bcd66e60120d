/**
 * What an uploaded image really is, from its first bytes (DESIGN §6: uploads are checked by
 * content, never by file name or the browser's Content-Type). Only raster formats a browser shows
 * safely: PNG, JPEG, GIF, BMP, WebP (spec §5 allows bmp, png, jpeg, jpg, gif; WebP is what phones
 * produce today). SVG is not an image here: it can carry script.
 */
export type ImageType = "png" | "jpeg" | "gif" | "bmp" | "webp";

export const imageContentTypes: Record<ImageType, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  bmp: "image/bmp",
  webp: "image/webp",
};

/** What an image picker offers (`accept`); the type is decided by the file's content, never by this. */
export const imageAccept = Object.values(imageContentTypes).join(",");

/** File extension used in stored keys (also what app/features/media serves the type from). */
export const imageExtensions: Record<ImageType, string> = { png: "png", jpeg: "jpg", gif: "gif", bmp: "bmp", webp: "webp" };

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** The image type of these bytes, or null when they are not one of the accepted formats. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  // PNG: 89 50 4E 47 0D 0A 1A 0A, then the IHDR chunk.
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && startsWith(bytes, ascii("IHDR"), 12)) return "png";
  // JPEG: SOI marker FF D8 followed by another marker (FF xx).
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  // GIF87a / GIF89a.
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  // WebP: RIFF <size> WEBP.
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  // BMP: "BM", then a header of at least 26 bytes whose DIB header size is one of the known ones.
  if (startsWith(bytes, ascii("BM")) && bytes.length >= 26) {
    const dibHeaderSize = (bytes[14]! | (bytes[15]! << 8) | (bytes[16]! << 16)) >>> 0;
    if ([12, 40, 52, 56, 64, 108, 124].includes(dibHeaderSize) && bytes[17] === 0) return "bmp";
  }
  return null;
}
