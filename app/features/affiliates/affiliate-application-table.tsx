import { channelLabels, socialChannels } from "./affiliate-schemas";
import { Check, X } from "lucide-react";
import { Form, Link } from "react-router";
import { formatDate } from "~/domain/dates";
import { formatThaiNationalId } from "~/domain/thai-national-id";
import { localizePath, type Locale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable } from "~/ui/backend/data-table";

/** An application as the loaders give it (the row type of affiliates.server.ts, without importing server code). */
export interface AffiliateApplicationView {
  id: number;
  customerId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  nationalId: string;
  socialChannels: Record<string, string>;
  note: string;
  status: "pending" | "approved" | "rejected";
  reviewedAt: number | null;
  reviewerName: string | null;
  createdAt: number;
}

function statusTone(status: AffiliateApplicationView["status"]) {
  return status === "approved" ? "success" : status === "rejected" ? "error" : "warning";
}

/** Affiliate applications: the review panel on /backend/member (approve / reject) and, read-only, a member's detail page. */
export function AffiliateApplicationTable({
  applications,
  locale,
  actions,
  reviewAction,
  empty,
}: {
  applications: readonly AffiliateApplicationView[];
  locale: Locale;
  actions: boolean;
  reviewAction?: string;
  empty: string;
}) {
  const { t } = useTranslation("staff");
  return (
    <DataTable
      caption={t("affiliates.heading")}
      testId="affiliate-applications"
      rowCount={applications.length}
      empty={empty}
      columns={[
        { label: t("affiliates.columns.applicant") },
        { label: t("affiliates.columns.contact") },
        { label: t("affiliates.columns.nationalId") },
        { label: t("affiliates.columns.channels") },
        { label: t("affiliates.columns.submitted") },
        { label: t("affiliates.columns.status") },
        ...(actions ? [{ label: t("affiliates.columns.review") }] : []),
      ]}
    >
      {applications.map((application) => {
        const name = `${application.firstName} ${application.lastName}`;
        return (
          <tr key={application.id} data-testid={`application-${application.id}`} className="align-top">
            <td className="px-3 py-2">
              <span className="font-semibold">{name}</span>
              <span className="block text-xs text-ink-muted">
                {application.customerId !== null ? (
                  <Link to={localizePath(locale, `/backend/member/detail/${application.customerId}`)} className="text-primary-dark underline">
                    {t("affiliates.member")}
                  </Link>
                ) : (
                  t("affiliates.guest")
                )}
              </span>
            </td>
            <td className="px-3 py-2">
              <span className="block">{application.email}</span>
              <span className="block whitespace-nowrap text-ink-muted">{application.phone}</span>
            </td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums" data-testid="national-id">
              {formatThaiNationalId(application.nationalId)}
            </td>
            <td className="max-w-xs px-3 py-2 break-words" data-testid="channels-and-note">
              <ul>
                {socialChannels
                  .filter((channel) => application.socialChannels[channel])
                  .map((channel) => (
                    <li key={channel}>{`${channelLabels[channel]}: ${application.socialChannels[channel]}`}</li>
                  ))}
              </ul>
              {application.note ? <p className="mt-1 whitespace-pre-line text-ink-muted">{application.note}</p> : null}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDate(application.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}</td>
            <td className="px-3 py-2">
              <Badge tone={statusTone(application.status)} testId="status">
                {t(`affiliates.statuses.${application.status}`)}
              </Badge>
              {application.reviewedAt !== null ? (
                <span className="mt-1 block text-xs text-ink-muted" data-testid="reviewed-by">
                  {t("affiliates.reviewedBy", {
                    name: application.reviewerName ?? t("affiliates.reviewerUnknown"),
                    date: formatDate(application.reviewedAt, locale, { dateStyle: "medium", timeStyle: "short" }),
                  })}
                </span>
              ) : null}
            </td>
            {actions ? (
              <td className="px-3 py-2">
                {application.status === "pending" ? (
                  <Form method="post" action={reviewAction} className="flex gap-2">
                    <input type="hidden" name="id" value={application.id} />
                    <button type="submit" name="intent" value="approve" className="btn-ghost border border-success/40 text-success" data-testid="approve">
                      <Check className="size-4" aria-hidden />
                      {t("affiliates.approve")}
                    </button>
                    <button type="submit" name="intent" value="reject" className="btn-ghost border border-error/40 text-error" data-testid="reject">
                      <X className="size-4" aria-hidden />
                      {t("affiliates.reject")}
                    </button>
                  </Form>
                ) : null}
              </td>
            ) : null}
          </tr>
        );
      })}
    </DataTable>
  );
}
