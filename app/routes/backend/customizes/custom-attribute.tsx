import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useLocation } from "react-router";

import { requiredRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { deleteCustomAttribute, loadCustomAttributePage, saveCustomAttribute } from "~/features/custom-admin/custom-admin.server";
import { customAttributeFormSchema } from "~/features/custom-admin/custom-admin-schemas";
import { customizeRecordAction } from "~/features/custom-admin/record-action.server";
import { baht } from "~/features/orders/orders-admin-ui";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { DeletePanel, FormPageHeading, NewButton, Thumbnail } from "~/ui/backend/form-page";
import type { ListColumn } from "~/ui/backend/list-columns";
import { ListTable } from "~/ui/backend/list-page";
import { Panel } from "~/ui/backend/page-parts";
import { Field, FormErrors, FormMessages, SubmitButton } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";

import type { Route } from "./+types/custom-attribute";

/**
 * One attribute of a custom product (spec §2 /backend/customizes/form/{id}/{attribute}; issue 6
 * item 6): its code and names, and its options with a link to each. An attribute of another
 * product is a 404; deleting is refused while a design under review or confirmed chose it.
 */
export async function loader(args: Route.LoaderArgs) {
  const { env, locale, t, title } = staffRoute(args, "customizeAdmin");
  const productId = requiredRecordId(args.params.id);
  const attributeId = requiredRecordId(args.params.attribute);
  const page = await loadCustomAttributePage(env.DB, productId, attributeId);
  if (!page) throw data(null, { status: 404 });
  return data({ ...page, meta: { title: title(`${t("meta.attribute")}: ${localized(page.attribute, "name", locale)}`) } });
}

export async function action(args: Route.ActionArgs) {
  const { env, locale, t } = staffRoute(args, "customizeAdmin");
  const productId = requiredRecordId(args.params.id);
  const attributeId = requiredRecordId(args.params.attribute);
  if (!(await loadCustomAttributePage(env.DB, productId, attributeId))) throw data(null, { status: 404 });
  const productPath = localizePath(locale, `/backend/customizes/form/${productId}`);
  return customizeRecordAction(args.request, await args.request.formData(), t, {
    schema: customAttributeFormSchema,
    remove: () => deleteCustomAttribute(env.DB, productId, attributeId),
    inUseKey: "attributes.inUse",
    deletedTo: productPath,
    save: (value) => saveCustomAttribute(env.DB, productId, attributeId, value),
    savedTo: () => `${productPath}/${attributeId}`,
    isNew: false,
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

type OptionRow = Route.ComponentProps["loaderData"]["options"][number];

/** The attribute's options; each name leads to its form below the attribute's address. */
function optionColumns(here: string): readonly ListColumn<OptionRow>[] {
  return [
    { id: "image", label: "options.columns.image", className: "w-16", cell: (option) => <Thumbnail imageKey={option.imageKey} size={40} /> },
    {
      id: "name",
      label: "options.columns.name",
      cell: (option, { locale }) => (
        <>
          <Link to={`${here}/form/${option.id}`} className="font-semibold text-primary-dark underline">
            {localized(option, "name", locale)}
          </Link>
          <div className="font-mono text-xs text-ink-muted">{option.code}</div>
        </>
      ),
    },
    {
      id: "colour",
      label: "options.columns.colour",
      cell: (option) =>
        option.colorHex ? (
          <span className="inline-flex items-center gap-2 font-mono text-xs">
            <span className="inline-block size-4 rounded border border-line" style={{ backgroundColor: option.colorHex }} aria-hidden />
            {option.colorHex}
          </span>
        ) : null,
    },
    {
      id: "priceAddOn",
      label: "options.columns.priceAddOn",
      numeric: true,
      className: "whitespace-nowrap",
      cell: (option, { locale }) => baht(option.priceAddOnSatang, locale),
    },
    { id: "sortOrder", label: "options.columns.sortOrder", numeric: true, cell: (option) => option.sortOrder },
  ];
}

export default function CustomAttribute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { product, attribute, options } = loaderData;
  const productPath = localizePath(locale, `/backend/customizes/form/${product.id}`);
  const here = `${productPath}/${attribute.id}`;
  const [form, fields] = useSchemaForm(customAttributeFormSchema, {
    id: `custom-attribute-${attribute.id}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.draft,
  });

  return (
    <FormMessages namespace="customizeAdmin">
      <div className="min-w-0 space-y-6" data-testid="custom-attribute-page">
        <FormPageHeading title={t("attributes.editHeading", { name: localized(attribute, "name", locale) })} backTo={productPath}>
          <span className="text-sm text-ink-muted">{localized(product, "name", locale)}</span>
        </FormPageHeading>
        <FormErrors form={form} refusal={actionData?.refusal} />
        <Form method="post" action={here} className="space-y-4" data-testid="custom-attribute-form" {...getFormProps(form)}>
          <Panel title={t("meta.attribute")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <Field meta={fields.nameEn} label={t("fields.nameEn")} lang="en" />
              <Field meta={fields.nameTh} label={t("fields.nameTh")} lang="th" />
              <Field meta={fields.code} label={t("fields.code")} autoCapitalize="none" spellCheck={false} />
              <Field meta={fields.sortOrder} label={t("fields.sortOrder")} inputMode="numeric" />
            </div>
          </Panel>
          <SubmitButton name="intent" value="save" action={here} testId="save">
            {t("actions.save")}
          </SubmitButton>
        </Form>

        <section className="space-y-3" aria-labelledby="options-heading">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="options-heading" className="text-lg font-semibold">
              {t("options.heading")}
            </h2>
            <NewButton to={`${here}/form`} testId="new-option">
              {t("options.newOption")}
            </NewButton>
          </div>
          <ListTable
            rows={options}
            namespace="customizeAdmin"
            caption={t("options.heading")}
            columns={optionColumns(here)}
            rowId={(option) => option.id}
            rowTestId="option-row"
            testId="option-list"
            empty={t("options.empty")}
          />
        </section>

        <DeletePanel
          title={t("attributes.deleteHeading")}
          action={here}
          thing="customAttribute"
          name={localized(attribute, "name", locale)}
          confirm={actionData?.confirm}
          refusal={actionData?.deleteRefusal}
        />
      </div>
    </FormMessages>
  );
}
