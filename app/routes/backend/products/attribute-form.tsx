import { localized } from "~/i18n/localized";
import { Plus, Trash2 } from "lucide-react";
import { data, Form, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { colourOrImageDisplayTypeId, displayTypeChoices } from "~/domain/display-types";
import { ActionMessages, FieldError, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import {
  attributeFormSchema,
  blankOption,
  catalogValidationKeys,
  readAttributeDraft,
  type AttributeDraft,
} from "~/features/catalog-admin/catalog-admin-schemas";
import { SelectField } from "~/features/catalog-admin/catalog-admin-ui";
import { DefaultSave, DeletePanel, FormPageHeading, Thumbnail } from "~/ui/backend/form-page";
import { catalogFieldErrors, maxFormRows, parseIntent, translateKeyedErrors } from "~/features/catalog-admin/form-data";
import { catalogAdminContext, formRecordId, noticeFrom, redirectWithNotice } from "~/features/catalog-admin/route-helpers.server";
import { deleteAttribute, loadAttributeForm, saveAttribute } from "~/features/catalog-admin/taxonomy-admin.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/data-table";
import type { Route } from "./+types/attribute-form";
import { confirmStep, isConfirmed, type ConfirmStepData } from "~/ui/confirm";

/**
 * An attribute and its options (spec §2 /backend/products/attribute/form and /form/{id}; issue 4
 * item 8). The display type choices follow spec §7 (`displayTypeChoices`: no "hidden", id 3 is
 * "color / Image"). Options are rows of the same form: "add-option" and "remove-option:N" re-render
 * the form without saving (no JavaScript needed); "save" writes the attribute and its options in one
 * batch. An option used by variants cannot be removed; the attribute cannot be deleted while a
 * type uses it or variants use its options.
 */
const listPath = "/backend/products/attribute";

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = catalogAdminContext(args.context);
  const id = formRecordId(args.params);
  const form = await loadAttributeForm(env.DB, id);
  if (!form) throw data(null, { status: 404 });
  return data({
    id,
    draft: form.draft,
    images: form.images,
    usage: form.usage,
    displayTypes: displayTypeChoices(form.displayTypes),
    notice: noticeFrom(args.request, t),
    meta: { title: title(t(id === null ? "meta.attributeNew" : "meta.attributeEdit")) },
  });
}

interface Reply {
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
  draft: AttributeDraft | null;
  errors: Record<string, string>;
  formError: string | null;
  deleteRefusal: string | null;
}

function echoDraft(draft: AttributeDraft): AttributeDraft {
  const cut = (value: string) => value.slice(0, 300);
  return {
    code: cut(draft.code),
    nameEn: cut(draft.nameEn),
    nameTh: cut(draft.nameTh),
    displayTypeId: cut(draft.displayTypeId),
    sortOrder: cut(draft.sortOrder),
    options: draft.options
      .slice(0, maxFormRows)
      .map((option) => Object.fromEntries(Object.entries(option).map(([name, value]) => [name, cut(value)])) as AttributeDraft["options"][number]),
  };
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t } = catalogAdminContext(args.context);
  const id = formRecordId(args.params);
  const formData = await args.request.formData();
  const reply = (status: number, body: Partial<Reply>) =>
    data<Reply>({ draft: null, errors: {}, formError: null, deleteRefusal: null, confirm: null, ...body }, { status });
  const intent = parseIntent(formData);

  if (intent.name === "delete" && id !== null) {
    if (!isConfirmed(formData)) return reply(200, { confirm: confirmStep(formData) });
    const result = await deleteAttribute(env.DB, id);
    if (result.ok) return redirectWithNotice(locale, listPath, "deleted");
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, {
      deleteRefusal: t(result.reason === "used-by-types" ? "attributes.usedByTypes" : "attributes.usedByVariants", { count: result.count }),
    });
  }

  const draft = echoDraft(readAttributeDraft(formData));
  if (intent.name === "add-option") {
    if (draft.options.length < maxFormRows) draft.options.push(blankOption());
    return reply(200, { draft });
  }
  if (intent.name === "remove-option" && intent.index !== null) {
    draft.options.splice(intent.index, 1);
    return reply(200, { draft });
  }
  if (intent.name !== "save") return reply(400, { formError: t("validation.unknownAction") });

  const form = await loadAttributeForm(env.DB, id);
  if (!form) throw data(null, { status: 404 });
  const parsed = attributeFormSchema(form.displayTypes, new Set(form.images.map((image) => image.key))).safeParse(readAttributeDraft(formData));
  if (!parsed.success) return reply(400, { draft, errors: catalogFieldErrors(parsed.error, t, catalogValidationKeys) });
  const result = await saveAttribute(env.DB, id, parsed.data);
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { draft, errors: translateKeyedErrors(result.errors, t) });
  }
  return redirectWithNotice(locale, `${listPath}/form/${result.id}`, id === null ? "created" : "saved");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

