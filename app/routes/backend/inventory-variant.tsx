import { ArrowLeft } from "lucide-react";
import { useId } from "react";
import { data, Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { adjustmentModes, decideAdjustment, manualAdjustmentReasons } from "~/domain/inventory";
import { stockLabel } from "~/domain/stock-label";
import { ActionMessages, FieldError, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { echoValues, textFields, translatedFieldErrors, type Translate } from "~/features/backoffice/form-errors";
import { recordId } from "~/features/backoffice/staff-user-schemas";
import { inventoryValidationKeys, noteMaxLength, stockAdjustmentSchema } from "~/features/inventory/inventory-schemas";
import { adjustStock, currentStock, loadVariantStock } from "~/features/inventory/inventory.server";
import { intlLocale, localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, Panel } from "~/ui/backend/data-table";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import type { Route } from "./+types/inventory-variant";

/**
 * One variant's stock (/backend/products/inventory/:variantId; issue 4 item 9): the current count,
 * an adjustment form (add / remove / set to, with a reason and a note; intent "adjust") and the
 * movement history in Bangkok time. The change and its movement are one batch; removing more than
 * there is — even when someone else took the last items a moment ago — is a field message and
 * nothing is written. Unknown ids are a 404 inside the frame.
 */
function variantIdFrom(params: { variantId?: string }): number {
  const parsed = recordId.safeParse(params.variantId ?? "");
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const backendTitle = getInstance(args.context).getFixedT(locale, "backend")("title");
  const detail = await loadVariantStock(env.DB, variantIdFrom(args.params));
  if (!detail) throw data(null, { status: 404 });
  return data({ ...detail, meta: { title: `${detail.variant.sku} | ${backendTitle}` } });
}

interface AdjustReply {
  errors: Record<string, string>;
  values: Record<string, string>;
  notice: string | null;
  formError: string | null;
  key: number;
}

export async function action(args: Route.ActionArgs) {
  const viewer = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "inventory") as unknown as Translate;
  const variantId = variantIdFrom(args.params);
  const reply = (status: number, body: Partial<AdjustReply>) =>
    data<AdjustReply>({ errors: {}, values: {}, notice: null, formError: null, key: 0, ...body }, { status });
  let formData: FormData;
  try {
    formData = await args.request.formData();
  } catch {
    return reply(400, { formError: t("validation.unknownAction") });
  }
  if (formData.get("intent") !== "adjust") return reply(400, { formError: t("validation.unknownAction") });

  const fields = textFields(formData, ["mode", "quantity", "reason", "note"]);
  const values = echoValues(fields) as Record<string, string>;
  const parsed = stockAdjustmentSchema.safeParse(fields);
  if (!parsed.success) return reply(400, { errors: translatedFieldErrors(parsed.error, t, inventoryValidationKeys), values });

  const stock = await currentStock(env.DB, variantId);
  if (stock === null) throw data(null, { status: 404 });
  const number = new Intl.NumberFormat(intlLocale(locale));
  const decision = decideAdjustment({ mode: parsed.data.mode, quantity: parsed.data.quantity, currentStock: stock });
  if (!decision.ok) {
    return reply(400, { errors: { quantity: t(`adjust.refused.${decision.reason}`, { stock: number.format(stock) }) }, values });
  }
  const result = await adjustStock(env.DB, {
    variantId,
    change: decision.change,
    reason: parsed.data.reason,
    note: parsed.data.note,
    staffUserId: viewer.staffUserId,
  });
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { errors: { quantity: t("adjust.refused.below-zero", { stock: number.format(result.stock) }) }, values });
  }
  return reply(200, { notice: t("adjust.done", { stock: number.format(result.stock) }), key: Date.now() });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export const handle = {
  breadcrumb: ({ data: loaderData }) => (loaderData ? [{ text: loaderData.variant.sku }] : []),
} satisfies BreadcrumbHandle<{ variant: { sku: string } }>;

function Choice({
  name,
  label,
  options,
  defaultValue,
  error,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        className="rounded-md border border-line bg-surface px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError name={name} error={error} />
    </div>
  );
}

