import { describe, expect, it } from "vitest";
import { canOpenGroup, decideStaffAccess, groupsByRole, menuGroupForPath, menuGroups } from "./staff-permissions";

describe("menuGroupForPath", () => {
  it.each([
    ["/backend", "dashboard"],
    ["/backend/", "dashboard"],
    ["/backend/dashboard", "dashboard"],
    ["/th/backend/dashboard", "dashboard"],
    ["/backend/products/all-product/form/3", "products"],
    ["/backend/products/inventory", "products"],
    ["/backend/customizes/form/1/collar/form/2", "customize"],
    ["/backend/orders/preset-image/form", "customize"],
    ["/backend/banner", "customize"],
    ["/backend/orders/fulfillment/12", "orders"],
    ["/backend/orders/sponsored", "orders"],
    ["/backend/bill/receipt/printReceipt", "billings"],
    ["/backend/invoices", "billings"],
    ["/backend/shipping-rates/form/2", "shipping-rates"],
    ["/backend/reports/stock", "reports"],
    ["/backend/member/detail/4", "member"],
    ["/backend/home/content-area", "home"],
    ["/backend/promotion/code-history", "promotion"],
    ["/backend/product-gallery", "product-gallery"],
    ["/backend/user", "user-management"],
    ["/backend/setting", "settings"],
    ["/backend/Policy", "settings"],
  ])("given %s, should belong to %s", (path, group) => {
    expect(menuGroupForPath(path)).toBe(group);
  });

  it.each([["/backend/login"], ["/backend/nowhere"], ["/backend/users"], ["/shop"], ["/backendx"]])(
    "given %s, should not be a staff page",
    (path) => {
      expect(menuGroupForPath(path)).toBeNull();
    },
  );
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

describe("decideStaffAccess", () => {
  it.each([
    [1, "/backend/user", { allowed: true, group: "user-management" }],
    [3, "/backend/orders/fulfillment", { allowed: true, group: "orders" }],
    [3, "/backend/products/all-product", { allowed: false, reason: "role-not-allowed" }],
    [4, "/backend/home/activities/form", { allowed: true, group: "home" }],
    [4, "/backend/orders/fulfillment", { allowed: false, reason: "role-not-allowed" }],
    [5, "/backend/dashboard", { allowed: true, group: "dashboard" }],
    [5, "/backend/member", { allowed: false, reason: "role-not-allowed" }],
    [1, "/backend/login", { allowed: false, reason: "not-a-staff-page" }],
  ])("given role %i opening %s, should decide %o", (role, path, decision) => {
    expect(decideStaffAccess(role, path)).toEqual(decision);
  });
});
