import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useLocation } from "react-router";

import { bannerMaxLengthLimit } from "~/domain/custom-layout";
import { bannerPositions, designSides } from "~/domain/design-options";
import { requiredRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { loadBannerPage, saveBanners } from "~/features/custom-admin/custom-admin.server";
import { type BannerDraft, bannerFormSchema, bannerPlacementInputs } from "~/features/custom-admin/custom-admin-schemas";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { PageHeading, Panel } from "~/ui/backend/page-parts";
import { CheckboxField, Field, FieldError, FormErrors, FormMessages, SubmitButton, useFieldMessage } from "~/ui/form/fields";
import { Options } from "~/ui/form/options";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/banner";

/**
 * Banner placements (spec §2 /backend/banner, §3 Banner, §9; issue 6 item 6): for the chosen custom
 * product (?product=id, else the first), each of the six placements — front/back × left, center,
 * right — offered or not, its character limit (left and right up to 25, center up to 7), labels and
 * its text box in millimetres inside the mockup. All six are saved in one batch.
 */
async function chosenProduct(d1: D1Database, request: Request) {
  const raw = new URL(request.url).searchParams.get("product");
  const page = await loadBannerPage(d1, raw === null ? null : requiredRecordId(raw));
  if (raw !== null && !page.product) throw data(null, { status: 404 });
  return page;
}

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "customizeAdmin");
  const { products, product, draft } = await chosenProduct(env.DB, args.request);
  return data({
    products: products.map(({ id, nameEn, nameTh }) => ({ id, nameEn, nameTh })),
    product,
    draft,
    meta: { title: title(t("meta.banner")) },
  });
}

interface Reply {
  result: SubmissionResult<string[]> | undefined;
  /** A refusal that belongs to no field, in the page's language. */
  refusal: string | null;
}

export async function action(args: Route.ActionArgs) {
  const { env, locale, t } = staffRoute(args, "customizeAdmin");
  const { product } = await chosenProduct(env.DB, args.request);
  if (!product) throw data(null, { status: 404 });
  const formData = await args.request.formData();
  if (formData.get("intent") !== "save") return data<Reply>({ result: undefined, refusal: t("validation.unknownAction") }, { status: 400 });
  const submission = parseWithZod(formData, { schema: bannerFormSchema({ width: product.mockupWidthMm, height: product.mockupHeightMm }) });
  if (submission.status !== "success") return data<Reply>({ result: submission.reply(), refusal: null }, { status: 400 });
  if (!(await saveBanners(env.DB, product.id, bannerPlacementInputs(submission.value)))) throw data(null, { status: 404 });
  return redirectWithToast(args.request, `${localizePath(locale, "/backend/banner")}?product=${product.id}`, { key: "customizeAdmin:actions.saved" });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Banner({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { products, product, draft } = loaderData;
  const here = localizePath(locale, "/backend/banner");

  return (
    <FormMessages namespace="customizeAdmin">
      <div className="min-w-0 space-y-6" data-testid="banner-page">
        <PageHeading title={t("banner.heading")} intro={t("banner.intro")} />
        {!product || !draft ? (
          <p className="text-sm text-ink-muted" data-testid="banner-no-products">
            {t("banner.noProducts")}
          </p>
        ) : (
          <>
            <Form method="get" action={here} className="flex flex-wrap items-end gap-3" data-testid="banner-product-picker">
              <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-semibold sm:max-w-sm">
                {t("banner.product")}
                <select name="product" defaultValue={String(product.id)} className="w-full rounded-md border border-line bg-surface px-3 py-2 font-normal">
                  <Options of={products} label={(candidate) => localized(candidate, "name", locale)} />
                </select>
              </label>
              <button type="submit" className="btn-ghost border border-line">
                {t("banner.choose")}
              </button>
            </Form>
            <p className="text-sm text-ink-muted" data-testid="banner-mockup-size">
              {t("banner.mockupSize", { width: product.mockupWidthMm, height: product.mockupHeightMm })}
            </p>
            <BannerForm
              key={product.id}
              action={`${here}?product=${product.id}`}
              productId={product.id}
              mockup={{ width: product.mockupWidthMm, height: product.mockupHeightMm }}
              draft={draft}
              lastResult={actionData?.result}
              refusal={actionData?.refusal ?? null}
            />
          </>
        )}
      </div>
    </FormMessages>
  );
}

/** A text box's problem as a whole ("must lie inside the mockup"), under its four fields. */
function BoxError({ name, errors, label }: { name: string; errors: string[] | undefined; label: string }) {
  return <FieldError name={name} message={useFieldMessage(errors, label)} />;
}

function BannerForm({
  action,
  productId,
  mockup,
  draft,
  lastResult,
  refusal,
}: {
  action: string;
  productId: number;
  mockup: { width: number; height: number };
  draft: BannerDraft;
  lastResult: SubmissionResult<string[]> | undefined;
  refusal: string | null;
}) {
  const { t } = useTranslation("customizeAdmin");
  const schema = bannerFormSchema(mockup);
  const [form, fields] = useSchemaForm(schema, { id: `banner-${productId}`, lastResult, defaultValue: draft });
  return (
    <>
      <FormErrors form={form} refusal={refusal} />
      <Form method="post" action={action} className="space-y-6" data-testid="banner-form" {...getFormProps(form)}>
        {designSides.map((side) => {
          const placements = fields[side].getFieldset();
          return (
            <Panel key={side} title={t(`banner.sides.${side}`)} testId={`banner-side-${side}`}>
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
                {bannerPositions.map((position) => {
                  const row = placements[position].getFieldset();
                  const prefix = `${side}.${position}`;
                  return (
                    <fieldset key={position} className="min-w-0 space-y-3 rounded-md border border-line p-3" data-testid={`banner-${side}-${position}`}>
                      <legend className="px-1 font-semibold">{t(`banner.positions.${position}`)}</legend>
                      <CheckboxField meta={row.offered} label={t("fields.offered")} />
                      <Field
                        meta={row.maxLength}
                        label={t("fields.maxLength")}
                        inputMode="numeric"
                        hint={t("banner.limit", { limit: bannerMaxLengthLimit(position) })}
                      />
                      <Field meta={row.labelEn} label={t("fields.labelEn")} lang="en" />
                      <Field meta={row.labelTh} label={t("fields.labelTh")} lang="th" />
                      <div className="grid grid-cols-2 gap-2">
                        {(["x", "y", "width", "height"] as const).map((field) => (
                          <Field key={field} meta={row[field]} label={t(`fields.${field}`)} inputMode="numeric" />
                        ))}
                      </div>
                      <BoxError name={`${prefix}.box`} errors={form.allErrors[`${prefix}.box`]} label={t("fields.box")} />
                    </fieldset>
                  );
                })}
              </div>
            </Panel>
          );
        })}
        <SubmitButton name="intent" value="save" action={action} testId="save">
          {t("actions.save")}
        </SubmitButton>
      </Form>
    </>
  );
}
