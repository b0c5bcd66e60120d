import { type FieldMetadata, useForm } from "@conform-to/react";
import { data, useLocation } from "react-router";
import type { z } from "zod";

import { optionalRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { contentEntryAction } from "~/features/content/admin-action.server";
import { deleteCollection, loadCollectionForm, type ProductChoice, saveCollection } from "~/features/content/collections-admin.server";
import { type collectionFields, collectionInput, collectionSchema } from "~/features/content/content-admin-schemas";
import { ContentFormPage, NamedEntryFields, validateUnlessBrowsing } from "~/features/content/content-form";
import { type Locale, localeFromPathname, localizePath } from "~/i18n/config";
import { getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/page-parts";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { constraintsOf } from "~/ui/form/constraints";
import { CheckboxField, FieldError, useFieldMessage } from "~/ui/form/fields";

import type { Route } from "./+types/collection-form";

/**
 * Create (/backend/home/collections/form) or edit (…/form/:id) a collection (issue 4 item 11):
 * slug, names and descriptions in both languages, gallery image, published, featured on the home
 * page, order, and its products — ticked from the published products, ordered by the numbers
 * beside them — all saved in one batch.
 */
const listPath = "/backend/home/collections";

export async function loader(args: Route.LoaderArgs) {
  const { env, locale, t, title } = staffRoute(args, "contentAdmin");
  const id = optionalRecordId(args.params.id);
  const form = await loadCollectionForm(env.DB, id);
  if (!form) throw data(null, { status: 404 });
  const { collection, productIds, choices, picker } = form;
  const heading = collection ? localized(collection, "name", locale) : t("meta.newCollection");
  return {
    collection,
    choices,
    draft: {
      ...(collection
        ? {
            slug: collection.slug,
            nameEn: collection.nameEn,
            nameTh: collection.nameTh,
            descriptionEn: collection.descriptionEn,
            descriptionTh: collection.descriptionTh,
            imageKey: collection.imageKey ?? "",
            isPublished: collection.isPublished,
            isFeatured: collection.isFeatured,
            sortOrder: String(collection.sortOrder),
          }
        : { isPublished: true, isFeatured: false, sortOrder: "0" }),
      productId: productIds.map(String),
      ...Object.fromEntries(productIds.map((productId, index) => [`position-${productId}`, String(index + 1)])),
    },
    picker,
    meta: { title: title(heading) },
  };
}

export async function action(args: Route.ActionArgs) {
  const { env } = staffRoute(args);
  const id = optionalRecordId(args.params.id);
  return contentEntryAction(args.request, await args.request.formData(), {
    form: "collection",
    schema: collectionSchema,
    d1: env.DB,
    list: localizePath(getLocale(args.context) as Locale, listPath),
    savedPath: (saved) => `/form/${saved}`,
    imageField: "imageKey",
    toasts: { deleted: "contentAdmin:collections.deleted", saved: "contentAdmin:collections.saved" },
    remove: id === null ? null : () => deleteCollection(env.DB, id),
    save: (value) => saveCollection(env.DB, id, collectionInput(value)),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export const handle = {
  breadcrumb: ({ data: loaderData, t }) => [{ text: loaderData?.collection ? loaderData.collection.slug : t("contentAdmin:meta.newCollection") }],
} satisfies BreadcrumbHandle<{ collection: { slug: string } | null }>;

/** A typed value of the form as text (a field Conform does not know by name, or one sent several times). */
function textsOf(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === "string");
}

/**
 * The published products to tick, each with its position: as stored, or as typed when the server
 * sent the form back. Members first in their order, then the others by name.
 */
function ProductChoices({ meta, choices, typed }: { meta: FieldMetadata<unknown>; choices: ProductChoice[]; typed: Record<string, unknown> }) {
  const { t } = useTranslation("contentAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  // A bad id is the message of `productId[n]`: the list shows the first message of any of them.
  const message = useFieldMessage(Object.values(meta.allErrors).flat(), t("fields.products"));
  const selected = textsOf(typed.productId).map(Number);
  const ordered = [...choices].sort((a, b) => {
    const [ia, ib] = [selected.indexOf(a.id), selected.indexOf(b.id)];
    if (ia !== -1 || ib !== -1) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
    return 0;
  });
  return (
    <Panel title={t("fields.products")} testId="collection-products">
      <p className="mb-3 text-sm text-ink-muted">{t("collections.productsHint")}</p>
      <FieldError id={meta.errorId} name="products" message={message} />
      {choices.length === 0 ? (
        <p className="text-ink-muted">{t("collections.productsEmpty")}</p>
      ) : (
        <ul
          className="max-h-[32rem] divide-y divide-line overflow-auto rounded-md border border-line"
          aria-describedby={message ? meta.errorId : undefined}
          data-testid="product-choices"
        >
          {ordered.map((product) => {
            const name = localized(product, "name", locale);
            const position = textsOf(typed[`position-${product.id}`])[0] ?? "";
            return (
              <li key={product.id} className="flex items-center gap-3 px-3 py-2">
                <input
                  type="checkbox"
                  name="productId"
                  value={product.id}
                  id={`product-${product.id}`}
                  defaultChecked={selected.includes(product.id)}
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
                  defaultValue={position}
                  maxLength={4}
                  className="w-16 rounded-md border border-line px-2 py-1 text-right"
                />
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

export default function CollectionForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contentAdmin");
  const { pathname: here } = useLocation();
  const locale = localeFromPathname(here);
  const { collection, choices } = loaderData;
  const [form, fields] = useForm<z.input<typeof collectionFields>, z.output<typeof collectionFields>>({
    id: `collection-${collection ? `${collection.id}-${collection.updatedAt}` : "new"}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.draft,
    constraint: constraintsOf(collectionSchema),
    onValidate: validateUnlessBrowsing(collectionSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <ContentFormPage
      name="collection"
      title={collection ? t("collections.editHeading") : t("collections.create")}
      backTo={localizePath(locale, listPath)}
      form={form}
      action={here}
      deletable={collection ? { thing: "collection", name: localized(collection, "name", locale), confirm: actionData?.confirm } : null}
    >
      <Panel title={t("meta.collection")}>
        <div className="space-y-4">
          <NamedEntryFields fields={fields} text="description" picker={actionData?.picker ?? loaderData.picker} />
          <div className="flex flex-wrap gap-6">
            <CheckboxField meta={fields.isPublished} label={t("fields.isPublished")} />
            <CheckboxField meta={fields.isFeatured} label={t("fields.isFeatured")} />
          </div>
        </div>
      </Panel>
      <ProductChoices meta={fields.productId} choices={choices} typed={(form.initialValue ?? {}) as Record<string, unknown>} />
    </ContentFormPage>
  );
}
