import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CircleAlert, CircleCheck } from "lucide-react";
import { data, Form, Link } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { cancelBackInStockRequest, findBackInStockRequest } from "~/features/catalog/back-in-stock.server";
import { backInStockUnsubscribeSchema } from "~/features/catalog/back-in-stock-schemas";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { PageTitle } from "~/ui/page-title";

import type { Route } from "./+types/back-in-stock-unsubscribe";

/**
 * /back-in-stock/unsubscribe?token= (issue 20), the link in every back-in-stock e-mail. GET only
 * asks (mail scanners open links; they must not cancel anything); the button POSTs the token and
 * cancels the request if it is still open. A wrong, cut-off or unknown token is a clear message
 * with status 404, never an error page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "shop");
  const token = new URL(request.url).searchParams.get("token");
  const found = await findBackInStockRequest(env.DB, token);
  const meta = { title: t("backInStock.unsubscribe.title"), description: "" };
  if (!found.found) return data({ state: "invalid" as const, token: "", product: null, meta }, { status: 404 });
  return data({
    state: found.open ? ("open" as const) : ("closed" as const),
    token: token ?? "",
    product: { nameEn: found.productNameEn, nameTh: found.productNameTh, slug: found.slug, variantId: found.variantId },
    meta,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const submission = parseWithZod(await request.formData(), { schema: backInStockUnsubscribeSchema });
  // A token that is not one (any more) cancels nothing; the loader's fresh state says what is true.
  const cancelled = submission.status === "success" && (await cancelBackInStockRequest(env.DB, submission.value.token));
  return data({ result: submission.reply(), cancelled });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

export const handle = { breadcrumb: ({ t }) => [{ text: t("shop:backInStock.unsubscribe.title") }] } satisfies BreadcrumbHandle;

export default function BackInStockUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("shop");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { product } = loaderData;
  // After the POST the loader ran again: a request just cancelled reads as "closed" there.
  const state = actionData?.cancelled ? "done" : loaderData.state;
  const [form] = useForm({ id: "back-in-stock-unsubscribe", lastResult: actionData?.result });
  const notice = (icon: "ok" | "alert", text: string, testId: string) => (
    <p role="status" className="flex gap-2 rounded-md border border-line bg-surface-muted px-4 py-3" data-testid={testId}>
      {icon === "ok" ? (
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary-dark" aria-hidden />
      ) : (
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-error" aria-hidden />
      )}
      {text}
    </p>
  );
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 md:py-10" data-testid="back-in-stock-unsubscribe" data-state={state}>
      <PageTitle title={t("backInStock.unsubscribe.title")} />
      <div className="mt-6 flex flex-col gap-4">
        {state === "invalid" ? notice("alert", t("backInStock.unsubscribe.invalid"), "unsubscribe-invalid") : null}
        {state === "done" ? notice("ok", t("backInStock.unsubscribe.done"), "unsubscribe-done") : null}
        {state === "closed" ? notice("ok", t("backInStock.unsubscribe.already"), "unsubscribe-closed") : null}
        {state === "open" && product ? (
          <Form method="post" className="flex flex-col gap-4" data-testid="unsubscribe-form" {...getFormProps(form)}>
            <p>{t("backInStock.unsubscribe.body", { product: localized(product, "name", locale) })}</p>
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="btn-primary w-full sm:w-fit" data-testid="unsubscribe-submit">
              {t("backInStock.unsubscribe.submit")}
            </button>
          </Form>
        ) : null}
        <Link to={localizePath(locale, "/shop")} className="text-sm font-semibold text-primary-dark underline">
          {t("backInStock.unsubscribe.shop")}
        </Link>
      </div>
    </div>
  );
}
