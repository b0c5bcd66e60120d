import { describe, expect, it } from "vitest";

import { imageSize } from "./image-size";
import type { ImageType } from "./image-type";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((character) => character.charCodeAt(0)) : part)));
const u16le = (n: number) => [n & 0xff, n >> 8];
const u32le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

const png = (width: number, height: number) =>
  bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], "IHDR", u32be(width), u32be(height), [8, 6, 0, 0, 0]);
const gif = (width: number, height: number) => bytes("GIF89a", u16le(width), u16le(height), [0, 0, 0]);
const bmp = (width: number, height: number) => bytes("BM", new Array(12).fill(0), [40, 0, 0, 0], u32le(width), u32le(height), [1, 0, 24, 0]);
const bmpCore = (width: number, height: number) => bytes("BM", new Array(12).fill(0), [12, 0, 0, 0], u16le(width), u16le(height), [1, 0, 24, 0, 0, 0]);
const webpLossy = (width: number, height: number) =>
  bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 ", [0, 0, 0, 0], [0, 0, 0], [0x9d, 0x01, 0x2a], u16le(width), u16le(height));
const webpLossless = (width: number, height: number) => {
  const bits = (width - 1) | ((height - 1) << 14);
  return bytes("RIFF", [0, 0, 0, 0], "WEBPVP8L", [0, 0, 0, 0], [0x2f], u32le(bits));
};
const webpExtended = (width: number, height: number) =>
  bytes(
    "RIFF",
    [0, 0, 0, 0],
    "WEBPVP8X",
    [10, 0, 0, 0],
    [0, 0, 0, 0],
    [(width - 1) & 0xff, ((width - 1) >> 8) & 0xff, (width - 1) >> 16],
    [(height - 1) & 0xff, ((height - 1) >> 8) & 0xff, (height - 1) >> 16],
  );
// SOI, an APP0 segment, a DQT segment, then SOF0 (precision, height, width).
const jpeg = (width: number, height: number, sof = 0xc0) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0, 0, 16],
    "JFIF",
    new Array(10).fill(0),
    [0xff, 0xdb, 0, 4, 0, 0],
    [0xff, sof, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3],
  );

describe("imageSize", () => {
  it.each<[string, Uint8Array, ImageType, { width: number; height: number } | null]>([
    ["a PNG", png(640, 480), "png", { width: 640, height: 480 }],
    ["a GIF", gif(320, 200), "gif", { width: 320, height: 200 }],
    ["a BMP (BITMAPINFOHEADER)", bmp(100, 50), "bmp", { width: 100, height: 50 }],
    ["a top-down BMP (negative height)", bmp(100, -50), "bmp", { width: 100, height: 50 }],
    ["an OS/2 BMP (BITMAPCOREHEADER)", bmpCore(64, 32), "bmp", { width: 64, height: 32 }],
    ["a lossy WebP", webpLossy(1024, 768), "webp", { width: 1024, height: 768 }],
    ["a lossless WebP", webpLossless(300, 16384), "webp", { width: 300, height: 16384 }],
    ["an extended WebP", webpExtended(4000, 3000), "webp", { width: 4000, height: 3000 }],
    ["a baseline JPEG", jpeg(1200, 800), "jpeg", { width: 1200, height: 800 }],
    ["a progressive JPEG", jpeg(600, 900, 0xc2), "jpeg", { width: 600, height: 900 }],
    ["a JPEG with fill bytes before a marker", bytes([0xff, 0xd8, 0xff, 0xff], [0xff, 0xc0, 0, 17, 8, 0, 10, 0, 20, 3]), "jpeg", { width: 20, height: 10 }],
    [
      "a JPEG whose DHT (C4) comes before the frame",
      bytes([0xff, 0xd8], [0xff, 0xc4, 0, 4, 0, 0], [0xff, 0xc0, 0, 17, 8, 0, 2, 0, 3, 3]),
      "jpeg",
      { width: 3, height: 2 },
    ],
    ["a JPEG that reaches the scan before a frame", bytes([0xff, 0xd8], [0xff, 0xda, 0, 4, 0, 0]), "jpeg", null],
    ["a JPEG cut short", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0]), "jpeg", null],
    ["a JPEG with garbage where a marker should be", bytes([0xff, 0xd8, 0x00, 0x00, 0, 0, 0, 0]), "jpeg", null],
    ["a PNG cut short", png(1, 1).subarray(0, 20), "png", null],
    ["a PNG claiming 0 × 0", png(0, 0), "png", null],
    ["a WebP with a bad VP8 start code", bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 ", new Array(18).fill(0)), "webp", null],
    ["a WebP with an unknown chunk", bytes("RIFF", [0, 0, 0, 0], "WEBPALPH", new Array(18).fill(0)), "webp", null],
    ["a GIF cut short", bytes("GIF89a", [1]), "gif", null],
  ])("given %s, should read %j", (_what, input, type, expected) => {
    expect(imageSize(input, type)).toEqual(expected);
  });
});
