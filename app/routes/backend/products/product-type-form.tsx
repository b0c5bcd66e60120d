import { localized } from "~/i18n/localized";
import { data, Form, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { ActionMessages, FieldError, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { catalogValidationKeys, productTypeFormSchema, readProductTypeDraft, type ProductTypeDraft } from "~/features/catalog-admin/catalog-admin-schemas";
import { DeletePanel, FormPageHeading } from "~/ui/backend/form-page";
import { catalogFieldErrors, parseIntent, translateKeyedErrors } from "~/features/catalog-admin/form-data";
import { catalogAdminContext, formRecordId, noticeFrom, redirectWithNotice } from "~/features/catalog-admin/route-helpers.server";
import { deleteProductType, loadProductTypeForm, saveProductType } from "~/features/catalog-admin/taxonomy-admin.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/data-table";
import type { Route } from "./+types/product-type-form";
import { confirmStep, isConfirmed, type ConfirmStepData } from "~/ui/confirm";

/**
 * A product type (spec §2 /backend/products/type/form and /form/{id}; issue 4 item 8): names in both
 * languages and the ordered attributes its variants vary by (ticked, with a position). Deleting is
 * refused while products have the type. Works without JavaScript.
 */
const listPath = "/backend/products/type";

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = catalogAdminContext(args.context);
  const id = formRecordId(args.params);
  const form = await loadProductTypeForm(env.DB, id);
  if (!form) throw data(null, { status: 404 });
  return data({ id, ...form, notice: noticeFrom(args.request, t), meta: { title: title(t(id === null ? "meta.typeNew" : "meta.typeEdit")) } });
}

interface Reply {
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
  draft: ProductTypeDraft | null;
  errors: Record<string, string>;
  formError: string | null;
  deleteRefusal: string | null;
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t } = catalogAdminContext(args.context);
  const id = formRecordId(args.params);
  const formData = await args.request.formData();
  const reply = (status: number, body: Partial<Reply>) =>
    data<Reply>({ draft: null, errors: {}, formError: null, deleteRefusal: null, confirm: null, ...body }, { status });
  const intent = parseIntent(formData).name;

  if (intent === "delete" && id !== null) {
    if (!isConfirmed(formData)) return reply(200, { confirm: confirmStep(formData) });
    const result = await deleteProductType(env.DB, id);
    if (result.ok) return redirectWithNotice(locale, listPath, "deleted");
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { deleteRefusal: t("types.hasProducts", { count: result.count }) });
  }
  if (intent !== "save") return reply(400, { formError: t("validation.unknownAction") });

  const draft = readProductTypeDraft(formData);
  const echo: ProductTypeDraft = {
    nameEn: draft.nameEn.slice(0, 300),
    nameTh: draft.nameTh.slice(0, 300),
    attributes: draft.attributes.map((row) => ({ id: row.id.slice(0, 12), order: row.order.slice(0, 6) })),
  };
  const form = await loadProductTypeForm(env.DB, id);
  if (!form) throw data(null, { status: 404 });
  const parsed = productTypeFormSchema(form.attributes.map((attribute) => attribute.id)).safeParse(draft);
  if (!parsed.success) return reply(400, { draft: echo, errors: catalogFieldErrors(parsed.error, t, catalogValidationKeys) });
  const result = await saveProductType(env.DB, id, parsed.data);
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { draft: echo, errors: translateKeyedErrors(result.errors, t) });
  }
  return redirectWithNotice(locale, `${listPath}/form/${result.id}`, id === null ? "created" : "saved");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function ProductTypeForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { id, attributes } = loaderData;
  const draft = actionData?.draft ?? loaderData.draft ?? { nameEn: "", nameTh: "", attributes: [] };
  const errors = actionData?.errors ?? {};
  const base = localizePath(locale, listPath);
  const here = id === null ? `${base}/form` : `${base}/form/${id}`;
  const heading = id === null ? t("types.newHeading") : t("types.editHeading", { name: loaderData.draft ? localized(loaderData.draft, "name", locale) : "" });
  const attributeErrors = Object.entries(errors).filter(([field]) => field.startsWith("attributes"));

  return (
    <div className="space-y-6" data-testid="type-form-page">
      <FormPageHeading title={heading} backTo={base} />
      <ActionMessages
        notice={actionData ? null : loaderData.notice}
        formError={actionData?.formError ?? errors.form ?? (Object.keys(errors).length ? t("validation.summary") : null)}
      />
      <Form method="post" action={here} className="space-y-6" data-testid="type-form" key={JSON.stringify(actionData?.draft ?? loaderData.draft)}>
        <Panel title={t("products.sections.details")}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <TextField name="nameEn" label={t("fields.nameEn")} required maxLength={100} defaultValue={draft.nameEn} error={errors.nameEn} lang="en" />
            <TextField name="nameTh" label={t("fields.nameTh")} required maxLength={100} defaultValue={draft.nameTh} error={errors.nameTh} lang="th" />
          </div>
        </Panel>
        <Panel title={t("fields.attributes")}>
          <p className="mb-3 text-sm text-ink-muted">{t("types.attributesIntro")}</p>
          {attributeErrors.map(([field, message]) => (
            <FieldError key={field} name={field} error={message} />
          ))}
          {attributes.length === 0 ? <p className="text-ink-muted">{t("types.noAttributes")}</p> : null}
          <ul className="divide-y divide-line rounded-md border border-line" data-testid="type-attributes">
            {attributes.map((attribute) => {
              const chosen = draft.attributes.find((row) => row.id === String(attribute.id));
              return (
                <li key={attribute.id} className="flex flex-wrap items-center gap-3 px-3 py-2">
                  <label className="flex flex-1 items-center gap-2">
                    <input type="checkbox" name="attribute" value={attribute.id} defaultChecked={Boolean(chosen)} className="size-4" />
                    <span className="font-semibold">{localized(attribute, "name", locale)}</span>
                    <span className="font-mono text-xs text-ink-muted">{attribute.code}</span>
                  </label>
                  <label className="flex items-center gap-2 text-sm">
                    {t("fields.order")}
                    <input
                      type="text"
                      inputMode="numeric"
                      name={`attributeOrder:${attribute.id}`}
                      defaultValue={chosen?.order ?? ""}
                      maxLength={4}
                      className="w-16 rounded-md border border-line px-2 py-1 focus-visible:outline-2 focus-visible:outline-primary"
                    />
                  </label>
                </li>
              );
            })}
          </ul>
        </Panel>
        <button type="submit" name="intent" value="save" className="btn-primary" data-testid="save">
          {id === null ? t("actions.create") : t("actions.save")}
        </button>
      </Form>
      {id !== null ? (
        <DeletePanel
          title={t("types.deleteHeading")}
          action={here}
          thing="productType"
          name={loaderData.draft ? localized(loaderData.draft, "name", locale) : ""}
          confirm={actionData?.confirm}
          refusal={actionData?.deleteRefusal}
        />
      ) : null}
    </div>
  );
}
