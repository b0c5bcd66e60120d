import { localized } from "~/i18n/localized";
import { data, Form, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { SelectField } from "~/features/catalog-admin/catalog-admin-ui";
import { textValue } from "~/features/catalog-admin/form-data";
import { listProductsForBanners, loadBannerDraft, saveBanners } from "~/features/custom-admin/custom-admin.server";
import { bannerFieldNames, bannerFormSchema, type BannerDraft } from "~/features/custom-admin/custom-admin-schemas";
import { customizeAdminContext, customizeNotice, idFromUrl, redirectWithNotice } from "~/features/custom-admin/custom-admin-routes.server";
import { CheckboxField, splitIntent } from "~/features/custom-admin/custom-admin-ui";
import { bannerMaxLengthLimit } from "~/domain/custom-layout";
import { bannerPositions, designSides } from "~/domain/design-options";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { PageHeading, Panel } from "~/ui/backend/data-table";
import { useSettledKey } from "~/ui/use-settled-key";
import type { Route } from "./+types/banner";

/**
 * Banner placements (spec §2 /backend/banner, §3 Banner, §9; issue 6 item 6): for the chosen custom
 * product (?product=id, else the first), each of the six placements — front/back × left, center,
 * right — offered or not, its character limit (left and right up to 25, center up to 7), labels and
 * its text box in millimetres inside the mockup. All six are saved in one batch.
 */
async function chosenProduct(d1: D1Database, request: Request) {
  const products = await listProductsForBanners(d1);
  const raw = new URL(request.url).searchParams.get("product");
  if (raw === null) return { products, product: products[0] ?? null };
  const id = idFromUrl(raw);
  const product = products.find((candidate) => candidate.id === id);
  if (!product) throw data(null, { status: 404 });
  return { products, product };
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = customizeAdminContext(args.context);
  const { products, product } = await chosenProduct(env.DB, args.request);
  return data({
    products: products.map(({ id, nameEn, nameTh }) => ({ id, nameEn, nameTh })),
    product,
    draft: product ? await loadBannerDraft(env.DB, product.id) : null,
    notice: customizeNotice(args.request, t),
    meta: { title: title(t("meta.banner")) },
  });
}

interface Reply {
  key: number;
  draft: BannerDraft | null;
  errors: Record<string, string>;
  formError: string | null;
}

function readDraft(formData: FormData): BannerDraft {
  const placement = (side: string, position: string) =>
    Object.fromEntries(
      bannerFieldNames.map((field) => [field, textValue(formData, `${side}.${position}.${field}`).slice(0, 200)]),
    ) as BannerDraft["front"]["left"];
  return {
    front: { left: placement("front", "left"), center: placement("front", "center"), right: placement("front", "right") },
    back: { left: placement("back", "left"), center: placement("back", "center"), right: placement("back", "right") },
  };
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t, fieldErrors } = customizeAdminContext(args.context);
  const { product } = await chosenProduct(env.DB, args.request);
  if (!product) throw data(null, { status: 404 });
  const formData = await args.request.formData();
  const reply = (status: number, body: Partial<Reply>) => data<Reply>({ key: Date.now(), draft: null, errors: {}, formError: null, ...body }, { status });
  if (splitIntent(textValue(formData, "intent")).name !== "save") return reply(400, { formError: t("validation.unknownAction") });
  const draft = readDraft(formData);
  const parsed = bannerFormSchema({ width: product.mockupWidthMm, height: product.mockupHeightMm }).safeParse(draft);
  if (!parsed.success) return reply(400, { draft, errors: fieldErrors(parsed.error) });
  if (!(await saveBanners(env.DB, product.id, parsed.data))) throw data(null, { status: 404 });
  return redirectWithNotice(locale, `/backend/banner?product=${product.id}`, "saved");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Banner({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { products, product } = loaderData;
  const formKey = useSettledKey(actionData?.key);
  const draft = actionData?.draft ?? loaderData.draft;
  const errors = actionData?.errors ?? {};
  const here = localizePath(locale, "/backend/banner");

  return (
    <div className="min-w-0 space-y-6" data-testid="banner-page">
      <PageHeading title={t("banner.heading")} intro={t("banner.intro")} />
      <ActionMessages
        notice={actionData ? null : loaderData.notice}
        formError={actionData?.formError ?? (Object.keys(errors).length ? t("validation.summary") : null)}
      />
      {!product || !draft ? (
        <p className="text-sm text-ink-muted" data-testid="banner-no-products">
          {t("banner.noProducts")}
        </p>
      ) : (
        <>
          <Form method="get" action={here} className="flex flex-wrap items-end gap-3" data-testid="banner-product-picker">
            <SelectField name="product" label={t("banner.product")} defaultValue={String(product.id)} className="min-w-0 flex-1 sm:max-w-sm">
              {products.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {localized(candidate, "name", locale)}
                </option>
              ))}
            </SelectField>
            <button type="submit" className="btn-ghost border border-line">
              {t("banner.choose")}
            </button>
          </Form>
          <p className="text-sm text-ink-muted" data-testid="banner-mockup-size">
            {t("banner.mockupSize", { width: product.mockupWidthMm, height: product.mockupHeightMm })}
          </p>
          <Form method="post" action={`${here}?product=${product.id}`} className="space-y-6" data-testid="banner-form" key={`${product.id}-${formKey}`}>
            {designSides.map((side) => (
              <Panel key={side} title={t(`banner.sides.${side}`)} testId={`banner-side-${side}`}>
                <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
                  {bannerPositions.map((position) => {
                    const row = draft[side][position];
                    const prefix = `${side}.${position}`;
                    const error = (field: string) => errors[`${prefix}.${field}`];
                    return (
                      <fieldset key={position} className="min-w-0 space-y-3 rounded-md border border-line p-3" data-testid={`banner-${side}-${position}`}>
                        <legend className="px-1 font-semibold">{t(`banner.positions.${position}`)}</legend>
                        <CheckboxField
                          name={`${prefix}.offered`}
                          label={t("fields.offered")}
                          defaultChecked={row.offered === "on"}
                          testId={`offered-${side}-${position}`}
                        />
                        <TextField
                          name={`${prefix}.maxLength`}
                          label={t("fields.maxLength")}
                          inputMode="numeric"
                          maxLength={2}
                          defaultValue={row.maxLength}
                          error={error("maxLength")}
                          hint={t("banner.limit", { limit: bannerMaxLengthLimit(position) })}
                        />
                        <TextField
                          name={`${prefix}.labelEn`}
                          label={t("fields.labelEn")}
                          maxLength={60}
                          defaultValue={row.labelEn}
                          error={error("labelEn")}
                          lang="en"
                        />
                        <TextField
                          name={`${prefix}.labelTh`}
                          label={t("fields.labelTh")}
                          maxLength={60}
                          defaultValue={row.labelTh}
                          error={error("labelTh")}
                          lang="th"
                        />
                        <div className="grid grid-cols-2 gap-2">
                          {(["x", "y", "width", "height"] as const).map((field) => (
                            <TextField
                              key={field}
                              name={`${prefix}.${field}`}
                              label={t(`fields.${field}`)}
                              inputMode="numeric"
                              maxLength={4}
                              defaultValue={row[field]}
                              error={error(field)}
                            />
                          ))}
                        </div>
                        {error("box") ? (
                          <p className="text-sm text-error" role="alert" data-testid={`error-${prefix}.box`}>
                            {error("box")}
                          </p>
                        ) : null}
                      </fieldset>
                    );
                  })}
                </div>
              </Panel>
            ))}
            <button type="submit" name="intent" value="save" className="btn-primary" data-testid="save">
              {t("actions.save")}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
