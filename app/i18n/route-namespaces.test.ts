import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { namespaceFiles } from "./client-messages";
import storefront from "./locales/en/storefront";
import { deferredPartNamespaces, namespacesForRoutes, routeNamespaces, shellNamespaces } from "./route-namespaces";

/**
 * app/i18n/route-namespaces.ts decides which strings a page's browser downloads; this reads the
 * sources to check it lists every namespace a route's code can ask for: `useTranslation("ns")`
 * (no argument: common) and "ns:key" literals, in the route module and everything it imports,
 * lazily or not, its .server modules included (a loader may hand a key to the page).
 */
const appDir = join(__dirname, "..");
const storefrontNamespaces = new Set(Object.keys(storefront));

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = join(appDir, specifier.slice(2));
  else if (specifier.startsWith(".")) base = join(from, "..", specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && !candidate.endsWith("/") && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Storefront namespaces a module and everything it imports (statically or lazily, server parts included) name. */
function namespacesOf(entry: string): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.includes("/i18n/locales/")) continue;
    if (file.startsWith(join(appDir, "db/"))) continue;
    // Comments name keys too ("`purchases:points.notes` with its values"): only code counts.
    const source = readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    // A frame part loaded on first use brings its own strings (its imports are still read).
    const ownStrings = new Set<string>(deferredPartNamespaces[file.slice(appDir.length + 1) as keyof typeof deferredPartNamespaces] ?? []);
    const add = (namespace: string) => (ownStrings.has(namespace) ? undefined : found.add(namespace));
    for (const match of source.matchAll(/useTranslation\(\s*(?:"([\w-]+)")?\s*\)/g)) add(match[1] ?? "common");
    for (const match of source.matchAll(/["'`]([a-zA-Z]+):[\w.${]/g)) if (storefrontNamespaces.has(match[1]!)) add(match[1]!);
    for (const match of source.matchAll(
      /(?:import|export)\s+(type\s+)?[^"';]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g,
    )) {
      if (match[1]) continue;
      const target = resolveImport(file, match[2] ?? match[3] ?? match[4]!);
      if (target) queue.push(target);
    }
  }
  return new Set([...found].filter((ns) => storefrontNamespaces.has(ns)));
}

/** Storefront and account routes of app/routes.ts: [route name (its id without the language), module]. */
function storefrontRoutes(): [string, string][] {
  const routes = readFileSync(join(appDir, "routes.ts"), "utf8");
  return [...routes.matchAll(/(?:index|route)\((?:"[^"]*",\s*)?"(routes\/(?:storefront|account)\/[^"]+)",\s*\{\s*id:\s*id\("([^"]+)"\)/g)].map((match) => [
    match[2]!,
    match[1]!,
  ]);
}

describe("route namespaces", () => {
  const shell = new Set<string>(shellNamespaces);

  it("given the root and the storefront layout, should find their strings in the shell's namespaces", () => {
    for (const file of ["root.tsx", "routes/storefront/layout.tsx"])
      expect(
        [...namespacesOf(join(appDir, file))].filter((ns) => !shell.has(ns)),
        file,
      ).toEqual([]);
  });

  it("given each storefront route, should list every namespace its module and its imports name", () => {
    const routes = storefrontRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes
      .map(([name, file]) => ({
        name,
        missing: [...namespacesOf(join(appDir, file))].filter((ns) => !shell.has(ns) && !routeNamespaces[name]?.includes(ns as never)),
      }))
      .filter((route) => route.missing.length > 0);
    expect(missing).toEqual([]);
  });

  it("given the table, should name only routes that exist and namespaces the browser can load", () => {
    const names = new Set(storefrontRoutes().map(([name]) => name));
    expect(Object.keys(routeNamespaces).filter((name) => !names.has(name))).toEqual([]);
    const all = [...shellNamespaces, ...Object.values(routeNamespaces).flat()];
    expect(all.filter((ns) => !storefrontNamespaces.has(ns))).toEqual([]);
  });

  it("given the browser's chunk table, should hold every storefront namespace in both languages", () => {
    const expected = [...storefrontNamespaces].flatMap((ns) => [`./locales/en/${ns}.ts`, `./locales/th/${ns}.ts`]).sort();
    expect(Object.keys(namespaceFiles).sort()).toEqual(expected);
  });

  it("given matched route ids in either language, should add their namespaces to the shell's", () => {
    expect(namespacesForRoutes(["root", "th/storefront", "th/size-guides"])).toEqual([...shellNamespaces, "shop"]);
    expect(namespacesForRoutes(["root", "th/storefront", "th/shop"])).toEqual([...shellNamespaces, "search"]);
    expect(namespacesForRoutes(["root", "storefront", "my-purchase"])).toEqual([...shellNamespaces, "purchases"]);
    expect(namespacesForRoutes(["root", "en/backend/layout", "en/backend/dashboard"])).toEqual([...shellNamespaces]);
  });

  it("given a module naming a namespace, should notice it (the check can fail)", () => {
    expect([...namespacesOf(join(appDir, "routes/storefront/tracking.tsx"))]).toContain("tracking");
  });
});
