import { describe, expect, it } from "vitest";

import { imageContentTypes, imageExtensions, sniffImageType } from "./image-type";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((character) => character.charCodeAt(0)) : part)));

const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], "IHDR", [0, 0, 0, 1, 0, 0, 0, 1]);
const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF");
const bmp = bytes("BM", [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0], [40, 0, 0, 0], [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 24, 0]);

describe("sniffImageType", () => {
  it.each([
    ["a PNG", png, "png"],
    ["a JPEG (JFIF)", jpeg, "jpeg"],
    ["a JPEG (EXIF)", bytes([0xff, 0xd8, 0xff, 0xe1]), "jpeg"],
    ["a GIF89a", bytes("GIF89a", [1, 0, 1, 0]), "gif"],
    ["a GIF87a", bytes("GIF87a", [1, 0, 1, 0]), "gif"],
    ["a WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "webp"],
    ["a BMP (BITMAPINFOHEADER)", bmp, "bmp"],
    ["a BMP (BITMAPV5HEADER)", bytes("BM", [0, 0, 0, 0, 0, 0, 0, 0, 0x8a, 0, 0, 0], [124, 0, 0, 0], new Array(8).fill(0)), "bmp"],
  ])("given %s, should say %s", (_, input, expected) => {
    expect(sniffImageType(input)).toBe(expected);
  });

  it.each([
    ["empty", bytes()],
    ["text claiming to be a PNG", bytes("This is not really a PNG file")],
    ["a PNG signature without IHDR", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 0], "JUNK")],
    ["a truncated PNG signature", bytes([0x89, 0x50, 0x4e, 0x47])],
    ["FF D8 alone", bytes([0xff, 0xd8])],
    ["GIF without version", bytes("GIF8")],
    ["RIFF that is a WAV", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["text starting with BM", bytes("BM is a short header but this is plain text")],
    ["a short BM", bytes("BM", [1, 2, 3])],
    ["an SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ["a PDF", bytes("%PDF-1.7")],
    ["HTML", bytes("<!doctype html><script>alert(1)</script>")],
  ])("given %s, should refuse it (null)", (_, input) => {
    expect(sniffImageType(input)).toBeNull();
  });

  it("should have a content type and an extension the media server agrees with for every type", () => {
    expect(Object.keys(imageContentTypes).sort()).toEqual(Object.keys(imageExtensions).sort());
    expect(imageExtensions.jpeg).toBe("jpg");
  });
});
