import { data, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { selectedIds } from "~/domain/list-query";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { listAddressAfterAction, loadListPage } from "~/features/backoffice/list-page.server";
import { presetImageActivity, presetImageListColumns, presetImageListDefinition } from "~/features/custom-admin/custom-admin-lists";
import { listPresetImages, setPresetImagesActive } from "~/features/custom-admin/custom-admin.server";
import { customizeAdminContext } from "~/features/custom-admin/custom-admin-routes.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { getInstance } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import { NewButton } from "~/ui/backend/form-page";
import { FilterSelect, ListView } from "~/ui/backend/list-page";
import { redirectWithToast } from "~/ui/toast.server";
import type { Route } from "./+types/preset-images";

/**
 * Preset images (spec §2 /backend/orders/preset-image; issue 6 item 6): logos shoppers can place —
 * the back-office list pattern (search a name, shown / hidden, sort, pages, CSV, print view); the
 * ticked pictures can be shown or hidden at once (one statement; nothing is deleted, so no question).
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { t, title } = customizeAdminContext(args.context);
  const list = await loadListPage(args, { definition: presetImageListDefinition, fetch: listPresetImages });
  return data({ list, meta: { title: title(t("meta.presetImages")) } });
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t } = customizeAdminContext(args.context);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  if (intent !== "show" && intent !== "hide") return data({ formError: t("validation.unknownAction") }, { status: 400 });
  const ids = selectedIds(formData);
  if (ids.length === 0) return data({ formError: getInstance(args.context).getFixedT(locale, "lists")("selection.noneSelected") }, { status: 400 });
  const count = await setPresetImagesActive(env.DB, ids, intent === "show");
  return redirectWithToast(args.request, listAddressAfterAction(args.request), { key: `customizeAdmin:lists.${intent}Done`, values: { count } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function PresetImages({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/orders/preset-image");
  const { list } = loaderData;
  const { query } = list;
  return (
    <ListView
      list={list}
      definition={presetImageListDefinition}
      base={base}
      namespace="customizeAdmin"
      title={t("presetImages.heading")}
      intro={t("presetImages.intro")}
      headerActions={
        <NewButton to={`${base}/form`} testId="new-preset-image">
          {t("presetImages.newImage")}
        </NewButton>
      }
      above={
        actionData?.formError ? (
          <Alert tone="error" testId="form-error">
            {actionData.formError}
          </Alert>
        ) : null
      }
      searchPlaceholder={t("presetImages.searchPlaceholder")}
      filters={
        <FilterSelect
          name="active"
          label={t("presetImages.columns.active")}
          value={query.filters.active}
          allLabel={t("lists.all")}
          options={presetImageActivity.map((value) => ({ value, label: t(`presetImages.${value}`) }))}
        />
      }
      columns={presetImageListColumns}
      rowId={(image) => image.id}
      rowName={(image) => localized(image, "name", locale)}
      rowTestId="preset-image-row"
      testId="preset-image-list"
      empty={query.q || query.filters.active ? t("lists.emptyFiltered") : t("presetImages.empty")}
      exportPath={`${base}/export.csv`}
      bulkActions={[
        { intent: "show", label: t("lists.show") },
        { intent: "hide", label: t("lists.hide") },
      ]}
    />
  );
}
