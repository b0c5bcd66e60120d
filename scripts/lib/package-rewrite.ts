import { realpathSync } from "node:fs";

import type { Plugin } from "vite";

/**
 * What the build's textual rewrites of a package's code (scripts/react-dom-server-writes.ts,
 * react-router-match-cache.ts, react-router-server-links.ts) need to be safe: each replaces text it
 * expects a known number of times, and the build fails, naming the rewrite, when a new version of the
 * package no longer has it.
 */
export interface RewriteSite {
  /** The rewrite's own file, named in the error. */
  rewrite: string;
  /** The package's file it rewrites, as the error names it ("React Router's utils.js"). */
  file: string;
  /** The package, for the error's hint ("React", "React Router"). */
  packageName: string;
}

/** Checks that `find` (a string, or a pattern) occurs exactly `count` times in `code`; throws otherwise. */
export function expectOccurrences(site: RewriteSite, code: string, find: string | RegExp, what: string, count = 1): void {
  const found = typeof find === "string" ? code.split(find).length - 1 : (code.match(new RegExp(find.source, "g"))?.length ?? 0);
  if (found !== count)
    throw new Error(
      `${site.rewrite}: expected ${what} ${count === 1 ? "once" : `${count} times`} in ${site.file}, found it ${found} times (a new ${site.packageName} version?)`,
    );
}

/**
 * Replaces `find` (a string, or a pattern: every match when global, else the first) with `replacement`
 * after checking it occurs exactly `count` times in `code`.
 */
export function replaceExpected(site: RewriteSite, code: string, find: string | RegExp, replacement: string, what: string, count = 1): string {
  expectOccurrences(site, code, find, what, count);
  // A string is replaced as it is (`$` patterns apply to a pattern's replacement only).
  return typeof find === "string" ? code.split(find).join(replacement) : code.replace(find, replacement);
}

/**
 * Vite plugin: applies `rewrite` to the package file at `path` in the Workers' build (never the browser's).
 * Vite names a module by its real path, so `path` is resolved through symbolic links first (a checkout
 * whose node_modules links to another's); and a Workers' build that never met the file fails, rather
 * than ship the package's own code unnoticed.
 */
export function workersBuildRewrite(name: string, path: string, rewrite: (code: string) => string): Plugin {
  const target = realpathSync(path);
  const rewrittenIn = new Set<string>();
  return {
    name,
    apply: "build",
    transform(code, id) {
      if (id !== target || this.environment.name === "client") return null;
      rewrittenIn.add(this.environment.name);
      return { code: rewrite(code), map: null };
    },
    buildEnd(error) {
      if (!error && this.environment.name !== "client" && !rewrittenIn.has(this.environment.name))
        this.error(`${name}: ${target} was not part of the ${this.environment.name} build, so it was not rewritten`);
    },
  };
}
