import { groupsByRole, isStaffRoleId, type MenuGroup, menuGroupForPath, menuGroups } from "~/domain/staff-permissions";
import { type Locale, localizePath, stripLocale } from "~/i18n/config";

/**
 * The back-office sidebar (spec §2 "Back-office menu groups"): each group of the permission table
 * (app/domain/staff-permissions.ts) with its entries. Which groups a role sees comes from that table
 * only — never from here — so the menu and the server checks cannot disagree. Labels are keys of the
 * `backend` namespace (`menu.groups.*`, `menu.entries.*`). Shared by the layout loader and its error
 * boundary, so it carries no server code.
 */
export const menuEntryKeys = [
  "dashboard",
  "allProduct",
  "inventory",
  "reviews",
  "type",
  "attribute",
  "category",
  "productSetting",
  "presetImage",
  "banner",
  "fulfillment",
  "customDesigns",
  "sponsored",
  "exchanges",
  "invoices",
  "receipt",
  "shippingRates",
  "reportOrder",
  "reportSponsor",
  "reportStock",
  "reportOutputTax",
  "member",
  "contentArea",
  "activities",
  "collections",
  "sizeGuide",
  "code",
  "codeHistory",
  "flashSale",
  "productGallery",
  "userManagement",
  "setting",
  "policy",
  "outbox",
] as const;
export type MenuEntryKey = (typeof menuEntryKeys)[number];

/** Bare paths (no language prefix), as the spec spells them. */
export const menuEntries: Record<MenuGroup, readonly { key: MenuEntryKey; path: string }[]> = {
  dashboard: [{ key: "dashboard", path: "/backend/dashboard" }],
  products: [
    { key: "allProduct", path: "/backend/products/all-product" },
    { key: "inventory", path: "/backend/products/inventory" },
    { key: "reviews", path: "/backend/products/reviews" },
    { key: "type", path: "/backend/products/type" },
    { key: "attribute", path: "/backend/products/attribute" },
    { key: "category", path: "/backend/products/category" },
  ],
  customize: [
    { key: "productSetting", path: "/backend/customizes" },
    { key: "presetImage", path: "/backend/orders/preset-image" },
    { key: "banner", path: "/backend/banner" },
  ],
  orders: [
    { key: "fulfillment", path: "/backend/orders/fulfillment" },
    { key: "customDesigns", path: "/backend/orders/fulfillment/custom-form" },
    { key: "sponsored", path: "/backend/orders/sponsored" },
    { key: "exchanges", path: "/backend/orders/exchanges" },
  ],
  billings: [
    { key: "invoices", path: "/backend/bill/invoices" },
    { key: "receipt", path: "/backend/bill/receipt" },
  ],
  "shipping-rates": [{ key: "shippingRates", path: "/backend/shipping-rates" }],
  reports: [
    { key: "reportOrder", path: "/backend/reports/order" },
    { key: "reportSponsor", path: "/backend/reports/sponsor" },
    { key: "reportStock", path: "/backend/reports/stock" },
    { key: "reportOutputTax", path: "/backend/reports/output-tax" },
  ],
  member: [{ key: "member", path: "/backend/member" }],
  home: [
    { key: "contentArea", path: "/backend/home/content-area" },
    { key: "activities", path: "/backend/home/activities" },
    { key: "collections", path: "/backend/home/collections" },
    { key: "sizeGuide", path: "/backend/home/size-guide" },
  ],
  promotion: [
    { key: "code", path: "/backend/promotion/code" },
    { key: "codeHistory", path: "/backend/promotion/code-history" },
    { key: "flashSale", path: "/backend/promotion/flash-sale" },
  ],
  "product-gallery": [{ key: "productGallery", path: "/backend/product-gallery" }],
  "user-management": [{ key: "userManagement", path: "/backend/user" }],
  settings: [
    { key: "setting", path: "/backend/setting" },
    { key: "policy", path: "/backend/Policy" },
    { key: "outbox", path: "/backend/setting/outbox" },
  ],
};

export interface BackofficeMenuEntry {
  key: MenuEntryKey;
  /** Localized path. */
  to: string;
}

export interface BackofficeMenuGroup {
  group: MenuGroup;
  entries: BackofficeMenuEntry[];
}

/** What the back-office frame draws around a page: who is signed in, their menu and the orders waiting (null: not counted). */
export interface BackendFrameData {
  staff: { fullName: string; roleId: number };
  menu: BackofficeMenuGroup[];
  attentionCount: number | null;
}

/** The frame for a staff member: the layout's loader (with the count), its error boundary and the guard's refusal (without). */
export function staffFrame(staff: { fullName: string; roleId: number }, locale: Locale, attentionCount: number | null = null): BackendFrameData {
  return { staff: { fullName: staff.fullName, roleId: staff.roleId }, menu: backofficeMenu(staff.roleId, locale), attentionCount };
}

/** The groups a role sees, in sidebar order, with localized paths; nothing for an unknown role. */
export function backofficeMenu(roleId: number, locale: Locale): BackofficeMenuGroup[] {
  if (!isStaffRoleId(roleId)) return [];
  const visible = groupsByRole[roleId];
  return menuGroups
    .filter((group) => visible.includes(group))
    .map((group) => ({
      group,
      entries: menuEntries[group].map((entry) => ({ key: entry.key, to: localizePath(locale, entry.path) })),
    }));
}

/**
 * The entry the current page belongs to: the longest entry path that is the page's path or a parent
 * of it, so `/backend/products/all-product/form/3` highlights "All product" and
 * `/backend/orders/preset-image/form` highlights "Preset image", not "Fulfillment".
 */
export function currentMenuEntry(menu: readonly BackofficeMenuGroup[], pathname: string): BackofficeMenuEntry | null {
  const here = stripLocale(pathname.replace(/\/+$/, "") || "/");
  let best: BackofficeMenuEntry | null = null;
  let bestLength = -1;
  for (const { entries } of menu) {
    for (const entry of entries) {
      const path = stripLocale(entry.to);
      const matches = here === path || here.startsWith(`${path}/`);
      if (matches && path.length > bestLength) {
        best = entry;
        bestLength = path.length;
      }
    }
  }
  return best;
}

/** The group the page belongs to (kept open in the sidebar, on its -form and -id pages too). */
export function currentMenuGroup(pathname: string): MenuGroup | null {
  return menuGroupForPath(pathname);
}
