import { localized } from "~/i18n/localized";
import { ExternalLink, EyeOff, Plus, RefreshCw, Rows3, Trash2 } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { productKinds } from "~/domain/catalog";
import { missingCombinations } from "~/domain/variant-matrix";
import { ActionMessages, FieldError, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import {
  blankVariant,
  catalogValidationKeys,
  maxVariantRows,
  productFormSchema,
  readProductDraft,
  type ProductDraft,
} from "~/features/catalog-admin/catalog-admin-schemas";
import { SelectField, TextAreaField } from "~/features/catalog-admin/catalog-admin-ui";
import { DefaultSave, DeletePanel, FormPageHeading, Thumbnail } from "~/ui/backend/form-page";
import { catalogFieldErrors, parseIntent, translateKeyedErrors } from "~/features/catalog-admin/form-data";
import {
  deleteProduct,
  hideProduct,
  loadProductDraft,
  loadProductFormReference,
  saveProduct,
  schemaReference,
  type ProductFormReferenceData,
} from "~/features/catalog-admin/products-admin.server";
import { catalogAdminContext, formRecordId, noticeFrom, redirectWithNotice } from "~/features/catalog-admin/route-helpers.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/data-table";
import type { Route } from "./+types/product-form";
import { confirmStep, isConfirmed, type ConfirmStepData } from "~/ui/confirm";
import { GalleryPickerControls } from "~/features/gallery/gallery-picker";
import { searchGalleryChoices, type GalleryPickerPage } from "~/features/gallery/gallery.server";
import { textValue } from "~/features/catalog-admin/form-data";

/**
 * A product (spec §2 /backend/products/all-product/form and /form/{id}; issue 4 item 8): names and
 * descriptions in both languages, slug, parent SKU, category, type, kind, status, weight, size guide,
 * pictures from the product gallery (ticked, with positions) and the variants — one for a single
 * product, one per option combination for a variation product. Rows are added and removed by
 * submitting an intent ("add-variant", "remove-variant:N", "generate-variants", "refresh" after a
 * type change), so the page works without JavaScript; "save" validates with one schema and writes
 * everything in one batch (stock changed on edit → inventory history). A product that was ordered
 * cannot be deleted; it can be hidden instead.
 */
const listPath = "/backend/products/all-product";

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = catalogAdminContext(args.context);
  const id = formRecordId(args.params);
  const [reference, saved] = await Promise.all([loadProductFormReference(env.DB, id), id === null ? Promise.resolve(null) : loadProductDraft(env.DB, id)]);
  if (id !== null && !saved) throw data(null, { status: 404 });
  const draft = saved?.draft ?? newProductDraft(reference);
  return data({
    id,
    reference,
    draft,
    picker: await searchGalleryChoices(env.DB, { query: "", page: 1, chosenKeys: draft.images.map((image) => image.key) }),
    savedName: saved ? { nameEn: saved.draft.nameEn, nameTh: saved.draft.nameTh } : null,
    shopSlug: saved && saved.statusId === 1 ? saved.slug : null,
    notice: noticeFrom(args.request, t),
    meta: { title: title(t(id === null ? "meta.productNew" : "meta.productEdit")) },
  });
}

function newProductDraft(reference: ProductFormReferenceData): ProductDraft {
  return {
    nameEn: "",
    nameTh: "",
    descriptionEn: "",
    descriptionTh: "",
    slug: "",
    sku: "",
    categoryId: reference.categories[0] ? String(reference.categories[0].id) : "",
    productTypeId: "",
    kind: "single",
    statusId: "2",
    weightGrams: "0",
    sizeGuideId: "",
    images: [],
    variants: [blankVariant()],
  };
}

/** The submitted draft, cut to sane lengths before it is sent back to the page. */
function boundedDraft(draft: ProductDraft): ProductDraft {
  const cut = (value: string, max = 300) => value.slice(0, max);
  return {
    ...draft,
    nameEn: cut(draft.nameEn),
    nameTh: cut(draft.nameTh),
    descriptionEn: cut(draft.descriptionEn, 5100),
    descriptionTh: cut(draft.descriptionTh, 5100),
    slug: cut(draft.slug),
    sku: cut(draft.sku),
    categoryId: cut(draft.categoryId, 12),
    productTypeId: cut(draft.productTypeId, 12),
    kind: cut(draft.kind, 12),
    statusId: cut(draft.statusId, 12),
    weightGrams: cut(draft.weightGrams, 12),
    sizeGuideId: cut(draft.sizeGuideId, 12),
    images: draft.images.map((image) => ({ key: cut(image.key), order: cut(image.order, 6) })),
    variants: draft.variants.slice(0, maxVariantRows).map((variant) => ({
      ...variant,
      id: cut(variant.id, 12),
      sku: cut(variant.sku, 100),
      price: cut(variant.price, 20),
      compareAtPrice: cut(variant.compareAtPrice, 20),
      stock: cut(variant.stock, 12),
      stockShown: cut(variant.stockShown, 12),
      options: Object.fromEntries(Object.entries(variant.options).map(([attribute, option]) => [cut(attribute, 12), cut(option, 12)])),
    })),
  };
}

