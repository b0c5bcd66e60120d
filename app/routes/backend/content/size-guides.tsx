import { Plus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { listSizeGuides } from "~/features/content/size-guides-admin.server";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { DataTable, PageHeading } from "~/ui/backend/data-table";
import type { Route } from "./+types/size-guides";

/** Size guides list (spec §2 /backend/home/size-guide; issue 4 item 11), roles 1, 2, 4. */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  return {
    guides: await listSizeGuides(env.DB),
    meta: { title: `${i18n.getFixedT(locale, "contentAdmin")("meta.sizeGuides")} | ${i18n.getFixedT(locale, "backend")("title")}` },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function SizeGuides({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("contentAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/home/size-guide");
  const { guides } = loaderData;
  return (
    <div className="space-y-4" data-testid="size-guides-page">
      <PageHeading title={t("sizeGuides.heading")} intro={t("sizeGuides.intro")}>
        <Link to={`${base}/create`} className="btn-primary">
          <Plus className="size-4" aria-hidden />
          {t("sizeGuides.create")}
        </Link>
      </PageHeading>
      <DataTable
        caption={t("sizeGuides.heading")}
        testId="size-guide-list"
        rowCount={guides.length}
        empty={t("sizeGuides.empty")}
        columns={[
          { label: t("sizeGuides.columns.name") },
          { label: t("sizeGuides.columns.slug") },
          { label: t("sizeGuides.columns.order"), numeric: true },
          { label: t("sizeGuides.columns.updated") },
          { label: t("common.actions"), className: "sr-only" },
        ]}
      >
        {guides.map((guide) => (
          <tr key={guide.id} data-testid={`size-guide-${guide.slug}`}>
            <td className="px-3 py-2 font-semibold">{locale === "th" ? guide.nameTh : guide.nameEn}</td>
            <td className="px-3 py-2 font-mono text-xs">{guide.slug}</td>
            <td className="px-3 py-2 text-right">{guide.sortOrder}</td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDate(guide.updatedAt, locale)}</td>
            <td className="px-3 py-2 text-right">
              <Link to={`${base}/${guide.id}`} className="font-semibold text-primary-dark underline">
                {t("common.edit")}
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
