import { listAddressAfterAction, parseBulkAction, staffListLoader } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { listPresetImages, setPresetImagesActive } from "~/features/custom-admin/custom-admin.server";
import { presetImageListDefinition, presetImageListSpec } from "~/features/custom-admin/custom-admin-lists";
import { useTranslation } from "~/i18n/translation";
import { RecordList } from "~/ui/backend/record-list";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/preset-images";

/**
 * Preset images (spec §2 /backend/orders/preset-image; issue 6 item 6): logos shoppers can place —
 * the back-office list pattern (search a name, shown / hidden, sort, pages, CSV, print view); the
 * ticked pictures can be shown or hidden at once (one statement; nothing is deleted, so no question).
 */
export const loader = (args: Route.LoaderArgs) =>
  staffListLoader(args, "customizeAdmin", "meta.presetImages", { definition: presetImageListDefinition, fetch: listPresetImages });

export async function action(args: Route.ActionArgs) {
  const { env } = staffRoute(args, "customizeAdmin");
  const bulk = parseBulkAction(await args.request.formData(), ["show", "hide"]);
  if (!bulk.ok) return bulk.answer;
  const { intent, ids } = bulk;
  const count = await setPresetImagesActive(env.DB, ids, intent === "show");
  return redirectWithToast(args.request, listAddressAfterAction(args.request), { key: `customizeAdmin:lists.${intent}Done`, values: { count } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function PresetImages({ loaderData: { list }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  return (
    <RecordList
      spec={presetImageListSpec}
      list={list}
      answer={actionData}
      bulkActions={[
        { intent: "show", label: t("lists.show") },
        { intent: "hide", label: t("lists.hide") },
      ]}
    />
  );
}
