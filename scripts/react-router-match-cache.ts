import { fileURLToPath } from "node:url";

import { replaceExpected, type RewriteSite, workersBuildRewrite } from "./lib/package-rewrite.ts";

/** React Router's route matching (matchRoutesImpl), as the Workers' build imports it. */
export const reactRouterUtilsPath = fileURLToPath(new URL("../node_modules/react-router/dist/production/lib/router/utils.js", import.meta.url));

/** Pathnames kept per route tree; past this the cache starts again (a path is the visitor's to choose). */
export const matchCacheSize = 256;

/** Longer paths are matched as React Router does, not kept: 256 of them stay under ~0.5 MB. */
export const cachedPathLength = 1024;

const site: RewriteSite = { rewrite: "scripts/react-router-match-cache.ts", file: "React Router's utils.js", packageName: "React Router" };

/**
 * React Router matches a request's path against every route branch, one regular expression after
 * another, in rank order: ~100 branches in the storefront's Worker (both languages), ~200 in the back
 * office's. It does so three times for one page (the request handler, the static handler's query and
 * the lazy discovery's partial manifest, which matches "/" and each parent path too), each time from the
 * start: 0.4–0.5 ms of a `/shop` render's ~10 ms, 0.8 ms of the back office's (issue 19; profiled).
 *
 * The branches of a route tree never change on the server, and the same few paths are matched again
 * and again, so each (route tree, path, partial or not) is matched once per isolate and kept. A caller
 * gets its own copies of the match objects (React Router assigns to them), which share one `params`
 * object as React Router's own matches do. The cache hangs off the branches array, so a route tree
 * that changes (lazy discovery in the browser) starts a new one; the Worker's build alone is rewritten.
 *
 * Rewritten as text, so the build fails here if React Router's code changes shape (a new version must
 * be looked at again); scripts/react-router-match-cache.test.ts matches the same paths through React
 * Router's module and the rewritten one and compares the answers.
 */
export function rewriteReactRouterMatching(code: string): string {
  const signature = "function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {";
  const loop = "for (let i = 0; matches == null && i < branches.length; ++i) matches = matchRouteBranch(branches[i], decoded, allowPartial);";
  const cached = [
    `let kept = precomputedBranches && decoded.length <= ${cachedPathLength};`,
    "\tlet cache = kept ? matchCaches.get(branches) : void 0;",
    "\tif (kept && !cache) matchCaches.set(branches, cache = new Map());",
    '\tlet cacheKey = (allowPartial ? "1" : "0") + decoded;',
    "\tif (cache && cache.has(cacheKey)) return copyMatches(cache.get(cacheKey));",
    `\t${loop}`,
    `\tif (cache) { if (cache.size >= ${matchCacheSize}) cache.clear(); cache.set(cacheKey, copyMatches(matches)); }`,
  ].join("\n");
  const helpers = [
    "const matchCaches = new WeakMap();",
    "function copyMatches(matches) {",
    "\tif (!matches) return matches;",
    "\tlet params = matches.length > 0 ? { ...matches[0].params } : {};",
    "\treturn matches.map((match) => ({ ...match, params }));",
    "}",
  ].join("\n");
  const withHelpers = replaceExpected(site, code, signature, `${helpers}\n${signature}`, "matchRoutesImpl's signature");
  return replaceExpected(site, withHelpers, loop, cached, "matchRoutesImpl's loop over the branches");
}

/** Vite plugin: applies {@link rewriteReactRouterMatching} to the Workers' build (not the browser's) of React Router. */
export const reactRouterMatchCache = () => workersBuildRewrite("pryde:react-router-match-cache", reactRouterUtilsPath, rewriteReactRouterMatching);
