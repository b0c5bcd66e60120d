import { Plus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { listCollections } from "~/features/content/collections-admin.server";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, PageHeading } from "~/ui/backend/data-table";
import type { Route } from "./+types/collections";

/** Collections list (spec §2 /backend/home/collections; issue 4 item 11), roles 1, 2, 4. */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  return {
    collections: await listCollections(env.DB),
    meta: { title: `${i18n.getFixedT(locale, "contentAdmin")("meta.collections")} | ${i18n.getFixedT(locale, "backend")("title")}` },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Collections({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("contentAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/home/collections");
  const { collections } = loaderData;
  return (
    <div className="space-y-4" data-testid="collections-page">
      <PageHeading title={t("collections.heading")} intro={t("collections.intro")}>
        <Link to={`${base}/form`} className="btn-primary">
          <Plus className="size-4" aria-hidden />
          {t("collections.create")}
        </Link>
      </PageHeading>
      <DataTable
        caption={t("collections.heading")}
        testId="collection-list"
        rowCount={collections.length}
        empty={t("collections.empty")}
        columns={[
          { label: t("collections.columns.name") },
          { label: t("collections.columns.slug") },
          { label: t("collections.columns.products"), numeric: true },
          { label: t("collections.columns.status") },
          { label: t("collections.columns.order"), numeric: true },
          { label: t("common.actions"), className: "sr-only" },
        ]}
      >
        {collections.map((row) => (
          <tr key={row.id} data-testid={`collection-${row.slug}`}>
            <td className="px-3 py-2 font-semibold">{locale === "th" ? row.nameTh : row.nameEn}</td>
            <td className="px-3 py-2 font-mono text-xs">{row.slug}</td>
            <td className="px-3 py-2 text-right">{t("collections.productCount", { count: row.productCount })}</td>
            <td className="space-x-1 px-3 py-2">
              {row.isPublished ? <Badge tone="success">{t("collections.published")}</Badge> : <Badge tone="neutral">{t("collections.hidden")}</Badge>}
              {row.isFeatured ? <Badge tone="warning">{t("collections.featured")}</Badge> : null}
            </td>
            <td className="px-3 py-2 text-right">{row.sortOrder}</td>
            <td className="px-3 py-2 text-right">
              <Link to={`${base}/form/${row.id}`} className="font-semibold text-primary-dark underline">
                {t("common.edit")}
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
