import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Plus, Trash2 } from "lucide-react";
import { data, Form, useLocation } from "react-router";
import type { z } from "zod";

import { linkOrigin } from "~/features/accounts/accounts.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { maxPosLines, posInput, posMemberSearchSchema, posSchema } from "~/features/orders/orders-admin-schemas";
import { baht } from "~/features/orders/orders-admin-ui";
import { createPosOrder, loadPosReference } from "~/features/orders/pos-order.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { FormPageHeading } from "~/ui/backend/form-page";
import { Panel } from "~/ui/backend/page-parts";
import { constraintsOf } from "~/ui/form/constraints";
import { Field, FieldError, FormErrors, FormMessages, RadioGroupField, SelectField, SubmitButton, TextareaField, useFieldMessage } from "~/ui/form/fields";
import { Options } from "~/ui/form/options";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/pos-form";

/**
 * The POS order form (spec §2 /backend/orders/fulfillment/form; issue 5 item 11): items and
 * quantities, a member (found by name, e-mail or phone) or a walk-in name and phone, an optional
 * sponsor; saved as a paid cash order (order type POS) with the stock taken in the same batch
 * (pos-order.server.ts), then shown on its order page. Rows are added and removed by Conform's
 * list buttons and the member search posts the form, so it all works without JavaScript.
 */
const listPath = "/backend/orders/fulfillment";

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "ordersAdmin");
  const reference = await loadPosReference(env.DB, "");
  return data({ ...reference, meta: { title: title(t("meta.pos")) } });
}

interface Reply {
  result: SubmissionResult<string[]> | undefined;
  /** The members a search found (null: no search in this answer). */
  members: Awaited<ReturnType<typeof loadPosReference>>["members"] | null;
  /** A refusal that names the product ("Not enough stock for …"), in the page's language. */
  refusal: string | null;
}

const idle: Reply = { result: undefined, members: null, refusal: null };

