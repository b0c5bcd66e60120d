import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink, EyeOff, RefreshCw, Rows3 } from "lucide-react";
import { useMemo } from "react";
import { data, Form, Link, useLocation } from "react-router";

import { productKinds } from "~/domain/catalog";
import { missingCombinations } from "~/domain/variant-matrix";
import { optionalRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import {
  blankVariant,
  checkedOnServer,
  maxVariants,
  type ProductDraft,
  productDraftFromPayload,
  productFormSchema,
  productInput,
  schemaReference,
} from "~/features/catalog-admin/catalog-admin-schemas";
import { type GalleryPickerPage, galleryPickerQuery, searchGalleryChoices } from "~/features/catalog-admin/gallery.server";
import { GalleryPickerControls, galleryPickerIntents } from "~/features/catalog-admin/gallery-picker";
import {
  deleteProduct,
  hideProduct,
  loadProductForm,
  loadProductFormReference,
  type ProductFormReferenceData,
  saveProduct,
} from "~/features/catalog-admin/products-admin.server";
import { catalogRecordPost, deleteCatalogRecord, savedCatalogRecord } from "~/features/catalog-admin/record-action.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import {
  DefaultSave,
  DeletePanel,
  FormPageHeading,
  GroupError,
  HiddenField,
  RowButton,
  SaveButton,
  Thumbnail,
  useRecordFormPaths,
} from "~/ui/backend/form-page";
import { Panel } from "~/ui/backend/page-parts";
import { CheckboxField, Field, FormErrors, FormMessages, MoneyField, SelectField, TextareaField } from "~/ui/form/fields";
import { Options } from "~/ui/form/options";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { redirectWithToast } from "~/ui/toast.server";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/product-form";

/**
 * A product (spec §2 /backend/products/all-product/form and /form/{id}; issue 4 item 8): names and
 * descriptions in both languages, slug, parent SKU, category, type, kind, status, weight, size guide,
 * pictures from the product gallery (ticked, with positions; a searchable, paged picker) and the
 * variants — one for a single product, one per option combination for a variation product.
 *
 * Variant rows are a Conform list: "add a variant" and "remove" work in the browser, and without
 * JavaScript through the server. What needs the server — "add every missing combination", "show the
 * type's options" after a type change without JavaScript, another page of pictures — redraws the form
 * from what was typed. "save" validates with the one schema and writes everything in one batch
 * (stock changed on edit → inventory history). A product that was ordered cannot be deleted; it can
 * be hidden instead.
 */
const listPath = "/backend/products/all-product";

/** Submits that only redraw the form on the server (see `checkedOnServer`). */
const redrawIntents = new Set(["refresh", "generate-variants"]);

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

const chosenKeys = (draft: ProductDraft) => draft.images.filter((image) => image.chosen).map((image) => image.key);

/** The picture rows: the chosen ones, then this page of the picker to choose from. */
function withPickerRows(draft: ProductDraft, picker: GalleryPickerPage): ProductDraft {
  const chosen = draft.images.filter((image) => image.chosen);
  return { ...draft, images: [...chosen, ...picker.rows.map((image) => ({ key: image.key, chosen: false, order: "" }))] };
}

/** Rows for every option combination the product does not have yet, with a suggested SKU. */
function addMissingCombinations(draft: ProductDraft, reference: ProductFormReferenceData): void {
  const type = reference.types.find((candidate) => String(candidate.id) === draft.productTypeId);
  if (!type) return;
  const existing = draft.variants.map((variant) => Object.values(variant.options).filter(Boolean).map(Number));
  const attributes = type.attributes.map((attribute) => ({ attributeId: attribute.id, optionIds: attribute.options.map((option) => option.id) }));
  const codeOf = new Map(type.attributes.flatMap((attribute) => attribute.options.map((option) => [option.id, option.code] as const)));
  for (const combination of missingCombinations(attributes, existing)) {
    if (draft.variants.length >= maxVariants) break;
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

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "catalogAdmin");
  const id = optionalRecordId(args.params.id);
  const { reference, saved, picker } = await loadProductForm(env.DB, id);
  if (id !== null && !saved) throw data(null, { status: 404 });
  const draft = saved?.draft ?? newProductDraft(reference);
  return data({
    id,
    reference,
    draft: withPickerRows(draft, picker),
    picker,
    savedName: saved ? { nameEn: saved.draft.nameEn, nameTh: saved.draft.nameTh } : null,
    shopSlug: saved && saved.statusId === 1 ? saved.slug : null,
    meta: { title: title(t(id === null ? "meta.productNew" : "meta.productEdit")) },
  });
}

