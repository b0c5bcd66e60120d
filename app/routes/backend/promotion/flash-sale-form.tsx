import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useFetcher } from "react-router";

import { flashSaleState } from "~/domain/promotions";
import { optionalRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { epochToShopLocal } from "~/features/content/shop-local-time";
import { baht } from "~/features/orders/orders-admin-ui";
import { saleStateTones } from "~/features/promotions/flash-sale-list";
import {
  endFlashSaleNow,
  loadFlashSale,
  saveFlashSale,
  searchSaleVariants,
  type VariantChoice,
  variantsById,
  variantsOfFlashSale,
} from "~/features/promotions/flash-sales.server";
import { flashSaleInput, flashSaleSchema, maxFlashSaleItems } from "~/features/promotions/promotion-schemas";
import { localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { DefaultSave, FormPageHeading, GroupError, HiddenField, RowButton, SaveButton, useRecordFormPaths } from "~/ui/backend/form-page";
import { Badge, Panel } from "~/ui/backend/page-parts";
import { confirmStep, isConfirmed } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";
import { CheckboxField, Field, FormErrors, FormMessages, MoneyField } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { redirectWithToast } from "~/ui/toast.server";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/flash-sale-form";

/**
 * Create (/backend/promotion/flash-sale/form) or edit (/form/:id) a flash sale (issue 16): names,
 * period (Bangkok time), items picked by product search (`?q=`: a GET form, kept in place by a
 * fetcher with JavaScript), each with a sale price below the regular price and a number of units.
 * The server refuses a variant already in an overlapping sale (naming both), units below what was
 * sold, and removing an item that sold; "end the sale now" asks first.
 */
const listPath = "/backend/promotion/flash-sale";

export async function loader(args: Route.LoaderArgs) {
  const { env, locale, t, title } = staffRoute(args, "promotions");
  const id = optionalRecordId(args.params.id);
  const q = (new URL(args.request.url).searchParams.get("q") ?? "").trim().slice(0, 60);
  // One round trip after the staff check (issue 19): the sale, its items' variants and the search together.
  const [sale, known, results] = await Promise.all([
    id === null ? null : loadFlashSale(env.DB, id),
    id === null ? [] : variantsOfFlashSale(env.DB, id),
    searchSaleVariants(env.DB, q),
  ]);
  if (id !== null && !sale) throw data(null, { status: 404 });
  const now = Date.now();
  return {
    id,
    q,
    results,
    known,
    sale: sale
      ? {
          nameEn: sale.nameEn,
          nameTh: sale.nameTh,
          state: flashSaleState(sale, now),
          sold: Object.fromEntries(sale.items.map((item) => [item.variantId, item.soldCount])),
        }
      : null,
    draft: sale
      ? {
          nameEn: sale.nameEn,
          nameTh: sale.nameTh,
          startsAt: epochToShopLocal(sale.startsAt),
          endsAt: epochToShopLocal(sale.endsAt),
          isActive: sale.isActive,
          items: sale.items.map((item) => ({
            variantId: String(item.variantId),
            salePrice: (item.salePriceSatang / 100).toFixed(2),
            quantityCap: String(item.quantityCap),
          })),
        }
      : null,
    meta: {
      title: title(sale ? localized(sale, "name", locale) : t("meta.newFlashSale")),
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { env, locale, t } = staffRoute(args, "promotions");
  const id = optionalRecordId(args.params.id);
  const formData = await args.request.formData();
  const here = localizePath(locale, id === null ? `${listPath}/form` : `${listPath}/form/${id}`);

  if (formData.get("intent") === "end" && id !== null) {
    if (!isConfirmed(formData)) return data({ result: undefined, refusal: null, confirm: confirmStep(formData), variants: [] as VariantChoice[] });
    const ended = await endFlashSaleNow(env.DB, id);
    if (!ended) throw data(null, { status: 404 });
    return redirectWithToast(args.request, here, { key: "promotions:flashSales.ended", values: { name: localized(ended, "name", locale) } });
  }
  const submission = parseWithZod(formData, { schema: flashSaleSchema });
  // The variants the posted rows name — and the row an "add" button inserts without JavaScript (in
  // Conform's intent value) — so every row shows its product and price after the round trip.
  const postedIds = [...formData.entries()].flatMap(([key, value]) => {
    if (typeof value !== "string") return [];
    if (/^items\[\d+\]\.variantId$/.test(key)) return [Number(value)];
    return [...value.matchAll(/\\?"variantId\\?":\\?"(\d{1,10})/g)].map((match) => Number(match[1]));
  });
  const variants = await variantsById(env.DB, postedIds);
  if (submission.status === undefined) return data({ result: submission.reply(), refusal: null, confirm: null, variants });
  if (submission.status !== "success") return data({ result: submission.reply(), refusal: null, confirm: null, variants }, { status: 400 });

  const input = flashSaleInput(submission.value);
  const result = await saveFlashSale(env.DB, id, input);
  if (result.ok)
    return redirectWithToast(args.request, localizePath(locale, `${listPath}/form/${result.id}`), {
      key: id === null ? "promotions:flashSales.created" : "promotions:flashSales.saved",
      values: { name: localized(input, "name", locale) },
    });
  if (result.reason === "not-found") throw data(null, { status: 404 });
  if (result.reason === "removed-sold") {
    const name = result.variant ? `${localized(result.variant, "name", locale)} ${localized(result.variant, "options", locale)}`.trim() : "";
    return data(
      { result: submission.reply({ formErrors: ["itemLocked"] }), refusal: `${name}: ${t("validation.itemLocked")}`, confirm: null, variants },
      { status: 400 },
    );
  }
  const fieldErrors: Record<string, string[]> = {};
  for (const item of result.items) {
    const field = item.key === "capBelowSold" ? "quantityCap" : item.key === "salePriceNotLower" ? "salePrice" : "variantId";
    fieldErrors[`items[${item.index}].${field}`] = [item.key];
  }
  const refusal = result.overlap
    ? t("flashSales.overlap", {
        variant: `${localized(result.overlap.variant, "name", locale)} ${localized(result.overlap.variant, "options", locale)}`.trim(),
        sale: localized(result.overlap.sale, "name", locale),
      })
    : result.items
        .map((item) =>
          item.key === "salePriceNotLower"
            ? t("validation.salePriceNotLower", { price: baht(item.priceSatang ?? 0, locale) })
            : item.key === "capBelowSold"
              ? t("validation.capBelowSold", { sold: item.sold ?? 0 })
              : t(`validation.${item.key}`),
        )
        .join(" ");
  return data({ result: submission.reply({ fieldErrors }), refusal, confirm: null, variants }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

type SaleDraft = NonNullable<Route.ComponentProps["loaderData"]["draft"]>;
const emptyDraft: SaleDraft = { nameEn: "", nameTh: "", startsAt: "", endsAt: "", isActive: true, items: [] };

export default function FlashSaleForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("promotions");
  const { id, sale } = loaderData;
  const { locale, base, here } = useRecordFormPaths(listPath, id);
  const search = useFetcher<typeof loader>();
  const hydrated = useHydrated();
  const results = search.data?.results ?? loaderData.results;
  const q = search.data?.q ?? loaderData.q;
  const [form, fields] = useSchemaForm(flashSaleSchema, {
    id: `flash-sale-${id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.draft ?? emptyDraft,
  });
  const items = fields.items.getFieldList();
  const known = new Map([...loaderData.known, ...results, ...(actionData?.variants ?? [])].map((variant) => [variant.variantId, variant]));
  const chosen = new Set(items.map((item) => Number(item.getFieldset().variantId.value)));
  const label = (variant: VariantChoice | undefined) =>
    variant ? `${localized(variant, "name", locale)} ${localized(variant, "options", locale)}`.trim() : "";
  const saleName = sale ? localized(sale, "name", locale) : "";

  return (
    <FormMessages namespace="promotions">
      <div className="space-y-6" data-testid="flash-sale-form-page">
        <FormPageHeading title={sale ? t("flashSales.editHeading", { name: saleName }) : t("flashSales.newHeading")} backTo={base}>
          {sale ? (
            <Badge tone={saleStateTones[sale.state]} testId="sale-state">
              {t(`flashSales.states.${sale.state}`)}
            </Badge>
          ) : null}
        </FormPageHeading>
        <FormErrors form={form} refusal={actionData?.refusal} />
        <search.Form method="get" action={here} className="flex flex-wrap items-end gap-2" role="search" data-testid="variant-search">
          <label className="flex min-w-0 flex-[1_1_14rem] flex-col gap-1 text-sm font-semibold">
            {t("flashSales.search")}
            <input
              type="search"
              name="q"
              defaultValue={loaderData.q}
              maxLength={60}
              placeholder={t("flashSales.productSearchPlaceholder")}
              className="rounded-md border border-line px-3 py-2 font-normal"
            />
          </label>
          <button type="submit" className="btn-ghost border border-line" data-testid="variant-search-submit">
            {t("flashSales.searchButton")}
          </button>
        </search.Form>
        <Form
          method="post"
          action={here}
          className="space-y-6"
          data-testid="flash-sale-form"
          data-hydrated={hydrated ? "true" : undefined}
          {...getFormProps(form)}
        >
          <DefaultSave />
          <Panel title={t("flashSales.heading")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <Field meta={fields.nameEn} label={t("fields.nameEn")} />
              <Field meta={fields.nameTh} label={t("fields.nameTh")} lang="th" />
              <Field meta={fields.startsAt} type="datetime-local" label={t("fields.startsAt")} hint={t("timeZoneHint")} />
              <Field meta={fields.endsAt} type="datetime-local" label={t("fields.endsAt")} hint={t("timeZoneHint")} />
              <CheckboxField meta={fields.isActive} label={t("fields.isActive")} />
            </div>
          </Panel>
          <Panel title={t("flashSales.itemsHeading")}>
            <p className="mb-3 text-sm text-ink-muted">{t("flashSales.itemsIntro")}</p>
            <GroupError meta={fields.items} label={t("flashSales.itemsHeading")} />
            {items.length === 0 ? <p className="text-sm text-ink-muted">{t("flashSales.noItems")}</p> : null}
            <ul className="space-y-3" data-testid="sale-items">
              {items.map((item, index) => {
                const row = item.getFieldset();
                const variantId = Number(row.variantId.value);
                const variant = known.get(variantId);
                const sold = sale?.sold[variantId] ?? 0;
                return (
                  <li
                    key={item.key}
                    className="grid grid-cols-1 gap-3 rounded-md border border-line p-3 sm:grid-cols-[1fr_10rem_8rem_auto]"
                    data-testid="sale-item"
                  >
                    <div className="min-w-0">
                      <HiddenField meta={row.variantId} />
                      <p className="font-semibold">{label(variant) || `#${variantId}`}</p>
                      <p className="text-xs text-ink-muted">
                        {variant ? `${variant.sku} · ${t("flashSales.regularPrice", { price: baht(variant.priceSatang, locale) })}` : null}
                        {sold > 0 ? ` · ${t("flashSales.sold", { sold, cap: row.quantityCap.initialValue ?? "" })}` : null}
                      </p>
                      <GroupError meta={row.variantId} label={t("fields.variantId")} />
                    </div>
                    <MoneyField meta={row.salePrice} label={t("fields.salePrice")} />
                    <Field meta={row.quantityCap} label={t("fields.quantityCap")} inputMode="numeric" />
                    <div className="sm:self-end">
                      <RowButton
                        control={form.remove.getButtonProps({ name: fields.items.name, index })}
                        kind="remove"
                        label={t("flashSales.remove")}
                        ariaLabel={t("flashSales.removeItem", { name: label(variant) })}
                        testId="remove-item"
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
            {results.length > 0 ? (
              <div className="mt-4" data-testid="variant-results">
                <h3 className="mb-2 text-sm font-semibold">{t("flashSales.searchResults")}</h3>
                <ul className="divide-y divide-line rounded-md border border-line">
                  {results.map((variant) => (
                    <li key={variant.variantId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                      <span>
                        {label(variant)}{" "}
                        <span className="text-ink-muted">
                          · {variant.sku} · {baht(variant.priceSatang, locale)}
                        </span>
                      </span>
                      {chosen.has(variant.variantId) ? (
                        <span className="text-ink-muted">{t("flashSales.added")}</span>
                      ) : items.length < maxFlashSaleItems ? (
                        <RowButton
                          control={form.insert.getButtonProps({
                            name: fields.items.name,
                            defaultValue: { variantId: String(variant.variantId), salePrice: "", quantityCap: "" },
                          })}
                          kind="add"
                          label={t("flashSales.add")}
                          testId={`add-variant-${variant.variantId}`}
                        />
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            ) : q ? (
              <p className="mt-4 text-sm text-ink-muted" data-testid="variant-no-results">
                {t("flashSales.noResults", { q })}
              </p>
            ) : null}
          </Panel>
          <SaveButton isNew={id === null} action={here} />
        </Form>
        {id !== null && sale && (sale.state === "live" || sale.state === "scheduled") ? (
          <section className="rounded-lg border border-error/30 bg-surface p-4" data-testid="end-sale-panel">
            {actionData?.confirm ? (
              <ConfirmStep
                step={actionData.confirm}
                action={here}
                cancelTo={here}
                title={t("flashSales.endNowTitle", { name: saleName })}
                description={t("flashSales.endNowDescription")}
                confirmLabel={t("flashSales.endNow")}
              />
            ) : (
              <Form method="post" action={here}>
                <ConfirmButton
                  name="intent"
                  value="end"
                  title={t("flashSales.endNowTitle", { name: saleName })}
                  description={t("flashSales.endNowDescription")}
                  confirmLabel={t("flashSales.endNow")}
                  className="btn-ghost border border-error/40 text-error"
                  testId="end-sale"
                >
                  {t("flashSales.endNow")}
                </ConfirmButton>
              </Form>
            )}
          </section>
        ) : null}
      </div>
    </FormMessages>
  );
}
