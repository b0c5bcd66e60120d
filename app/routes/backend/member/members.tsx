import { parseWithZod } from "@conform-to/zod/v4";
import { clsx } from "clsx";
import { data, Link, useLocation } from "react-router";

import {
  affiliateApplicationColumns,
  affiliateApplicationListDefinition,
  affiliateReviewColumn,
  affiliateStatusFilters,
} from "~/features/affiliates/affiliate-application-list";
import { listAffiliateApplications, reviewAffiliateApplication } from "~/features/affiliates/affiliates.server";
import { listAddressAfterAction, loadListPage } from "~/features/backoffice/list-page.server";
import { memberListDefinition, memberListSpec } from "~/features/backoffice/member-list";
import { affiliateReviewSchema } from "~/features/backoffice/member-schemas";
import { listMembers } from "~/features/backoffice/members.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import { ListView } from "~/ui/backend/list-page";
import { ListTabs } from "~/ui/backend/list-tabs";
import { RecordList } from "~/ui/backend/record-list";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/members";

/**
 * Members (spec §2 /backend/member; issue 3 item 16), roles 1–3 (the layout's middleware). Two tabs
 * in the URL, each a list of the back-office list pattern (search, filters, sort, pages, CSV of the
 * filtered list, print view): the members (app/features/backoffice/member-list.tsx; CSV at
 * ./export.csv) and the affiliate applications (`?tab=affiliates&status=pending|approved|rejected|all`;
 * app/features/affiliates/affiliate-application-list.tsx; CSV at ./affiliates/export.csv) with
 * approve / reject (intent), which record the reviewing staff member and the time and come back to
 * the same list with a toast. Plain forms and links: it all works without JavaScript.
 */
export async function loader(args: Route.LoaderArgs) {
  const { t, title } = staffRoute(args, "staff");
  const meta = { title: title(t("meta.members")) };
  if (new URL(args.request.url).searchParams.get("tab") === "affiliates") {
    return data({ applications: await loadListPage(args, affiliateApplicationList), members: null, meta });
  }
  return data({ applications: null, members: await loadListPage(args, memberList), meta });
}

const memberList = { definition: memberListDefinition, fetch: listMembers };
const affiliateApplicationList = { definition: affiliateApplicationListDefinition, fetch: listAffiliateApplications };

/** A refused review: a sentence for the page (the review buttons have no field to mark). */
interface ReviewReply {
  refusal: string;
}

export async function action(args: Route.ActionArgs) {
  const { staff: viewer, env, t } = staffRoute(args, "staff");
  // The review form has no field to mark: anything but a known intent and a record id is refused as a whole.
  const submission = parseWithZod(await args.request.formData(), { schema: affiliateReviewSchema });
  if (submission.status !== "success") return data<ReviewReply>({ refusal: t("validation.unknownAction") }, { status: 400 });
  const { intent, id } = submission.value;
  const result = await reviewAffiliateApplication(env.DB, { id, decision: intent === "approve" ? "approved" : "rejected", staffUserId: viewer.staffUserId });
  if (!result.ok) {
    const notFound = result.reason === "not-found";
    return data<ReviewReply>({ refusal: t(notFound ? "affiliates.notFound" : "affiliates.alreadyReviewed") }, { status: notFound ? 404 : 409 });
  }
  return redirectWithToast(args.request, listAddressAfterAction(args.request), {
    key: intent === "approve" ? "staff:affiliates.approved" : "staff:affiliates.rejected",
    values: { name: result.name },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

function Tabs({ current, base }: { current: "members" | "affiliates"; base: string }) {
  const { t } = useTranslation("staff");
  const tabs = [
    { key: "members", to: base, label: t("members.tabs.members") },
    { key: "affiliates", to: `${base}?tab=affiliates`, label: t("members.tabs.affiliates") },
  ] as const;
  return (
    <nav aria-label={t("members.heading")} className="mb-4 flex gap-1 border-b border-line print:hidden" data-testid="member-tabs">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          aria-current={tab.key === current ? "page" : undefined}
          className={clsx(
            "-mb-px border-b-2 px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-primary",
            tab.key === current ? "border-primary-dark text-primary-dark" : "border-transparent text-ink-muted hover:text-ink",
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

export default function Members({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/member");
  const { members, applications } = loaderData;
  const above = (
    <>
      <Tabs current={applications ? "affiliates" : "members"} base={base} />
      {actionData?.refusal ? (
        <Alert tone="error" testId="form-error">
          {actionData.refusal}
        </Alert>
      ) : null}
    </>
  );
  if (applications) {
    const { query } = applications;
    const exportPath = `${base}/affiliates/export.csv`;
    return (
      <ListView
        list={applications}
        definition={affiliateApplicationListDefinition}
        base={base}
        namespace="staff"
        title={t("affiliates.heading")}
        above={
          <>
            {above}
            <ListTabs
              spec={{ path: "/backend/member", definition: affiliateApplicationListDefinition }}
              query={query}
              name="status"
              current={query.filters.status ?? "pending"}
              label={t("affiliates.filter")}
              testId="affiliate-filter"
              tabTestId="affiliate-status"
              tabs={affiliateStatusFilters.map((status) => ({ value: status, label: t(`affiliates.statuses.${status}`) }))}
            />
          </>
        }
        searchPlaceholder={t("affiliates.searchPlaceholder")}
        keep={["tab", "status"]}
        columns={[...affiliateApplicationColumns, affiliateReviewColumn]}
        rowId={(row) => row.id}
        rowName={(row) => `${row.firstName} ${row.lastName}`}
        rowTestId="application"
        testId="affiliate-applications"
        empty={query.q ? t("affiliates.emptyFiltered") : t("affiliates.empty")}
        exportPath={exportPath}
        bulkActions={[{ intent: "export", label: t("lists:exportSelected"), href: exportPath }]}
      />
    );
  }
  return <RecordList spec={memberListSpec} list={members} above={above} />;
}
