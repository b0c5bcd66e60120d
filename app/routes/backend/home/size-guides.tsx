import { listActionAnswer, listAddressAfterAction, parseBulkAction, staffListLoader } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { sizeGuideListSpec } from "~/features/content/content-lists";
import { contentLists } from "~/features/content/content-lists.server";
import { deleteSizeGuides } from "~/features/content/size-guides-admin.server";
import { useTranslation } from "~/i18n/translation";
import { RecordList } from "~/ui/backend/record-list";
import { confirmStep, isConfirmed } from "~/ui/confirm";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/size-guides";

/**
 * Size guides (spec §2 /backend/home/size-guide; issue 4 item 11), roles 1, 2, 4: the back-office
 * list pattern — search by name or slug, sort, pages, CSV at ./export.csv, print view — with bulk
 * delete of the ticked guides (asks first; one batch; products showing one lose it, as with a single delete).
 */
export const loader = (args: Route.LoaderArgs) => staffListLoader(args, "contentAdmin", "meta.sizeGuides", contentLists.sizeGuides);

export async function action(args: Route.ActionArgs) {
  const { env } = staffRoute(args, "contentAdmin");
  const formData = await args.request.formData();
  const bulk = parseBulkAction(formData, ["delete"]);
  if (!bulk.ok) return bulk.answer;
  if (!isConfirmed(formData)) return listActionAnswer(200, { confirm: confirmStep(formData) });
  const count = await deleteSizeGuides(env.DB, bulk.ids);
  return redirectWithToast(args.request, listAddressAfterAction(args.request), { key: "contentAdmin:sizeGuides.bulkDeleted", values: { count } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function SizeGuides({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contentAdmin");
  const { list } = loaderData;
  const question = {
    title: t("sizeGuides.confirmBulkDelete.title"),
    description: t("sizeGuides.confirmBulkDelete.description"),
    confirmLabel: t("sizeGuides.confirmBulkDelete.yes"),
  };
  return (
    <RecordList
      spec={sizeGuideListSpec}
      list={list}
      answer={actionData}
      bulkActions={[{ intent: "delete", label: t("sizeGuides.bulkDelete"), confirm: question }]}
    />
  );
}
