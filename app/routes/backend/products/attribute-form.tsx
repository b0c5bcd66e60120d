import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { data, Form } from "react-router";

import { colourOrImageDisplayTypeId, displayTypeChoices } from "~/domain/display-types";
import { optionalRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { type AttributeDraft, attributeFormSchema, attributeInput, blankOption, maxOptions } from "~/features/catalog-admin/catalog-admin-schemas";
import { catalogRecordPost, deleteCatalogRecord, savedCatalogRecord } from "~/features/catalog-admin/record-action.server";
import { deleteAttribute, loadAttributeForm, saveAttribute } from "~/features/catalog-admin/taxonomy-admin.server";
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
import { Field, FormErrors, FormMessages, SelectField } from "~/ui/form/fields";
import { Options } from "~/ui/form/options";
import { useSchemaForm } from "~/ui/form/use-schema-form";

import type { Route } from "./+types/attribute-form";

/**
 * An attribute and its options (spec §2 /backend/products/attribute/form and /form/{id}; issue 4
 * item 8). The display type choices follow spec §7 (`displayTypeChoices`: no "hidden", id 3 is
 * "color / Image"). Options are a list of the form: "add an option" and "remove" change the rows
 * in the browser, or — without JavaScript — through the server without saving; "save" writes the
 * attribute and its options in one batch. An option used by variants cannot be removed; the
 * attribute cannot be deleted while a type uses it or variants use its options.
 */
const listPath = "/backend/products/attribute";

const emptyDraft: AttributeDraft = { code: "", nameEn: "", nameTh: "", displayTypeId: "2", sortOrder: "0", options: [blankOption()] };

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "catalogAdmin");
  const id = optionalRecordId(args.params.id);
  const form = await loadAttributeForm(env.DB, id);
  if (!form) throw data(null, { status: 404 });
  return data({
    id,
    draft: form.draft ?? emptyDraft,
    savedName: form.draft ? { nameEn: form.draft.nameEn, nameTh: form.draft.nameTh } : null,
    images: form.images,
    usage: form.usage,
    displayTypes: displayTypeChoices(form.displayTypes),
    meta: { title: title(t(id === null ? "meta.attributeNew" : "meta.attributeEdit")) },
  });
}

