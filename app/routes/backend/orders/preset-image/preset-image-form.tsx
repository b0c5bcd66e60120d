import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { staffRoute, optionalRecordId } from "~/features/backoffice/staff-route.server";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useLocation } from "react-router";
import { DeletePanel, FormPageHeading } from "~/ui/backend/form-page";
import { deletePresetImage, loadPresetImage, savePresetImage } from "~/features/custom-admin/custom-admin.server";
import { presetImageFormSchema, type PresetImageDraft } from "~/features/custom-admin/custom-admin-schemas";
import { PictureField } from "~/features/custom-admin/picture-field";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/page-parts";
import { confirmStep, isConfirmed, type ConfirmStepData } from "~/ui/confirm";
import { CheckboxField, Field, FormErrors, FormMessages, SubmitButton } from "~/ui/form/fields";
import { redirectWithToast } from "~/ui/toast.server";
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

interface Reply {
  result: SubmissionResult<string[]> | undefined;
  /** A refusal that belongs to no field, in the page's language. */
  refusal: string | null;
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
  deleteRefusal: string | null;
}

const idle: Reply = { result: undefined, refusal: null, confirm: null, deleteRefusal: null };

export async function action(args: Route.ActionArgs) {
  const { staff, env, locale, t } = staffRoute(args, "customizeAdmin");
  const id = presetId(args.request);
  if (id !== null && !(await loadPresetImage(env.DB, id))) throw data(null, { status: 404 });
  const formData = await args.request.formData();
  const intent = formData.get("intent");

  if (intent === "delete" && id !== null) {
    if (!isConfirmed(formData)) return data<Reply>({ ...idle, confirm: confirmStep(formData) });
    const result = await deletePresetImage(env.DB, id);
    if (result.ok) return redirectWithToast(args.request, localizePath(locale, listPath), { key: "customizeAdmin:actions.deleted" });
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return data<Reply>({ ...idle, deleteRefusal: t("presetImages.inUse", { count: result.count }) }, { status: 400 });
  }
  if (intent !== "save") return data<Reply>({ ...idle, refusal: t("validation.unknownAction") }, { status: 400 });
  const submission = parseWithZod(formData, { schema: presetImageFormSchema(id === null) });
  if (submission.status !== "success") return data<Reply>({ ...idle, result: submission.reply() }, { status: 400 });
  const { image, ...input } = submission.value;
  const result = await savePresetImage(env, id, input, image ?? null, staff.staffUserId);
  if (result.ok)
    return redirectWithToast(args.request, `${localizePath(locale, `${listPath}/form`)}?id=${result.id}`, {
      key: id === null ? "customizeAdmin:actions.created" : "customizeAdmin:actions.saved",
    });
  if (result.reason === "not-found") throw data(null, { status: 404 });
  return data<Reply>({ ...idle, result: submission.reply({ fieldErrors: result.errors }) }, { status: 400 });
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
