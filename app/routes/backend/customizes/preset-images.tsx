import { localized } from "~/i18n/localized";
import { data, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { NewButton, Thumbnail } from "~/ui/backend/form-page";
import { listPresetImages } from "~/features/custom-admin/custom-admin.server";
import { customizeAdminContext } from "~/features/custom-admin/custom-admin-routes.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, PageHeading } from "~/ui/backend/data-table";
import type { Route } from "./+types/preset-images";

/** Preset images (spec §2 /backend/orders/preset-image; issue 6 item 6): logos shoppers can place. */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = customizeAdminContext(args.context);
  return data({ images: await listPresetImages(env.DB), meta: { title: title(t("meta.presetImages")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function PresetImages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/orders/preset-image");
  return (
    <div data-testid="preset-images-page">
      <PageHeading title={t("presetImages.heading")} intro={t("presetImages.intro")}>
        <NewButton to={`${base}/form`} testId="new-preset-image">
          {t("presetImages.newImage")}
        </NewButton>
      </PageHeading>
      <DataTable
        caption={t("presetImages.heading")}
        testId="preset-image-list"
        rowCount={loaderData.images.length}
        empty={t("presetImages.empty")}
        columns={[
          { label: t("presetImages.columns.image"), className: "w-16" },
          { label: t("presetImages.columns.name") },
          { label: t("presetImages.columns.active") },
          { label: t("presetImages.columns.sortOrder"), numeric: true },
        ]}
      >
        {loaderData.images.map((image) => (
          <tr key={image.id} data-testid="preset-image-row">
            <td className="px-3 py-2">
              <Thumbnail imageKey={image.imageKey} size={40} alt={localized(image, "name", locale)} />
            </td>
            <td className="px-3 py-2">
              <Link to={`${base}/form?id=${image.id}`} className="font-semibold text-primary-dark underline">
                {localized(image, "name", locale)}
              </Link>
              {/* The name in the other language, to tell similar pictures apart. */}
              <div className="text-xs text-ink-muted">{[image.nameEn, image.nameTh].find((name) => name !== localized(image, "name", locale))}</div>
            </td>
            <td className="px-3 py-2">
              <Badge tone={image.isActive ? "success" : "neutral"}>{image.isActive ? t("presetImages.active") : t("presetImages.inactive")}</Badge>
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{image.sortOrder}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
