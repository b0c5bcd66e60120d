/**
 * Who on the staff may open what in the back office (spec §6), as data: every /backend path
 * belongs to one menu group, and each role sees a set of groups. The sidebar and the server-side
 * checks both read this table, so a menu entry is never shown for a page that refuses the role,
 * and a page never opens for a role whose menu hides it. See docs/decisions/0006-staff-roles.md.
 */
export const staffRoleIds = [1, 2, 3, 4, 5] as const;
export type StaffRoleId = (typeof staffRoleIds)[number];

export const staffRoleNames: Record<StaffRoleId, string> = {
  1: "System Administrator",
  2: "Executive Administrator",
  3: "Editor",
  4: "Author",
  5: "User",
};

/** Menu groups in the order the sidebar shows them (spec §2 "Back-office menu groups"). */
export const menuGroups = [
  "dashboard",
  "products",
  "customize",
  "orders",
  "billings",
  "shipping-rates",
  "reports",
  "member",
  "home",
  "promotion",
  "product-gallery",
  "user-management",
  "settings",
] as const;
export type MenuGroup = (typeof menuGroups)[number];

/**
 * Roles 1 and 2 see every group; role 3 only Dashboard, Orders, Billings, Member and Promotion
 * (spec §6). The spec does not say what Author and User do; we decided: an Author writes the
 * catalogue and the shop's content, a User only sees the dashboard.
 */
export const groupsByRole: Record<StaffRoleId, readonly MenuGroup[]> = {
  1: menuGroups,
  2: menuGroups,
  3: ["dashboard", "orders", "billings", "member", "promotion"],
  4: ["dashboard", "products", "customize", "home", "product-gallery"],
  5: ["dashboard"],
};

/** What a back-office page asks of the staff member: a menu group their role sees, or only being staff. */
export type StaffPermission = MenuGroup | "any-staff";

/**
 * THE permission of every back-office page, keyed by its path below `/backend` exactly as
 * app/routes.ts declares it (React Router's route pattern). app/routes.ts can only mount a
 * back-office page whose path is a key here (its type says so), and the guard reads the permission
 * of the route React Router *matched* — never the URL's text, which the router matches
 * case-insensitively and decoded (`/backend/USER`, `/backend/%75ser`, `/backend/user.data` are all the
 * `user` route). A pattern missing from this table is refused (deny by default).
 */
export const backOfficePagePermissions = {
  "": "dashboard",
  dashboard: "dashboard",
  user: "user-management",
  "user/export.csv": "user-management",
  member: "member",
  "member/export.csv": "member",
  "member/affiliates/export.csv": "member",
  "member/detail/:id?": "member",
  "products/all-product": "products",
  "products/all-product/export.csv": "products",
  "products/all-product/form/:id?": "products",
  "products/type": "products",
  "products/type/export.csv": "products",
  "products/type/form/:id?": "products",
  "products/attribute": "products",
  "products/attribute/export.csv": "products",
  "products/attribute/form/:id?": "products",
  "products/category": "products",
  "products/category/export.csv": "products",
  "products/category/form/:id?": "products",
  "products/inventory": "products",
  "products/inventory/export.csv": "products",
  "products/inventory/:variantId": "products",
  "products/reviews": "products",
  "products/reviews/export.csv": "products",
  "products/reviews/:id/photo": "products",
  "product-gallery": "product-gallery",
  "home/content-area": "home",
  "home/activities": "home",
  "home/activities/export.csv": "home",
  "home/activities/form/:id?": "home",
  "home/collections": "home",
  "home/collections/export.csv": "home",
  "home/collections/form/:id?": "home",
  "home/size-guide": "home",
  "home/size-guide/export.csv": "home",
  "home/size-guide/create": "home",
  "home/size-guide/:id": "home",
  customizes: "customize",
  "customizes/export.csv": "customize",
  "customizes/form/:id?": "customize",
  "customizes/form/:id/:attribute": "customize",
  "customizes/form/:id/:attribute/form/:option?": "customize",
  banner: "customize",
  "orders/preset-image": "customize",
  "orders/preset-image/export.csv": "customize",
  "orders/preset-image/form": "customize",
  "orders/fulfillment": "orders",
  "orders/fulfillment/form": "orders",
  "orders/fulfillment/export.csv": "orders",
  "orders/fulfillment/packing-slips": "orders",
  "orders/fulfillment/:id": "orders",
  "orders/fulfillment/:id/slip/:paymentId": "orders",
  "orders/fulfillment/custom-form": "orders",
  "orders/fulfillment/custom-form/export.csv": "orders",
  "orders/fulfillment/custom-form/:orderNumber/:image": "orders",
  "orders/sponsored": "orders",
  "orders/sponsored/export.csv": "orders",
  "orders/exchanges": "orders",
  "orders/exchanges/export.csv": "orders",
  "orders/exchanges/:id": "orders",
  "orders/exchanges/:id/photo": "orders",
  invoices: "billings",
  "invoices/export.csv": "billings",
  "bill/invoices": "billings",
  "bill/invoices/export.csv": "billings",
  "bill/invoices/printInvoice": "billings",
  "bill/invoices/form/:id?": "billings",
  "bill/receipt": "billings",
  "bill/receipt/export.csv": "billings",
  "bill/receipt/printReceipt": "billings",
  "bill/receipt/printCustomerReceipt": "billings",
  "bill/receipt/form/:id?": "billings",
  "bill/receipt/customer-form/:id?": "billings",
  "shipping-rates": "shipping-rates",
  "shipping-rates/export.csv": "shipping-rates",
  "shipping-rates/form/:id?": "shipping-rates",
  "promotion/code": "promotion",
  "promotion/code/export.csv": "promotion",
  "promotion/code/form/:id?": "promotion",
  "promotion/code-history": "promotion",
  "promotion/code-history/export.csv": "promotion",
  "promotion/flash-sale": "promotion",
  "promotion/flash-sale/form/:id?": "promotion",
  "reports/output-tax": "reports",
  "reports/output-tax/export.csv": "reports",
  "reports/order": "reports",
  "reports/order/export.csv": "reports",
  "reports/stock": "reports",
  "reports/stock/export.csv": "reports",
  "reports/sponsor": "reports",
  "reports/sponsor/export.csv": "reports",
  Policy: "settings",
  setting: "settings",
  "setting/outbox": "settings",
  "setting/outbox/export.csv": "settings",
  "setting/outbox/:id": "settings",
  // The back office's not-found page: every staff member may be told there is nothing there.
  "*": "any-staff",
} as const satisfies Record<string, StaffPermission>;
export type BackOfficePagePath = keyof typeof backOfficePagePermissions;