/** Rows for every option combination the product does not have yet, with a suggested SKU. */
function addMissingCombinations(draft: ProductDraft, reference: ProductFormReferenceData): void {
  const type = reference.types.find((candidate) => String(candidate.id) === draft.productTypeId);
  if (!type) return;
  const existing = draft.variants.map((variant) => Object.values(variant.options).filter(Boolean).map(Number));
  const attributes = type.attributes.map((attribute) => ({ attributeId: attribute.id, optionIds: attribute.options.map((option) => option.id) }));
  const codeOf = new Map(type.attributes.flatMap((attribute) => attribute.options.map((option) => [option.id, option.code] as const)));
  for (const combination of missingCombinations(attributes, existing)) {
    if (draft.variants.length >= maxVariantRows) break;
    const options = Object.fromEntries(
      type.attributes.map((attribute) => [
        String(attribute.id),
        String(combination.find((optionId) => attribute.options.some((option) => option.id === optionId)) ?? ""),
      ]),
    );
    const suffix = combination.map((optionId) => codeOf.get(optionId) ?? optionId).join("-");
    const sku = draft.sku.trim() ? `${draft.sku.trim()}-${suffix}`.toUpperCase().replace(/[^A-Z0-9._-]/g, "-") : "";
    draft.variants.push({ ...blankVariant(), sku, options });
  }
}

interface Reply {
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
  draft: ProductDraft | null;
  errors: Record<string, string>;
  formError: string | null;
  deleteRefusal: string | null;
  /** Offer "hide instead" (the product was ordered). */
  offerHide: boolean;
  /** The image picker's page for the echoed draft (its search and page come with the form). */
  picker: GalleryPickerPage | null;
}

export async function action(args: Route.ActionArgs) {
  const viewer = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t } = catalogAdminContext(args.context);
  const id = formRecordId(args.params);
  const formData = await args.request.formData();
  const reply = (status: number, body: Partial<Reply>) =>
    data<Reply>({ draft: null, errors: {}, formError: null, deleteRefusal: null, confirm: null, offerHide: false, picker: null, ...body }, { status });
  const intent = parseIntent(formData);

  if (id !== null && intent.name === "delete") {
    if (!isConfirmed(formData)) return reply(200, { confirm: confirmStep(formData) });
    const result = await deleteProduct(env.DB, id);
    if (result.ok) return redirectWithNotice(locale, listPath, "deleted");
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { deleteRefusal: t("products.deleteOrdered"), offerHide: true });
  }
  if (id !== null && intent.name === "hide") {
    if (!(await hideProduct(env.DB, id))) throw data(null, { status: 404 });
    return redirectWithNotice(locale, `${listPath}/form/${id}`, "hidden");
  }

  const draft = boundedDraft(readProductDraft(formData));
  const pickerPage = intent.name === "image-page" ? (intent.index ?? 1) : intent.name === "image-search" ? 1 : Number(textValue(formData, "imagePage")) || 1;
  const [reference, picker] = await Promise.all([
    loadProductFormReference(env.DB, id),
    searchGalleryChoices(env.DB, { query: textValue(formData, "imageSearch"), page: pickerPage, chosenKeys: draft.images.map((image) => image.key) }),
  ]);
  const echo = (status: number, body: Partial<Reply>) => reply(status, { picker, ...body });
  switch (intent.name) {
    case "refresh":
    case "image-search":
    case "image-page":
      return echo(200, { draft });
    case "add-variant":
      if (draft.variants.length < maxVariantRows) draft.variants.push(blankVariant());
      return echo(200, { draft });
    case "remove-variant":
      if (intent.index !== null) draft.variants.splice(intent.index, 1);
      return echo(200, { draft });
    case "generate-variants":
      addMissingCombinations(draft, reference);
      return echo(200, { draft });
    case "save":
      break;
    default:
      return reply(400, { formError: t("validation.unknownAction") });
  }

  const parsed = productFormSchema(schemaReference(reference)).safeParse(readProductDraft(formData));
  if (!parsed.success) return echo(400, { draft, errors: catalogFieldErrors(parsed.error, t, catalogValidationKeys) });
  const result = await saveProduct(env.DB, { productId: id, input: parsed.data, staffUserId: viewer.staffUserId, reference });
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return echo(400, { draft, errors: translateKeyedErrors(result.errors, t) });
  }
  return redirectWithNotice(locale, `${listPath}/form/${result.productId}`, id === null ? "created" : "saved");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

