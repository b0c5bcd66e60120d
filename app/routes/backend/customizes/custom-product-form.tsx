import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowDown, ArrowUp } from "lucide-react";
import { data, Form, Link } from "react-router";

import { designSides } from "~/domain/design-options";
import { slugFromName } from "~/domain/slug";
import { optionalRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import {
  addCustomAttribute,
  deleteCustomProduct,
  hideCustomProduct,
  loadCustomProductForm,
  moveCustomAttribute,
  saveCustomProduct,
} from "~/features/custom-admin/custom-admin.server";
import {
  boxFieldNames,
  customAttributeFormSchema,
  customProductFormSchema,
  customProductInput,
  customProductStatusIds,
  emptyCustomProductDraft,
} from "~/features/custom-admin/custom-admin-schemas";
import { PictureField } from "~/features/custom-admin/picture-field";
import { localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { DeletePanel, FormPageHeading, useRecordFormPaths } from "~/ui/backend/form-page";
import { Panel } from "~/ui/backend/page-parts";
import { confirmStep, type ConfirmStepData, isConfirmed } from "~/ui/confirm";
import { Field, FieldError, FormErrors, FormMessages, MoneyField, SelectField, SubmitButton, TextareaField, useFieldMessage } from "~/ui/form/fields";
import { Options } from "~/ui/form/options";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/custom-product-form";

/**
 * A custom product (spec §2 /backend/customizes/form and /form/{id}; issue 6 item 6): names,
 * descriptions, base price, minimum quantity, status, mockups (uploaded to R2) and their real size,
 * the print area of each side, and on edit its attributes (add, reorder; rename and delete on the
 * attribute's page). A product with designs is never deleted: staff are offered to hide it.
 */
const listPath = "/backend/customizes";

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "customizeAdmin");
  const id = optionalRecordId(args.params.id);
  const form = id === null ? null : await loadCustomProductForm(env.DB, id);
  if (id !== null && !form) throw data(null, { status: 404 });
  return data({ id, form, meta: { title: title(t(id === null ? "meta.productNew" : "meta.productEdit")) } });
}

interface Reply {
  /** Which of the page's forms the result belongs to. */
  form: "product" | "attribute" | null;
  result: SubmissionResult<string[]> | undefined;
  /** A refusal that belongs to no field, in the page's language. */
  refusal: string | null;
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
  deleteRefusal: string | null;
}

const idle: Reply = { form: null, result: undefined, refusal: null, confirm: null, deleteRefusal: null };