const backOfficePattern = /^\/*(?:th\/)?backend(?:\/(.*))?$/;

/**
 * The permission of the route React Router matched, from its pattern (`backend/user`,
 * `th/backend/orders/fulfillment/:id`), or null when the pattern is not a back-office page this
 * table knows — which the guard refuses.
 */
export function permissionForRoutePattern(pattern: string): StaffPermission | null {
  const match = backOfficePattern.exec(pattern.replace(/\/+$/, ""));
  if (!match) return null;
  const path = match[1] ?? "";
  return Object.hasOwn(backOfficePagePermissions, path) ? backOfficePagePermissions[path as BackOfficePagePath] : null;
}

/**
 * The menu group a back-office address belongs to, for the sidebar and breadcrumbs only (which
 * group starts open): the table's pattern that matches it with the most fixed segments. Access is
 * never decided from this — see permissionForRoutePattern.
 */
export function menuGroupForPath(pathname: string): MenuGroup | null {
  const match = backOfficePattern.exec(pathname.replace(/\/+$/, ""));
  if (!match) return null;
  const segments = (match[1] ?? "")
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.toLowerCase());
  let best: { group: MenuGroup; fixed: number } | null = null;
  for (const { parts, group } of groupPatterns) {
    const fixed = matchedFixedSegments(parts, segments);
    if (fixed !== null && (!best || fixed > best.fixed)) best = { group, fixed };
  }
  return best?.group ?? null;
}

interface PatternPart {
  /** Lower case; null for a parameter. */
  fixed: string | null;
  optional: boolean;
}

/**
 * The permission table's group patterns, split once: a back-office page asks for the group of every link it
 * shows (the dashboard: dozens), and splitting each pattern on every call was 1.3 ms of its render.
 */
const groupPatterns = (Object.entries(backOfficePagePermissions) as [string, StaffPermission][]).flatMap(([pattern, permission]) =>
  permission === "any-staff"
    ? []
    : [
        {
          group: permission,
          parts: pattern
            .split("/")
            .filter(Boolean)
            .map((part): PatternPart =>
              part.startsWith(":") ? { fixed: null, optional: part.endsWith("?") } : { fixed: part.toLowerCase(), optional: false },
            ),
        },
      ],
);

/** How many fixed segments of a route pattern match these (lower-case) segments, or null when it does not match. */
function matchedFixedSegments(parts: readonly PatternPart[], segments: readonly string[]): number | null {
  let fixed = 0;
  let index = 0;
  for (const part of parts) {
    const segment = segments[index];
    if (part.fixed === null) {
      if (segment === undefined) {
        if (part.optional) continue;
        return null;
      }
    } else if (segment !== part.fixed) {
      return null;
    } else {
      fixed += 1;
    }
    index += 1;
  }
  return index === segments.length ? fixed : null;
}

export function isStaffRoleId(value: unknown): value is StaffRoleId {
  return typeof value === "number" && (staffRoleIds as readonly number[]).includes(value);
}

export function canOpenGroup(roleId: number, group: MenuGroup): boolean {
  return isStaffRoleId(roleId) && groupsByRole[roleId].includes(group);
}

export type StaffAccessDecision = { allowed: true; permission: StaffPermission } | { allowed: false; reason: "not-a-staff-page" | "role-not-allowed" };

/** May a staff member of this role use the back-office route React Router matched (its pattern)? */
export function decideRouteAccess(roleId: number, routePattern: string): StaffAccessDecision {
  const permission = permissionForRoutePattern(routePattern);
  if (!permission) return { allowed: false, reason: "not-a-staff-page" };
  if (!isStaffRoleId(roleId)) return { allowed: false, reason: "role-not-allowed" };
  if (permission === "any-staff" || canOpenGroup(roleId, permission)) return { allowed: true, permission };
  return { allowed: false, reason: "role-not-allowed" };
}

/**
 * Whether to show a role a link to this address (dashboard figures, menus): the group of the page
 * the address leads to. Only for what a page *shows*; the server decides with decideRouteAccess.
 */
export function mayLinkTo(roleId: number, pathname: string): boolean {
  const group = menuGroupForPath(pathname);
  return group !== null && canOpenGroup(roleId, group);
}
