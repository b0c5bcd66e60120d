import { describe, expect, it } from "vitest";

import { canOpenGroup, decideRouteAccess, groupsByRole, mayLinkTo, menuGroupForPath, menuGroups, permissionForRoutePattern } from "./staff-permissions";

describe("menuGroupForPath (sidebar only)", () => {
  it.each([
    ["/backend", "dashboard"],
    ["/backend/", "dashboard"],
    ["/backend/dashboard", "dashboard"],
    ["/th/backend/dashboard", "dashboard"],
    ["/backend/products/all-product/form/3", "products"],
    ["/backend/products/all-product/form", "products"],
    ["/backend/products/inventory", "products"],
    ["/backend/customizes/form/1/collar/form/2", "customize"],
    ["/backend/orders/preset-image/form", "customize"],
    ["/backend/banner", "customize"],
    ["/backend/orders/fulfillment/12", "orders"],
    ["/backend/orders/fulfillment/custom-form", "orders"],
    ["/backend/orders/sponsored", "orders"],
    ["/backend/shipping-rates/form/2", "shipping-rates"],
    ["/backend/member/detail/4", "member"],
    ["/backend/home/content-area", "home"],
    ["/backend/product-gallery", "product-gallery"],
    ["/backend/user", "user-management"],
    ["/backend/setting", "settings"],
    ["/backend/Policy", "settings"],
    ["/backend/policy", "settings"],
  ])("given %s, should belong to %s", (path, group) => {
    expect(menuGroupForPath(path)).toBe(group);
  });

  it.each([["/backend/login"], ["/backend/nowhere"], ["/backend/users"], ["/shop"], ["/backendx"]])("given %s, should not be a staff page", (path) => {
    expect(menuGroupForPath(path)).toBeNull();
  });
});

describe("permissionForRoutePattern", () => {
  it.each([
    ["backend", "dashboard"],
    ["/backend", "dashboard"],
    ["th/backend/user", "user-management"],
    ["backend/orders/fulfillment/:id", "orders"],
    ["backend/orders/preset-image/form", "customize"],
    ["backend/Policy", "settings"],
    ["backend/*", "any-staff"],
    ["th/backend/*", "any-staff"],
  ])("given the matched pattern %s, should read %s", (pattern, permission) => {
    expect(permissionForRoutePattern(pattern)).toBe(permission);
  });

  it.each([
    ["backend/login"],
    // Not patterns of any route: URL spellings never reach the table as keys.
    ["backend/USER"],
    ["backend/%75ser"],
    ["backend/user.data"],
    ["backend/policy"],
    ["backend/toString"],
    ["backend/constructor"],
    ["backend/__proto__"],
    ["shop"],
    [""],
  ])("given %s, should have no permission (refused)", (pattern) => {
    expect(permissionForRoutePattern(pattern)).toBeNull();
  });
});

describe("groupsByRole", () => {
  it("given roles 1 and 2, should see every group", () => {
    expect(groupsByRole[1]).toEqual(menuGroups);
    expect(groupsByRole[2]).toEqual(menuGroups);
  });

  it("given role 3 (Editor), should see only Dashboard, Orders, Billings, Member and Promotion (spec §6)", () => {
    expect([...groupsByRole[3]].sort()).toEqual(["billings", "dashboard", "member", "orders", "promotion"]);
  });

  it.each([1, 2, 3, 4, 5])("given role %i, should always see the dashboard", (role) => {
    expect(canOpenGroup(role, "dashboard")).toBe(true);
  });

  it.each([0, 6, -1, 1.5, Number.NaN])("given an unknown role %s, should see nothing", (role) => {
    expect(canOpenGroup(role, "dashboard")).toBe(false);
  });
});

describe("decideRouteAccess", () => {
  it.each([
    [1, "backend/user", { allowed: true, permission: "user-management" }],
    [3, "backend/orders/fulfillment", { allowed: true, permission: "orders" }],
    [3, "backend/products/all-product", { allowed: false, reason: "role-not-allowed" }],
    [4, "th/backend/home/activities/form/:id?", { allowed: true, permission: "home" }],
    [4, "backend/orders/fulfillment", { allowed: false, reason: "role-not-allowed" }],
    [5, "backend/dashboard", { allowed: true, permission: "dashboard" }],
    [5, "backend/member", { allowed: false, reason: "role-not-allowed" }],
    [5, "backend/*", { allowed: true, permission: "any-staff" }],
    [9, "backend/*", { allowed: false, reason: "role-not-allowed" }],
    [1, "backend/login", { allowed: false, reason: "not-a-staff-page" }],
    [1, "backend/a-route-nobody-declared", { allowed: false, reason: "not-a-staff-page" }],
  ])("given role %i on the route %s, should decide %o", (role, pattern, decision) => {
    expect(decideRouteAccess(role, pattern)).toEqual(decision);
  });
});

describe("mayLinkTo (links a page shows)", () => {
  it.each([
    [1, "/backend/member", true],
    [3, "/backend/orders/fulfillment/12", true],
    [4, "/backend/orders/fulfillment/12", false],
    [5, "/backend/member", false],
    [5, "/backend/dashboard", true],
    [1, "/backend/no-such-page", false],
  ])("given role %i and %s, should be %s", (role, path, expected) => {
    expect(mayLinkTo(role, path)).toBe(expected);
  });
});