export async function action(args: Route.ActionArgs) {
  const { staff, env, locale, t } = staffRoute(args, "ordersAdmin");
  const formData = await args.request.formData();

  if (formData.get("intent") === "search-member") {
    const submission = parseWithZod(formData, { schema: posMemberSearchSchema });
    const search = submission.status === "success" ? (submission.value.memberSearch ?? "") : "";
    const { members } = await loadPosReference(env.DB, search.trim().slice(0, 100));
    return data<Reply>({ ...idle, result: submission.reply(), members });
  }
  const submission = parseWithZod(formData, { schema: posSchema });
  // A row added or removed without JavaScript: the form comes back with its rows changed.
  if (submission.status === undefined) return data<Reply>({ ...idle, result: submission.reply() });
  if (formData.get("intent") !== "save") return data<Reply>({ ...idle, refusal: t("actions.refused.unknown") }, { status: 400 });
  if (submission.status !== "success") return data<Reply>({ ...idle, result: submission.reply() }, { status: 400 });

  const result = await createPosOrder(
    env.DB,
    posInput(submission.value),
    { staffUserId: staff.staffUserId },
    { origin: linkOrigin(env.PUBLIC_ORIGIN, args.request), locale },
  );
  if (result.ok) return redirectWithToast(args.request, localizePath(locale, `${listPath}/${result.orderId}`), { key: "ordersAdmin:pos.created" });
  const refusal = result.refusal ? t(`validation.${result.refusal.key}`, result.refusal.values) : null;
  return data<Reply>({ ...idle, result: submission.reply({ fieldErrors: result.fieldErrors }), refusal }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

const newLine = { quantity: "1" };

/** The list's own message ("add at least one item"), above its rows; rendered inside FormMessages for its namespace. */
function LinesError({ id, errors, label }: { id: string; errors: string[] | undefined; label: string }) {
  return <FieldError id={id} name="lines" message={useFieldMessage(errors, label)} />;
}

export default function PosForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, listPath);
  const here = `${base}/form`;
  const [form, fields] = useForm<z.input<typeof posSchema>, unknown>({
    id: "pos-order",
    lastResult: actionData?.result,
    defaultValue: { lines: [newLine, newLine, newLine], customerId: "0" },
    constraint: constraintsOf(posSchema),
    // "Find a member" checks nothing: the order is not finished yet.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formData.get("intent") === "search-member" ? posMemberSearchSchema : posSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const lines = fields.lines.getFieldList();
  const members = actionData?.members ?? [];
  const chosen = fields.customerId.initialValue;
  const memberOptions = [
    { value: "0", label: t("pos.memberNone") },
    ...members.map((member) => ({
      value: String(member.id),
      label: `${member.firstName} ${member.lastName} · ${member.email}${member.phone ? ` · ${member.phone}` : ""}`,
    })),
    // A member chosen before this search (or before a refused save) stays a choice.
    ...(chosen && chosen !== "0" && !members.some((member) => String(member.id) === chosen) ? [{ value: chosen, label: `${t("pos.member")} #${chosen}` }] : []),
  ];

  return (
    <FormMessages namespace="ordersAdmin">
      <div className="space-y-6" data-testid="pos-form-page">
        <FormPageHeading title={t("pos.heading")} backTo={base} />
        <p className="-mt-4 text-ink-muted">{t("pos.intro")}</p>
        <FormErrors form={form} refusal={actionData?.refusal} />
        <Form method="post" action={here} className="space-y-6" data-testid="pos-form" {...getFormProps(form)}>
          {/* Enter in a field submits with the form's first button: let that be "save", not "remove line 1". */}
          <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only" />
          <Panel title={t("pos.items")}>
            <LinesError id={fields.lines.errorId} errors={fields.lines.errors} label={t("pos.items")} />
            <ol className="space-y-3">
              {lines.map((line, index) => {
                const row = line.getFieldset();
                return (
                  <li key={line.key} className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-start gap-2" data-testid="pos-line">
                    <SelectField meta={row.variantId} label={`${t("pos.variant")} ${index + 1}`}>
                      <option value="">{t("pos.variantPlaceholder")}</option>
                      {loaderData.variants.map((variant) => {
                        const options = localized(variant, "options", locale);
                        return (
                          <option key={variant.id} value={variant.id} disabled={variant.stock <= 0 && String(variant.id) !== row.variantId.value}>
                            {`${localized(variant, "name", locale)}${options ? ` – ${options}` : ""} (${variant.sku}) · ${baht(variant.priceSatang, locale)} · ${variant.stock > 0 ? t("pos.stockLeft", { count: variant.stock }) : t("pos.outOfStock")}`}
                          </option>
                        );
                      })}
                    </SelectField>
                    <Field meta={row.quantity} label={t("pos.quantity")} inputMode="numeric" />
                    <button
                      {...form.remove.getButtonProps({ name: fields.lines.name, index })}
                      className="btn-ghost mt-6"
                      aria-label={t("pos.removeLine", { number: index + 1 })}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </button>
                  </li>
                );
              })}
            </ol>
            <button
              {...form.insert.getButtonProps({ name: fields.lines.name, defaultValue: newLine })}
              className="btn-ghost mt-3"
              disabled={lines.length >= maxPosLines}
            >
              <Plus className="size-4" aria-hidden />
              {t("pos.addLine")}
            </button>
          </Panel>

          <Panel title={t("pos.customerSection")}>
            <div className="grid gap-4 md:grid-cols-2">
              <div className="flex items-end gap-2 md:col-span-2">
                <Field meta={fields.memberSearch} label={t("pos.memberSearch")} placeholder={t("pos.memberSearchPlaceholder")} className="flex-1" />
                <button type="submit" name="intent" value="search-member" className="btn-ghost border border-line" data-testid="member-search">
                  {t("pos.memberSearchButton")}
                </button>
              </div>
              <div className="md:col-span-2" data-testid="member-choices">
                <RadioGroupField meta={fields.customerId} label={t("pos.member")} options={memberOptions} />
                {actionData?.members && actionData.members.length === 0 ? <p className="text-sm text-ink-muted">{t("pos.noMembers")}</p> : null}
              </div>
              <Field meta={fields.walkInName} label={t("pos.walkInName")} autoComplete="off" />
              <Field meta={fields.walkInPhone} label={t("pos.walkInPhone")} type="tel" autoComplete="off" />
              <Field meta={fields.email} label={t("pos.email")} type="email" autoComplete="off" />
              <SelectField meta={fields.sponsorId} label={t("pos.sponsor")}>
                <option value="">{t("pos.sponsorNone")}</option>
                <Options of={loaderData.sponsors} label={(sponsor) => localized(sponsor, "name", locale)} />
              </SelectField>
              <TextareaField meta={fields.note} label={t("pos.note")} rows={2} className="md:col-span-2" />
            </div>
          </Panel>
          <SubmitButton name="intent" value="save" action={here} testId="save">
            {t("pos.save")}
          </SubmitButton>
        </Form>
      </div>
    </FormMessages>
  );
}
