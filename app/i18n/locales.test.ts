import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import en from "./locales/en";
import th from "./locales/th";

// DESIGN §4.10: every user-facing string exists in English and Thai. Other namespaces and keys keep
// arriving; this test names exactly what is missing, and where.

const localesDirectory = fileURLToPath(new URL("./locales/", import.meta.url));

function namespaceFiles(language: "en" | "th"): string[] {
  return readdirSync(`${localesDirectory}${language}`)
    .filter((file) => /\.tsx?$/.test(file) && !/^index\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => file.replace(/\.tsx?$/, ""))
    .sort();
}

/** Every leaf as [dotted path, value]; arrays count as objects keyed by index. */
function leaves(value: unknown, prefix = ""): [string, unknown][] {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, value]];
}

function missing(from: string[], to: string[]): string[] {
  const present = new Set(to);
  return from.filter((key) => !present.has(key));
}

const resources = { en: en as Record<string, unknown>, th: th as Record<string, unknown> };
const namespaces = [...new Set([...Object.keys(resources.en), ...Object.keys(resources.th)])].sort();

describe("locale files", () => {
  it("should have the same namespace files in en and th", () => {
    const enFiles = namespaceFiles("en");
    const thFiles = namespaceFiles("th");
    expect(enFiles.length, "no namespace files found under locales/en").toBeGreaterThan(0);
    expect(missing(enFiles, thFiles), "files in locales/en with no twin in locales/th").toEqual([]);
    expect(missing(thFiles, enFiles), "files in locales/th with no twin in locales/en").toEqual([]);
  });

  it("should register the same namespaces in en/index.ts and th/index.ts", () => {
    expect(missing(Object.keys(resources.en), Object.keys(resources.th)), "namespaces missing from th/index.ts").toEqual([]);
    expect(missing(Object.keys(resources.th), Object.keys(resources.en)), "namespaces missing from en/index.ts").toEqual([]);
  });
});

describe.each(namespaces)("namespace %s", (namespace) => {
  const enLeaves = leaves(resources.en[namespace]);
  const thLeaves = leaves(resources.th[namespace]);

  it("should have the same keys in en and th", () => {
    const enKeys = enLeaves.map(([key]) => key);
    const thKeys = thLeaves.map(([key]) => key);
    expect(missing(enKeys, thKeys), `keys in en/${namespace} missing from th/${namespace}`).toEqual([]);
    expect(missing(thKeys, enKeys), `keys in th/${namespace} missing from en/${namespace}`).toEqual([]);
  });

  it.each(["en", "th"] as const)("should have no empty or non-text value in %s", (language) => {
    const bad = (language === "en" ? enLeaves : thLeaves).filter(([, value]) => typeof value !== "string" || value.trim() === "").map(([key]) => key);
    expect(bad, `empty or non-text values in ${language}/${namespace}`).toEqual([]);
  });
});
