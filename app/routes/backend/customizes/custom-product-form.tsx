import { ArrowDown, ArrowUp } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { SelectField, TextAreaField } from "~/features/catalog-admin/catalog-admin-ui";
import { DeletePanel, FormPageHeading } from "~/ui/backend/form-page";
import { textValue, textValues } from "~/features/catalog-admin/form-data";
import {
  addCustomAttribute,
  chosenFile,
  deleteCustomProduct,
  hideCustomProduct,
  loadCustomProductForm,
  moveCustomAttribute,
  saveCustomProduct,
} from "~/features/custom-admin/custom-admin.server";
import {
  boxFieldNames,
  customAttributeFormSchema,
  customAttributeTextFields,
  customProductFormSchema,
  customProductSchemaInput,
  customProductStatusIds,
  customProductTextFields,
  emptyCustomProductDraft,
  type CustomAttributeDraft,
  type CustomProductDraft,
} from "~/features/custom-admin/custom-admin-schemas";
import {
  boundedDraft,
  customizeAdminContext,
  customizeNotice,
  optionalIdFromUrl,
  redirectWithNotice,
} from "~/features/custom-admin/custom-admin-routes.server";
import { ImageUploadField, splitIntent } from "~/features/custom-admin/custom-admin-ui";
import { designSides } from "~/domain/design-options";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/data-table";
import { useSettledKey } from "~/ui/use-settled-key";
import type { Route } from "./+types/custom-product-form";
import { confirmStep, isConfirmed, type ConfirmStepData } from "~/ui/confirm";

/**
 * A custom product (spec §2 /backend/customizes/form and /form/{id}; issue 6 item 6): names,
 * descriptions, base price, minimum quantity, status, mockups (uploaded to R2) and their real size,
 * the print area of each side, and on edit its attributes (add, reorder; rename and delete on the
 * attribute's page). A product with designs is never deleted: staff are offered to hide it.
 */
const listPath = "/backend/customizes";

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = customizeAdminContext(args.context);
  const id = optionalIdFromUrl(args.params.id);
  const form = id === null ? null : await loadCustomProductForm(env.DB, id);
  if (id !== null && !form) throw data(null, { status: 404 });
  return data({ id, form, notice: customizeNotice(args.request, t), meta: { title: title(t(id === null ? "meta.productNew" : "meta.productEdit")) } });
}

interface Reply {
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
  key: number;
  draft: CustomProductDraft | null;
  errors: Record<string, string>;
  attributeDraft: CustomAttributeDraft | null;
  attributeErrors: Record<string, string>;
  formError: string | null;
  deleteRefusal: string | null;
}

export async function action(args: Route.ActionArgs) {
  const staff = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t, fieldErrors, keyedErrors } = customizeAdminContext(args.context);
  const id = optionalIdFromUrl(args.params.id);
  if (id !== null && !(await loadCustomProductForm(env.DB, id))) throw data(null, { status: 404 });
  const formData = await args.request.formData();
  const reply = (status: number, body: Partial<Reply>) =>
    data<Reply>(
      { key: Date.now(), draft: null, errors: {}, attributeDraft: null, attributeErrors: {}, formError: null, deleteRefusal: null, confirm: null, ...body },
      { status },
    );
  const intent = splitIntent(textValue(formData, "intent"));
  const here = id === null ? `${listPath}/form` : `${listPath}/form/${id}`;

  if (id !== null && intent.name === "delete") {
    if (!isConfirmed(formData)) return reply(200, { confirm: confirmStep(formData) });
    const result = await deleteCustomProduct(env.DB, id);
    if (result.ok) return redirectWithNotice(locale, listPath, "deleted");
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { deleteRefusal: t("products.hasDesigns", { count: result.count }) });
  }
  if (id !== null && intent.name === "hide") {
    if (!(await hideCustomProduct(env.DB, id))) throw data(null, { status: 404 });
    return redirectWithNotice(locale, here, "hidden");
  }
  if (id !== null && intent.name === "add-attribute") {
    const attributeDraft = textValues(formData, customAttributeTextFields);
    const parsed = customAttributeFormSchema.safeParse(attributeDraft);
    if (!parsed.success) return reply(400, { attributeDraft: boundedDraft(attributeDraft), attributeErrors: fieldErrors(parsed.error) });
    const result = await addCustomAttribute(env.DB, id, parsed.data);
    if (!result.ok) {
      if (result.reason === "not-found") throw data(null, { status: 404 });
      return reply(400, { attributeDraft: boundedDraft(attributeDraft), attributeErrors: keyedErrors(result.errors) });
    }
    return redirectWithNotice(locale, here, "saved");
  }
  if (id !== null && (intent.name === "move-up" || intent.name === "move-down") && intent.id !== null) {
    if (!(await moveCustomAttribute(env.DB, id, intent.id, intent.name === "move-up" ? "up" : "down"))) throw data(null, { status: 404 });
    return redirectWithNotice(locale, here, "saved");
  }
  if (intent.name !== "save") return reply(400, { formError: t("validation.unknownAction") });

  const draft = textValues(formData, customProductTextFields);
  const parsed = customProductFormSchema.safeParse(customProductSchemaInput(draft));
  if (!parsed.success) return reply(400, { draft: boundedDraft(draft), errors: fieldErrors(parsed.error) });
  const files = { frontImage: chosenFile(formData.get("frontImage")), backImage: chosenFile(formData.get("backImage")) };
  const result = await saveCustomProduct(env, id, parsed.data, files, staff.staffUserId);
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { draft: boundedDraft(draft), errors: keyedErrors(result.errors) });
  }
  return redirectWithNotice(locale, `${listPath}/form/${result.id}`, id === null ? "created" : "saved");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

