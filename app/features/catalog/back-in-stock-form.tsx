import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { BellRing, CircleCheck } from "lucide-react";
import { useFetcher } from "react-router";

import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Field, FormErrors, FormMessages, SubmitButton } from "~/ui/form/fields";
import { type FormConstraint, useDeferredSchemaForm } from "~/ui/form/use-deferred-schema-form";
import { useHydrated } from "~/ui/use-hydrated";

/** What the notify action answers a form sent with JavaScript (`enhanced=1`); without it, a redirect with a toast. */
export type BackInStockActionData = { ok: true } | { ok: false; result: SubmissionResult<string[]> };

/**
 * The action's address: a route of its own (app/routes/storefront/back-in-stock.tsx), so the product
 * page's module stays as it was. The variant is in the query too: the page a form without
 * JavaScript lands on shows that variant.
 */
export function backInStockPath(locale: Locale, slug: string, variantId: number): string {
  return `${localizePath(locale, `/shop/${encodeURIComponent(slug)}/notify`)}?variant=${variantId}`;
}

/**
 * "E-mail me when it is back" under a sold-out variant (issue 20). A signed-in customer gets one
 * button (their account's address); a guest types an address. With JavaScript it answers in place;
 * without, the form posts to the notify page, which redirects back here with a toast (or shows the
 * form again with its messages).
 */
export function BackInStockForm({
  slug,
  variantId,
  locale,
  customerEmail,
  constraint,
  lastResult,
}: {
  slug: string;
  variantId: number;
  locale: Locale;
  /** The signed-in customer's address; null for a guest. */
  customerEmail: string | null;
  /** `backInStockConstraint(…)` from the page's loader (back-in-stock-schemas.ts). */
  constraint: FormConstraint;
  /** The server's answer when the form is shown again on the notify page (no JavaScript). */
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("shop");
  const fetcher = useFetcher<BackInStockActionData>();
  const hydrated = useHydrated();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // One hook either way; a customer's form simply has no e-mail field (and is checked without one).
  const [form, fields, validation] = useDeferredSchemaForm(
    () =>
      import("./back-in-stock-schemas").then(
        (schemas) => (customerEmail ? schemas.backInStockCustomerSchema : schemas.backInStockGuestSchema) as typeof schemas.backInStockGuestSchema,
      ),
    {
      id: `back-in-stock-${variantId}`,
      constraint,
      lastResult: answer && !answer.ok ? answer.result : lastResult,
      defaultValue: { variantId: String(variantId) },
    },
  );

  if (answer?.ok) {
    return (
      <p role="status" className="flex gap-2 rounded-md border border-line bg-surface-muted px-4 py-3 text-sm" data-testid="back-in-stock-done">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary-dark" aria-hidden />
        {t("backInStock.done")}
      </p>
    );
  }
  return (
    <section aria-labelledby={`${form.id}-heading`} className="rounded-md border border-line px-4 py-3" data-testid="back-in-stock">
      <h2 id={`${form.id}-heading`} className="flex items-center gap-2 font-semibold">
        <BellRing className="size-5 text-primary-dark" aria-hidden />
        {t("backInStock.heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t("backInStock.intro")}</p>
      <FormMessages namespace="shop">
        <div className="mt-3">
          <FormErrors form={form} />
        </div>
        <fetcher.Form
          method="post"
          action={backInStockPath(locale, slug, variantId)}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          data-testid="back-in-stock-form"
          data-hydrated={hydrated}
          {...getFormProps(form)}
          {...validation}
        >
          <input type="hidden" name={fields.variantId.name} value={variantId} />
          {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
          {customerEmail === null ? (
            <Field meta={fields.email} type="email" label={t("backInStock.email")} autoComplete="email" className="flex-1" data-testid="back-in-stock-email" />
          ) : (
            <p className="text-sm" data-testid="back-in-stock-account">
              {t("backInStock.signedInAs", { email: customerEmail ?? "" })}
            </p>
          )}
          <SubmitButton pendingText={t("backInStock.submitting")} testId="back-in-stock-submit" className="sm:w-auto">
            {fetcher.state !== "idle" ? t("backInStock.submitting") : t("backInStock.submit")}
          </SubmitButton>
        </fetcher.Form>
      </FormMessages>
    </section>
  );
}
