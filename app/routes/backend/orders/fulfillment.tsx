import type { SubmissionResult } from "@conform-to/react";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { clsx } from "clsx";
import { data, Link, useLocation } from "react-router";
import { listHref, selectedIds } from "~/domain/list-query";
import { orderStatusIds, statusLabelKey } from "~/domain/order-status";
import { listAddressAfterAction, loadListPage } from "~/features/backoffice/list-page.server";
import { NewButton } from "~/ui/backend/form-page";
import { BulkShipPanel } from "~/features/orders/bulk-ship-panel";
import { loadShipStep, markOrdersShipped, type ShipStep } from "~/features/orders/bulk-orders.server";
import { orderListColumns, orderListDefinition, orderTypeIds, paymentTypeIds } from "~/features/orders/order-list";
import { bulkShipSchema } from "~/features/orders/orders-admin-schemas";
import { listOrders } from "~/features/orders/orders-admin.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { FilterDate, FilterSelects, ListView } from "~/ui/backend/list-page";
import { redirectWithToast } from "~/ui/toast.server";
import type { Route } from "./+types/fulfillment";

/**
 * Orders (spec §2 /backend/orders/fulfillment; issue 5 item 11, issue 15): the back-office list
 * pattern (app/ui/backend/README.md) with tabs by status and their counts; bulk actions mark the
 * ticked orders shipped (one carrier, a tracking number each, one batch), print their packing
 * slips, or export them; the whole filtered list exports as CSV (./export.csv) and prints.
 */
const orderList = { definition: orderListDefinition, fetch: listOrders };

export async function loader(args: Route.LoaderArgs) {
  const { t, title } = staffRoute(args, "ordersAdmin");
  const list = await loadListPage(args, orderList);
  return data({ list, meta: { title: title(t("meta.orders")) } });
}

interface ActionReply {
  formError: string | null;
  /** "Mark shipped" asks for a carrier and the tracking numbers first. */
  shipStep: ShipStep | null;
  result: SubmissionResult<string[]> | undefined;
}

const idle: ActionReply = { formError: null, shipStep: null, result: undefined };

export async function action(args: Route.ActionArgs) {
  const { staff: viewer, env, t } = staffRoute(args, "ordersAdmin");
  const formData = await args.request.formData();
  const intent = formData.get("intent");

  if (intent === "mark-shipped") {
    const ids = selectedIds(formData);
    if (ids.length === 0) return data<ActionReply>({ ...idle, formError: t("lists:selection.noneSelected") }, { status: 400 });
    const shipStep = await loadShipStep(env.DB, ids);
    if (shipStep.ready.length === 0) return data<ActionReply>({ ...idle, formError: t("bulk.noneShippable") }, { status: 409 });
    return data<ActionReply>({ ...idle, shipStep });
  }
  if (intent === "ship") {
    const submission = parseWithZod(formData, { schema: bulkShipSchema });
    // A refused form shows the step again for the orders it was about.
    const stepFor = () => {
      const ids = new URLSearchParams();
      for (const [name, value] of formData) if (/^shipments\[\d+\]\.orderId$/.test(name) && typeof value === "string") ids.append("ids", value);
      return loadShipStep(env.DB, selectedIds(ids));
    };
    if (submission.status !== "success") return data<ActionReply>({ ...idle, result: submission.reply(), shipStep: await stepFor() }, { status: 400 });
    const result = await markOrdersShipped(env.DB, submission.value, { staffUserId: viewer.staffUserId }, new URL(args.request.url).origin);
    if (result.ok)
      return redirectWithToast(args.request, listAddressAfterAction(args.request), { key: "ordersAdmin:bulk.shipped", values: { count: result.count } });
    if (result.reason === "unknown-carrier")
      return data<ActionReply>({ ...idle, result: submission.reply({ fieldErrors: { carrierId: ["choice"] } }), shipStep: await stepFor() }, { status: 400 });
    const message =
      result.reason === "conflict" ? t("bulk.conflict") : t("bulk.refused", { numbers: result.orders.map((order) => order.orderNumber).join(", ") });
    return data<ActionReply>({ ...idle, formError: message }, { status: 409 });
  }
  return data<ActionReply>({ ...idle, formError: t("staff:validation.unknownAction") }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Fulfillment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const { t: tb } = useTranslation("backend");
  const { t: tl } = useTranslation("lists");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/orders/fulfillment");
  const { list } = loaderData;
  const { query } = list;
  const status = query.filters.status;
  const tab = (active: boolean) =>
    clsx(
      "inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm whitespace-nowrap",
      active ? "border-primary-dark bg-primary-dark text-white" : "border-line bg-surface hover:bg-surface-muted",
    );
  const filtered = Boolean(query.q) || Object.values(query.filters).some((value) => value !== null);

  return (
    <ListView
      list={list}
      definition={orderListDefinition}
      base={base}
      namespace="ordersAdmin"
      title={t("orders.heading")}
      intro={t("orders.intro")}
      headerActions={
        <NewButton to={`${base}/form`} testId="new-pos-order">
          {t("orders.newOrder")}
        </NewButton>
      }
      answer={actionData}
      above={
        <>
          {actionData?.shipStep ? (
            <BulkShipPanel step={actionData.shipStep} result={actionData.result} action={listHref(base, orderListDefinition, query)} />
          ) : null}
          <nav aria-label={t("orders.statusTabs")} className="mb-4 overflow-x-auto print:hidden" data-testid="status-tabs">
            <ul className="flex gap-2 pb-1">
              <li>
                <Link
                  to={listHref(base, orderListDefinition, query, { filters: { status: null } })}
                  className={tab(status === null)}
                  aria-current={status === null ? "page" : undefined}
                  data-testid="status-tab-all"
                >
                  {t("orders.allStatuses")} <span className="tabular-nums">{list.allCount}</span>
                </Link>
              </li>
              {orderStatusIds.map((statusId) => (
                <li key={statusId}>
                  <Link
                    to={listHref(base, orderListDefinition, query, { filters: { status: statusId } })}
                    className={tab(status === statusId)}
                    aria-current={status === statusId ? "page" : undefined}
                    data-testid={`status-tab-${statusLabelKey(statusId)}`}
                  >
                    {tb(`orderStatus.${statusLabelKey(statusId)}`)}{" "}
                    <span className="tabular-nums">{list.statusCounts.find((entry) => entry.statusId === statusId)?.count ?? 0}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </>
      }
      keep={["status"]}
      searchPlaceholder={t("orders.searchPlaceholder")}
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
      columns={orderListColumns}
      rowId={(order) => order.id}
      rowName={(order) => order.orderNumber}
      rowTestId="order-row"
      testId="order-list"
      empty={filtered ? t("orders.empty") : t("orders.emptyAll")}
      exportPath={`${base}/export.csv`}
      bulkActions={[
        { intent: "mark-shipped", label: t("bulk.markShipped") },
        { intent: "packing-slips", label: t("bulk.packingSlips"), href: `${base}/packing-slips` },
        { intent: "export", label: tl("exportSelected"), href: `${base}/export.csv` },
      ]}
    />
  );
}