export async function action(args: Route.ActionArgs) {
  const { env, t, path } = staffRoute(args, "catalogAdmin");
  const post = await catalogRecordPost(args);
  const { id, formData, intent } = post;

  if (intent === "delete" && id !== null) {
    return deleteCatalogRecord(
      post,
      path(listPath),
      () => deleteAttribute(env.DB, id),
      (refused) => ({
        deleteRefusal: t(refused.reason === "used-by-types" ? "attributes.usedByTypes" : "attributes.usedByVariants", { count: refused.count }),
      }),
    );
  }

  const form = await loadAttributeForm(env.DB, id);
  if (!form) throw data(null, { status: 404 });
  const schema = attributeFormSchema(displayTypeChoices(form.displayTypes).map((type) => type.id));
  const submission = parseWithZod(formData, { schema });
  // An option added or removed without JavaScript: the form again, nothing saved.
  if (submission.status === undefined) return data({ result: submission.reply(), refusal: null });
  if (intent !== "save") return data({ result: submission.reply({ formErrors: ["unknownAction"] }), refusal: null }, { status: 400 });
  if (submission.status !== "success") return data({ result: submission.reply(), refusal: null }, { status: 400 });

  const result = await saveAttribute(env.DB, id, attributeInput(submission.value));
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    const names = result.inUse?.map((option) => option.nameEn).join(", ");
    return data({ result: submission.reply({ fieldErrors: result.errors }), refusal: names ? t("attributes.optionsInUse", { names }) : null }, { status: 400 });
  }
  return savedCatalogRecord(args.request, path(`${listPath}/form/${result.id}`), id === null);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function AttributeForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogAdmin");
  const { id, images, usage, displayTypes, savedName } = loaderData;
  const { locale, base, here } = useRecordFormPaths(listPath, id);
  const name = savedName ? localized(savedName, "name", locale) : "";
  const schema = useMemo(() => attributeFormSchema(displayTypes.map((type) => type.id)), [displayTypes]);
  const [form, fields] = useSchemaForm(schema, { id: `attribute-${id ?? "new"}`, lastResult: actionData?.result, defaultValue: loaderData.draft });
  const swatches = fields.displayTypeId.value === String(colourOrImageDisplayTypeId);
  const options = fields.options.getFieldList();
  const optionsLabel = t("attributes.optionsHeading");

  return (
    <FormMessages namespace="catalogAdmin">
      <div className="space-y-6" data-testid="attribute-form-page">
        <FormPageHeading title={id === null ? t("attributes.newHeading") : t("attributes.editHeading", { name })} backTo={base} />
        <FormErrors form={form} refusal={actionData && "refusal" in actionData ? actionData.refusal : null} />
        <Form method="post" action={here} className="space-y-6" data-testid="attribute-form" {...getFormProps(form)}>
          <DefaultSave />
          <Panel title={t("products.sections.details")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <Field meta={fields.nameEn} label={t("fields.nameEn")} lang="en" />
              <Field meta={fields.nameTh} label={t("fields.nameTh")} lang="th" />
              <Field meta={fields.code} label={t("fields.code")} autoCapitalize="none" spellCheck={false} />
              <SelectField meta={fields.displayTypeId} label={t("fields.displayTypeId")}>
                <Options of={displayTypes} label={(type) => t(`displayTypes.${type.id}` as "displayTypes.2", { defaultValue: type.name })} />
              </SelectField>
              <Field meta={fields.sortOrder} label={t("fields.sortOrder")} inputMode="numeric" />
            </div>
          </Panel>

          <Panel title={optionsLabel} testId="options">
            <p className="mb-3 text-sm text-ink-muted">{t("attributes.optionsIntro")}</p>
            <GroupError meta={fields.options} label={optionsLabel} />
            {options.length === 0 ? <p className="mb-3 text-ink-muted">{t("attributes.noOptions")}</p> : null}
            <ol className="space-y-3">
              {options.map((option, index) => {
                const cells = option.getFieldset();
                const used = usage[String(cells.id.initialValue ?? "")] ?? 0;
                const colour = cells.colorHex.value;
                return (
                  <li key={option.key} className="rounded-md border border-line p-3" data-testid="option-row">
                    <fieldset>
                      <legend className="mb-2 text-sm font-semibold">
                        {t("attributes.optionNumber", { number: index + 1 })}
                        {used > 0 ? <span className="ml-2 font-normal text-ink-muted">{t("attributes.usedBy", { count: used })}</span> : null}
                      </legend>
                      <HiddenField meta={cells.id} />
                      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
                        <Field meta={cells.code} label={t("fields.code")} autoCapitalize="none" spellCheck={false} />
                        <Field meta={cells.nameEn} label={t("fields.nameEn")} lang="en" />
                        <Field meta={cells.nameTh} label={t("fields.nameTh")} lang="th" />
                        <div className="flex items-end gap-2">
                          {colour && /^#[0-9a-fA-F]{6}$/.test(colour) ? (
                            <span className="mb-2.5 size-6 shrink-0 rounded-full border border-line" style={{ backgroundColor: colour }} aria-hidden />
                          ) : null}
                          <Field meta={cells.colorHex} label={t("fields.colorHex")} placeholder={swatches ? "#000000" : ""} className="flex-1" />
                        </div>
                        <div className="flex items-end gap-2">
                          {cells.imageKey.value ? (
                            <span className="mb-1.5">
                              <Thumbnail imageKey={cells.imageKey.value} size={32} />
                            </span>
                          ) : null}
                          <SelectField meta={cells.imageKey} label={t("fields.imageKey")} className="flex-1">
                            <option value="">{t("actions.noImage")}</option>
                            {images.map((image) => (
                              <option key={image.key} value={image.key}>
                                {image.fileName}
                              </option>
                            ))}
                          </SelectField>
                        </div>
                        <Field meta={cells.sortOrder} label={t("fields.sortOrder")} inputMode="numeric" />
                      </div>
                      <div className="mt-2 text-right">
                        <RowButton
                          control={form.remove.getButtonProps({ name: fields.options.name, index })}
                          kind="remove"
                          label={t("actions.remove")}
                          ariaLabel={t("attributes.removeOption", { number: index + 1 })}
                        />
                      </div>
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            {options.length < maxOptions ? (
              <RowButton
                control={form.insert.getButtonProps({ name: fields.options.name, defaultValue: blankOption() })}
                kind="add"
                label={t("attributes.addOption")}
                testId="add-option"
                className="btn-ghost mt-3 border border-line"
              />
            ) : null}
          </Panel>
          <SaveButton isNew={id === null} action={here} />
        </Form>
        {id !== null ? <DeletePanel title={t("attributes.deleteHeading")} action={here} thing="attribute" name={name} answer={actionData} /> : null}
      </div>
    </FormMessages>
  );
}