export default function InventoryVariant({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("inventory");
  const locale = localeFromPathname(useLocation().pathname);
  const { variant, movements, movementCount } = loaderData;
  const here = localizePath(locale, `/backend/products/inventory/${variant.variantId}`);
  const number = new Intl.NumberFormat(intlLocale(locale));
  const signed = new Intl.NumberFormat(intlLocale(locale), { signDisplay: "exceptZero" });
  const label = stockLabel(variant.stock);
  const options = locale === "th" ? variant.optionsTh : variant.optionsEn;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};

  return (
    <div className="space-y-6" data-testid="inventory-variant">
      <div>
        <Link to={localizePath(locale, "/backend/products/inventory")} className="inline-flex items-center gap-1 text-sm text-primary-dark underline">
          <ArrowLeft className="size-4" aria-hidden />
          {t("back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold">{locale === "th" ? variant.productNameTh : variant.productNameEn}</h1>
        <p className="text-ink-muted">
          {options ? `${options} · ` : ""}
          <span className="font-mono text-sm">{variant.sku}</span>
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel title={t("variant.current")} id="current-stock" testId="current-stock">
          <p className="text-4xl font-bold tabular-nums" data-testid="value">
            {number.format(variant.stock)}
          </p>
          <p className="mt-2">
            <Badge tone={label.tone}>{t(`labels.${label.label}`)}</Badge>
          </p>
        </Panel>

        <div className="lg:col-span-2">
          <Panel title={t("adjust.heading")} id="adjust-heading" testId="adjust-stock">
            <ActionMessages notice={actionData?.notice} formError={actionData?.formError} />
            <Form method="post" action={here} className="grid gap-3 sm:grid-cols-2" key={actionData?.key ?? 0} data-testid="adjust-form">
              <Choice
                name="mode"
                label={t("fields.mode")}
                defaultValue={values.mode ?? "add"}
                error={errors.mode}
                options={adjustmentModes.map((mode) => ({ value: mode, label: t(`adjust.modes.${mode}`) }))}
              />
              <TextField
                name="quantity"
                label={t("fields.quantity")}
                inputMode="numeric"
                pattern="[0-9,]+"
                required
                maxLength={12}
                defaultValue={values.quantity}
                error={errors.quantity}
              />
              <Choice
                name="reason"
                label={t("fields.reason")}
                defaultValue={values.reason ?? "restock"}
                error={errors.reason}
                options={manualAdjustmentReasons.map((reason) => ({ value: reason, label: t(`reasons.${reason}`) }))}
              />
              <TextField
                name="note"
                label={t("fields.note")}
                maxLength={noteMaxLength}
                optionalText={t("optional")}
                defaultValue={values.note}
                error={errors.note}
              />
              <div className="sm:col-span-2">
                <button type="submit" name="intent" value="adjust" className="btn-primary">
                  {t("adjust.submit")}
                </button>
              </div>
            </Form>
          </Panel>
        </div>
      </div>

      <Panel title={t("history.heading")} id="history-heading" testId="stock-history">
        {movementCount > movements.length ? (
          <p className="mb-2 text-sm text-ink-muted">{t("history.latest", { shown: movements.length, count: movementCount })}</p>
        ) : null}
        <DataTable
          caption={t("history.heading")}
          testId="movements"
          rowCount={movements.length}
          empty={t("history.empty")}
          columns={[
            { label: t("history.columns.date") },
            { label: t("history.columns.change"), numeric: true },
            { label: t("history.columns.after"), numeric: true },
            { label: t("history.columns.reason") },
            { label: t("history.columns.note") },
            { label: t("history.columns.staff") },
          ]}
        >
          {movements.map((movement) => (
            <tr key={movement.id} data-testid="movement">
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(movement.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}</td>
              <td className={`px-3 py-2 text-right font-semibold tabular-nums ${movement.delta < 0 ? "text-error" : "text-success"}`} data-testid="delta">
                {signed.format(movement.delta)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="after">
                {number.format(movement.stockAfter)}
              </td>
              <td className="px-3 py-2 whitespace-nowrap" data-testid="reason">
                {t(`reasons.${movement.reason}`)}
              </td>
              <td className="px-3 py-2 break-words" data-testid="note">
                {movement.note || "—"}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {movement.staffName ?? (movement.orderId !== null ? t("history.order", { id: movement.orderId }) : "—")}
              </td>
            </tr>
          ))}
        </DataTable>
      </Panel>
    </div>
  );
}