export async function action(args: Route.ActionArgs) {
  const { staff: viewer, env, t, path } = staffRoute(args, "catalogAdmin");
  const post = await catalogRecordPost(args);
  const { id, formData, intent } = post;

  if (id !== null && intent === "delete") {
    // An ordered product stays (its orders point at it): the refusal offers to hide it instead.
    return deleteCatalogRecord(
      post,
      path(listPath),
      () => deleteProduct(env.DB, id),
      () => ({
        deleteRefusal: t("products.deleteOrdered"),
        offerHide: true,
      }),
    );
  }
  if (id !== null && intent === "hide") {
    if (!(await hideProduct(env.DB, id))) throw data(null, { status: 404 });
    return redirectWithToast(args.request, path(`${listPath}/form/${id}`), { key: "catalogAdmin:products.hidden" });
  }

  const reference = await loadProductFormReference(env.DB);
  const schemaRef = schemaReference(reference);
  const submission = parseWithZod(formData, { schema: productFormSchema(schemaRef) });
  const draft = productDraftFromPayload(submission.payload);
  const pickerQuery = galleryPickerQuery(formData);
  const picker = await searchGalleryChoices(env.DB, { ...pickerQuery, chosenKeys: chosenKeys(draft) });
  // A variant added or removed without JavaScript: the form again, nothing saved.
  if (submission.status === undefined) return data({ result: submission.reply(), picker });
  if (pickerQuery.redraw || redrawIntents.has(intent)) {
    if (intent === "generate-variants") addMissingCombinations(draft, reference);
    return data({ result: undefined, draft: withPickerRows(draft, picker), draftKey: Date.now(), picker });
  }
  if (intent !== "save") return data({ result: submission.reply({ formErrors: ["unknownAction"] }), picker }, { status: 400 });
  if (submission.status !== "success") return data({ result: submission.reply(), picker }, { status: 400 });

  const result = await saveProduct(env.DB, { productId: id, input: productInput(submission.value, schemaRef), staffUserId: viewer.staffUserId });
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return data({ result: submission.reply({ fieldErrors: result.errors }), picker }, { status: 400 });
  }
  return savedCatalogRecord(args.request, path(`${listPath}/form/${result.productId}`), id === null);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function ProductForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogAdmin");
  const { id, savedName, shopSlug } = loaderData;
  const { locale, base, here } = useRecordFormPaths(listPath, id);
  const name = savedName ? localized(savedName, "name", locale) : "";

  return (
    <FormMessages namespace="catalogAdmin">
      <div className="space-y-6" data-testid="product-form-page">
        <FormPageHeading title={id === null || !savedName ? t("products.newHeading") : t("products.editHeading", { name })} backTo={base}>
          {shopSlug ? (
            <Link
              to={localizePath(locale, `/shop/${shopSlug}`)}
              reloadDocument
              discover="none"
              className="btn-ghost border border-line text-sm"
              data-testid="view-in-shop"
            >
              <ExternalLink className="size-4" aria-hidden />
              {t("products.viewInShop")}
            </Link>
          ) : null}
        </FormPageHeading>
        {/* A redraw the server made (combinations added, another page of pictures) starts the form again from what it sent back. */}
        <ProductFields
          key={actionData && "draftKey" in actionData ? actionData.draftKey : 0}
          id={id}
          here={here}
          reference={loaderData.reference}
          draft={actionData && "draft" in actionData ? actionData.draft : loaderData.draft}
          picker={actionData && "picker" in actionData ? actionData.picker : loaderData.picker}
          lastResult={actionData?.result}
        />
        {id !== null ? (
          <DeletePanel title={t("products.deleteHeading")} action={here} thing="product" name={name} answer={actionData}>
            {actionData && "offerHide" in actionData ? (
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
    </FormMessages>
  );
}

function ProductFields({
  id,
  here,
  reference,
  draft,
  picker,
  lastResult,
}: {
  id: number | null;
  here: string;
  reference: ProductFormReferenceData;
  draft: ProductDraft;
  picker: GalleryPickerPage;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("catalogAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const hydrated = useHydrated();
  const schema = useMemo(() => productFormSchema(schemaReference(reference)), [reference]);
  const [form, fields] = useSchemaForm(schema, {
    id: `product-${id ?? "new"}`,
    lastResult,
    defaultValue: draft,
    onValidate: ({ formData }) => {
      const intent = String(formData.get("intent") ?? "");
      return parseWithZod(formData, { schema: redrawIntents.has(intent) || galleryPickerIntents.test(intent) ? checkedOnServer(schema) : schema });
    },
  });
  // The type and kind as chosen right now (with JavaScript the rows follow at once).
  const type = reference.types.find((candidate) => String(candidate.id) === fields.productTypeId.value);
  const variation = fields.kind.value === "variation";
  const variants = fields.variants.getFieldList();
  const images = fields.images.getFieldList();
  const imageByKey = new Map([...picker.chosen, ...picker.rows].map((image) => [image.key, image]));
  const imageValues = fields.images.value;
  const chosenCount = Array.isArray(imageValues) ? imageValues.filter((image) => image?.chosen === "on").length : 0;
  const galleryEmpty = picker.total === 0 && !picker.query && picker.chosen.length === 0;

  return (
    <>
      <FormErrors form={form} />
      <Form method="post" action={here} className="space-y-6" data-testid="product-form" {...getFormProps(form)}>
        <DefaultSave />
        <Panel title={t("products.sections.details")}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <Field meta={fields.nameEn} label={t("fields.nameEn")} lang="en" />
            <Field meta={fields.nameTh} label={t("fields.nameTh")} lang="th" />
            <Field meta={fields.slug} label={t("fields.slug")} hint={t("products.slugHint")} autoCapitalize="none" spellCheck={false} />
            <Field meta={fields.sku} label={t("fields.sku")} hint={t("products.skuHint")} autoCapitalize="characters" spellCheck={false} />
            <TextareaField meta={fields.descriptionEn} label={t("fields.descriptionEn")} lang="en" />
            <TextareaField meta={fields.descriptionTh} label={t("fields.descriptionTh")} lang="th" />
          </div>
        </Panel>

        <Panel title={t("products.sections.organisation")}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
            <SelectField meta={fields.categoryId} label={t("fields.categoryId")}>
              <Options of={reference.categories} label={(category) => localized(category, "name", locale)} />
            </SelectField>
            <SelectField meta={fields.statusId} label={t("fields.statusId")}>
              <Options of={["1", "2", "3"] as const} label={(status) => t(`statuses.${status}`)} />
            </SelectField>
            <SelectField meta={fields.kind} label={t("fields.kind")}>
              <Options of={productKinds} label={(kind) => t(`kinds.${kind}`)} />
            </SelectField>
            <div className="flex flex-col gap-2 md:col-span-2">
              <SelectField meta={fields.productTypeId} label={t("fields.productTypeId")} hint={t("products.typeHint")}>
                <option value="">{t("products.noType")}</option>
                <Options
                  of={reference.types}
                  label={(candidate) =>
                    `${localized(candidate, "name", locale)} (${candidate.attributes.map((attribute) => localized(attribute, "name", locale)).join(" × ") || "—"})`
                  }
                />
              </SelectField>
              {/* With JavaScript the rows follow the chosen type at once; without it, this redraws them. */}
              {hydrated ? null : (
                <div>
                  <button type="submit" name="intent" value="refresh" formNoValidate className="btn-ghost border border-line text-sm" data-testid="refresh">
                    <RefreshCw className="size-4" aria-hidden />
                    {t("products.refresh")}
                  </button>
                </div>
              )}
            </div>
            <Field meta={fields.weightGrams} label={t("fields.weightGrams")} inputMode="numeric" />
            <SelectField meta={fields.sizeGuideId} label={t("fields.sizeGuideId")}>
              <option value="">{t("products.noSizeGuide")}</option>
              <Options of={reference.sizeGuides} label={(guide) => localized(guide, "name", locale)} />
            </SelectField>
          </div>
        </Panel>

        <Panel title={t("products.sections.images")} testId="product-images">
          <p className="mb-3 text-sm text-ink-muted">{t("products.imagesIntro")}</p>
          <GroupError meta={fields.images} label={t("fields.images")} />
          {galleryEmpty ? <p className="text-ink-muted">{t("products.galleryEmpty")}</p> : <GalleryPickerControls picker={picker} />}
          <p className="mb-2 text-sm font-semibold" data-testid="chosen-count">
            {t("products.chosenImages", { count: chosenCount })}
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {images.map((image) => {
              const cells = image.getFieldset();
              const key = cells.key.initialValue ?? "";
              const known = imageByKey.get(key);
              return (
                <li key={image.key} className="rounded-md border border-line p-2 has-[:checked]:border-primary" data-testid="image-choice">
                  <HiddenField meta={cells.key} />
                  <Thumbnail imageKey={key} size={96} alt={known?.fileName ?? ""} />
                  <CheckboxField meta={cells.chosen} label={known?.fileName ?? key} className="mt-2 text-xs break-all" />
                  <Field meta={cells.order} label={t("fields.order")} inputMode="numeric" className="mt-1" />
                  <GroupError meta={cells.key} label={t("fields.key")} />
                </li>
              );
            })}
          </ul>
        </Panel>

        <Panel title={t("products.sections.variants")} testId="product-variants">
          <p className="mb-3 text-sm text-ink-muted">{variation ? t("products.variantsIntroVariation") : t("products.variantsIntroSingle")}</p>
          <GroupError meta={fields.variants} label={t("fields.variants")} />
          <ol className="space-y-3">
            {variants.map((variant, index) => {
              const cells = variant.getFieldset();
              const options = cells.options.getFieldset();
              return (
                <li key={variant.key} className="rounded-md border border-line p-3" data-testid="variant-row">
                  <fieldset>
                    <legend className="mb-2 text-sm font-semibold">{t("products.variantNumber", { number: index + 1 })}</legend>
                    <HiddenField meta={cells.id} />
                    <HiddenField meta={cells.stockShown} />
                    {variation && type ? (
                      <div className="mb-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
                        {type.attributes.map((attribute) => (
                          <SelectField key={attribute.id} meta={options[String(attribute.id)]!} label={localized(attribute, "name", locale)}>
                            <option value="">{t("products.optionNone")}</option>
                            <Options of={attribute.options} label={(option) => localized(option, "name", locale)} />
                          </SelectField>
                        ))}
                      </div>
                    ) : null}
                    <GroupError meta={cells.options} label={t("fields.options")} />
                    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]">
                      <Field
                        meta={cells.sku}
                        label={t("fields.sku")}
                        placeholder={variation ? "" : (fields.sku.value ?? "")}
                        autoCapitalize="characters"
                        spellCheck={false}
                        className="col-span-2 lg:col-span-1"
                      />
                      <MoneyField meta={cells.price} label={t("fields.price")} placeholder="0.00" />
                      <MoneyField meta={cells.compareAtPrice} label={t("fields.compareAtPrice")} />
                      <Field meta={cells.stock} label={t("fields.stock")} inputMode="numeric" />
                      <CheckboxField meta={cells.active} label={t("fields.active")} className="self-center" />
                    </div>
                    {variation || variants.length > 1 ? (
                      <div className="mt-2 text-right">
                        <RowButton
                          control={form.remove.getButtonProps({ name: fields.variants.name, index })}
                          kind="remove"
                          label={t("actions.remove")}
                          ariaLabel={t("products.removeVariant", { number: index + 1 })}
                        />
                      </div>
                    ) : null}
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {variation ? (
            <div className="mt-3 flex flex-wrap gap-2">
              {variants.length < maxVariants ? (
                <RowButton
                  control={form.insert.getButtonProps({ name: fields.variants.name, defaultValue: blankVariant() })}
                  kind="add"
                  label={t("products.addVariant")}
                  testId="add-variant"
                />
              ) : null}
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

        <SaveButton isNew={id === null} action={here} />
      </Form>
    </>
  );
}
