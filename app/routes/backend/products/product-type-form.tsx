import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { data, Form } from "react-router";

import { optionalRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { productTypeFormSchema, productTypeInput } from "~/features/catalog-admin/catalog-admin-schemas";
import { catalogRecordPost, deleteCatalogRecord, savedCatalogRecord } from "~/features/catalog-admin/record-action.server";
import { deleteProductType, loadProductTypeForm, saveProductType } from "~/features/catalog-admin/taxonomy-admin.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { DeletePanel, FormPageHeading, GroupError, HiddenField, SaveButton, useRecordFormPaths } from "~/ui/backend/form-page";
import { Panel } from "~/ui/backend/page-parts";
import { CheckboxField, Field, FormErrors, FormMessages } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";

import type { Route } from "./+types/product-type-form";

/**
 * A product type (spec §2 /backend/products/type/form and /form/{id}; issue 4 item 8): names in both
 * languages and the ordered attributes its variants vary by (one row per attribute: ticked, with a
 * position). Deleting is refused while products have the type. Works without JavaScript.
 */
const listPath = "/backend/products/type";

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "catalogAdmin");
  const id = optionalRecordId(args.params.id);
  const form = await loadProductTypeForm(env.DB, id);
  if (!form) throw data(null, { status: 404 });
  return data({ id, ...form, meta: { title: title(t(id === null ? "meta.typeNew" : "meta.typeEdit")) } });
}

export async function action(args: Route.ActionArgs) {
  const { env, locale, t, path } = staffRoute(args, "catalogAdmin");
  const post = await catalogRecordPost(args);
  const { id, formData, intent } = post;

  if (intent === "delete" && id !== null) {
    return deleteCatalogRecord(
      post,
      path(listPath),
      () => deleteProductType(env.DB, id),
      (refused) => ({
        deleteRefusal: t("types.hasProducts", { count: refused.count }),
      }),
    );
  }

  const form = await loadProductTypeForm(env.DB, id);
  if (!form) throw data(null, { status: 404 });
  const submission = parseWithZod(formData, { schema: productTypeFormSchema(form.attributes.map((attribute) => attribute.id)) });
  if (intent !== "save") return data({ result: submission.reply({ formErrors: ["unknownAction"] }), refusal: null }, { status: 400 });
  if (submission.status !== "success") return data({ result: submission.reply(), refusal: null }, { status: 400 });

  const result = await saveProductType(env.DB, id, productTypeInput(submission.value));
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    const names = result.inUse?.map((row) => localized(row, "name", locale)).join(", ");
    return data({ result: submission.reply({ fieldErrors: result.errors }), refusal: names ? t("types.attributesInUse", { names }) : null }, { status: 400 });
  }
  return savedCatalogRecord(args.request, path(`${listPath}/form/${result.id}`), id === null);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function ProductTypeForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogAdmin");
  const { id, attributes, saved } = loaderData;
  const { locale, base, here } = useRecordFormPaths(listPath, id);
  const name = saved ? localized(saved, "name", locale) : "";
  const schema = useMemo(() => productTypeFormSchema(attributes.map((attribute) => attribute.id)), [attributes]);
  const attributeById = new Map(attributes.map((attribute) => [String(attribute.id), attribute]));
  const [form, fields] = useSchemaForm(schema, { id: `product-type-${id ?? "new"}`, lastResult: actionData?.result, defaultValue: loaderData.draft });
  const rowsLabel = t("fields.attributes");

  return (
    <FormMessages namespace="catalogAdmin">
      <div className="space-y-6" data-testid="type-form-page">
        <FormPageHeading title={id === null ? t("types.newHeading") : t("types.editHeading", { name })} backTo={base} />
        <FormErrors form={form} refusal={actionData && "refusal" in actionData ? actionData.refusal : null} />
        <Form method="post" action={here} className="space-y-6" data-testid="type-form" {...getFormProps(form)}>
          <Panel title={t("products.sections.details")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <Field meta={fields.nameEn} label={t("fields.nameEn")} lang="en" />
              <Field meta={fields.nameTh} label={t("fields.nameTh")} lang="th" />
            </div>
          </Panel>
          <Panel title={rowsLabel}>
            <p className="mb-3 text-sm text-ink-muted">{t("types.attributesIntro")}</p>
            <GroupError meta={fields.attributes} label={rowsLabel} />
            {attributes.length === 0 ? <p className="text-ink-muted">{t("types.noAttributes")}</p> : null}
            <ul className="divide-y divide-line rounded-md border border-line" data-testid="type-attributes">
              {fields.attributes.getFieldList().map((row) => {
                const cells = row.getFieldset();
                const attribute = attributeById.get(String(cells.id.initialValue));
                if (!attribute) return null;
                return (
                  <li key={row.key} className="grid grid-cols-[1fr_6rem] items-start gap-3 px-3 py-2" data-testid="type-attribute">
                    <HiddenField meta={cells.id} />
                    <div>
                      <CheckboxField meta={cells.chosen} label={localized(attribute, "name", locale)} />
                      <span className="ml-6 font-mono text-xs text-ink-muted">{attribute.code}</span>
                    </div>
                    <Field meta={cells.order} label={t("fields.order")} inputMode="numeric" />
                  </li>
                );
              })}
            </ul>
          </Panel>
          <SaveButton isNew={id === null} action={here} />
        </Form>
        {id !== null ? <DeletePanel title={t("types.deleteHeading")} action={here} thing="productType" name={name} answer={actionData} /> : null}
      </div>
    </FormMessages>
  );
}
