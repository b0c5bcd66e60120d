import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { cachedPathLength, matchCacheSize, reactRouterUtilsPath, rewriteReactRouterMatching } from "./react-router-match-cache";

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route };
type Utils = {
  flattenAndRankRoutes(routes: Route[]): unknown[];
  matchRoutesImpl(routes: Route[], location: string | { pathname: string }, basename: string, allowPartial: boolean, branches?: unknown[]): Match[] | null;
};

/** React Router's utils.js, rewritten, as a module of its own: its relative imports and React point at the real files. */
let folder: string;
async function loadRewritten(): Promise<Utils> {
  const here = dirname(reactRouterUtilsPath);
  const react = createRequire(reactRouterUtilsPath).resolve("react");
  const source = rewriteReactRouterMatching(readFileSync(reactRouterUtilsPath, "utf8"))
    .replace(/from "\.\/([\w-]+\.js)"/g, (_, file: string) => `from ${JSON.stringify(pathToFileURL(join(here, file)).href)}`)
    .replace(/from "react"/, `from ${JSON.stringify(pathToFileURL(react).href)}`);
  folder = mkdtempSync(join(tmpdir(), "rr-match-cache-"));
  const file = join(folder, "utils.js");
  writeFileSync(file, source);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Utils;
}

// A tree shaped like the shop's: a root, a layout per language, static, dynamic, optional, splat and index routes.
const pages = (prefix: string): Route[] => [
  { id: `${prefix}home`, index: true },
  { id: `${prefix}shop`, path: "shop" },
  { id: `${prefix}product`, path: "shop/:slug" },
  { id: `${prefix}notify`, path: "shop/:slug/notify" },
  { id: `${prefix}review-photo`, path: "shop/:slug/reviews/:id/photo" },
  { id: `${prefix}cart`, path: "cart" },
  { id: `${prefix}checkout`, path: "cart/checkout/:id?" },
  { id: `${prefix}purchase`, path: "my-purchase/:orderNumber/documents/:number" },
  { id: `${prefix}exact`, path: "Exact", caseSensitive: true },
  { id: `${prefix}files`, path: "files/*" },
];
const routes: Route[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "storefront", children: pages("") },
      { id: "thai", path: "th", children: pages("th-") },
      { id: "resource", path: "resources/thai-address" },
      { id: "not-found", path: "*" },
    ],
  },
];

const paths = [
  "/",
  "/shop",
  "/shop/",
  "/SHOP",
  "/shop/classic-logo-tee",
  "/shop/classic%20logo",
  "/shop/%E0%B9%80%E0%B8%AA%E0%B8%B7%E0%B9%89%E0%B8%AD",
  "/shop/a%2Fb",
  "/shop/classic-logo-tee/notify",
  "/shop/tee/reviews/7/photo",
  "/cart",
  "/cart/checkout",
  "/cart/checkout/12",
  "/my-purchase/P-1/documents/INV-2",
  "/Exact",
  "/exact",
  "/files/a/b/c.txt",
  "/th",
  "/th/shop/tee",
  "/th/cart/checkout/3",
  "/resources/thai-address",
  "/nowhere/at/all",
  "/shop?sort=price#top",
  "/%E0%A4%A",
];

