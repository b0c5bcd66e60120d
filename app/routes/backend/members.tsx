import { parseWithZod } from "@conform-to/zod/v4";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { clsx } from "clsx";
import { data, Link, useLocation } from "react-router";
import { AffiliateApplicationTable, type AffiliateApplicationView } from "~/features/affiliates/affiliate-application-table";
import { isAffiliateStatus, listAffiliateApplications, reviewAffiliateApplication } from "~/features/affiliates/affiliates.server";
import { listAddressAfterAction, loadListPage } from "~/features/backoffice/list-page.server";
import { memberListColumns, memberListDefinition, memberName, memberStatuses } from "~/features/backoffice/member-list";
import { affiliateReviewSchema } from "~/features/backoffice/member-schemas";
import { listMembers } from "~/features/backoffice/members.server";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import { PageHeading } from "~/ui/backend/data-table";
import { FilterSelect, ListView } from "~/ui/backend/list-page";
import { redirectWithToast } from "~/ui/toast.server";
import type { Route } from "./+types/members";

/**
 * Members (spec §2 /backend/member; issue 3 item 16), roles 1–3 (the layout's middleware). Two tabs
 * in the URL: the member list (the back-office list pattern: search, status filter, sort, pages,
 * CSV of the filtered list at ./export.csv, print view; app/features/backoffice/member-list.tsx) and the
 * affiliate applications (`?tab=affiliates&status=pending|approved|rejected|all`) with approve /
 * reject (intent), which record the reviewing staff member and the time and come back to the same
 * tab with a toast. Plain forms and links: it all works without JavaScript.
 */
const affiliateFilters = ["pending", "approved", "rejected", "all"] as const;
type AffiliateFilter = (typeof affiliateFilters)[number];

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "staff");
  const url = new URL(args.request.url);
  const meta = { title: title(t("meta.members")) };
  if (url.searchParams.get("tab") === "affiliates") {
    const statusParam = url.searchParams.get("status") ?? "pending";
    const status: AffiliateFilter = isAffiliateStatus(statusParam) || statusParam === "all" ? statusParam : "pending";
    return data({ tab: "affiliates" as const, status, applications: await listAffiliateApplications(env.DB, status), members: null, meta });
  }
  return data({ tab: "members" as const, status: null, applications: null, members: await loadListPage(args, memberList), meta });
}

const memberList = { definition: memberListDefinition, fetch: listMembers };

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
    <nav aria-label={t("members.heading")} className="mb-4 flex gap-1 border-b border-line" data-testid="member-tabs">
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
  const { members } = loaderData;
  const above = (
    <>
      <Tabs current={loaderData.tab} base={base} />
      {actionData?.refusal ? (
        <Alert tone="error" testId="form-error">
          {actionData.refusal}
        </Alert>
      ) : null}
    </>
  );
  if (members) {
    const { query } = members;
    return (
      <ListView
        list={members}
        definition={memberListDefinition}
        base={base}
        namespace="staff"
        title={t("members.heading")}
        above={above}
        searchPlaceholder={t("members.searchPlaceholder")}
        filters={
          <FilterSelect
            name="status"
            label={t("members.columns.status")}
            value={query.filters.status}
            allLabel={t("members.statuses.all")}
            options={memberStatuses.map((status) => ({ value: status, label: t(`members.statuses.${status}`) }))}
          />
        }
        columns={memberListColumns}
        rowId={(member) => member.id}
        rowName={memberName}
        rowTestId="member-row"
        testId="member-list"
        empty={query.q || query.filters.status ? t("members.empty") : t("members.emptyAll")}
        exportPath={`${base}/export.csv`}
        bulkActions={[{ intent: "export", label: t("lists:exportSelected"), href: `${base}/export.csv` }]}
      />
    );
  }
  return (
    <div data-testid="members-page">
      <PageHeading title={t("members.heading")} />
      {above}
      {loaderData.applications ? (
        <AffiliateApplications applications={loaderData.applications} status={loaderData.status ?? "pending"} base={base} locale={locale} />
      ) : null}
    </div>
  );
}

function AffiliateApplications({
  applications,
  status,
  base,
  locale,
}: {
  applications: readonly AffiliateApplicationView[];
  status: AffiliateFilter;
  base: string;
  locale: Locale;
}) {
  const { t } = useTranslation("staff");
  const here = `${base}?tab=affiliates&status=${status}`;
  return (
    <>
      <nav aria-label={t("affiliates.filter")} className="mb-4 flex flex-wrap items-center gap-2 text-sm" data-testid="affiliate-filter">
        <span className="font-semibold">{t("affiliates.filter")}:</span>
        {affiliateFilters.map((filter) => (
          <Link
            key={filter}
            to={`${base}?tab=affiliates&status=${filter}`}
            aria-current={filter === status ? "page" : undefined}
            className={clsx(
              "rounded-full border px-3 py-1",
              filter === status ? "border-primary-dark bg-primary-dark text-white" : "border-line hover:bg-surface-muted",
            )}
          >
            {t(`affiliates.statuses.${filter}`)}
          </Link>
        ))}
      </nav>
      <AffiliateApplicationTable applications={applications} locale={locale} actions reviewAction={here} empty={t("affiliates.empty")} />
    </>
  );
}
