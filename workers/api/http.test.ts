import { describe, expect, it } from "vitest";

import { acceptsJson, bearerToken, corsOrigins, preferredLocale } from "./http";

describe("bearerToken", () => {
  it.each([
    [null, null],
    [undefined, null],
    ["", null],
    ["   ", null],
    ["Bearer abc_DEF-123", "abc_DEF-123"],
    ["bearer abc", "abc"],
    ["Bearer   abc  ", "abc"],
    ["Basic dXNlcjpwYXNz", ""],
    ["Bearer", ""],
    ["Bearer a b", ""],
    ["abc", ""],
  ])("given %j, should read %j", (header, expected) => {
    expect(bearerToken(header)).toBe(expected);
  });
});

describe("preferredLocale", () => {
  it.each([
    [null, "en"],
    ["", "en"],
    ["th", "th"],
    ["th-TH,th;q=0.9,en;q=0.8", "th"],
    ["en-US,en;q=0.9,th;q=0.8", "en"],
    ["en;q=0.5, th;q=0.9", "th"],
    ["fr, de", "en"],
    ["fr, th;q=0.1", "th"],
    ["th;q=0", "en"],
    ["*", "en"],
    ["th;q=abc", "en"],
  ])("given %j, should answer %s", (header, expected) => {
    expect(preferredLocale(header)).toBe(expected);
  });
});

describe("corsOrigins", () => {
  it.each([
    [undefined, []],
    ["", []],
    [" , ", []],
    ["https://app.example.com", ["https://app.example.com"]],
    ["https://a.example, http://localhost:5173/ ", ["https://a.example", "http://localhost:5173"]],
    ["*", ["*"]],
    ["not an origin, https://ok.example/path, ftp://x.example", []],
  ])("given %j, should list %j", (value, expected) => {
    expect(corsOrigins(value)).toEqual(expected);
  });
});

describe("acceptsJson", () => {
  it.each([
    [null, true],
    ["", true],
    ["application/json", true],
    ["application/json, text/plain, */*", true],
    ["*/*", true],
    ["application/*", true],
    ["application/problem+json", true],
    ["text/html", false],
    ["text/html, application/xhtml+xml", false],
    ["application/json;q=0, text/html", false],
    ["text/html;q=0.9, application/json;q=0.1", true],
  ])("given %j, should answer %s", (header, expected) => {
    expect(acceptsJson(header)).toBe(expected);
  });
});
