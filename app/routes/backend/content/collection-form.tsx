import { ArrowLeft } from "lucide-react";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { textFields } from "~/features/backoffice/form-errors";
import { recordId } from "~/features/backoffice/staff-user-schemas";
import { contentReply, contentTranslator, echoFields, fieldError, zodFieldErrors } from "~/features/content/admin-action.server";
import { BilingualRow, CheckboxField, FormSection, ImagePicker, TextAreaField } from "~/features/content/admin-form-ui";
import { deleteCollection, loadCollectionForm, saveCollection } from "~/features/content/collections-admin.server";
import { collectionProductsFromForm, collectionSchema } from "~/features/content/content-admin-schemas";
import { listGalleryChoices } from "~/features/content/content-admin.server";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { PageHeading, Panel } from "~/ui/backend/data-table";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import type { Route } from "./+types/collection-form";
import { useSettledKey } from "~/ui/use-settled-key";
import { DeleteForm } from "~/ui/backend/form-page";
import { isConfirmed, confirmStep } from "~/ui/confirm";

/**
 * Create (/backend/home/collections/form) or edit (…/form/:id) a collection (issue 4 item 11):
 * slug, names and descriptions in both languages, gallery image, published, featured on the home
 * page, order, and its products — ticked from the published products, ordered by the numbers
 * beside them — all saved in one batch.
 */
const fieldNames = ["slug", "nameEn", "nameTh", "descriptionEn", "descriptionTh", "imageKey", "isPublished", "isFeatured", "sortOrder"] as const;

function collectionIdFrom(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const parsed = recordId.safeParse(params.id);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  const id = collectionIdFrom(args.params);
  const [form, gallery] = await Promise.all([loadCollectionForm(env.DB, id), listGalleryChoices(env.DB)]);
  if (!form) throw data(null, { status: 404 });
  const title = form.collection
    ? locale === "th"
      ? form.collection.nameTh
      : form.collection.nameEn
    : i18n.getFixedT(locale, "contentAdmin")("meta.newCollection");
  return {
    ...form,
    gallery,
    saved: new URL(args.request.url).searchParams.get("saved") === "1",
    meta: { title: `${title} | ${i18n.getFixedT(locale, "backend")("title")}` },
  };
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const t = contentTranslator(args.context);
  const id = collectionIdFrom(args.params);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const list = localizePath(getLocale(args.context) as Locale, "/backend/home/collections");
  if (intent === "delete" && id !== null) {
    if (!isConfirmed(formData)) return contentReply(200, { form: "delete", confirm: confirmStep(formData) });
    if (!(await deleteCollection(env.DB, id))) throw data(null, { status: 404 });
    return redirect(`${list}?deleted=1`);
  }
  if (intent !== "save") return contentReply(400, { form: "unknown", formError: t("validation.unknownAction") });

  const fields = textFields(formData, fieldNames);
  const picked = collectionProductsFromForm(formData);
  const values = {
    ...echoFields(fields),
    products: formData
      .getAll("productId")
      .filter((value) => typeof value === "string")
      .join(",")
      .slice(0, 2000),
  };
  const parsed = collectionSchema.safeParse({ ...fields, products: picked === "invalid" ? null : picked });
  if (!parsed.success) return contentReply(400, { form: "collection", errors: zodFieldErrors(parsed.error, t), values });
  const result = await saveCollection(env.DB, id, parsed.data);
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return contentReply(400, { form: "collection", errors: fieldError(t, result.field, result.message), values });
  }
  if (id === null) return redirect(`${list}/form/${result.id}?saved=1`);
  return contentReply(200, { form: "collection", notice: t("collections.saved"), key: Date.now() });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export const handle = {
  breadcrumb: ({ data: loaderData, t }) => [{ text: loaderData?.collection ? loaderData.collection.slug : t("contentAdmin:meta.newCollection") }],
} satisfies BreadcrumbHandle<{ collection: { slug: string } | null }>;

