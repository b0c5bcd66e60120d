import { listAddressAfterAction, parseBulkAction, staffListLoader } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { reviewListSpec } from "~/features/reviews/review-list";
import { reviewList } from "~/features/reviews/review-lists.server";
import { setReviewsStatus } from "~/features/reviews/reviews.server";
import { useTranslation } from "~/i18n/translation";
import { RecordList } from "~/ui/backend/record-list";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/reviews";

/**
 * Product reviews (issue 20; /backend/products/reviews, the Products group): the list pattern —
 * search by product, customer or text, filter by status and stars, sort, pages, CSV, print — with
 * approve and hide per row (a form of its own) and in bulk. Only approved reviews are shown in the
 * shop and counted in the product's average.
 */
export const loader = (args: Route.LoaderArgs) => staffListLoader(args, "reviewsAdmin", "meta.title", reviewList);

const statusOf = { approve: "approved", hide: "hidden" } as const;

export async function action(args: Route.ActionArgs) {
  const { env, staff } = staffRoute(args, "reviewsAdmin");
  const bulk = parseBulkAction(await args.request.formData(), ["approve", "hide"]);
  if (!bulk.ok) return bulk.answer;
  const { intent, ids } = bulk;
  const count = await setReviewsStatus(env.DB, ids, statusOf[intent], staff.staffUserId);
  return redirectWithToast(args.request, listAddressAfterAction(args.request), { key: `reviewsAdmin:bulk.${intent}Done`, values: { count } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("reviewsAdmin");
  return (
    <RecordList
      spec={reviewListSpec}
      list={loaderData.list}
      answer={actionData}
      keep={["status", "rating"]}
      bulkActions={[
        { intent: "approve", label: t("bulk.approve") },
        { intent: "hide", label: t("bulk.hide") },
      ]}
    />
  );
}
