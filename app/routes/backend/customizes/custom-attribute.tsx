import { localized } from "~/i18n/localized";
import { data, Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { DeletePanel, FormPageHeading, NewButton, Thumbnail } from "~/ui/backend/form-page";
import { textValue, textValues } from "~/features/catalog-admin/form-data";
import { deleteCustomAttribute, loadCustomAttributePage, saveCustomAttribute } from "~/features/custom-admin/custom-admin.server";
import { customAttributeFormSchema, customAttributeTextFields, type CustomAttributeDraft } from "~/features/custom-admin/custom-admin-schemas";
import { boundedDraft, customizeAdminContext, customizeNotice, idFromUrl, redirectWithNotice } from "~/features/custom-admin/custom-admin-routes.server";
import { formatBaht, splitIntent } from "~/features/custom-admin/custom-admin-ui";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { DataTable, Panel } from "~/ui/backend/data-table";
import { useSettledKey } from "~/ui/use-settled-key";
import type { Route } from "./+types/custom-attribute";
import { confirmStep, isConfirmed, type ConfirmStepData } from "~/ui/confirm";

/**
 * One attribute of a custom product (spec §2 /backend/customizes/form/{id}/{attribute}; issue 6
 * item 6): its code and names, and its options with a link to each. An attribute of another
 * product is a 404; deleting is refused while a design under review or confirmed chose it.
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t, title } = customizeAdminContext(args.context);
  const productId = idFromUrl(args.params.id);
  const attributeId = idFromUrl(args.params.attribute);
  const page = await loadCustomAttributePage(env.DB, productId, attributeId);
  if (!page) throw data(null, { status: 404 });
  return data({
    ...page,
    notice: customizeNotice(args.request, t),
    meta: { title: title(`${t("meta.attribute")}: ${locale === "th" ? page.attribute.nameTh : page.attribute.nameEn}`) },
  });
}

interface Reply {
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
  key: number;
  draft: CustomAttributeDraft | null;
  errors: Record<string, string>;
  formError: string | null;
  deleteRefusal: string | null;
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t, fieldErrors, keyedErrors } = customizeAdminContext(args.context);
  const productId = idFromUrl(args.params.id);
  const attributeId = idFromUrl(args.params.attribute);
  if (!(await loadCustomAttributePage(env.DB, productId, attributeId))) throw data(null, { status: 404 });
  const formData = await args.request.formData();
  const reply = (status: number, body: Partial<Reply>) =>
    data<Reply>({ key: Date.now(), draft: null, errors: {}, formError: null, deleteRefusal: null, confirm: null, ...body }, { status });
  const intent = splitIntent(textValue(formData, "intent")).name;
  const productPath = `/backend/customizes/form/${productId}`;

  if (intent === "delete") {
    if (!isConfirmed(formData)) return reply(200, { confirm: confirmStep(formData) });
    const result = await deleteCustomAttribute(env.DB, productId, attributeId);
    if (result.ok) return redirectWithNotice(locale, productPath, "deleted");
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { deleteRefusal: t("attributes.inUse", { count: result.count }) });
  }
  if (intent !== "save") return reply(400, { formError: t("validation.unknownAction") });
  const draft = textValues(formData, customAttributeTextFields);
  const parsed = customAttributeFormSchema.safeParse(draft);
  if (!parsed.success) return reply(400, { draft: boundedDraft(draft), errors: fieldErrors(parsed.error) });
  const result = await saveCustomAttribute(env.DB, productId, attributeId, parsed.data);
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return reply(400, { draft: boundedDraft(draft), errors: keyedErrors(result.errors) });
  }
  return redirectWithNotice(locale, `${productPath}/${attributeId}`, "saved");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function CustomAttribute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { product, attribute, options } = loaderData;
  const formKey = useSettledKey(actionData?.key);
  const draft = actionData?.draft ?? loaderData.draft;
  const errors = actionData?.errors ?? {};
  const productPath = localizePath(locale, `/backend/customizes/form/${product.id}`);
  const here = `${productPath}/${attribute.id}`;

  return (
    <div className="min-w-0 space-y-6" data-testid="custom-attribute-page">
      <FormPageHeading title={t("attributes.editHeading", { name: localized(attribute, "name", locale) })} backTo={productPath}>
        <span className="text-sm text-ink-muted">{localized(product, "name", locale)}</span>
      </FormPageHeading>
      <ActionMessages
        notice={actionData ? null : loaderData.notice}
        formError={actionData?.formError ?? (Object.keys(errors).length ? t("validation.summary") : null)}
      />
      <Form method="post" action={here} className="space-y-4" data-testid="custom-attribute-form" key={formKey}>
        <Panel title={t("meta.attribute")}>
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
              name="sortOrder"
              label={t("fields.sortOrder")}
              inputMode="numeric"
              maxLength={5}
              defaultValue={draft.sortOrder}
              error={errors.sortOrder}
            />
          </div>
        </Panel>
        <button type="submit" name="intent" value="save" className="btn-primary" data-testid="save">
          {t("actions.save")}
        </button>
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
        <DataTable
          caption={t("options.heading")}
          testId="option-list"
          rowCount={options.length}
          empty={t("options.empty")}
          columns={[
            { label: t("options.columns.image"), className: "w-16" },
            { label: t("options.columns.name") },
            { label: t("options.columns.colour") },
            { label: t("options.columns.priceAddOn"), numeric: true },
            { label: t("options.columns.sortOrder"), numeric: true },
          ]}
        >
          {options.map((option) => (
            <tr key={option.id} data-testid="option-row">
              <td className="px-3 py-2">
                <Thumbnail imageKey={option.imageKey} size={40} />
              </td>
              <td className="px-3 py-2">
                <Link to={`${here}/form/${option.id}`} className="font-semibold text-primary-dark underline">
                  {localized(option, "name", locale)}
                </Link>
                <div className="font-mono text-xs text-ink-muted">{option.code}</div>
              </td>
              <td className="px-3 py-2">
                {option.colorHex ? (
                  <span className="inline-flex items-center gap-2 font-mono text-xs">
                    <span className="inline-block size-4 rounded border border-line" style={{ backgroundColor: option.colorHex }} aria-hidden />
                    {option.colorHex}
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">{formatBaht(option.priceAddOnSatang, locale)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{option.sortOrder}</td>
            </tr>
          ))}
        </DataTable>
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
  );
}
