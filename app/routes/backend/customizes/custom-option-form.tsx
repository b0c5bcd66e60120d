import { getFormProps } from "@conform-to/react";
import { data, Form, useLocation } from "react-router";

import { optionalRecordId, requiredRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { deleteCustomOption, loadCustomOptionPage, saveCustomOption } from "~/features/custom-admin/custom-admin.server";
import { customOptionFormSchema, customOptionInput } from "~/features/custom-admin/custom-admin-schemas";
import { PictureField } from "~/features/custom-admin/picture-field";
import { customizeRecordAction } from "~/features/custom-admin/record-action.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { DeletePanel, FormPageHeading } from "~/ui/backend/form-page";
import { Panel } from "~/ui/backend/page-parts";
import { Field, FormErrors, FormMessages, MoneyField, SubmitButton } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";

import type { Route } from "./+types/custom-option-form";

/**
 * An option of a custom product's attribute (spec §2 /backend/customizes/form/{id}/{attribute}/form
 * and …/form/{option}; issue 6 item 6): code, names, picture (R2), swatch colour, price add-on and
 * sort order. An option of another attribute, or an attribute of another product, is a 404.
 * Deleting is refused while a design under review or confirmed chose it.
 */
function ids(params: { id?: string; attribute?: string; option?: string }) {
  return { productId: requiredRecordId(params.id), attributeId: requiredRecordId(params.attribute), optionId: optionalRecordId(params.option) };
}

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "customizeAdmin");
  const { productId, attributeId, optionId } = ids(args.params);
  const page = await loadCustomOptionPage(env.DB, productId, attributeId, optionId);
  if (!page) throw data(null, { status: 404 });
  return data({ ...page, optionId, meta: { title: title(t(optionId === null ? "meta.optionNew" : "meta.optionEdit")) } });
}

export async function action(args: Route.ActionArgs) {
  const { staff, env, locale, t } = staffRoute(args, "customizeAdmin");
  const { productId, attributeId, optionId } = ids(args.params);
  if (!(await loadCustomOptionPage(env.DB, productId, attributeId, optionId))) throw data(null, { status: 404 });
  const attributePath = localizePath(locale, `/backend/customizes/form/${productId}/${attributeId}`);
  return customizeRecordAction(args.request, await args.request.formData(), t, {
    schema: customOptionFormSchema,
    remove: optionId === null ? null : () => deleteCustomOption(env.DB, productId, attributeId, optionId),
    inUseKey: "options.inUse",
    deletedTo: attributePath,
    save: (value) => saveCustomOption(env, productId, attributeId, optionId, customOptionInput(value), value.image ?? null, staff.staffUserId),
    savedTo: (saved) => `${attributePath}/form/${saved}`,
    isNew: optionId === null,
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function CustomOptionForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { product, attribute, option, optionId } = loaderData;
  const attributePath = localizePath(locale, `/backend/customizes/form/${product.id}/${attribute.id}`);
  const here = optionId === null ? `${attributePath}/form` : `${attributePath}/form/${optionId}`;
  const attributeName = localized(attribute, "name", locale);
  const [form, fields] = useSchemaForm(customOptionFormSchema, {
    id: `custom-option-${attribute.id}-${optionId ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.draft,
  });

  return (
    <FormMessages namespace="customizeAdmin">
      <div className="min-w-0 space-y-6" data-testid="custom-option-form-page">
        <FormPageHeading title={t(optionId === null ? "options.newHeading" : "options.editHeading", { attribute: attributeName })} backTo={attributePath}>
          <span className="text-sm text-ink-muted">{localized(product, "name", locale)}</span>
        </FormPageHeading>
        <FormErrors form={form} refusal={actionData?.refusal} />
        <Form method="post" action={here} encType="multipart/form-data" className="space-y-4" data-testid="custom-option-form" {...getFormProps(form)}>
          <Panel title={t("options.heading")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <Field meta={fields.nameEn} label={t("fields.nameEn")} lang="en" />
              <Field meta={fields.nameTh} label={t("fields.nameTh")} lang="th" />
              <Field meta={fields.code} label={t("fields.code")} autoCapitalize="none" spellCheck={false} />
              <Field meta={fields.colorHex} label={t("fields.colorHex")} autoCapitalize="none" spellCheck={false} placeholder="#1C4FD8" />
              <MoneyField meta={fields.priceAddOn} label={t("fields.priceAddOn")} />
              <Field meta={fields.sortOrder} label={t("fields.sortOrder")} inputMode="numeric" />
              <PictureField meta={fields.image} label={t("fields.image")} currentKey={option?.imageKey ?? null} className="md:col-span-2" />
            </div>
          </Panel>
          <SubmitButton name="intent" value="save" action={here} testId="save">
            {optionId === null ? t("actions.create") : t("actions.save")}
          </SubmitButton>
        </Form>
        {optionId !== null ? (
          <DeletePanel
            title={t("options.deleteHeading")}
            action={here}
            thing="customOption"
            name={localized(loaderData.draft, "name", locale)}
            confirm={actionData?.confirm}
            refusal={actionData?.deleteRefusal}
          />
        ) : null}
      </div>
    </FormMessages>
  );
}