export async function action(args: Route.ActionArgs) {
  const { staff, env, locale, t } = staffRoute(args, "customizeAdmin");
  const id = optionalRecordId(args.params.id);
  if (id !== null && !(await loadCustomProductForm(env.DB, id))) throw data(null, { status: 404 });
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const here = id === null ? `${listPath}/form` : `${listPath}/form/${id}`;
  const done = (path: string, notice: "created" | "saved" | "deleted" | "hidden") =>
    redirectWithToast(args.request, localizePath(locale, path), { key: `customizeAdmin:actions.${notice}` });

  if (id !== null && intent === "delete") {
    if (!isConfirmed(formData)) return data<Reply>({ ...idle, confirm: confirmStep(formData) });
    const result = await deleteCustomProduct(env.DB, id);
    if (result.ok) return done(listPath, "deleted");
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return data<Reply>({ ...idle, deleteRefusal: t("products.hasDesigns", { count: result.count }) }, { status: 400 });
  }
  if (id !== null && intent === "hide") {
    if (!(await hideCustomProduct(env.DB, id))) throw data(null, { status: 404 });
    return done(here, "hidden");
  }
  if (id !== null && intent === "add-attribute") {
    const submission = parseWithZod(formData, { schema: customAttributeFormSchema });
    if (submission.status !== "success") return data<Reply>({ ...idle, form: "attribute", result: submission.reply() }, { status: 400 });
    const result = await addCustomAttribute(env.DB, id, submission.value);
    if (result.ok) return done(here, "saved");
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return data<Reply>({ ...idle, form: "attribute", result: submission.reply({ fieldErrors: result.errors }) }, { status: 400 });
  }
  const move = typeof intent === "string" ? /^move-(up|down):([1-9]\d{0,9})$/.exec(intent) : null;
  if (id !== null && move) {
    if (!(await moveCustomAttribute(env.DB, id, Number(move[2]), move[1] === "up" ? "up" : "down"))) throw data(null, { status: 404 });
    return done(here, "saved");
  }
  if (intent !== "save") return data<Reply>({ ...idle, refusal: t("validation.unknownAction") }, { status: 400 });

  const submission = parseWithZod(formData, { schema: customProductFormSchema });
  if (submission.status !== "success") return data<Reply>({ ...idle, form: "product", result: submission.reply() }, { status: 400 });
  const slug = submission.value.slug ?? slugFromName(submission.value.nameEn);
  if (!slug) return data<Reply>({ ...idle, form: "product", result: submission.reply({ fieldErrors: { slug: ["slugInvalid"] } }) }, { status: 400 });
  const files = { frontImage: submission.value.frontImage ?? null, backImage: submission.value.backImage ?? null };
  const result = await saveCustomProduct(env, id, customProductInput(submission.value, slug), files, staff.staffUserId);
  if (result.ok) return done(`${listPath}/form/${result.id}`, id === null ? "created" : "saved");
  if (result.reason === "not-found") throw data(null, { status: 404 });
  return data<Reply>({ ...idle, form: "product", result: submission.reply({ fieldErrors: result.errors }) }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

/** A side's print area as a whole ("must lie inside the mockup"), under its four fields. */
function AreaError({ name, errors, label }: { name: string; errors: string[] | undefined; label: string }) {
  return <FieldError name={name} message={useFieldMessage(errors, label)} />;
}

export default function CustomProductForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const { id, form: stored } = loaderData;
  const { locale, base, here } = useRecordFormPaths(listPath, id);
  const [form, fields] = useSchemaForm(customProductFormSchema, {
    id: `custom-product-${id ?? "new"}`,
    lastResult: actionData?.form === "product" ? actionData.result : undefined,
    defaultValue: stored?.draft ?? emptyCustomProductDraft(),
  });
  const heading = stored ? t("products.editHeading", { name: localized(stored.draft, "name", locale) }) : t("products.newHeading");

  return (
    <FormMessages namespace="customizeAdmin">
      <div className="min-w-0 space-y-6" data-testid="custom-product-form-page">
        <FormPageHeading title={heading} backTo={base} />
        <FormErrors form={form} refusal={actionData?.refusal} />
        <Form method="post" action={here} encType="multipart/form-data" className="space-y-6" data-testid="custom-product-form" {...getFormProps(form)}>
          <Panel title={t("products.sections.details")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <Field meta={fields.nameEn} label={t("fields.nameEn")} lang="en" />
              <Field meta={fields.nameTh} label={t("fields.nameTh")} lang="th" />
              <Field meta={fields.slug} label={t("fields.slug")} hint={t("products.slugHint")} autoCapitalize="none" spellCheck={false} />
              <SelectField meta={fields.statusId} label={t("fields.statusId")}>
                <Options of={customProductStatusIds} label={(status) => t(`status.${status}`)} />
              </SelectField>
              <MoneyField meta={fields.basePrice} label={t("fields.basePrice")} />
              <Field meta={fields.minQuantity} label={t("fields.minQuantity")} inputMode="numeric" />
              <Field meta={fields.sortOrder} label={t("fields.sortOrder")} inputMode="numeric" />
              <div className="hidden md:block" />
              <TextareaField meta={fields.descriptionEn} label={t("fields.descriptionEn")} lang="en" />
              <TextareaField meta={fields.descriptionTh} label={t("fields.descriptionTh")} lang="th" />
            </div>
          </Panel>
          <Panel title={t("products.sections.mockups")}>
            <p className="mb-3 text-sm text-ink-muted">{t("products.mockupHint")}</p>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <Field meta={fields.mockupWidthMm} label={t("fields.mockupWidthMm")} inputMode="numeric" />
              <Field meta={fields.mockupHeightMm} label={t("fields.mockupHeightMm")} inputMode="numeric" />
              {(["frontImage", "backImage"] as const).map((name) => (
                <PictureField key={name} meta={fields[name]} label={t(`fields.${name}`)} currentKey={stored?.[`${name}Key`] ?? null} />
              ))}
            </div>
          </Panel>
          <Panel title={t("products.sections.printAreas")}>
            <p className="mb-3 text-sm text-ink-muted">{t("products.areaHint")}</p>
            <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
              {designSides.map((side) => {
                const box = fields[side].getFieldset();
                return (
                  <fieldset key={side} className="min-w-0 space-y-2" data-testid={`area-${side}`}>
                    <legend className="font-semibold">{t(`products.sections.${side}`)}</legend>
                    <div className="grid grid-cols-2 gap-3">
                      {boxFieldNames.map((field) => (
                        <Field key={field} meta={box[field]} label={t(`fields.${field}`)} inputMode="numeric" />
                      ))}
                    </div>
                    <AreaError name={`${side}.area`} errors={form.allErrors[`${side}.area`]} label={t("fields.area")} />
                  </fieldset>
                );
              })}
            </div>
          </Panel>
          <SubmitButton name="intent" value="save" action={here} testId="save">
            {id === null ? t("actions.create") : t("actions.save")}
          </SubmitButton>
        </Form>

        <Panel title={t("attributes.heading")} testId="attributes-panel">
          {id === null || !stored ? (
            <p className="text-sm text-ink-muted">{t("attributes.saveFirst")}</p>
          ) : (
            <div className="space-y-4">
              <p className="text-sm text-ink-muted">{t("attributes.intro")}</p>
              {stored.attributes.length === 0 ? (
                <p className="text-sm text-ink-muted">{t("attributes.empty")}</p>
              ) : (
                <Form method="post" action={here}>
                  <ol className="divide-y divide-line rounded-md border border-line" data-testid="attribute-list">
                    {stored.attributes.map((attribute, index) => {
                      const name = localized(attribute, "name", locale);
                      return (
                        <li key={attribute.id} className="flex flex-wrap items-center gap-2 px-3 py-2" data-testid="attribute-row">
                          <div className="min-w-0 flex-1">
                            <Link to={`${here}/${attribute.id}`} className="font-semibold text-primary-dark underline">
                              {name}
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
                            aria-label={`${t("actions.moveUp")}: ${name}`}
                          >
                            <ArrowUp className="size-4" aria-hidden />
                          </button>
                          <button
                            type="submit"
                            name="intent"
                            value={`move-down:${attribute.id}`}
                            className="btn-ghost p-2"
                            disabled={index === stored.attributes.length - 1}
                            aria-label={`${t("actions.moveDown")}: ${name}`}
                          >
                            <ArrowDown className="size-4" aria-hidden />
                          </button>
                          <Link to={`${here}/${attribute.id}`} className="btn-ghost text-sm">
                            {t("attributes.openOptions")}
                          </Link>
                        </li>
                      );
                    })}
                  </ol>
                </Form>
              )}
              <AddAttributeForm
                action={here}
                // A new id after each added attribute: the form starts empty again.
                formId={`add-attribute-${id}-${stored.attributes.length}`}
                lastResult={actionData?.form === "attribute" ? actionData.result : undefined}
              />
            </div>
          )}
        </Panel>

        {id !== null && stored ? (
          <DeletePanel
            title={t("products.deleteHeading")}
            action={here}
            thing="customProduct"
            name={localized(stored.draft, "name", locale)}
            confirm={actionData?.confirm}
            refusal={actionData?.deleteRefusal}
          >
            {stored.designCount > 0 || actionData?.deleteRefusal ? (
              <Form method="post" action={here}>
                <button type="submit" name="intent" value="hide" className="btn-ghost border border-line" data-testid="hide-button">
                  {t("actions.hide")}
                </button>
              </Form>
            ) : null}
          </DeletePanel>
        ) : null}
      </div>
    </FormMessages>
  );
}

function AddAttributeForm({ action, formId, lastResult }: { action: string; formId: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("customizeAdmin");
  const [form, fields] = useSchemaForm(customAttributeFormSchema, { id: formId, lastResult });
  return (
    <Form method="post" action={action} className="space-y-3 rounded-md border border-line p-3" data-testid="add-attribute-form" {...getFormProps(form)}>
      <h3 className="font-semibold">{t("attributes.addHeading")}</h3>
      <FormErrors form={form} />
      <div className="grid grid-cols-1 gap-3 md:grid-cols-4">
        <Field meta={fields.code} label={t("fields.code")} autoCapitalize="none" spellCheck={false} />
        <Field meta={fields.nameEn} label={t("fields.nameEn")} lang="en" />
        <Field meta={fields.nameTh} label={t("fields.nameTh")} lang="th" />
        <Field meta={fields.sortOrder} label={t("fields.sortOrder")} inputMode="numeric" />
      </div>
      <SubmitButton name="intent" value="add-attribute" action={action} testId="add-attribute">
        {t("attributes.add")}
      </SubmitButton>
    </Form>
  );
}
