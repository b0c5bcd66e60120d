import { data, Form, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { catalogValidationKeys, categoryFormSchema, categoryTextFields, type CategoryDraft } from "~/features/catalog-admin/catalog-admin-schemas";
import { SelectField, TextAreaField } from "~/features/catalog-admin/catalog-admin-ui";
import { DeletePanel, FormPageHeading, Thumbnail } from "~/ui/backend/form-page";
import { catalogFieldErrors, parseIntent, textValues, translateKeyedErrors } from "~/features/catalog-admin/form-data";
import { catalogAdminContext, formRecordId, noticeFrom, redirectWithNotice } from "~/features/catalog-admin/route-helpers.server";
import { deleteCategory, loadCategoryForm, saveCategory } from "~/features/catalog-admin/taxonomy-admin.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/data-table";
import type { Route } from "./+types/category-form";
import { confirmStep, isConfirmed, type ConfirmStepData } from "~/ui/confirm";

/**
 * A category (spec §2 /backend/products/category/form and /form/{id}; issue 4 item 8): slug, names
 * and descriptions in both languages, a picture from the product gallery and the sort order.
 * Deleting is refused while products are in it. Works without JavaScript.
 */
const listPath = "/backend/products/category";

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = catalogAdminContext(args.context);
  const id = formRecordId(args.params);
  const form = await loadCategoryForm(env.DB, id);
  if (!form) throw data(null, { status: 404 });
  return data({ id, ...form, notice: noticeFrom(args.request, t), meta: { title: title(t(id === null ? "meta.categoryNew" : "meta.categoryEdit")) } });
}

interface Reply {
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
  draft: CategoryDraft | null;
  errors: Record<string, string>;
  formError: string | null;
  deleteRefusal: string | null;
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t } = catalogAdminContext(args.context);
  const id = formRecordId(args.params);
  const formData = await args.request.formData();
  const reply = (status: number, body: Partial<Reply>) =>
    data<Reply>({ draft: null, errors: {}, formError: null, deleteRefusal: null, confirm: null, ...body }, { status });
  const intent = parseIntent(formData).name;

  if (intent === "delete" && id !== null) {
    if (!isConfirmed(formData)) return reply(200, { confirm: confirmStep(formData) });
    const result = await deleteCategory(env.DB, id);
    if (result.ok) return redirectWithNotice(locale, listPath, "deleted");
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { deleteRefusal: t("categories.hasProducts", { count: result.count }) });
  }
  if (intent !== "save") return reply(400, { formError: t("validation.unknownAction") });

  const draft = textValues(formData, categoryTextFields);
  const form = await loadCategoryForm(env.DB, id);
  if (!form) throw data(null, { status: 404 });
  const parsed = categoryFormSchema(new Set(form.images.map((image) => image.key))).safeParse(draft);
  const echo = Object.fromEntries(Object.entries(draft).map(([name, value]) => [name, value.slice(0, 2000)])) as CategoryDraft;
  if (!parsed.success) return reply(400, { draft: echo, errors: catalogFieldErrors(parsed.error, t, catalogValidationKeys) });
  const result = await saveCategory(env.DB, id, parsed.data);
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { draft: echo, errors: translateKeyedErrors(result.errors, t) });
  }
  return redirectWithNotice(locale, `${listPath}/form/${result.id}`, id === null ? "created" : "saved");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

const emptyDraft: CategoryDraft = { slug: "", nameEn: "", nameTh: "", descriptionEn: "", descriptionTh: "", imageKey: "", sortOrder: "0" };

export default function CategoryForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { id, images } = loaderData;
  const draft = actionData?.draft ?? loaderData.draft ?? emptyDraft;
  const errors = actionData?.errors ?? {};
  const base = localizePath(locale, listPath);
  const here = id === null ? `${base}/form` : `${base}/form/${id}`;
  const heading =
    id === null
      ? t("categories.newHeading")
      : t("categories.editHeading", { name: locale === "th" ? (loaderData.draft?.nameTh ?? "") : (loaderData.draft?.nameEn ?? "") });

  return (
    <div className="space-y-6" data-testid="category-form-page">
      <FormPageHeading title={heading} backTo={base} />
      <ActionMessages
        notice={actionData ? null : loaderData.notice}
        formError={actionData?.formError ?? errors.form ?? (Object.keys(errors).length ? t("validation.summary") : null)}
      />
      <Form method="post" action={here} className="space-y-6" data-testid="category-form" key={JSON.stringify(actionData?.draft ?? loaderData.draft)}>
        <Panel title={t("products.sections.details")}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <TextField name="nameEn" label={t("fields.nameEn")} required maxLength={100} defaultValue={draft.nameEn} error={errors.nameEn} lang="en" />
            <TextField name="nameTh" label={t("fields.nameTh")} required maxLength={100} defaultValue={draft.nameTh} error={errors.nameTh} lang="th" />
            <TextField
              name="slug"
              label={t("fields.slug")}
              maxLength={80}
              defaultValue={draft.slug}
              error={errors.slug}
              hint={t("categories.slugHint")}
              autoCapitalize="none"
              spellCheck={false}
            />
            <TextField
              name="sortOrder"
              label={t("fields.sortOrder")}
              inputMode="numeric"
              maxLength={5}
              defaultValue={draft.sortOrder}
              error={errors.sortOrder}
            />
            <TextAreaField
              name="descriptionEn"
              label={t("fields.descriptionEn")}
              maxLength={2000}
              defaultValue={draft.descriptionEn}
              error={errors.descriptionEn}
              lang="en"
            />
            <TextAreaField
              name="descriptionTh"
              label={t("fields.descriptionTh")}
              maxLength={2000}
              defaultValue={draft.descriptionTh}
              error={errors.descriptionTh}
              lang="th"
            />
            <div className="flex items-end gap-3 md:col-span-2">
              <Thumbnail imageKey={draft.imageKey || null} size={64} />
              <SelectField
                name="imageKey"
                label={t("fields.imageKey")}
                defaultValue={draft.imageKey}
                error={errors.imageKey}
                className="flex-1"
                hint={images.length ? undefined : t("products.galleryEmpty")}
              >
                <option value="">{t("actions.noImage")}</option>
                {images.map((image) => (
                  <option key={image.key} value={image.key}>
                    {image.fileName}
                  </option>
                ))}
              </SelectField>
            </div>
          </div>
        </Panel>
        <button type="submit" name="intent" value="save" className="btn-primary" data-testid="save">
          {id === null ? t("actions.create") : t("actions.save")}
        </button>
      </Form>
      {id !== null ? (
        <DeletePanel
          title={t("categories.deleteHeading")}
          action={here}
          thing="category"
          name={locale === "th" ? (loaderData.draft?.nameTh ?? "") : (loaderData.draft?.nameEn ?? "")}
          confirm={actionData?.confirm}
          refusal={actionData?.deleteRefusal}
        />
      ) : null}
    </div>
  );
}