const emptyDraft: AttributeDraft = { code: "", nameEn: "", nameTh: "", displayTypeId: "2", sortOrder: "0", options: [blankOption()] };
const smallInput = "w-full rounded-md border px-2 py-1.5 focus-visible:outline-2 focus-visible:outline-primary";

export default function AttributeForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { id, images, usage, displayTypes } = loaderData;
  const draft = actionData?.draft ?? loaderData.draft ?? emptyDraft;
  const errors = actionData?.errors ?? {};
  const base = localizePath(locale, listPath);
  const here = id === null ? `${base}/form` : `${base}/form/${id}`;
  const heading =
    id === null ? t("attributes.newHeading") : t("attributes.editHeading", { name: loaderData.draft ? localized(loaderData.draft, "name", locale) : "" });
  const swatches = draft.displayTypeId === String(colourOrImageDisplayTypeId);

  return (
    <div className="space-y-6" data-testid="attribute-form-page">
      <FormPageHeading title={heading} backTo={base} />
      <ActionMessages
        notice={actionData ? null : loaderData.notice}
        formError={actionData?.formError ?? errors.form ?? (Object.keys(errors).length ? t("validation.summary") : null)}
      />
      <Form method="post" action={here} className="space-y-6" data-testid="attribute-form" key={JSON.stringify(actionData?.draft ?? loaderData.draft)}>
        <DefaultSave />
        <Panel title={t("products.sections.details")}>
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
            <SelectField name="displayTypeId" label={t("fields.displayTypeId")} defaultValue={draft.displayTypeId} error={errors.displayTypeId}>
              {displayTypes.map((type) => (
                <option key={type.id} value={type.id}>
                  {t(`displayTypes.${type.id}` as "displayTypes.2", { defaultValue: type.name })}
                </option>
              ))}
            </SelectField>
            <TextField
              name="sortOrder"
              label={t("fields.sortOrder")}
              inputMode="numeric"
              maxLength={5}
              defaultValue={draft.sortOrder}
              error={errors.sortOrder}
            />
          </div>
        </Panel>

        <Panel title={t("attributes.optionsHeading")} testId="options">
          <p className="mb-3 text-sm text-ink-muted">{t("attributes.optionsIntro")}</p>
          <FieldError name="options" error={errors.options} />
          {draft.options.length === 0 ? <p className="mb-3 text-ink-muted">{t("attributes.noOptions")}</p> : null}
          <ol className="space-y-3">
            {draft.options.map((option, index) => {
              const field = (name: string) => `option.${index}.${name}`;
              const error = (name: string) => errors[`options.${index}.${name}`];
              const used = option.id ? (usage[option.id] ?? 0) : 0;
              return (
                <li key={index} className="rounded-md border border-line p-3" data-testid="option-row">
                  <fieldset>
                    <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 text-sm font-semibold">
                      <span>
                        {t("attributes.optionNumber", { number: index + 1 })}
                        {used > 0 ? <span className="ml-2 font-normal text-ink-muted">{t("attributes.usedBy", { count: used })}</span> : null}
                      </span>
                    </legend>
                    <input type="hidden" name={field("id")} value={option.id} />
                    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
                      {(
                        [
                          ["code", 40, "font-mono"],
                          ["nameEn", 100, ""],
                          ["nameTh", 100, ""],
                        ] as const
                      ).map(([name, max, extra]) => (
                        <label key={name} className="flex flex-col gap-1 text-xs font-semibold">
                          {t(`fields.${name}`)}
                          <input
                            name={field(name)}
                            defaultValue={option[name]}
                            maxLength={max}
                            aria-invalid={error(name) ? true : undefined}
                            className={`${smallInput} ${extra} ${error(name) ? "border-error" : "border-line"}`}
                          />
                          <FieldError name={`options.${index}.${name}`} error={error(name)} />
                        </label>
                      ))}
                      <label className="flex flex-col gap-1 text-xs font-semibold">
                        {t("fields.colorHex")}
                        <span className="flex items-center gap-2">
                          {option.colorHex && /^#[0-9a-fA-F]{6}$/.test(option.colorHex) ? (
                            <span className="size-6 shrink-0 rounded-full border border-line" style={{ backgroundColor: option.colorHex }} aria-hidden />
                          ) : null}
                          <input
                            name={field("colorHex")}
                            defaultValue={option.colorHex}
                            maxLength={7}
                            placeholder={swatches ? "#000000" : ""}
                            className={`${smallInput} font-mono ${error("colorHex") ? "border-error" : "border-line"}`}
                          />
                        </span>
                        <FieldError name={`options.${index}.colorHex`} error={error("colorHex")} />
                      </label>
                      <label className="flex flex-col gap-1 text-xs font-semibold">
                        {t("fields.imageKey")}
                        <span className="flex items-center gap-2">
                          {option.imageKey ? <Thumbnail imageKey={option.imageKey} size={28} /> : null}
                          <select
                            name={field("imageKey")}
                            defaultValue={option.imageKey}
                            className={`${smallInput} bg-surface ${error("imageKey") ? "border-error" : "border-line"}`}
                          >
                            <option value="">{t("actions.noImage")}</option>
                            {images.map((image) => (
                              <option key={image.key} value={image.key}>
                                {image.fileName}
                              </option>
                            ))}
                          </select>
                        </span>
                        <FieldError name={`options.${index}.imageKey`} error={error("imageKey")} />
                      </label>
                      <label className="flex flex-col gap-1 text-xs font-semibold">
                        {t("fields.sortOrder")}
                        <input
                          name={field("sortOrder")}
                          defaultValue={option.sortOrder}
                          inputMode="numeric"
                          maxLength={5}
                          className={`${smallInput} ${error("sortOrder") ? "border-error" : "border-line"}`}
                        />
                        <FieldError name={`options.${index}.sortOrder`} error={error("sortOrder")} />
                      </label>
                    </div>
                    <div className="mt-2 text-right">
                      <button
                        type="submit"
                        name="intent"
                        value={`remove-option:${index}`}
                        formNoValidate
                        className="btn-ghost text-sm text-error"
                        aria-label={t("attributes.removeOption", { number: index + 1 })}
                      >
                        <Trash2 className="size-4" aria-hidden />
                        {t("actions.remove")}
                      </button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <button type="submit" name="intent" value="add-option" formNoValidate className="btn-ghost mt-3 border border-line" data-testid="add-option">
            <Plus className="size-4" aria-hidden />
            {t("attributes.addOption")}
          </button>
        </Panel>
        <button type="submit" name="intent" value="save" className="btn-primary" data-testid="save">
          {id === null ? t("actions.create") : t("actions.save")}
        </button>
      </Form>
      {id !== null ? (
        <DeletePanel
          title={t("attributes.deleteHeading")}
          action={here}
          thing="attribute"
          name={loaderData.draft ? localized(loaderData.draft, "name", locale) : ""}
          confirm={actionData?.confirm}
          refusal={actionData?.deleteRefusal}
        />
      ) : null}
    </div>
  );
}
