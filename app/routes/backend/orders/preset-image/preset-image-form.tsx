import { getFormProps } from "@conform-to/react";
import { data, Form, useLocation } from "react-router";

import { optionalRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { deletePresetImage, loadPresetImage, savePresetImage } from "~/features/custom-admin/custom-admin.server";
import { type PresetImageDraft, presetImageFormSchema } from "~/features/custom-admin/custom-admin-schemas";
import { PictureField } from "~/features/custom-admin/picture-field";
import { customizeRecordAction } from "~/features/custom-admin/record-action.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { DeletePanel, FormPageHeading } from "~/ui/backend/form-page";
import { Panel } from "~/ui/backend/page-parts";
import { CheckboxField, Field, FormErrors, FormMessages, SubmitButton } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";

import type { Route } from "./+types/preset-image-form";

/**
 * A preset image (spec §2 /backend/orders/preset-image/form; ?id= edits; issue 6 item 6): names,
 * the picture (R2; required on create), active and sort order. Deleting is refused while a design
 * under review or confirmed placed it — staff can make it inactive instead.
 */
const listPath = "/backend/orders/preset-image";

function presetId(request: Request): number | null {
  return optionalRecordId(new URL(request.url).searchParams.get("id"));
}

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "customizeAdmin");
  const id = presetId(args.request);
  const image = id === null ? null : await loadPresetImage(env.DB, id);
  if (id !== null && !image) throw data(null, { status: 404 });
  return data({ id, image, meta: { title: title(t(id === null ? "meta.presetImageNew" : "meta.presetImageEdit")) } });
}

export async function action(args: Route.ActionArgs) {
  const { staff, env, locale, t } = staffRoute(args, "customizeAdmin");
  const id = presetId(args.request);
  if (id !== null && !(await loadPresetImage(env.DB, id))) throw data(null, { status: 404 });
  return customizeRecordAction(args.request, await args.request.formData(), t, {
    schema: presetImageFormSchema(id === null),
    remove: id === null ? null : () => deletePresetImage(env.DB, id),
    inUseKey: "presetImages.inUse",
    deletedTo: localizePath(locale, listPath),
    save: ({ image, ...input }) => savePresetImage(env, id, input, image ?? null, staff.staffUserId),
    savedTo: (saved) => `${localizePath(locale, `${listPath}/form`)}?id=${saved}`,
    isNew: id === null,
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

const emptyDraft: PresetImageDraft = { nameEn: "", nameTh: "", sortOrder: "0", isActive: true };

export default function PresetImageForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { id, image } = loaderData;
  const base = localizePath(locale, listPath);
  const here = id === null ? `${base}/form` : `${base}/form?id=${id}`;
  const schema = presetImageFormSchema(id === null);
  const [form, fields] = useSchemaForm(schema, { id: `preset-image-${id ?? "new"}`, lastResult: actionData?.result, defaultValue: image?.draft ?? emptyDraft });
  const name = image ? localized(image.draft, "name", locale) : "";

  return (
    <FormMessages namespace="customizeAdmin">
      <div className="min-w-0 space-y-6" data-testid="preset-image-form-page">
        <FormPageHeading title={image ? t("presetImages.editHeading", { name }) : t("presetImages.newHeading")} backTo={base} />
        <FormErrors form={form} refusal={actionData?.refusal} />
        <Form method="post" action={here} encType="multipart/form-data" className="space-y-4" data-testid="preset-image-form" {...getFormProps(form)}>
          <Panel title={t("meta.presetImages")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <Field meta={fields.nameEn} label={t("fields.nameEn")} lang="en" />
              <Field meta={fields.nameTh} label={t("fields.nameTh")} lang="th" />
              <Field meta={fields.sortOrder} label={t("fields.sortOrder")} inputMode="numeric" />
              <CheckboxField meta={fields.isActive} label={t("fields.isActive")} className="justify-end pb-2" />
              <PictureField meta={fields.image} label={t("fields.image")} currentKey={image?.imageKey ?? null} className="md:col-span-2" />
            </div>
          </Panel>
          <SubmitButton name="intent" value="save" action={here} testId="save">
            {id === null ? t("actions.create") : t("actions.save")}
          </SubmitButton>
        </Form>
        {id !== null ? (
          <DeletePanel
            title={t("presetImages.deleteHeading")}
            action={here}
            thing="presetImage"
            name={name}
            confirm={actionData?.confirm}
            refusal={actionData?.deleteRefusal}
          />
        ) : null}
      </div>
    </FormMessages>
  );
}
