import { Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { formatDecimal } from "~/domain/number-format";
import { intlLocale, localizePath } from "~/i18n/config";
import { csvDateTime, type ListColumn } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import { choiceFilter, type RecordListSpec } from "~/ui/backend/record-list";

import type { MemberListRow } from "./members.server";

/**
 * The member list (spec §2 /backend/member; issue 15): search by name, e-mail or phone (however
 * the phone was typed), filter active / disabled, sort by name, e-mail, points or joining date
 * (newest first by default). Columns for the page, the print view and the CSV export.
 */
export const memberStatuses = ["active", "disabled"] as const;

export const memberListDefinition = defineList({
  sorts: ["joined", "name", "email", "points"],
  defaultSort: "joined",
  defaultDirection: "desc",
  filters: { status: filter.choice(memberStatuses) },
  pageSize: 20,
});
export type MemberListQuery = QueryOf<typeof memberListDefinition>;

export const memberName = (member: Pick<MemberListRow, "firstName" | "lastName">) => `${member.firstName} ${member.lastName}`.trim();

export const memberListColumns: readonly ListColumn<MemberListRow>[] = [
  {
    id: "name",
    label: "members.columns.name",
    sort: "name",
    cell: (member, { t, locale }) => (
      <>
        <Link
          to={localizePath(locale, `/backend/member/detail/${member.id}`)}
          className="font-semibold text-primary-dark underline"
          aria-label={t("members.view", { name: memberName(member) })}
        >
          {memberName(member)}
        </Link>
        {member.disabledAt !== null ? (
          <>
            {" "}
            <Badge tone="error">{t("member.disabled")}</Badge>
          </>
        ) : null}
      </>
    ),
    csv: (member) => memberName(member),
  },
  { id: "email", label: "members.columns.email", sort: "email", className: "break-all", cell: (member) => member.email, csv: (member) => member.email },
  {
    id: "phone",
    label: "members.columns.phone",
    className: "hidden sm:table-cell whitespace-nowrap",
    cell: (member) => member.phone ?? "—",
    csv: (member) => member.phone ?? "",
  },
  {
    id: "points",
    label: "members.columns.points",
    sort: "points",
    numeric: true,
    cell: (member, { locale }) => formatDecimal(member.pointsBalance, intlLocale(locale)),
    csv: (member) => member.pointsBalance,
  },
  {
    id: "joined",
    label: "members.columns.joined",
    sort: "joined",
    className: "hidden md:table-cell whitespace-nowrap",
    cell: (member, { locale }) => formatDate(member.createdAt, locale),
    csv: (member) => csvDateTime(member.createdAt),
  },
  {
    id: "status",
    label: "members.columns.status",
    csv: (member, { t }) => t(member.disabledAt === null ? "members.statuses.active" : "members.statuses.disabled"),
  },
];

export const memberListSpec: RecordListSpec<MemberListRow, MemberListQuery["sort"], MemberListQuery["filters"]> = {
  path: "/backend/member",
  namespace: "staff",
  definition: memberListDefinition,
  columns: memberListColumns,
  text: { heading: "members.heading", searchPlaceholder: "members.searchPlaceholder", empty: "members.emptyAll", emptyFiltered: "members.empty" },
  testIds: { list: "member-list", row: "member-row" },
  rowName: memberName,
  choiceFilters: [
    choiceFilter({
      name: "status",
      label: "members.columns.status",
      all: "members.statuses.all",
      values: memberStatuses,
      valueKey: (status) => `members.statuses.${status}`,
    }),
  ],
};
