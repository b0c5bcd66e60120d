import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { discountCodeState, discountScopes, discountTypes, lockedCodeFields } from "~/domain/promotions";
import { optionalRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { epochToShopLocal } from "~/features/content/shop-local-time";
import { codeStateTones } from "~/features/promotions/discount-code-list";
import { discountTargetChoices, loadDiscountCode, saveDiscountCode, type StoredDiscountCode } from "~/features/promotions/discount-codes.server";
import { discountCodeInput, discountCodeSchema, targetField } from "~/features/promotions/promotion-schemas";
import { localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { FormPageHeading, SaveButton, useRecordFormPaths } from "~/ui/backend/form-page";
import { Badge, Panel } from "~/ui/backend/page-parts";
import { confirmStep, isConfirmed } from "~/ui/confirm";
import { ConfirmStep } from "~/ui/confirm-dialog";
import { CheckboxField, Field, FormErrors, FormMessages, MoneyField, RadioGroupField, SelectField, TextareaField } from "~/ui/form/fields";
import { Options } from "~/ui/form/options";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/code-form";

/**
 * Create (/backend/promotion/code/form) or edit (/backend/promotion/code/form/:id) a discount code
 * (issue 16): code, kind (percent with an optional cap, fixed Baht, free shipping), minimum
 * purchase, usage and per-customer limits, period (Bangkok time), scope (whole order or some
 * categories / products / collections), first order only, combining with flash-sale prices,
 * descriptions. A usage limit of 0 asks first (spec §5): the action answers a confirm step, with or
 * without JavaScript. Once a code has been used its type and value are locked (the history keeps
 * what each order got; deactivate and make a new code instead).
 */
const listPath = "/backend/promotion/code";

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "promotions");
  const id = optionalRecordId(args.params.id);
  const [code, choices] = await Promise.all([id === null ? null : loadDiscountCode(env.DB, id), discountTargetChoices(env.DB)]);
  if (id !== null && !code) throw data(null, { status: 404 });
  return {
    id,
    code: code ? { code: code.code, usedCount: code.usedCount, state: discountCodeState(code, Date.now()), locked: lockedCodeFields(code) } : null,
    draft: code ? codeDraft(code) : null,
    choices,
    meta: { title: title(code ? code.code : t("meta.newCode")) },
  };
}

/** The form's values for a stored code. */
function codeDraft(code: StoredDiscountCode) {
  const ids = code.targetIds.map(String);
  return {
    code: code.code,
    type: code.type,
    value: code.type === "percent" ? String(code.value) : code.type === "fixed" ? (code.value / 100).toFixed(2) : "",
    maxDiscount: code.maxDiscountSatang === null ? "" : (code.maxDiscountSatang / 100).toFixed(2),
    minPurchase: code.minPurchaseSatang === 0 ? "" : (code.minPurchaseSatang / 100).toFixed(2),
    usageLimit: code.usageLimit === null ? "" : String(code.usageLimit),
    perCustomerLimit: code.perCustomerLimit === null ? "" : String(code.perCustomerLimit),
    startsAt: epochToShopLocal(code.startsAt),
    endsAt: epochToShopLocal(code.endsAt),
    isActive: code.isActive,
    scope: code.scope,
    categoryIds: code.scope === "categories" ? ids : [],
    productIds: code.scope === "products" ? ids : [],
    collectionIds: code.scope === "collections" ? ids : [],
    firstOrderOnly: code.firstOrderOnly,
    combinesWithFlashSale: code.combinesWithFlashSale,
    descriptionEn: code.descriptionEn,
    descriptionTh: code.descriptionTh,
  };
}