const emptyAttribute: CustomAttributeDraft = { code: "", nameEn: "", nameTh: "", sortOrder: "" };

export default function CustomProductForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { id, form } = loaderData;
  const formKey = useSettledKey(actionData?.key);
  const draft = actionData?.draft ?? form?.draft ?? emptyCustomProductDraft();
  const errors = actionData?.errors ?? {};
  const base = localizePath(locale, listPath);
  const here = id === null ? `${base}/form` : `${base}/form/${id}`;
  const heading = id === null ? t("products.newHeading") : t("products.editHeading", { name: locale === "th" ? form!.draft.nameTh : form!.draft.nameEn });
  const attributeDraft = actionData?.attributeDraft ?? emptyAttribute;
  const attributeErrors = actionData?.attributeErrors ?? {};
  const hasErrors = Object.keys(errors).length > 0 || Object.keys(attributeErrors).length > 0;

  return (
    <div className="min-w-0 space-y-6" data-testid="custom-product-form-page">
      <FormPageHeading title={heading} backTo={base} />
      <ActionMessages notice={actionData ? null : loaderData.notice} formError={actionData?.formError ?? (hasErrors ? t("validation.summary") : null)} />
      <Form method="post" action={here} encType="multipart/form-data" className="space-y-6" data-testid="custom-product-form" key={`product-${formKey}`}>
        <Panel title={t("products.sections.details")}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <TextField name="nameEn" label={t("fields.nameEn")} required maxLength={120} defaultValue={draft.nameEn} error={errors.nameEn} lang="en" />
            <TextField name="nameTh" label={t("fields.nameTh")} required maxLength={120} defaultValue={draft.nameTh} error={errors.nameTh} lang="th" />
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
            <SelectField name="statusId" label={t("fields.statusId")} defaultValue={draft.statusId} error={errors.statusId}>
              {customProductStatusIds.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              name="basePrice"
              label={t("fields.basePrice")}
              required
              inputMode="decimal"
              maxLength={14}
              defaultValue={draft.basePrice}
              error={errors.basePrice}
            />
            <TextField
              name="minQuantity"
              label={t("fields.minQuantity")}
              required
              inputMode="numeric"
              maxLength={4}
              defaultValue={draft.minQuantity}
              error={errors.minQuantity}
            />
            <TextField
              name="sortOrder"
              label={t("fields.sortOrder")}
              inputMode="numeric"
              maxLength={5}
              defaultValue={draft.sortOrder}
              error={errors.sortOrder}
            />
            <div className="hidden md:block" />
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
        <Panel title={t("products.sections.mockups")}>
          <p className="mb-3 text-sm text-ink-muted">{t("products.mockupHint")}</p>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <TextField
              name="mockupWidthMm"
              label={t("fields.mockupWidthMm")}
              required
              inputMode="numeric"
              maxLength={4}
              defaultValue={draft.mockupWidthMm}
              error={errors.mockupWidthMm}
            />
            <TextField
              name="mockupHeightMm"
              label={t("fields.mockupHeightMm")}
              required
              inputMode="numeric"
              maxLength={4}
              defaultValue={draft.mockupHeightMm}
              error={errors.mockupHeightMm}
            />
            <ImageUploadField name="frontImage" label={t("fields.frontImage")} currentKey={form?.frontImageKey ?? null} error={errors.frontImage} />
            <ImageUploadField name="backImage" label={t("fields.backImage")} currentKey={form?.backImageKey ?? null} error={errors.backImage} />
          </div>
        </Panel>
        <Panel title={t("products.sections.printAreas")}>
          <p className="mb-3 text-sm text-ink-muted">{t("products.areaHint")}</p>
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            {designSides.map((side) => (
              <fieldset key={side} className="min-w-0 space-y-2" data-testid={`area-${side}`}>
                <legend className="font-semibold">{t(`products.sections.${side}`)}</legend>
                <div className="grid grid-cols-2 gap-3">
                  {boxFieldNames.map((field) => (
                    <TextField
                      key={field}
                      name={`${side}.${field}`}
                      label={t(`fields.${field}`)}
                      required
                      inputMode="numeric"
                      maxLength={4}
                      defaultValue={draft[`${side}.${field}`]}
                      error={errors[`${side}.${field}`]}
                    />
                  ))}
                </div>
                {errors[`${side}.area`] ? (
                  <p className="text-sm text-error" role="alert" data-testid={`error-${side}.area`}>
                    {errors[`${side}.area`]}
                  </p>
                ) : null}
              </fieldset>
            ))}
          </div>
        </Panel>
        <button type="submit" name="intent" value="save" className="btn-primary" data-testid="save">
          {id === null ? t("actions.create") : t("actions.save")}
        </button>
      </Form>

      <Panel title={t("attributes.heading")} testId="attributes-panel">
        {id === null || !form ? (
          <p className="text-sm text-ink-muted">{t("attributes.saveFirst")}</p>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-ink-muted">{t("attributes.intro")}</p>
            {form.attributes.length === 0 ? (
              <p className="text-sm text-ink-muted">{t("attributes.empty")}</p>
            ) : (
              <Form method="post" action={here}>
                <ol className="divide-y divide-line rounded-md border border-line" data-testid="attribute-list">
                  {form.attributes.map((attribute, index) => (
                    <li key={attribute.id} className="flex flex-wrap items-center gap-2 px-3 py-2" data-testid="attribute-row">
                      <div className="min-w-0 flex-1">
                        <Link to={`${here}/${attribute.id}`} className="font-semibold text-primary-dark underline">
                          {locale === "th" ? attribute.nameTh : attribute.nameEn}
                        </Link>
                        <div className="text-xs text-ink-muted">
                          <span className="font-mono">{attribute.code}</span> · {t("attributes.options", { count: attribute.optionCount })}
                        </div>
                      </div>
                      <button
                        type="submit"
                        name="intent"
                        value={`move-up:${attribute.id}`}
                        className="btn-ghost p-2"
                        disabled={index === 0}
                        aria-label={`${t("actions.moveUp")}: ${locale === "th" ? attribute.nameTh : attribute.nameEn}`}
                      >
                        <ArrowUp className="size-4" aria-hidden />
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value={`move-down:${attribute.id}`}
                        className="btn-ghost p-2"
                        disabled={index === form.attributes.length - 1}
                        aria-label={`${t("actions.moveDown")}: ${locale === "th" ? attribute.nameTh : attribute.nameEn}`}
                      >
                        <ArrowDown className="size-4" aria-hidden />
                      </button>
                      <Link to={`${here}/${attribute.id}`} className="btn-ghost text-sm">
                        {t("attributes.openOptions")}
                      </Link>
                    </li>
                  ))}
                </ol>
              </Form>
            )}
            <Form
              method="post"
              action={here}
              className="space-y-3 rounded-md border border-line p-3"
              data-testid="add-attribute-form"
              key={`attribute-${formKey}`}
            >
              <h3 className="font-semibold">{t("attributes.addHeading")}</h3>
              <div className="grid grid-cols-1 gap-3 md:grid-cols-4">
                <TextField
                  name="code"
                  label={t("fields.code")}
                  required
                  maxLength={40}
                  defaultValue={attributeDraft.code}
                  error={attributeErrors.code}
                  autoCapitalize="none"
                  spellCheck={false}
                />
                <TextField
                  name="nameEn"
                  label={t("fields.nameEn")}
                  required
                  maxLength={100}
                  defaultValue={attributeDraft.nameEn}
                  error={attributeErrors.nameEn}
                  lang="en"
                />
                <TextField
                  name="nameTh"
                  label={t("fields.nameTh")}
                  required
                  maxLength={100}
                  defaultValue={attributeDraft.nameTh}
                  error={attributeErrors.nameTh}
                  lang="th"
                />
                <TextField
                  name="sortOrder"
                  label={t("fields.sortOrder")}
                  inputMode="numeric"
                  maxLength={5}
                  defaultValue={attributeDraft.sortOrder}
                  error={attributeErrors.sortOrder}
                />
              </div>
              <button type="submit" name="intent" value="add-attribute" className="btn-primary" data-testid="add-attribute">
                {t("attributes.add")}
              </button>
            </Form>
          </div>
        )}
      </Panel>

      {id !== null && form ? (
        <DeletePanel
          title={t("products.deleteHeading")}
          action={here}
          thing="customProduct"
          name={locale === "th" ? form.draft.nameTh : form.draft.nameEn}
          confirm={actionData?.confirm}
          refusal={actionData?.deleteRefusal}
        >
          {form.designCount > 0 || actionData?.deleteRefusal ? (
            <Form method="post" action={here}>
              <button type="submit" name="intent" value="hide" className="btn-ghost border border-line" data-testid="hide-button">
                {t("actions.hide")}
              </button>
            </Form>
          ) : null}
        </DeletePanel>
      ) : null}
    </div>
  );
}
