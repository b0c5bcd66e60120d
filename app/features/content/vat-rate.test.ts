import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { configKeys } from "~/db/schema/config";
import { parseVatPercent } from "~/domain/money";

import { siteConfigFromRows } from "./site.server";

// Two parsers once read config_value_vat and disagreed ("100", "1e1"): POS charged one rate while
// checkout charged another. These tests keep it to one parser that every reader goes through.
describe("the VAT rate is read one way everywhere", () => {
  it.each(["7", "7.5", " 10 ", "100", "1e1", "7abc", "", "-3", "99.99"])("site settings read %j as the domain parser does", (value) => {
    expect(siteConfigFromRows([{ key: configKeys.vat, value }]).vatPercent).toBe(parseVatPercent(value));
  });

  it("should have exactly one VAT parser, and every module that reads config_value_vat should use it", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path);
      }
    };
    walk("app");
    walk("workers");
    const definers = files.filter((file) => /function\s+parse\w*Vat\w*|function\s+\w*vatPercent\w*\s*\(/i.test(readFileSync(file, "utf8")));
    expect(definers).toEqual([join("app", "domain", "money.ts")]);
    // A module that selects the VAT config row must turn it into a rate with parseVatPercent.
    const readers = files.filter((file) => {
      const text = readFileSync(file, "utf8");
      return /configKeys\.vat\b/.test(text) && !/content-admin/.test(file) && !/schema[\\/]config\.ts$/.test(file);
    });
    expect(readers.length).toBeGreaterThan(2);
    for (const file of readers) expect([file, /\bparseVatPercent\(/.test(readFileSync(file, "utf8"))]).toEqual([file, true]);
  });
});