export async function action(args: Route.ActionArgs) {
  const { env, locale, t } = staffRoute(args, "promotions");
  const id = optionalRecordId(args.params.id);
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: discountCodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), refusal: null, confirm: null }, { status: 400 });
  const input = discountCodeInput(submission.value);
  // Spec §5: a limit of 0 makes a code nobody can use — staff say yes to that first. The form keeps what
  // was typed behind the question, also when it was sent as a page (before the page's code ran).
  if (input.usageLimit === 0 && !isConfirmed(formData)) return data({ result: submission.reply(), refusal: null, confirm: confirmStep(formData) });

  const result = await saveDiscountCode(env.DB, id, input);
  if (result.ok)
    return redirectWithToast(args.request, localizePath(locale, `${listPath}/form/${result.id}`), {
      key: id === null ? "promotions:codes.created" : "promotions:codes.saved",
      values: { code: input.code },
    });
  if (result.reason === "not-found") throw data(null, { status: 404 });
  const refusals = {
    "code-taken": { field: "code", key: "codeTaken" },
    "locked-type": { field: "type", key: "lockedType" },
    "locked-value": { field: "value", key: "lockedValue" },
    "limit-below-used": { field: "usageLimit", key: "limitBelowUsed" },
    "unknown-target": { field: input.scope === "order" ? "scope" : targetField[input.scope], key: "choice" },
  } as const;
  const { field, key } = refusals[result.reason];
  const refusal = result.reason === "limit-below-used" ? t("validation.limitBelowUsedCount", { count: result.usedCount ?? 0 }) : null;
  return data({ result: submission.reply({ fieldErrors: { [field]: [key] } }), refusal, confirm: null }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

type CodeDraft = ReturnType<typeof codeDraft>;
const emptyDraft: CodeDraft = {
  code: "",
  type: "percent",
  value: "",
  maxDiscount: "",
  minPurchase: "",
  usageLimit: "",
  perCustomerLimit: "",
  startsAt: "",
  endsAt: "",
  isActive: true,
  scope: "order",
  categoryIds: [],
  productIds: [],
  collectionIds: [],
  firstOrderOnly: false,
  combinesWithFlashSale: false,
  descriptionEn: "",
  descriptionTh: "",
};

export default function DiscountCodeForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("promotions");
  const { id, code, choices } = loaderData;
  const { locale, base, here } = useRecordFormPaths(listPath, id);
  const [form, fields] = useSchemaForm(discountCodeSchema, {
    id: `discount-code-${id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.draft ?? emptyDraft,
  });
  const locked = new Set<string>(code?.locked ?? []);
  const confirm = actionData?.confirm;

  return (
    <FormMessages namespace="promotions">
      <div className="space-y-6" data-testid="code-form-page">
        <FormPageHeading title={code ? t("codes.editHeading", { code: code.code }) : t("codes.newHeading")} backTo={base}>
          {code ? (
            <p className="flex items-center gap-2 text-sm">
              <Badge tone={codeStateTones[code.state]} testId="code-state">
                {t(`codes.states.${code.state}`)}
              </Badge>
              {code.usedCount > 0 ? (
                <Link
                  to={`${localizePath(locale, "/backend/promotion/code-history")}?q=${encodeURIComponent(code.code)}`}
                  className="text-primary-dark underline"
                  data-testid="code-used"
                >
                  {t("codes.usedTimes", { count: code.usedCount })}
                </Link>
              ) : null}
            </p>
          ) : null}
        </FormPageHeading>
        {confirm ? (
          <ConfirmStep
            step={confirm}
            action={here}
            cancelTo={here}
            title={t("codes.zeroLimit.title")}
            description={t("codes.zeroLimit.description")}
            confirmLabel={t("codes.zeroLimit.yes")}
          />
        ) : null}
        <FormErrors form={form} refusal={actionData?.refusal} />
        <Form method="post" action={here} className="space-y-6" data-testid="code-form" {...getFormProps(form)}>
          <Panel title={t("codes.sections.code")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <Field
                meta={fields.code}
                label={t("fields.code")}
                hint={t("codes.codeHint")}
                autoCapitalize="characters"
                autoComplete="off"
                className="font-mono"
              />
              <CheckboxField meta={fields.isActive} label={t("fields.isActive")} className="md:self-end" />
              <RadioGroupField
                meta={fields.type}
                label={t("fields.type")}
                options={discountTypes.map((type) => ({ value: type, label: t(`codes.kinds.${type}`) }))}
              />
              <div className="grid gap-4">
                <Field
                  meta={fields.value}
                  label={t("fields.value")}
                  hint={locked.has("value") ? t("codes.lockedHint") : t("codes.valueHint")}
                  inputMode="decimal"
                  autoComplete="off"
                  readOnly={locked.has("value")}
                />
                <MoneyField meta={fields.maxDiscount} label={t("fields.maxDiscount")} hint={t("codes.maxDiscountHint")} />
              </div>
              {locked.size > 0 ? (
                <p className="text-sm text-ink-muted md:col-span-2" data-testid="code-locked">
                  {t("codes.locked", { count: code?.usedCount ?? 0 })}
                </p>
              ) : null}
            </div>
          </Panel>
          <Panel title={t("codes.sections.limits")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <MoneyField meta={fields.minPurchase} label={t("fields.minPurchase")} />
              <Field meta={fields.usageLimit} label={t("fields.usageLimit")} hint={t("codes.usageLimitHint")} inputMode="numeric" />
              <Field meta={fields.perCustomerLimit} label={t("fields.perCustomerLimit")} inputMode="numeric" />
              <div className="grid gap-2">
                <CheckboxField meta={fields.firstOrderOnly} label={t("fields.firstOrderOnly")} />
                <CheckboxField meta={fields.combinesWithFlashSale} label={t("fields.combinesWithFlashSale")} hint={t("codes.combinesHint")} />
              </div>
              <Field meta={fields.startsAt} type="datetime-local" label={t("fields.startsAt")} hint={t("timeZoneHint")} />
              <Field meta={fields.endsAt} type="datetime-local" label={t("fields.endsAt")} hint={t("timeZoneHint")} />
            </div>
          </Panel>
          <Panel title={t("codes.sections.scope")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <RadioGroupField
                meta={fields.scope}
                label={t("fields.scope")}
                options={discountScopes.map((scope) => ({ value: scope, label: t(`codes.scopes.${scope}`) }))}
                className="md:col-span-2"
              />
              <SelectField meta={fields.categoryIds} label={t("fields.categoryIds")} hint={t("codes.targetsHint")} multiple size={6}>
                <Options of={choices.categories} label={(category) => localized(category, "name", locale)} />
              </SelectField>
              <SelectField meta={fields.collectionIds} label={t("fields.collectionIds")} hint={t("codes.targetsHint")} multiple size={6}>
                <Options of={choices.collections} label={(collection) => localized(collection, "name", locale)} />
              </SelectField>
              <SelectField meta={fields.productIds} label={t("fields.productIds")} hint={t("codes.targetsHint")} multiple size={8} className="md:col-span-2">
                <Options of={choices.products} label={(product) => localized(product, "name", locale)} />
              </SelectField>
            </div>
          </Panel>
          <Panel title={t("codes.sections.description")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <TextareaField meta={fields.descriptionEn} label={t("fields.descriptionEn")} rows={2} />
              <TextareaField meta={fields.descriptionTh} label={t("fields.descriptionTh")} rows={2} lang="th" />
            </div>
          </Panel>
          <SaveButton isNew={id === null} action={here} />
        </Form>
      </div>
    </FormMessages>
  );
}