const cellInput = "w-full rounded-md border px-2 py-1.5 focus-visible:outline-2 focus-visible:outline-primary";

export default function ProductForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { id, reference, savedName, shopSlug } = loaderData;
  const draft = actionData?.draft ?? loaderData.draft;
  const errors = actionData?.errors ?? {};
  const base = localizePath(locale, listPath);
  const here = id === null ? `${base}/form` : `${base}/form/${id}`;
  const heading = id === null || !savedName ? t("products.newHeading") : t("products.editHeading", { name: localized(savedName, "name", locale) });
  const type = reference.types.find((candidate) => String(candidate.id) === draft.productTypeId);
  const variation = draft.kind === "variation";
  const chosenImages = [...draft.images].sort((a, b) => (Number(a.order) || 0) - (Number(b.order) || 0));
  const picker = actionData?.picker ?? loaderData.picker;
  const otherImages = picker.rows.filter((image) => !draft.images.some((chosen) => chosen.key === image.key));
  const imageByKey = new Map([...picker.chosen, ...picker.rows].map((image) => [image.key, image]));
  const variantErrors = Object.entries(errors).filter(([field]) => field === "variants" || field === "images");

  return (
    <div className="space-y-6" data-testid="product-form-page">
      <FormPageHeading title={heading} backTo={base}>
        {shopSlug ? (
          <Link to={localizePath(locale, `/shop/${shopSlug}`)} className="btn-ghost border border-line text-sm" data-testid="view-in-shop">
            <ExternalLink className="size-4" aria-hidden />
            {t("products.viewInShop")}
          </Link>
        ) : null}
      </FormPageHeading>
      <ActionMessages
        notice={actionData ? null : loaderData.notice}
        formError={actionData?.formError ?? errors.form ?? (Object.keys(errors).length ? t("validation.summary") : null)}
      />

      <Form method="post" action={here} className="space-y-6" data-testid="product-form" key={JSON.stringify(actionData?.draft ?? loaderData.draft)}>
        <DefaultSave />
        <Panel title={t("products.sections.details")}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <TextField name="nameEn" label={t("fields.nameEn")} required maxLength={200} defaultValue={draft.nameEn} error={errors.nameEn} lang="en" />
            <TextField name="nameTh" label={t("fields.nameTh")} required maxLength={200} defaultValue={draft.nameTh} error={errors.nameTh} lang="th" />
            <TextField
              name="slug"
              label={t("fields.slug")}
              maxLength={80}
              defaultValue={draft.slug}
              error={errors.slug}
              hint={t("products.slugHint")}
              autoCapitalize="none"
              spellCheck={false}
            />
            <TextField
              name="sku"
              label={t("fields.sku")}
              required
              maxLength={64}
              defaultValue={draft.sku}
              error={errors.sku}
              hint={t("products.skuHint")}
              autoCapitalize="characters"
              spellCheck={false}
            />
            <TextAreaField
              name="descriptionEn"
              label={t("fields.descriptionEn")}
              maxLength={5000}
              defaultValue={draft.descriptionEn}
              error={errors.descriptionEn}
              lang="en"
            />
            <TextAreaField
              name="descriptionTh"
              label={t("fields.descriptionTh")}
              maxLength={5000}
              defaultValue={draft.descriptionTh}
              error={errors.descriptionTh}
              lang="th"
            />
          </div>
        </Panel>

        <Panel title={t("products.sections.organisation")}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
            <SelectField name="categoryId" label={t("fields.categoryId")} defaultValue={draft.categoryId} error={errors.categoryId}>
              {reference.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {localized(category, "name", locale)}
                </option>
              ))}
            </SelectField>
            <SelectField name="statusId" label={t("fields.statusId")} defaultValue={draft.statusId} error={errors.statusId}>
              {(["1", "2", "3"] as const).map((status) => (
                <option key={status} value={status}>
                  {t(`statuses.${status}`)}
                </option>
              ))}
            </SelectField>
            <SelectField name="kind" label={t("fields.kind")} defaultValue={draft.kind} error={errors.kind}>
              {productKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </SelectField>
            <div className="flex flex-col gap-2 md:col-span-2">
              <SelectField
                name="productTypeId"
                label={t("fields.productTypeId")}
                defaultValue={draft.productTypeId}
                error={errors.productTypeId}
                hint={t("products.typeHint")}
              >
                <option value="">{t("products.noType")}</option>
                {reference.types.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {localized(candidate, "name", locale)} ({candidate.attributes.map((attribute) => localized(attribute, "name", locale)).join(" × ") || "—"})
                  </option>
                ))}
              </SelectField>
              <div>
                <button type="submit" name="intent" value="refresh" formNoValidate className="btn-ghost border border-line text-sm" data-testid="refresh">
                  <RefreshCw className="size-4" aria-hidden />
                  {t("products.refresh")}
                </button>
              </div>
            </div>
            <TextField
              name="weightGrams"
              label={t("fields.weightGrams")}
              inputMode="numeric"
              maxLength={7}
              defaultValue={draft.weightGrams}
              error={errors.weightGrams}
            />
            <SelectField name="sizeGuideId" label={t("fields.sizeGuideId")} defaultValue={draft.sizeGuideId} error={errors.sizeGuideId}>
              <option value="">{t("products.noSizeGuide")}</option>
              {reference.sizeGuides.map((guide) => (
                <option key={guide.id} value={guide.id}>
                  {localized(guide, "name", locale)}
                </option>
              ))}
            </SelectField>
          </div>
        </Panel>

        <Panel title={t("products.sections.images")} testId="product-images">
          <p className="mb-3 text-sm text-ink-muted">{t("products.imagesIntro")}</p>
          {variantErrors
            .filter(([field]) => field === "images")
            .map(([field, message]) => (
              <FieldError key={field} name={field} error={message} />
            ))}
          {reference.images.length === 0 ? <p className="text-ink-muted">{t("products.galleryEmpty")}</p> : <GalleryPickerControls picker={picker} />}
          <p className="mb-2 text-sm font-semibold" data-testid="chosen-count">
            {t("products.chosenImages", { count: chosenImages.length })}
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {[
              ...chosenImages.map((image) => ({ key: image.key, order: image.order, chosen: true })),
              ...otherImages.map((image) => ({ key: image.key, order: "", chosen: false })),
            ].map((image, index) => {
              const known = imageByKey.get(image.key);
              const errorName = `images.${draft.images.findIndex((chosen) => chosen.key === image.key)}.key`;
              return (
                <li key={image.key} className={`rounded-md border p-2 ${image.chosen ? "border-primary" : "border-line"}`} data-testid="image-choice">
                  <label className="flex flex-col gap-2">
                    <Thumbnail imageKey={image.key} size={96} alt={known?.fileName ?? ""} />
                    <span className="flex items-center gap-2 text-xs break-all">
                      <input type="checkbox" name="image" value={image.key} defaultChecked={image.chosen} className="size-4 shrink-0" />
                      {known?.fileName ?? image.key}
                    </span>
                  </label>
                  <label className="mt-1 flex items-center gap-2 text-xs">
                    {t("fields.order")}
                    <input
                      type="text"
                      inputMode="numeric"
                      name={`imageOrder:${image.key}`}
                      defaultValue={image.chosen ? String(index + 1) : ""}
                      maxLength={4}
                      className={`${cellInput} w-14 border-line`}
                    />
                  </label>
                  <FieldError name={errorName} error={image.chosen ? errors[errorName] : undefined} />
                </li>
              );
            })}
          </ul>
        </Panel>

        <Panel title={t("products.sections.variants")} testId="product-variants">
          <p className="mb-3 text-sm text-ink-muted">{variation ? t("products.variantsIntroVariation") : t("products.variantsIntroSingle")}</p>
          {variantErrors
            .filter(([field]) => field === "variants")
            .map(([field, message]) => (
              <FieldError key={field} name={field} error={message} />
            ))}
          <ol className="space-y-3">
            {draft.variants.map((variant, index) => {
              const field = (name: string) => `variant.${index}.${name}`;
              const error = (name: string) => errors[`variants.${index}.${name}`];
              const input = (
                name: "sku" | "price" | "compareAtPrice" | "stock",
                extra: { inputMode?: "decimal" | "numeric"; maxLength: number; placeholder?: string },
              ) => (
                <label className="flex flex-col gap-1 text-xs font-semibold">
                  {t(`fields.${name}`)}
                  <input
                    name={field(name)}
                    defaultValue={variant[name]}
                    aria-invalid={error(name) ? true : undefined}
                    className={`${cellInput} ${name === "sku" ? "font-mono" : "tabular-nums"} ${error(name) ? "border-error" : "border-line"}`}
                    {...extra}
                  />
                  <FieldError name={`variants.${index}.${name}`} error={error(name)} />
                </label>
              );
              return (
                <li key={index} className="rounded-md border border-line p-3" data-testid="variant-row">
                  <fieldset>
                    <legend className="mb-2 text-sm font-semibold">{t("products.variantNumber", { number: index + 1 })}</legend>
                    <input type="hidden" name={field("id")} value={variant.id} />
                    <input type="hidden" name={field("stockShown")} value={variant.stockShown} />
                    {variation && type ? (
                      <div className="mb-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
                        {type.attributes.map((attribute) => (
                          <label key={attribute.id} className="flex flex-col gap-1 text-xs font-semibold">
                            {localized(attribute, "name", locale)}
                            <select
                              name={`variant.${index}.option.${attribute.id}`}
                              defaultValue={variant.options[String(attribute.id)] ?? ""}
                              className={`${cellInput} bg-surface ${error(`options.${attribute.id}`) ? "border-error" : "border-line"}`}
                            >
                              <option value="">{t("products.optionNone")}</option>
                              {attribute.options.map((option) => (
                                <option key={option.id} value={option.id}>
                                  {localized(option, "name", locale)}
                                </option>
                              ))}
                            </select>
                            <FieldError name={`variants.${index}.options.${attribute.id}`} error={error(`options.${attribute.id}`)} />
                          </label>
                        ))}
                      </div>
                    ) : null}
                    <FieldError name={`variants.${index}.options`} error={error("options")} />
                    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]">
                      <div className="col-span-2 lg:col-span-1">{input("sku", { maxLength: 64, placeholder: variation ? "" : draft.sku })}</div>
                      {input("price", { inputMode: "decimal", maxLength: 12, placeholder: "0.00" })}
                      {input("compareAtPrice", { inputMode: "decimal", maxLength: 12 })}
                      {input("stock", { inputMode: "numeric", maxLength: 7 })}
                      <label className="flex items-center gap-2 self-center text-sm font-semibold">
                        <input type="checkbox" name={field("active")} defaultChecked={variant.active} className="size-4" />
                        {t("fields.active")}
                      </label>
                    </div>
                    {variation || draft.variants.length > 1 ? (
                      <div className="mt-2 text-right">
                        <button
                          type="submit"
                          name="intent"
                          value={`remove-variant:${index}`}
                          formNoValidate
                          className="btn-ghost text-sm text-error"
                          aria-label={t("products.removeVariant", { number: index + 1 })}
                        >
                          <Trash2 className="size-4" aria-hidden />
                          {t("actions.remove")}
                        </button>
                      </div>
                    ) : null}
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {variation ? (
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="submit" name="intent" value="add-variant" formNoValidate className="btn-ghost border border-line" data-testid="add-variant">
                <Plus className="size-4" aria-hidden />
                {t("products.addVariant")}
              </button>
              {type && type.attributes.length ? (
                <button
                  type="submit"
                  name="intent"
                  value="generate-variants"
                  formNoValidate
                  className="btn-ghost border border-line"
                  data-testid="generate-variants"
                >
                  <Rows3 className="size-4" aria-hidden />
                  {t("products.generateVariants")}
                </button>
              ) : null}
            </div>
          ) : null}
        </Panel>

        <button type="submit" name="intent" value="save" className="btn-primary" data-testid="save">
          {id === null ? t("actions.create") : t("actions.save")}
        </button>
      </Form>

      {id !== null ? (
        <DeletePanel
          title={t("products.deleteHeading")}
          action={here}
          thing="product"
          name={savedName ? localized(savedName, "name", locale) : ""}
          confirm={actionData?.confirm}
          refusal={actionData?.deleteRefusal}
        >
          {actionData?.offerHide ? (
            <Form method="post" action={here}>
              <button type="submit" name="intent" value="hide" className="btn-ghost border border-line" data-testid="hide-button">
                <EyeOff className="size-4" aria-hidden />
                {t("products.hide")}
              </button>
            </Form>
          ) : null}
        </DeletePanel>
      ) : null}
    </div>
  );
}
