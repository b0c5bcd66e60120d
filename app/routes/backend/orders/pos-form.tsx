import { Plus, Trash2 } from "lucide-react";
import { data, Form, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { ActionMessages, FieldError, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { SelectField, TextAreaField } from "~/features/catalog-admin/catalog-admin-ui";
import { DefaultSave, FormPageHeading } from "~/ui/backend/form-page";
import { catalogFieldErrors, indexedRows, parseIntent, textValue, textValues } from "~/features/catalog-admin/form-data";
import { ordersAdminContext, redirectWithOrdersNotice } from "~/features/orders/orders-admin-route.server";
import { maxPosLines, posFields, posLineFields, posSchema, type PosDraft } from "~/features/orders/orders-admin-schemas";
import { baht } from "~/features/orders/orders-admin-ui";
import { createPosOrder, loadPosReference } from "~/features/orders/pos-order.server";
import { ordersAdminValidationKeys } from "~/features/orders/shipping-rate-schemas";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/data-table";
import type { Route } from "./+types/pos-form";

/**
 * The POS order form (spec §2 /backend/orders/fulfillment/form; issue 5 item 11): items and
 * quantities, a member (found by name, e-mail or phone) or a walk-in name and phone, an optional
 * sponsor; saved as a paid cash order (order type POS) with the stock taken in the same batch
 * (pos-order.server.ts), then shown on its order page. Rows are added and removed by submit
 * buttons, so it works without JavaScript.
 */
const listPath = "/backend/orders/fulfillment";

const emptyDraft = (): PosDraft => ({
  customerId: "",
  walkInName: "",
  walkInPhone: "",
  email: "",
  sponsorId: "",
  note: "",
  lines: [
    { variantId: "", quantity: "1" },
    { variantId: "", quantity: "1" },
    { variantId: "", quantity: "1" },
  ],
});

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = ordersAdminContext(args.context);
  const reference = await loadPosReference(env.DB, "");
  return data({ ...reference, draft: emptyDraft(), meta: { title: title(t("meta.pos")) } });
}

interface Reply {
  draft: PosDraft;
  members: Awaited<ReturnType<typeof loadPosReference>>["members"] | null;
  memberSearch: string;
  errors: Record<string, string>;
  formError: string | null;
}

export async function action(args: Route.ActionArgs) {
  const staff = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t } = ordersAdminContext(args.context);
  const reply = (status: number, body: Partial<Reply>) =>
    data<Reply>({ draft: emptyDraft(), members: null, memberSearch: "", errors: {}, formError: null, ...body }, { status });
  let formData: FormData;
  try {
    formData = await args.request.formData();
  } catch {
    return reply(400, { formError: t("actions.refused.unknown") });
  }
  const bounded = (value: string) => value.slice(0, 600);
  const fields = textValues(formData, posFields);
  const draft: PosDraft = {
    ...(Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, bounded(value)])) as Omit<PosDraft, "lines">),
    lines: indexedRows(formData, "line", posLineFields).map((row) => ({ variantId: bounded(row.variantId), quantity: bounded(row.quantity) })),
  };
  const memberSearch = textValue(formData, "memberSearch").trim().slice(0, 100);
  const intent = parseIntent(formData);

  if (intent.name === "add-line") {
    if (draft.lines.length < maxPosLines) draft.lines.push({ variantId: "", quantity: "1" });
    return reply(200, { draft, memberSearch });
  }
  if (intent.name === "remove-line" && intent.index !== null) {
    draft.lines.splice(intent.index, 1);
    return reply(200, { draft, memberSearch });
  }
  if (intent.name === "search-member") {
    const { members } = await loadPosReference(env.DB, memberSearch);
    return reply(200, { draft, members, memberSearch });
  }
  if (intent.name !== "save") return reply(400, { draft, formError: t("actions.refused.unknown") });

  const parsed = posSchema.safeParse({ ...fields, lines: indexedRows(formData, "line", posLineFields) });
  if (!parsed.success) {
    const errors = catalogFieldErrors(parsed.error, t, [...ordersAdminValidationKeys]);
    return reply(400, { draft, memberSearch, errors, formError: errors.lines ?? t("validation.summary") });
  }
  const result = await createPosOrder(env.DB, parsed.data, { staffUserId: staff.staffUserId }, { origin: linkOrigin(env.PUBLIC_ORIGIN, args.request), locale });
  if (!result.ok) {
    const errors = Object.fromEntries(
      Object.entries(result.errors).map(([field, error]) => {
        const label =
          field
            .split(".")
            .reverse()
            .find((segment) => !/^\d+$/.test(segment)) ?? "form";
        return [field, t(`validation.${error.key}`, { field: t(`fields.${label}`), ...error.values })];
      }),
    );
    const lineErrors = Object.entries(errors).filter(([field]) => field.startsWith("lines."));
    return reply(400, { draft, memberSearch, errors, formError: lineErrors[0]?.[1] ?? errors.lines ?? t("validation.summary") });
  }
  return redirectWithOrdersNotice(locale, `${listPath}/${result.orderId}`, "pos-created");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function PosForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const location = useLocation();
  const locale = localeFromPathname(location.pathname);
  const base = localizePath(locale, listPath);
  const draft = actionData?.draft ?? loaderData.draft;
  const errors = actionData?.errors ?? {};
  const members = actionData?.members ?? null;
  const chosenMember = draft.customerId;
  const name = (row: { nameEn: string; nameTh: string }) => (locale === "th" ? row.nameTh : row.nameEn);

  return (
    <div className="space-y-6" data-testid="pos-form-page">
      <FormPageHeading title={t("pos.heading")} backTo={base} />
      <p className="-mt-4 text-ink-muted">{t("pos.intro")}</p>
      <ActionMessages formError={actionData?.formError} />
      <Form method="post" action={`${base}/form`} className="space-y-6" data-testid="pos-form" key={JSON.stringify(draft) + (members ? "m" : "")} noValidate>
        <DefaultSave />
        <Panel title={t("pos.items")}>
          <FieldError name="lines" error={errors.lines} />
          <ol className="space-y-3">
            {draft.lines.map((line, index) => (
              <li key={index} className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-end gap-2" data-testid="pos-line">
                <SelectField
                  name={`line.${index}.variantId`}
                  label={`${t("pos.variant")} ${index + 1}`}
                  defaultValue={line.variantId}
                  error={errors[`lines.${index}.variantId`]}
                >
                  <option value="">{t("pos.variantPlaceholder")}</option>
                  {loaderData.variants.map((variant) => (
                    <option key={variant.id} value={variant.id} disabled={variant.stock <= 0 && String(variant.id) !== line.variantId}>
                      {`${name(variant)}${(locale === "th" ? variant.optionsTh : variant.optionsEn) ? ` – ${locale === "th" ? variant.optionsTh : variant.optionsEn}` : ""} (${variant.sku}) · ${baht(variant.priceSatang, locale)} · ${variant.stock > 0 ? t("pos.stockLeft", { count: variant.stock }) : t("pos.outOfStock")}`}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  name={`line.${index}.quantity`}
                  label={t("pos.quantity")}
                  inputMode="numeric"
                  maxLength={3}
                  defaultValue={line.quantity}
                  error={errors[`lines.${index}.quantity`]}
                />
                <button
                  type="submit"
                  name="intent"
                  value={`remove-line:${index}`}
                  className="btn-ghost mb-0.5"
                  aria-label={t("pos.removeLine", { number: index + 1 })}
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ol>
          <button type="submit" name="intent" value="add-line" className="btn-ghost mt-3" disabled={draft.lines.length >= maxPosLines}>
            <Plus className="size-4" aria-hidden />
            {t("pos.addLine")}
          </button>
        </Panel>

        <Panel title={t("pos.customerSection")}>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="flex items-end gap-2 md:col-span-2">
              <TextField
                name="memberSearch"
                label={t("pos.memberSearch")}
                placeholder={t("pos.memberSearchPlaceholder")}
                maxLength={100}
                defaultValue={actionData?.memberSearch ?? ""}
                className="flex-1"
              />
              <button type="submit" name="intent" value="search-member" className="btn-ghost border border-line" data-testid="member-search">
                {t("pos.memberSearchButton")}
              </button>
            </div>
            <fieldset className="md:col-span-2" data-testid="member-choices">
              <legend className="mb-2 text-sm font-semibold">{t("pos.member")}</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="customerId" value="" defaultChecked={!chosenMember} />
                {t("pos.memberNone")}
              </label>
              {(members ?? []).map((member) => (
                <label key={member.id} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="customerId" value={member.id} defaultChecked={chosenMember === String(member.id)} />
                  {`${member.firstName} ${member.lastName} · ${member.email}${member.phone ? ` · ${member.phone}` : ""}`}
                </label>
              ))}
              {chosenMember && !(members ?? []).some((member) => String(member.id) === chosenMember) ? (
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="customerId" value={chosenMember} defaultChecked />
                  {`${t("pos.member")} #${chosenMember}`}
                </label>
              ) : null}
              {members && members.length === 0 ? <p className="text-sm text-ink-muted">{t("pos.noMembers")}</p> : null}
              <FieldError name="customerId" error={errors.customerId} />
            </fieldset>
            <TextField
              name="walkInName"
              label={t("pos.walkInName")}
              maxLength={100}
              defaultValue={draft.walkInName}
              error={errors.walkInName}
              autoComplete="off"
            />
            <TextField
              name="walkInPhone"
              label={t("pos.walkInPhone")}
              inputMode="tel"
              maxLength={20}
              defaultValue={draft.walkInPhone}
              error={errors.walkInPhone}
              autoComplete="off"
            />
            <TextField name="email" label={t("pos.email")} type="email" maxLength={254} defaultValue={draft.email} error={errors.email} autoComplete="off" />
            <SelectField name="sponsorId" label={t("pos.sponsor")} defaultValue={draft.sponsorId} error={errors.sponsorId}>
              <option value="">{t("pos.sponsorNone")}</option>
              {loaderData.sponsors.map((sponsor) => (
                <option key={sponsor.id} value={sponsor.id}>
                  {name(sponsor)}
                </option>
              ))}
            </SelectField>
            <TextAreaField name="note" label={t("pos.note")} maxLength={500} rows={2} defaultValue={draft.note} error={errors.note} className="md:col-span-2" />
          </div>
        </Panel>
        <button type="submit" name="intent" value="save" className="btn-primary" data-testid="save">
          {t("pos.save")}
        </button>
      </Form>
    </div>
  );
}