export default function CollectionForm({ loaderData, actionData }: Route.ComponentProps) {
  const formKey = useSettledKey(actionData?.key);
  const { t } = useTranslation("contentAdmin");
  const { pathname: here } = useLocation();
  const locale = localeFromPathname(here);
  const list = localizePath(locale, "/backend/home/collections");
  const { collection, productIds, choices, gallery, saved } = loaderData;
  const errors = actionData?.errors ?? {};
  const typed = actionData?.values ?? {};
  const stored: Record<string, string> = collection
    ? {
        slug: collection.slug,
        nameEn: collection.nameEn,
        nameTh: collection.nameTh,
        descriptionEn: collection.descriptionEn,
        descriptionTh: collection.descriptionTh,
        imageKey: collection.imageKey ?? "",
        sortOrder: String(collection.sortOrder),
      }
    : { sortOrder: "0" };
  const value = (name: string) => typed[name] ?? stored[name] ?? "";
  const checked = (name: "isPublished" | "isFeatured", fallback: boolean) =>
    typed[name] !== undefined ? typed[name] === "on" : (collection?.[name] ?? fallback);
  const selected = typed.products !== undefined ? typed.products.split(",").filter(Boolean).map(Number) : productIds;
  // Members first in their order, then the other published products by name.
  const ordered = [...choices].sort((a, b) => {
    const [ia, ib] = [selected.indexOf(a.id), selected.indexOf(b.id)];
    if (ia !== -1 || ib !== -1) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
    return 0;
  });
  const notice = actionData?.notice ?? (saved && !actionData ? t("collections.saved") : null);

  return (
    <div className="space-y-6" data-testid="collection-form-page">
      <PageHeading title={collection ? t("collections.editHeading") : t("collections.create")}>
        <Link to={list} className="btn-ghost">
          <ArrowLeft className="size-4" aria-hidden />
          {t("common.back")}
        </Link>
      </PageHeading>
      <ActionMessages notice={notice} formError={actionData?.formError} />
      <Form method="post" className="space-y-6" key={formKey} data-testid="collection-form" noValidate>
        <FormSection title={t("meta.collection")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="slug"
              label={t("fields.slug")}
              required
              maxLength={80}
              defaultValue={value("slug")}
              error={errors.slug}
              autoCapitalize="none"
              spellCheck={false}
            />
            <TextField name="sortOrder" inputMode="numeric" label={t("fields.sortOrder")} defaultValue={value("sortOrder")} error={errors.sortOrder} />
          </div>
          <BilingualRow>
            <TextField name="nameEn" label={t("fields.nameEn")} required maxLength={120} defaultValue={value("nameEn")} error={errors.nameEn} />
            <TextField name="nameTh" label={t("fields.nameTh")} required maxLength={120} defaultValue={value("nameTh")} error={errors.nameTh} lang="th" />
            <TextAreaField
              name="descriptionEn"
              label={t("fields.descriptionEn")}
              maxLength={1000}
              defaultValue={value("descriptionEn")}
              error={errors.descriptionEn}
            />
            <TextAreaField
              name="descriptionTh"
              label={t("fields.descriptionTh")}
              maxLength={1000}
              defaultValue={value("descriptionTh")}
              error={errors.descriptionTh}
              lang="th"
            />
          </BilingualRow>
          <ImagePicker name="imageKey" label={t("fields.imageKey")} current={value("imageKey") || null} gallery={gallery} error={errors.imageKey} />
          <div className="flex flex-wrap gap-6">
            <CheckboxField name="isPublished" label={t("fields.isPublished")} defaultChecked={checked("isPublished", true)} />
            <CheckboxField name="isFeatured" label={t("fields.isFeatured")} defaultChecked={checked("isFeatured", false)} />
          </div>
        </FormSection>
        <FormSection title={t("fields.products")}>
          <p className="text-sm text-ink-muted">{t("collections.productsHint")}</p>
          {errors.products ? (
            <p className="text-sm text-error" data-testid="error-products">
              {errors.products}
            </p>
          ) : null}
          {choices.length === 0 ? (
            <p className="text-ink-muted">{t("collections.productsEmpty")}</p>
          ) : (
            <ul className="max-h-[32rem] divide-y divide-line overflow-auto rounded-md border border-line" data-testid="product-choices">
              {ordered.map((product) => {
                const position = selected.indexOf(product.id);
                const name = locale === "th" ? product.nameTh : product.nameEn;
                return (
                  <li key={product.id} className="flex items-center gap-3 px-3 py-2">
                    <input
                      type="checkbox"
                      name="productId"
                      value={product.id}
                      id={`product-${product.id}`}
                      defaultChecked={position !== -1}
                      className="size-5 accent-primary"
                    />
                    <label htmlFor={`product-${product.id}`} className="min-w-0 flex-1">
                      <span className="font-semibold">{name}</span> <span className="text-xs text-ink-muted">{product.sku}</span>
                    </label>
                    <input
                      type="text"
                      inputMode="numeric"
                      name={`position-${product.id}`}
                      aria-label={t("collections.position", { name })}
                      defaultValue={position === -1 ? "" : String(position + 1)}
                      maxLength={4}
                      className="w-16 rounded-md border border-line px-2 py-1 text-right"
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </FormSection>
        <button type="submit" name="intent" value="save" className="btn-primary">
          {t("common.save")}
        </button>
      </Form>
      {collection ? (
        <Panel title={t("common.delete")}>
          <div className="flex flex-wrap items-center gap-3" data-testid="delete-form">
            <DeleteForm
              action={here}
              thing="collection"
              name={locale === "th" ? collection.nameTh : collection.nameEn}
              confirm={actionData?.confirm}
              label={t("common.deleteConfirm")}
            />
          </div>
        </Panel>
      ) : null}
    </div>
  );
}
