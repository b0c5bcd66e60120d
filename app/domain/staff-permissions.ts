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

/** Path prefixes under /backend (first segments, as the spec spells them) → their group. */
const groupByPrefix: [prefix: string, group: MenuGroup][] = [
  ["dashboard", "dashboard"],
  ["products", "products"],
  ["customizes", "customize"],
  ["orders/preset-image", "customize"],
  ["banner", "customize"],
  ["orders", "orders"],
  ["bill", "billings"],
  ["invoices", "billings"],
  ["shipping-rates", "shipping-rates"],
  ["reports", "reports"],
  ["member", "member"],
  ["home", "home"],
  ["promotion", "promotion"],
  ["product-gallery", "product-gallery"],
  ["user", "user-management"],
  ["setting", "settings"],
  ["Policy", "settings"],
];

/**
 * The group a back-office path belongs to, or null when it is not a staff page (the sign-in page,
 * or no page at all). `/backend` itself is the dashboard.
 */
export function menuGroupForPath(pathname: string): MenuGroup | null {
  const match = /^\/(?:th\/)?backend(?:\/(.*))?$/.exec(pathname.replace(/\/+$/, ""));
  if (!match) return null;
  const rest = match[1] ?? "";
  if (rest === "") return "dashboard";
  if (rest === "login") return null;
  for (const [prefix, group] of groupByPrefix) {
    if (rest === prefix || rest.startsWith(`${prefix}/`)) return group;
  }
  return null;
}

export function isStaffRoleId(value: unknown): value is StaffRoleId {
  return typeof value === "number" && (staffRoleIds as readonly number[]).includes(value);
}

export function canOpenGroup(roleId: number, group: MenuGroup): boolean {
  return isStaffRoleId(roleId) && groupsByRole[roleId].includes(group);
}

export type StaffAccessDecision =
  | { allowed: true; group: MenuGroup }
  | { allowed: false; reason: "not-a-staff-page" | "role-not-allowed" };

/** May a staff member of this role open this back-office path? */
export function decideStaffAccess(roleId: number, pathname: string): StaffAccessDecision {
  const group = menuGroupForPath(pathname);
  if (!group) return { allowed: false, reason: "not-a-staff-page" };
  return canOpenGroup(roleId, group) ? { allowed: true, group } : { allowed: false, reason: "role-not-allowed" };
}
