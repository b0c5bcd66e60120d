import type { ImageType } from "./image-type";

/**
 * Width and height of an uploaded image read from its header — no decoding, a few bytes per format
 * (PNG IHDR, GIF screen descriptor, BMP DIB header, WebP VP8/VP8L/VP8X, the JPEG SOF marker).
 * Null when the header is cut short or says 0: the gallery then simply shows no dimensions.
 * JPEG EXIF rotation is not applied (the numbers are the stored pixels).
 */
export interface ImageSize {
  width: number;
  height: number;
}

const maxDimension = 65_535 * 256;

function u16be(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 8) | bytes[at + 1]!;
}
function u16le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8);
}
function u24le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
}
function u32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}
function i32le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
}

function sized(width: number, height: number): ImageSize | null {
  return width > 0 && height > 0 && width <= maxDimension && height <= maxDimension ? { width, height } : null;
}

function tagAt(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + 4));
}

/** SOFn markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const startOfFrameMarkers = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(bytes: Uint8Array): ImageSize | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    // Start of scan or end of image before any frame header: nothing to read.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = u16be(bytes, at + 2);
    if (length < 2) return null;
    if (startOfFrameMarkers.has(marker)) {
      if (at + 9 > bytes.length) return null;
      return sized(u16be(bytes, at + 7), u16be(bytes, at + 5));
    }
    at += 2 + length;
  }
  return null;
}

function webpSize(bytes: Uint8Array): ImageSize | null {
  const chunk = tagAt(bytes, 12);
  if (chunk === "VP8 " && bytes.length >= 30) {
    // Key frame start code 9D 01 2A, then 14-bit width and height (2 bits of scaling each).
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return sized(u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
  }
  if (chunk === "VP8L" && bytes.length >= 25) {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X" && bytes.length >= 30) return sized(u24le(bytes, 24) + 1, u24le(bytes, 27) + 1);
  return null;
}

export function imageSize(bytes: Uint8Array, type: ImageType): ImageSize | null {
  switch (type) {
    case "png":
      return bytes.length >= 24 ? sized(u32be(bytes, 16), u32be(bytes, 20)) : null;
    case "gif":
      return bytes.length >= 10 ? sized(u16le(bytes, 6), u16le(bytes, 8)) : null;
    case "bmp": {
      if (bytes.length < 26) return null;
      const headerSize = bytes[14]! | (bytes[15]! << 8);
      // BITMAPCOREHEADER: 16-bit sizes; the others: signed 32-bit, a negative height means top-down.
      if (headerSize === 12) return sized(u16le(bytes, 18), u16le(bytes, 20));
      return bytes.length >= 26 ? sized(Math.abs(i32le(bytes, 18)), Math.abs(i32le(bytes, 22))) : null;
    }
    case "webp":
      return webpSize(bytes);
    case "jpeg":
      return jpegSize(bytes);
  }
}