let original: Utils;
let rewritten: Utils;
beforeAll(async () => {
  original = (await import(/* @vite-ignore */ pathToFileURL(reactRouterUtilsPath).href)) as Utils;
  rewritten = await loadRewritten();
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** What a match says, with each route by id (both modules are handed the same route objects). */
const described = (matches: Match[] | null) =>
  matches?.map(({ params, pathname, pathnameBase, route }) => ({ params: { ...params }, pathname, pathnameBase, route: route.id })) ?? null;

describe("React Router's matching, kept per path in the Worker's build", () => {
  it.each(paths.flatMap((path) => [false, true].map((partial) => [path, partial] as const)))(
    "given %s (partial %s), should match as React Router does, the first time and from the cache",
    (path, partial) => {
      const expected = described(original.matchRoutesImpl(routes, path, "/", partial, original.flattenAndRankRoutes(routes)));
      const branches = rewritten.flattenAndRankRoutes(routes);
      expect(described(rewritten.matchRoutesImpl(routes, path, "/", partial, branches))).toEqual(expected);
      expect(described(rewritten.matchRoutesImpl(routes, path, "/", partial, branches))).toEqual(expected);
    },
  );

  it("given the same path matched whole and then in part (lazy discovery), should keep the two answers apart", () => {
    // Without the catch-all, a path below a known route matches only in part.
    const tree: Route[] = [{ id: "root", path: "", children: pages("") }];
    const branches = rewritten.flattenAndRankRoutes(tree);
    const expected = (partial: boolean) => described(original.matchRoutesImpl(tree, "/shop/tee/reviews", "/", partial, original.flattenAndRankRoutes(tree)));
    expect(expected(false)).toBeNull();
    expect(expected(true)).not.toBeNull();
    for (const partial of [false, true, false, true])
      expect(described(rewritten.matchRoutesImpl(tree, "/shop/tee/reviews", "/", partial, branches))).toEqual(expected(partial));
  });

  it("given a cached match that a caller changed, should give the next caller the match unchanged", () => {
    const branches = rewritten.flattenAndRankRoutes(routes);
    const first = rewritten.matchRoutesImpl(routes, "/shop/tee/reviews/7/photo", "/", false, branches)!;
    first[0]!.params.slug = "changed";
    first[1]!.route = { id: "replaced" };
    first.pop();
    const again = rewritten.matchRoutesImpl(routes, "/shop/tee/reviews/7/photo", "/", false, branches)!;
    expect(described(again)).toEqual(
      described(original.matchRoutesImpl(routes, "/shop/tee/reviews/7/photo", "/", false, original.flattenAndRankRoutes(routes))),
    );
  });

  it("given a match of nested routes, should share one params object among its matches, as React Router's do", () => {
    const branches = rewritten.flattenAndRankRoutes(routes);
    for (let call = 0; call < 2; call++) {
      const matches = rewritten.matchRoutesImpl(routes, "/th/shop/tee", "/", false, branches)!;
      expect(new Set(matches.map((match) => match.params)).size).toBe(1);
    }
  });

  it("given more paths than the cache keeps, should still match each one right", () => {
    const branches = rewritten.flattenAndRankRoutes(routes);
    for (let index = 0; index < matchCacheSize * 2 + 5; index++) {
      const path = `/shop/product-${index}`;
      expect(rewritten.matchRoutesImpl(routes, path, "/", false, branches)?.at(-1)?.params.slug).toBe(`product-${index}`);
    }
    expect(described(rewritten.matchRoutesImpl(routes, "/shop/product-3", "/", false, branches))?.at(-1)).toMatchObject({ route: "product" });
  });

  it("given a path longer than the cache keeps, should match it as React Router does each time", () => {
    const path = `/shop/${"x".repeat(cachedPathLength)}`;
    const branches = rewritten.flattenAndRankRoutes(routes);
    const expected = described(original.matchRoutesImpl(routes, path, "/", false, original.flattenAndRankRoutes(routes)));
    for (let call = 0; call < 2; call++) expect(described(rewritten.matchRoutesImpl(routes, path, "/", false, branches))).toEqual(expected);
  });

  it("given matching without the precomputed branches (matchRoutes), should leave it as it was", () => {
    expect(described(rewritten.matchRoutesImpl(routes, "/cart", "/", false))).toEqual(described(original.matchRoutesImpl(routes, "/cart", "/", false)));
  });

  it("given a React Router whose matching changed shape, should fail the build rather than guess", () => {
    expect(() => rewriteReactRouterMatching("function matchRoutesImpl(routes) {}")).toThrow(/expected matchRoutesImpl's signature once|loop over the branches/);
  });
});
