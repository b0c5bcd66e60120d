import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { workersBuildRewrite } from "./package-rewrite";

/** A package file reached through a linked node_modules, as in a git worktree that links the main checkout's. */
const root = mkdtempSync(join(tmpdir(), "pryde-rewrite-"));
mkdirSync(join(root, "main", "node_modules", "pkg"), { recursive: true });
const realFile = join(root, "main", "node_modules", "pkg", "index.js");
writeFileSync(realFile, "export const answer = 41;\n");
mkdirSync(join(root, "worktree"));
symlinkSync(join(root, "main", "node_modules"), join(root, "worktree", "node_modules"));
const linkedFile = join(root, "worktree", "node_modules", "pkg", "index.js");

afterAll(() => rmSync(root, { recursive: true, force: true }));

type Hooks = {
  transform(this: unknown, code: string, id: string): { code: string } | null;
  buildEnd(this: unknown, error?: Error): void;
};

function plugin() {
  return workersBuildRewrite("test:rewrite", linkedFile, (code) => code.replace("41", "42")) as unknown as Hooks;
}

function context(environment: string) {
  return {
    environment: { name: environment },
    error(message: string): never {
      throw new Error(message);
    },
  };
}

describe("workersBuildRewrite (scripts/lib/package-rewrite.ts)", () => {
  it("should rewrite the file Vite names by its real path when the rewrite names it through a linked node_modules", () => {
    const hooks = plugin();
    expect(hooks.transform.call(context("ssr"), "export const answer = 41;", realFile)?.code).toBe("export const answer = 42;");
    expect(() => hooks.buildEnd.call(context("ssr"))).not.toThrow();
  });

  it("should leave the browser's build and every other file alone", () => {
    const hooks = plugin();
    expect(hooks.transform.call(context("client"), "export const answer = 41;", realFile)).toBeNull();
    expect(hooks.transform.call(context("ssr"), "export const answer = 41;", join(root, "main", "other.js"))).toBeNull();
    expect(() => hooks.buildEnd.call(context("client"))).not.toThrow();
  });

  it("should fail a Workers' build that never met the file, naming it", () => {
    const hooks = plugin();
    hooks.transform.call(context("client"), "export const answer = 41;", realFile);
    expect(() => hooks.buildEnd.call(context("ssr"))).toThrow(/test:rewrite: .*pkg\/index\.js was not part of the ssr build/);
  });

  it("should not add its own failure to a build that failed already", () => {
    expect(() => plugin().buildEnd.call(context("ssr"), new Error("syntax error elsewhere"))).not.toThrow();
  });
});
