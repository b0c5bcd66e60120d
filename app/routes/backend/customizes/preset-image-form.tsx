import { data, Form, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { DeletePanel, FormPageHeading } from "~/ui/backend/form-page";
import { textValue, textValues } from "~/features/catalog-admin/form-data";
import { chosenFile, deletePresetImage, loadPresetImage, savePresetImage } from "~/features/custom-admin/custom-admin.server";
import { presetImageFormSchema, presetImageTextFields, type PresetImageDraft } from "~/features/custom-admin/custom-admin-schemas";
import { customizeAdminContext, customizeNotice, optionalIdFromUrl, redirectWithNotice } from "~/features/custom-admin/custom-admin-routes.server";
import { CheckboxField, ImageUploadField, splitIntent } from "~/features/custom-admin/custom-admin-ui";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/data-table";
import { useSettledKey } from "~/ui/use-settled-key";
import type { Route } from "./+types/preset-image-form";
import { confirmStep, isConfirmed, type ConfirmStepData } from "~/ui/confirm";

/**
 * A preset image (spec §2 /backend/orders/preset-image/form; ?id= edits; issue 6 item 6): names,
 * the picture (R2; required on create), active and sort order. Deleting is refused while a design
 * under review or confirmed placed it — staff can make it inactive instead.
 */
const listPath = "/backend/orders/preset-image";

function presetId(request: Request): number | null {
  return optionalIdFromUrl(new URL(request.url).searchParams.get("id"));
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = customizeAdminContext(args.context);
  const id = presetId(args.request);
  const image = id === null ? null : await loadPresetImage(env.DB, id);
  if (id !== null && !image) throw data(null, { status: 404 });
  return data({ id, image, notice: customizeNotice(args.request, t), meta: { title: title(t(id === null ? "meta.presetImageNew" : "meta.presetImageEdit")) } });
}

interface Reply {
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
  key: number;
  draft: PresetImageDraft | null;
  errors: Record<string, string>;
  formError: string | null;
  deleteRefusal: string | null;
}

export async function action(args: Route.ActionArgs) {
  const staff = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t, fieldErrors, keyedErrors } = customizeAdminContext(args.context);
  const id = presetId(args.request);
  if (id !== null && !(await loadPresetImage(env.DB, id))) throw data(null, { status: 404 });
  const formData = await args.request.formData();
  const reply = (status: number, body: Partial<Reply>) =>
    data<Reply>({ key: Date.now(), draft: null, errors: {}, formError: null, deleteRefusal: null, confirm: null, ...body }, { status });
  const intent = splitIntent(textValue(formData, "intent")).name;

  if (intent === "delete" && id !== null) {
    if (!isConfirmed(formData)) return reply(200, { confirm: confirmStep(formData) });
    const result = await deletePresetImage(env.DB, id);
    if (result.ok) return redirectWithNotice(locale, listPath, "deleted");
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { deleteRefusal: t("presetImages.inUse", { count: result.count }) });
  }
  if (intent !== "save") return reply(400, { formError: t("validation.unknownAction") });
  const texts = textValues(formData, presetImageTextFields);
  const draft: PresetImageDraft = {
    ...texts,
    nameEn: texts.nameEn.slice(0, 500),
    nameTh: texts.nameTh.slice(0, 500),
    isActive: textValue(formData, "isActive") === "on",
  };
  const parsed = presetImageFormSchema.safeParse(draft);
  if (!parsed.success) return reply(400, { draft, errors: fieldErrors(parsed.error) });
  const result = await savePresetImage(env, id, parsed.data, chosenFile(formData.get("image")), staff.staffUserId);
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { draft, errors: keyedErrors(result.errors) });
  }
  return redirectWithNotice(locale, `${listPath}/form?id=${result.id}`, id === null ? "created" : "saved");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

const emptyDraft: PresetImageDraft = { nameEn: "", nameTh: "", sortOrder: "0", isActive: true };

export default function PresetImageForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { id, image } = loaderData;
  const formKey = useSettledKey(actionData?.key);
  const draft = actionData?.draft ?? image?.draft ?? emptyDraft;
  const errors = actionData?.errors ?? {};
  const base = localizePath(locale, listPath);
  const here = id === null ? `${base}/form` : `${base}/form?id=${id}`;
  const heading =
    id === null ? t("presetImages.newHeading") : t("presetImages.editHeading", { name: locale === "th" ? image!.draft.nameTh : image!.draft.nameEn });

  return (
    <div className="min-w-0 space-y-6" data-testid="preset-image-form-page">
      <FormPageHeading title={heading} backTo={base} />
      <ActionMessages
        notice={actionData ? null : loaderData.notice}
        formError={actionData?.formError ?? (Object.keys(errors).length ? t("validation.summary") : null)}
      />
      <Form method="post" action={here} encType="multipart/form-data" className="space-y-4" data-testid="preset-image-form" key={formKey}>
        <Panel title={t("meta.presetImages")}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <TextField name="nameEn" label={t("fields.nameEn")} required maxLength={100} defaultValue={draft.nameEn} error={errors.nameEn} lang="en" />
            <TextField name="nameTh" label={t("fields.nameTh")} required maxLength={100} defaultValue={draft.nameTh} error={errors.nameTh} lang="th" />
            <TextField
              name="sortOrder"
              label={t("fields.sortOrder")}
              inputMode="numeric"
              maxLength={5}
              defaultValue={draft.sortOrder}
              error={errors.sortOrder}
            />
            <div className="flex items-end pb-2">
              <CheckboxField name="isActive" label={t("fields.isActive")} defaultChecked={draft.isActive} testId="is-active" />
            </div>
            <div className="md:col-span-2">
              <ImageUploadField name="image" label={t("fields.image")} currentKey={image?.imageKey ?? null} error={errors.image} required={id === null} />
            </div>
          </div>
        </Panel>
        <button type="submit" name="intent" value="save" className="btn-primary" data-testid="save">
          {id === null ? t("actions.create") : t("actions.save")}
        </button>
      </Form>
      {id !== null ? (
        <DeletePanel
          title={t("presetImages.deleteHeading")}
          action={here}
          thing="presetImage"
          name={locale === "th" ? image!.draft.nameTh : image!.draft.nameEn}
          confirm={actionData?.confirm}
          refusal={actionData?.deleteRefusal}
        />
      ) : null}
    </div>
  );
}
