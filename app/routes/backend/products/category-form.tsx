import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";

import { optionalRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import {
  type CategoryDraft,
  categoryDraftFromPayload,
  categoryFormSchema,
  categoryInput,
  checkedOnServer,
} from "~/features/catalog-admin/catalog-admin-schemas";
import { galleryPickerQuery, searchGalleryChoices } from "~/features/catalog-admin/gallery.server";
import { galleryPickerIntents, GalleryRadioPicker } from "~/features/catalog-admin/gallery-picker";
import { catalogRecordPost, deleteCatalogRecord, savedCatalogRecord } from "~/features/catalog-admin/record-action.server";
import { deleteCategory, loadCategoryForm, saveCategory } from "~/features/catalog-admin/taxonomy-admin.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { DefaultSave, DeletePanel, FormPageHeading, SaveButton, useRecordFormPaths } from "~/ui/backend/form-page";
import { Panel } from "~/ui/backend/page-parts";
import { Field, FormErrors, FormMessages, TextareaField } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";

import type { Route } from "./+types/category-form";

/**
 * A category (spec §2 /backend/products/category/form and /form/{id}; issue 4 item 8): slug, names
 * and descriptions in both languages, a picture from the product gallery (the searchable, paged
 * picker of the product form) and the sort order. Deleting is refused while products are in it.
 * Works without JavaScript: the picker's search and pages redraw the form with what was typed.
 */
const listPath = "/backend/products/category";

const emptyDraft: CategoryDraft = { slug: "", nameEn: "", nameTh: "", descriptionEn: "", descriptionTh: "", imageKey: "", sortOrder: "0" };

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "catalogAdmin");
  const id = optionalRecordId(args.params.id);
  const form = await loadCategoryForm(env.DB, id);
  if (!form) throw data(null, { status: 404 });
  const draft = form.draft ?? emptyDraft;
  return data({
    id,
    draft,
    savedName: form.draft ? { nameEn: form.draft.nameEn, nameTh: form.draft.nameTh } : null,
    picker: form.picker,
    meta: { title: title(t(id === null ? "meta.categoryNew" : "meta.categoryEdit")) },
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
      () => deleteCategory(env.DB, id),
      (refused) => ({
        deleteRefusal: t("categories.hasProducts", { count: refused.count }),
      }),
    );
  }

  const submission = parseWithZod(formData, { schema: categoryFormSchema });
  const pickerQuery = galleryPickerQuery(formData);
  const draft = categoryDraftFromPayload(submission.payload);
  const picker = await searchGalleryChoices(env.DB, { ...pickerQuery, chosenKeys: draft.imageKey ? [draft.imageKey] : [] });
  // Another page of pictures: the form again, as typed.
  if (pickerQuery.redraw) return data({ result: undefined, draft, draftKey: Date.now(), picker });
  if (intent !== "save") return data({ result: submission.reply({ formErrors: ["unknownAction"] }), picker }, { status: 400 });
  if (submission.status !== "success") return data({ result: submission.reply(), picker }, { status: 400 });

  const result = await saveCategory(env.DB, id, categoryInput(submission.value));
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return data({ result: submission.reply({ fieldErrors: result.errors }), picker }, { status: 400 });
  }
  return savedCatalogRecord(args.request, path(`${listPath}/form/${result.id}`), id === null);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function CategoryForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogAdmin");
  const { id, savedName } = loaderData;
  const { locale, base, here } = useRecordFormPaths(listPath, id);
  const name = savedName ? localized(savedName, "name", locale) : "";

  return (
    <FormMessages namespace="catalogAdmin">
      <div className="space-y-6" data-testid="category-form-page">
        <FormPageHeading title={id === null ? t("categories.newHeading") : t("categories.editHeading", { name })} backTo={base} />
        {/* A redraw (another page of pictures) starts the form again from what the server sent back. */}
        <CategoryFields
          key={actionData && "draftKey" in actionData ? actionData.draftKey : 0}
          id={id}
          here={here}
          draft={actionData && "draft" in actionData ? actionData.draft : loaderData.draft}
          picker={actionData && "picker" in actionData ? actionData.picker : loaderData.picker}
          lastResult={actionData?.result}
        />
        {id !== null ? <DeletePanel title={t("categories.deleteHeading")} action={here} thing="category" name={name} answer={actionData} /> : null}
      </div>
    </FormMessages>
  );
}

function CategoryFields({
  id,
  here,
  draft,
  picker,
  lastResult,
}: {
  id: number | null;
  here: string;
  draft: CategoryDraft;
  picker: Route.ComponentProps["loaderData"]["picker"];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("catalogAdmin");
  const [form, fields] = useSchemaForm(categoryFormSchema, {
    id: `category-${id ?? "new"}`,
    lastResult,
    defaultValue: draft,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: galleryPickerIntents.test(String(formData.get("intent"))) ? checkedOnServer(categoryFormSchema) : categoryFormSchema }),
  });
  return (
    <>
      <FormErrors form={form} />
      <Form method="post" action={here} className="space-y-6" data-testid="category-form" {...getFormProps(form)}>
        {/* Enter in a field saves, rather than pressing the picker's search button. */}
        <DefaultSave />
        <Panel title={t("products.sections.details")}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <Field meta={fields.nameEn} label={t("fields.nameEn")} lang="en" />
            <Field meta={fields.nameTh} label={t("fields.nameTh")} lang="th" />
            <Field meta={fields.slug} label={t("fields.slug")} hint={t("categories.slugHint")} autoCapitalize="none" spellCheck={false} />
            <Field meta={fields.sortOrder} label={t("fields.sortOrder")} inputMode="numeric" />
            <TextareaField meta={fields.descriptionEn} label={t("fields.descriptionEn")} lang="en" />
            <TextareaField meta={fields.descriptionTh} label={t("fields.descriptionTh")} lang="th" />
          </div>
        </Panel>
        <Panel title={t("fields.imageKey")} testId="category-image">
          {picker.total === 0 && !picker.query && picker.chosen.length === 0 ? (
            <p className="text-ink-muted">{t("products.galleryEmpty")}</p>
          ) : (
            <GalleryRadioPicker meta={fields.imageKey} label={t("fields.imageKey")} picker={picker} />
          )}
        </Panel>
        <SaveButton isNew={id === null} action={here} />
      </Form>
    </>
  );
}
