import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";

import { backOfficePagePermissions, permissionForRoutePattern } from "~/domain/staff-permissions";
import routes from "~/routes";

/**
 * Deny by default (DESIGN §4.3): every route mounted below the back-office layout has a declared
 * permission, found by the pattern React Router will hand the guard; and the table lists no page
 * that app/routes.ts does not mount (a stale entry would hide a missing route).
 */
function patterns(entries: readonly RouteConfigEntry[], parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ pattern, file: entry.file }, ...patterns(entry.children ?? [], pattern)];
  });
}

const all = patterns(routes);
const layoutPattern = /^(th\/)?backend$/;
const belowLayout = all.filter(
  ({ pattern, file }) => /^(th\/)?backend(\/|$)/.test(pattern) && file !== "routes/backend/layout.tsx" && !/backend\/login$/.test(pattern),
);

describe("back-office routes and the permission table", () => {
  it("should find the back-office pages in both languages", () => {
    expect(belowLayout.length).toBeGreaterThan(2 * 40);
  });

  it.each(belowLayout.map(({ pattern, file }) => [pattern, file]))("given the route %s (%s), should declare a permission", (pattern) => {
    expect(permissionForRoutePattern(pattern)).not.toBeNull();
  });

  it.each(Object.keys(backOfficePagePermissions))("given the table's page %s, should be mounted in both languages", (path) => {
    for (const base of ["backend", "th/backend"]) {
      const pattern = path === "" ? base : `${base}/${path}`;
      expect(
        all.some((route) => route.pattern === pattern || (path === "" && layoutPattern.test(route.pattern))),
        pattern,
      ).toBe(true);
    }
  });
});
