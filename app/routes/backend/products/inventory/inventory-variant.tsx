import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";

import { adjustmentModes, decideAdjustment, manualAdjustmentReasons } from "~/domain/inventory";
import { formatDecimal } from "~/domain/number-format";
import { stockLabel } from "~/domain/stock-label";
import { loadSectionPage } from "~/features/backoffice/list-page.server";
import { requiredRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { loadWaitingList } from "~/features/catalog/back-in-stock.server";
import { adjustStock, currentStock, listStockMovements, loadVariantStock, movementPageSize } from "~/features/catalog-admin/inventory.server";
import { stockMovementColumns } from "~/features/catalog-admin/inventory-list";
import { stockAdjustmentSchema } from "~/features/catalog-admin/inventory-schemas";
import { WaitingList } from "~/features/catalog-admin/waiting-list";
import { intlLocale, localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { SectionList } from "~/ui/backend/list-page";
import { Badge, Panel } from "~/ui/backend/page-parts";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { Field, FormErrors, FormMessages, SelectField, SubmitButton } from "~/ui/form/fields";
import { Options } from "~/ui/form/options";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/inventory-variant";

/**
 * One variant's stock (/backend/products/inventory/:variantId; issue 4 item 9): the current count,
 * an adjustment form (add / remove / set to, with a reason and a note; intent "adjust") and the
 * movement history in Bangkok time, a page at a time (`?page=`). The change and its movement are one batch; removing more than
 * there is — even when someone else took the last items a moment ago — is a field message and
 * nothing is written. A saved change comes back to this page with a toast. Unknown ids are a 404
 * inside the frame. Below the adjustment: the shoppers waiting for the variant to come back (issue 20).
 */
function variantIdFrom(params: { variantId?: string }): number {
  return requiredRecordId(params.variantId);
}

export async function loader(args: Route.LoaderArgs) {
  const { env, title } = staffRoute(args, "inventory");
  const variantId = variantIdFrom(args.params);
  // One round trip after the staff check (issue 19): the movements and the waiting list need only the id, not the variant.
  const [detail, movements, waiting] = await Promise.all([
    loadVariantStock(env.DB, variantId),
    loadSectionPage(args.request, "page", movementPageSize, (scope) => listStockMovements(env.DB, variantId, scope)),
    loadWaitingList(env.DB, variantId),
  ]);
  if (!detail) throw data(null, { status: 404 });
  return data({ ...detail, movements, waiting, meta: { title: title(detail.variant.sku) } });
}

export async function action(args: Route.ActionArgs) {
  const { staff: viewer, env, locale, path } = staffRoute(args, "inventory");
  const variantId = variantIdFrom(args.params);
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: stockAdjustmentSchema });
  if (formData.get("intent") !== "adjust") return data({ result: submission.reply({ formErrors: ["unknownAction"] }) }, { status: 400 });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  const stock = await currentStock(env.DB, variantId);
  if (stock === null) throw data(null, { status: 404 });
  const decision = decideAdjustment({ mode: submission.value.mode, quantity: submission.value.quantity, currentStock: stock });
  if (!decision.ok) return data({ result: submission.reply({ fieldErrors: { quantity: [`${decision.reason}:${stock}`] } }) }, { status: 400 });
  const result = await adjustStock(env.DB, {
    variantId,
    change: decision.change,
    reason: submission.value.reason,
    note: submission.value.note ?? "",
    staffUserId: viewer.staffUserId,
  });
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return data({ result: submission.reply({ fieldErrors: { quantity: [`below-zero:${result.stock}`] } }) }, { status: 400 });
  }
  return redirectWithToast(args.request, path(`/backend/products/inventory/${variantId}`), {
    key: "inventory:adjust.done",
    values: { stock: formatDecimal(result.stock, intlLocale(locale), 3) },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export const handle = {
  breadcrumb: ({ data: loaderData }) => (loaderData ? [{ text: loaderData.variant.sku }] : []),
} satisfies BreadcrumbHandle<{ variant: { sku: string } }>;

export default function InventoryVariant({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("inventory");
  const location = useLocation();
  const locale = localeFromPathname(location.pathname);
  const { variant, movements, waiting } = loaderData;
  const here = localizePath(locale, `/backend/products/inventory/${variant.variantId}`);
  const number = (value: number) => formatDecimal(value, intlLocale(locale), 3);
  const label = stockLabel(variant.stock);
  const options = localized(variant, "options", locale);
  const [form, fields] = useSchemaForm(stockAdjustmentSchema, {
    id: `adjust-${variant.variantId}`,
    lastResult: actionData?.result,
    defaultValue: { mode: "add", reason: "restock" },
  });

  return (
    <div className="space-y-6" data-testid="inventory-variant">
      <div>
        <Link to={localizePath(locale, "/backend/products/inventory")} className="inline-flex items-center gap-1 text-sm text-primary-dark underline">
          <ArrowLeft className="size-4" aria-hidden />
          {t("back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold">{localized(variant, "productName", locale)}</h1>
        <p className="text-ink-muted">
          {options ? `${options} · ` : ""}
          <span className="font-mono text-sm">{variant.sku}</span>
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel title={t("variant.current")} id="current-stock" testId="current-stock">
          <p className="text-4xl font-bold tabular-nums" data-testid="value">
            {number(variant.stock)}
          </p>
          <p className="mt-2">
            <Badge tone={label.tone}>{t(`labels.${label.label}`)}</Badge>
          </p>
        </Panel>

        <div className="lg:col-span-2">
          <Panel title={t("adjust.heading")} id="adjust-heading" testId="adjust-stock">
            <FormMessages namespace="inventory">
              <FormErrors form={form} />
              {/* A saved change is a new page visit (the redirect): the form starts empty again. */}
              <Form method="post" action={here} className="grid gap-3 sm:grid-cols-2" data-testid="adjust-form" key={location.key} {...getFormProps(form)}>
                <SelectField meta={fields.mode} label={t("fields.mode")}>
                  <Options of={adjustmentModes} label={(mode) => t(`adjust.modes.${mode}`)} />
                </SelectField>
                <Field meta={fields.quantity} label={t("fields.quantity")} inputMode="numeric" />
                <SelectField meta={fields.reason} label={t("fields.reason")}>
                  <Options of={manualAdjustmentReasons} label={(reason) => t(`reasons.${reason}`)} />
                </SelectField>
                <Field meta={fields.note} label={t("fields.note")} />
                <div className="sm:col-span-2">
                  <SubmitButton name="intent" value="adjust" action={here} testId="adjust-submit">
                    {t("adjust.submit")}
                  </SubmitButton>
                </div>
              </Form>
            </FormMessages>
          </Panel>
        </div>
      </div>

      <WaitingList list={waiting} locale={locale} />

      <SectionList
        list={movements}
        title={`${t("history.heading")} (${number(movements.total)})`}
        panelTestId="stock-history"
        namespace="inventory"
        columns={stockMovementColumns}
        rowId={(movement) => movement.id}
        rowTestId="movement"
        testId="movements"
        empty={t("history.empty")}
      />
    </div>
  );
}
