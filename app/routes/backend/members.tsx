import { clsx } from "clsx";
import { data, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { ActionMessages } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { AffiliateApplicationTable, type AffiliateApplicationView } from "~/features/affiliates/affiliate-application-table";
import { isAffiliateStatus, listAffiliateApplications, reviewAffiliateApplication } from "~/features/affiliates/affiliates.server";
import { textFields, translatedFieldErrors, type Translate } from "~/features/backoffice/form-errors";
import { affiliateReviewSchema, parseMemberListQuery } from "~/features/backoffice/member-schemas";
import { listMembers } from "~/features/backoffice/members.server";
import { staffValidationKeys } from "~/features/backoffice/staff-user-schemas";
import { intlLocale, localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, PageHeading, SearchForm } from "~/ui/backend/data-table";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/members";

/**
 * Members (spec §2 /backend/member; issue 3 item 16), roles 1–3 (the layout's middleware). Two tabs
 * in the URL: the member list (`?q=` searches name, e-mail and phone; `?page=`, 20 a page) and the
 * affiliate applications (`?tab=affiliates&status=pending|approved|rejected|all`) with approve /
 * reject (intent), which record the reviewing staff member and the time. GET forms and links only:
 * it all works without JavaScript.
 */
const affiliateFilters = ["pending", "approved", "rejected", "all"] as const;
type AffiliateFilter = (typeof affiliateFilters)[number];

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "staff");
  const backendTitle = getInstance(args.context).getFixedT(locale, "backend")("title");
  const url = new URL(args.request.url);
  const meta = { title: `${t("meta.members")} | ${backendTitle}` };
  if (url.searchParams.get("tab") === "affiliates") {
    const statusParam = url.searchParams.get("status") ?? "pending";
    const status: AffiliateFilter = isAffiliateStatus(statusParam) || statusParam === "all" ? statusParam : "pending";
    return data({ tab: "affiliates" as const, status, applications: await listAffiliateApplications(env.DB, status), members: null, search: "", meta });
  }
  const query = parseMemberListQuery(url);
  return data({ tab: "members" as const, status: null, applications: null, members: await listMembers(env.DB, query), search: query.search, meta });
}

interface ReviewReply {
  notice: string | null;
  formError: string | null;
}

export async function action(args: Route.ActionArgs) {
  const viewer = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const t = getInstance(args.context).getFixedT(getLocale(args.context) as Locale, "staff") as unknown as Translate;
  const formData = await args.request.formData();
  const reply = (status: number, body: Partial<ReviewReply>) => data<ReviewReply>({ notice: null, formError: null, ...body }, { status });
  const intent = formData.get("intent");
  if (intent !== "approve" && intent !== "reject") return reply(400, { formError: t("validation.unknownAction") });
  const fields = textFields(formData, ["id"]);
  const parsed = affiliateReviewSchema.safeParse(fields);
  if (!parsed.success) return reply(400, { formError: Object.values(translatedFieldErrors(parsed.error, t, staffValidationKeys))[0] ?? null });
  const result = await reviewAffiliateApplication(env.DB, {
    id: parsed.data.id,
    decision: intent === "approve" ? "approved" : "rejected",
    staffUserId: viewer.staffUserId,
  });
  if (!result.ok) {
    return reply(result.reason === "not-found" ? 404 : 409, {
      formError: t(result.reason === "not-found" ? "affiliates.notFound" : "affiliates.alreadyReviewed"),
    });
  }
  return reply(200, { notice: t(intent === "approve" ? "affiliates.approved" : "affiliates.rejected", { name: result.name }) });
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
  return (
    <div data-testid="members-page">
      <PageHeading title={t("members.heading")} />
      <Tabs current={loaderData.tab} base={base} />
      <ActionMessages notice={actionData?.notice} formError={actionData?.formError} />
      {loaderData.members ? <MemberList members={loaderData.members} search={loaderData.search} base={base} locale={locale} /> : null}
      {loaderData.applications ? (
        <AffiliateApplications applications={loaderData.applications} status={loaderData.status ?? "pending"} base={base} locale={locale} />
      ) : null}
    </div>
  );
}

function MemberList({
  members,
  search,
  base,
  locale,
}: {
  members: NonNullable<Route.ComponentProps["loaderData"]["members"]>;
  search: string;
  base: string;
  locale: Locale;
}) {
  const { t } = useTranslation("staff");
  const number = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 });
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return query ? `${base}?${query}` : base;
  };
  return (
    <>
      <SearchForm
        action={base}
        label={t("fields.search")}
        placeholder={t("members.searchPlaceholder")}
        submitLabel={t("members.searchSubmit")}
        clearLabel={t("members.clearSearch")}
        defaultValue={search}
      />
      <p className="mb-2 text-sm text-ink-muted" data-testid="member-count">
        {t("members.resultCount", { count: members.total })}
      </p>
      <DataTable
        caption={t("members.heading")}
        testId="member-list"
        rowCount={members.rows.length}
        empty={search ? t("members.empty") : t("members.emptyAll")}
        columns={[
          { label: t("members.columns.name") },
          { label: t("members.columns.email") },
          { label: t("members.columns.phone") },
          { label: t("members.columns.points"), numeric: true },
          { label: t("members.columns.joined") },
        ]}
      >
        {members.rows.map((member) => {
          const name = `${member.firstName} ${member.lastName}`;
          return (
            <tr key={member.id} data-testid="member-row">
              <td className="px-3 py-2">
                <Link
                  to={localizePath(locale, `/backend/member/detail/${member.id}`)}
                  className="font-semibold text-primary-dark underline"
                  aria-label={t("members.view", { name })}
                >
                  {name}
                </Link>
                {member.disabledAt !== null ? (
                  <>
                    {" "}
                    <Badge tone="error">{t("member.disabled")}</Badge>
                  </>
                ) : null}
              </td>
              <td className="px-3 py-2">{member.email}</td>
              <td className="px-3 py-2 whitespace-nowrap">{member.phone ?? "—"}</td>
              <td className="px-3 py-2 text-right tabular-nums">{number.format(member.pointsBalance)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(member.createdAt, locale)}</td>
            </tr>
          );
        })}
      </DataTable>
      <Pagination page={members.page} pageCount={members.pageCount} href={pageHref} />
    </>
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
