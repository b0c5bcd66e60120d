import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useLocation } from "react-router";

import { listHref, selectedIds } from "~/domain/list-query";
import { orderStatusIds, statusLabelKey } from "~/domain/order-status";
import { listAddressAfterAction, parseBulkAction, staffListLoader } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { loadShipStep, markOrdersShipped, type ShipStep } from "~/features/orders/bulk-orders.server";
import { BulkShipPanel } from "~/features/orders/bulk-ship-panel";
import { orderListDefinition, orderListSpec, orderTypeIds, paymentTypeIds } from "~/features/orders/order-list";
import { listOrders } from "~/features/orders/orders-admin.server";
import { bulkShipSchema } from "~/features/orders/orders-admin-schemas";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { FilterDate, FilterSelects } from "~/ui/backend/list-page";
import { RecordList } from "~/ui/backend/record-list";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/fulfillment";

/**
 * Orders (spec §2 /backend/orders/fulfillment; issue 5 item 11, issue 15): the back-office list
 * pattern (app/ui/backend/README.md) with tabs by status and their counts; bulk actions mark the
 * ticked orders shipped (one carrier, a tracking number each, one batch), print their packing
 * slips, or export them; the whole filtered list exports as CSV (./export.csv) and prints.
 */
const orderList = { definition: orderListDefinition, fetch: listOrders };

export const loader = (args: Route.LoaderArgs) => staffListLoader(args, "ordersAdmin", "meta.orders", orderList);

/** The list's answer (ListAnswer), and the ship step with its form's result. */
interface ActionReply {
  result: SubmissionResult<string[]> | null;
  refusal: string | null;
  /** "Mark shipped" asks for a carrier and the tracking numbers first. */
  shipStep: ShipStep | null;
  shipResult: SubmissionResult<string[]> | undefined;
}

const idle: ActionReply = { result: null, refusal: null, shipStep: null, shipResult: undefined };

export async function action(args: Route.ActionArgs) {
  const { staff: viewer, env, t } = staffRoute(args, "ordersAdmin");
  const formData = await args.request.formData();

  // The ship step posts a form of its own; everything else is the list's bulk form.
  if (formData.get("intent") !== "ship") {
    const bulk = parseBulkAction(formData, ["mark-shipped"], idle);
    if (!bulk.ok) return bulk.answer;
    const shipStep = await loadShipStep(env.DB, bulk.ids);
    if (shipStep.ready.length === 0) return data<ActionReply>({ ...idle, result: bulk.submission.reply({ formErrors: ["noneShippable"] }) }, { status: 409 });
    return data<ActionReply>({ ...idle, shipStep });
  }
  const submission = parseWithZod(formData, { schema: bulkShipSchema });
  // A refused form shows the step again for the orders it was about.
  const stepFor = () => {
    const ids = new URLSearchParams();
    for (const [name, value] of formData) if (/^shipments\[\d+\]\.orderId$/.test(name) && typeof value === "string") ids.append("ids", value);
    return loadShipStep(env.DB, selectedIds(ids));
  };
  if (submission.status !== "success") return data<ActionReply>({ ...idle, shipResult: submission.reply(), shipStep: await stepFor() }, { status: 400 });
  const result = await markOrdersShipped(env.DB, submission.value, { staffUserId: viewer.staffUserId }, new URL(args.request.url).origin);
  if (result.ok)
    return redirectWithToast(args.request, listAddressAfterAction(args.request), { key: "ordersAdmin:bulk.shipped", values: { count: result.count } });
  if (result.reason === "unknown-carrier")
    return data<ActionReply>({ ...idle, shipResult: submission.reply({ fieldErrors: { carrierId: ["choice"] } }), shipStep: await stepFor() }, { status: 400 });
  const refusal =
    result.reason === "conflict" ? t("bulk.conflict") : t("bulk.refused", { numbers: result.orders.map((order) => order.orderNumber).join(", ") });
  return data<ActionReply>({ ...idle, refusal }, { status: 409 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Fulfillment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const { t: tb } = useTranslation("backend");
  const base = localizePath(localeFromPathname(useLocation().pathname), orderListSpec.path);
  const { list } = loaderData;
  const { query } = list;

  return (
    <RecordList
      spec={orderListSpec}
      list={list}
      answer={actionData}
      above={
        actionData?.shipStep ? (
          <BulkShipPanel step={actionData.shipStep} result={actionData.shipResult} action={listHref(base, orderListDefinition, query)} />
        ) : null
      }
      tabs={{
        name: "status",
        label: t("orders.statusTabs"),
        testId: "status-tabs",
        tabTestId: "status-tab",
        tabs: [
          { value: null, label: t("orders.allStatuses"), count: list.allCount },
          ...orderStatusIds.map((statusId) => ({
            value: statusId,
            label: tb(`orderStatus.${statusLabelKey(statusId)}`),
            count: list.statusCounts.find((entry) => entry.statusId === statusId)?.count ?? 0,
          })),
        ],
      }}
      filters={
        <>
          <FilterSelects
            query={query}
            allLabel={t("common.all")}
            selects={[
              { name: "payment", label: t("orders.paymentType"), options: paymentTypeIds.map((id) => ({ value: id, label: t(`paymentTypes.${id}`) })) },
              { name: "type", label: t("orders.orderType"), options: orderTypeIds.map((id) => ({ value: id, label: t(`orderTypes.${id}`) })) },
            ]}
          />
          <FilterDate name="from" label={t("orders.dateFrom")} value={query.filters.from} />
          <FilterDate name="to" label={t("orders.dateTo")} value={query.filters.to} />
        </>
      }
      bulkActions={[
        { intent: "mark-shipped", label: t("bulk.markShipped") },
        { intent: "packing-slips", label: t("bulk.packingSlips"), href: `${base}/packing-slips` },
      ]}
    />
  );
}
