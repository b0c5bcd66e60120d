import { useLocation } from "react-router";

import { sponsoredKinds } from "~/features/orders/sponsored-list";
import { reportHeaders, staffReportLoader } from "~/features/reports/report-page.server";
import { sponsorReportSpec } from "~/features/reports/sponsor-report";
import { sponsorReport } from "~/features/reports/sponsor-report.server";
import { localeFromPathname } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { FilterSelects } from "~/ui/backend/list-page";
import { ReportView } from "~/ui/backend/report-page";

import type { Route } from "./+types/sponsor";

/**
 * Sponsor report (spec §2 /backend/reports/sponsor; issue 18): the sponsored and distributor orders of
 * /backend/orders/sponsored that are sales, by sponsor or distributor, for a period — orders, items and
 * value, the value per day, week or month, CSV at ./export.csv, print view. Report group.
 */
export const loader = (args: Route.LoaderArgs) => staffReportLoader(args, sponsorReport, "sponsor.heading");

export const headers = reportHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function SponsorReport({ loaderData: { report } }: Route.ComponentProps) {
  const { t } = useTranslation("reports");
  const locale = localeFromPathname(useLocation().pathname);
  return (
    <ReportView
      spec={sponsorReportSpec}
      report={report}
      filters={
        <FilterSelects
          query={{ filters: report.filters }}
          allLabel={t("filters.all")}
          selects={[
            { name: "kind", label: t("sponsor.columns.kind"), options: sponsoredKinds.map((kind) => ({ value: kind, label: t(`sponsor.kinds.${kind}`) })) },
            {
              name: "sponsor",
              label: t("sponsor.sponsorFilter"),
              options: report.sponsors.map((row) => ({ value: row.id, label: localized(row, "name", locale) })),
            },
          ]}
        />
      }
    />
  );
}
