import { localized } from "~/i18n/localized";
import { data, Form, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { DeletePanel, FormPageHeading } from "~/ui/backend/form-page";
import { textValue, textValues } from "~/features/catalog-admin/form-data";
import { chosenFile, deleteCustomOption, loadCustomOptionPage, saveCustomOption } from "~/features/custom-admin/custom-admin.server";
import { customOptionFormSchema, customOptionTextFields, type CustomOptionDraft } from "~/features/custom-admin/custom-admin-schemas";
import {
  boundedDraft,
  customizeAdminContext,
  customizeNotice,
  idFromUrl,
  optionalIdFromUrl,
  redirectWithNotice,
} from "~/features/custom-admin/custom-admin-routes.server";
import { ImageUploadField, splitIntent } from "~/features/custom-admin/custom-admin-ui";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/data-table";
import { useSettledKey } from "~/ui/use-settled-key";
import type { Route } from "./+types/custom-option-form";
import { confirmStep, isConfirmed, type ConfirmStepData } from "~/ui/confirm";

/**
 * An option of a custom product's attribute (spec §2 /backend/customizes/form/{id}/{attribute}/form
 * and …/form/{option}; issue 6 item 6): code, names, picture (R2), swatch colour, price add-on and
 * sort order. An option of another attribute, or an attribute of another product, is a 404.
 * Deleting is refused while a design under review or confirmed chose it.
 */
function ids(params: { id?: string; attribute?: string; option?: string }) {
  return { productId: idFromUrl(params.id), attributeId: idFromUrl(params.attribute), optionId: optionalIdFromUrl(params.option) };
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = customizeAdminContext(args.context);
  const { productId, attributeId, optionId } = ids(args.params);
  const page = await loadCustomOptionPage(env.DB, productId, attributeId, optionId);
  if (!page) throw data(null, { status: 404 });
  return data({
    ...page,
    optionId,
    notice: customizeNotice(args.request, t),
    meta: { title: title(t(optionId === null ? "meta.optionNew" : "meta.optionEdit")) },
  });
}

interface Reply {
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
  key: number;
  draft: CustomOptionDraft | null;
  errors: Record<string, string>;
  formError: string | null;
  deleteRefusal: string | null;
}

export async function action(args: Route.ActionArgs) {
  const staff = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t, fieldErrors, keyedErrors } = customizeAdminContext(args.context);
  const { productId, attributeId, optionId } = ids(args.params);
  if (!(await loadCustomOptionPage(env.DB, productId, attributeId, optionId))) throw data(null, { status: 404 });
  const formData = await args.request.formData();
  const reply = (status: number, body: Partial<Reply>) =>
    data<Reply>({ key: Date.now(), draft: null, errors: {}, formError: null, deleteRefusal: null, confirm: null, ...body }, { status });
  const intent = splitIntent(textValue(formData, "intent")).name;
  const attributePath = `/backend/customizes/form/${productId}/${attributeId}`;

  if (intent === "delete" && optionId !== null) {
    if (!isConfirmed(formData)) return reply(200, { confirm: confirmStep(formData) });
    const result = await deleteCustomOption(env.DB, productId, attributeId, optionId);
    if (result.ok) return redirectWithNotice(locale, attributePath, "deleted");
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { deleteRefusal: t("options.inUse", { count: result.count }) });
  }
  if (intent !== "save") return reply(400, { formError: t("validation.unknownAction") });
  const draft = textValues(formData, customOptionTextFields);
  const parsed = customOptionFormSchema.safeParse(draft);
  if (!parsed.success) return reply(400, { draft: boundedDraft(draft), errors: fieldErrors(parsed.error) });
  const result = await saveCustomOption(env, productId, attributeId, optionId, parsed.data, chosenFile(formData.get("image")), staff.staffUserId);
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { draft: boundedDraft(draft), errors: keyedErrors(result.errors) });
  }
  return redirectWithNotice(locale, `${attributePath}/form/${result.id}`, optionId === null ? "created" : "saved");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function CustomOptionForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { product, attribute, option, optionId } = loaderData;
  const formKey = useSettledKey(actionData?.key);
  const draft = actionData?.draft ?? loaderData.draft;
  const errors = actionData?.errors ?? {};
  const attributePath = localizePath(locale, `/backend/customizes/form/${product.id}/${attribute.id}`);
  const here = optionId === null ? `${attributePath}/form` : `${attributePath}/form/${optionId}`;
  const attributeName = localized(attribute, "name", locale);

  return (
    <div className="min-w-0 space-y-6" data-testid="custom-option-form-page">
      <FormPageHeading title={t(optionId === null ? "options.newHeading" : "options.editHeading", { attribute: attributeName })} backTo={attributePath}>
        <span className="text-sm text-ink-muted">{localized(product, "name", locale)}</span>
      </FormPageHeading>
      <ActionMessages
        notice={actionData ? null : loaderData.notice}
        formError={actionData?.formError ?? (Object.keys(errors).length ? t("validation.summary") : null)}
      />
      <Form method="post" action={here} encType="multipart/form-data" className="space-y-4" data-testid="custom-option-form" key={formKey}>
        <Panel title={t("options.heading")}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <TextField name="nameEn" label={t("fields.nameEn")} required maxLength={100} defaultValue={draft.nameEn} error={errors.nameEn} lang="en" />
            <TextField name="nameTh" label={t("fields.nameTh")} required maxLength={100} defaultValue={draft.nameTh} error={errors.nameTh} lang="th" />
            <TextField
              name="code"
              label={t("fields.code")}
              required
              maxLength={40}
              defaultValue={draft.code}
              error={errors.code}
              autoCapitalize="none"
              spellCheck={false}
            />
            <TextField
              name="colorHex"
              label={t("fields.colorHex")}
              maxLength={7}
              defaultValue={draft.colorHex}
              error={errors.colorHex}
              autoCapitalize="none"
              spellCheck={false}
              placeholder="#1C4FD8"
            />
            <TextField
              name="priceAddOn"
              label={t("fields.priceAddOn")}
              required
              inputMode="decimal"
              maxLength={14}
              defaultValue={draft.priceAddOn}
              error={errors.priceAddOn}
            />
            <TextField
              name="sortOrder"
              label={t("fields.sortOrder")}
              inputMode="numeric"
              maxLength={5}
              defaultValue={draft.sortOrder}
              error={errors.sortOrder}
            />
            <div className="md:col-span-2">
              <ImageUploadField name="image" label={t("fields.image")} currentKey={option?.imageKey ?? null} error={errors.image} />
            </div>
          </div>
        </Panel>
        <button type="submit" name="intent" value="save" className="btn-primary" data-testid="save">
          {optionId === null ? t("actions.create") : t("actions.save")}
        </button>
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
  );
}
