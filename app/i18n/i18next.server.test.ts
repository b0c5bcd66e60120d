import i18next from "i18next";
import { describe, expect, it } from "vitest";

import { getInstance } from "./i18next.server";
import { loadResources, type Namespace, namespaces, resources } from "./resources";

await loadResources();
const ours = getInstance({} as never);
// The library loaders used before (remix-i18next's per-request instance, same options): the reference.
const reference = i18next.createInstance();
await reference.init({ resources, ns: namespaces, defaultNS: "common", fallbackNS: "common", lng: "en", interpolation: { escapeValue: false } });

function leaves(tree: unknown, prefix = ""): [string, string][] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const cases = namespaces.flatMap((namespace) =>
  leaves(resources.en[namespace]).map(([key, text]) => {
    const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
    const names = [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!))].filter((name) => name !== "count");
    return [namespace, base, names] as [Namespace, string, string[]];
  }),
);

describe("getInstance(context): the server's translations, as i18next gave them", () => {
  it.each(["en", "th"] as const)("should give i18next's text for every key of every namespace in %s, with and without values", (locale) => {
    const differences: string[] = [];
    for (const [namespace, key, names] of cases) {
      const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      for (const options of [undefined, values, { ...values, count: 1 }, { ...values, count: 3 }]) {
        const expected = reference.getFixedT(locale, namespace)(key as never, options as never) as unknown as string;
        const actual = ours.getFixedT(locale, namespace)(key as never, options as never) as unknown as string;
        if (actual !== expected) differences.push(`${locale} ${namespace}:${key} ${JSON.stringify(options)}: ${actual} ≠ ${expected}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it("should resolve `ns:key`, the common fallback, a list of namespaces and unknown keys alike", () => {
    for (const [ns, key] of [
      ["shop", "common:siteName"],
      ["shop", "siteName"],
      [["catalog", "common"], "siteName"],
      ["shop", "common:noSuchKey"],
      ["shop", "no.such.key"],
      ["shop", "forms:validation.required"],
    ] as const) {
      expect(ours.getFixedT("th", ns as never)(key as never)).toBe(reference.getFixedT("th", ns as never)(key as never));
    }
  });

  it("should say whether a key exists, plural keys only for a count", () => {
    for (const [key, options] of [
      ["common:siteName", { lng: "th" }],
      ["no:such", { lng: "en" }],
      ["cart.added", { lng: "en" }],
      ["cart.added", { lng: "en", count: 2 }],
    ] as const) {
      expect(ours.exists(key, options)).toBe(reference.exists(key, options));
    }
  });
});
