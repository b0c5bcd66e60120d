import { Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { staffRoleIds } from "~/domain/staff-permissions";
import { localizePath } from "~/i18n/config";
import { csvDateTime, type ListColumn } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import { choiceFilter, type RecordListSpec } from "~/ui/backend/record-list";

import type { StaffUserRow } from "./staff-users.server";

/**
 * The staff list (spec §2 /backend/user; issue 15): search by name or e-mail, filter by role and
 * status, sort by role (the default: administrators first), name, e-mail or last sign-in. Columns
 * for the page, the print view and the CSV export.
 */
export const staffStatuses = ["active", "deactivated"] as const;

export const staffUserListDefinition = defineList({
  sorts: ["role", "name", "email", "lastLogin"],
  defaultSort: "role",
  defaultDirection: "asc",
  filters: { role: filter.id(staffRoleIds), status: filter.choice(staffStatuses) },
  pageSize: 20,
});
export type StaffUserListQuery = QueryOf<typeof staffUserListDefinition>;

const roleKey = (roleId: number) => `backend:roles.${(staffRoleIds as readonly number[]).includes(roleId) ? roleId : "unknown"}`;
const lastLogin = (user: StaffUserRow, t: (key: string) => string, locale: "en" | "th") =>
  user.lastLoginAt === null ? t("users.never") : formatDate(user.lastLoginAt, locale, { dateStyle: "medium", timeStyle: "short" });

export const staffUserListColumns: readonly ListColumn<StaffUserRow & { isViewer?: boolean }>[] = [
  {
    id: "name",
    label: "users.columns.name",
    sort: "name",
    // The name opens the manage panel too: on a phone the actions column is left out.
    cell: (user, { t, locale }) => (
      <>
        <Link to={`${localizePath(locale, "/backend/user")}?edit=${user.id}`} className="font-semibold text-primary-dark hover:underline">
          {user.fullName}
        </Link>{" "}
        {user.isViewer ? <span className="font-normal text-ink-muted">{t("users.you")}</span> : null}
      </>
    ),
    csv: (user) => user.fullName,
  },
  { id: "email", label: "users.columns.email", sort: "email", className: "break-all", cell: (user) => user.email, csv: (user) => user.email },
  {
    id: "role",
    label: "users.columns.role",
    sort: "role",
    cell: (user, { t }) => t(roleKey(user.roleId)),
    csv: (user, { t }) => t(roleKey(user.roleId)),
  },
  {
    id: "lastLogin",
    label: "users.columns.lastLogin",
    sort: "lastLogin",
    className: "hidden md:table-cell whitespace-nowrap",
    cell: (user, { t, locale }) => lastLogin(user, t, locale),
    csv: (user) => csvDateTime(user.lastLoginAt),
  },
  {
    id: "status",
    label: "users.columns.status",
    cell: (user, { t }) =>
      user.disabledAt === null ? <Badge tone="success">{t("users.active")}</Badge> : <Badge tone="error">{t("users.deactivated")}</Badge>,
    csv: (user, { t }) => t(user.disabledAt === null ? "users.active" : "users.deactivated"),
  },
  {
    id: "actions",
    label: "users.columns.actions",
    className: "hidden text-right sm:table-cell",
    screenOnly: true,
    cell: (user, { t, locale }) => (
      <Link to={`${localizePath(locale, "/backend/user")}?edit=${user.id}`} className="font-semibold text-primary-dark underline" data-testid="manage">
        {t("users.edit")}
      </Link>
    ),
  },
];

export const staffUserListSpec: RecordListSpec<StaffUserRow & { isViewer?: boolean }, StaffUserListQuery["sort"], StaffUserListQuery["filters"]> = {
  path: "/backend/user",
  namespace: "staff",
  definition: staffUserListDefinition,
  columns: staffUserListColumns,
  text: {
    heading: "users.heading",
    intro: "users.intro",
    searchPlaceholder: "users.searchPlaceholder",
    empty: "users.empty",
    emptyFiltered: "users.emptyFiltered",
  },
  testIds: { list: "staff-users", row: "staff-user-row" },
  choiceFilters: [
    choiceFilter({ name: "role", label: "fields.role", all: "members.statuses.all", values: staffRoleIds, valueKey: (roleId) => `backend:roles.${roleId}` }),
    choiceFilter({
      name: "status",
      label: "users.columns.status",
      all: "members.statuses.all",
      values: staffStatuses,
      valueKey: (status) => (status === "active" ? "users.active" : "users.deactivated"),
    }),
  ],
  rowName: (user) => user.fullName,
};
