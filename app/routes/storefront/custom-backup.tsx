import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { getViewer } from "~/features/accounts/viewer.server";
import { deleteDraftSchema } from "~/features/custom/design-backup-schemas";
import { deleteDraft, designOwnerOf, listOwnDesigns } from "~/features/custom/designs.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { confirmStep, confirmStepValue, isConfirmed } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";
import { FormErrors, FormMessages } from "~/ui/form/fields";
import { mediaUrl } from "~/ui/media-url";
import { storefrontMeta } from "~/ui/meta";
import { PageTitle } from "~/ui/page-title";
import { useFormatPrice } from "~/ui/price";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/custom-backup";

/**
 * Spec §2 /custom/create_backup: the shopper's saved designs (drafts autosave; a guest's live in
 * their session, a customer's in their account). Open one to carry on, see the order of a sent one,
 * or delete a draft. Only the viewer's own designs are listed.
 */
const backupPath = "/custom/create_backup";

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "custom");
  const viewer = getViewer(context);
  const designs = await listOwnDesigns(env.DB, designOwnerOf(viewer));
  return data(
    {
      designs: designs.map((design) => ({
        id: design.id,
        productId: design.productId,
        productName: localized(design, "productName", locale),
        imageUrl: design.frontImageKey ? mediaUrl(design.frontImageKey) : null,
        status: design.status,
        unitPriceSatang: design.unitPriceSatang,
        totalQuantity: design.totalQuantity,
        updatedAt: design.updatedAt,
        orderNumber: design.orderNumber,
      })),
      guest: viewer.kind !== "customer",
      meta: { title: t("meta.backupTitle"), description: t("meta.description") },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Deleting a draft asks first (with JavaScript in a dialog, without it on a confirm step), then says
 * so on the list; a design that is not the viewer's draft (any more) is "not found" (404).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: deleteDraftSchema });
  const notFound = () => data({ result: submission.reply({ formErrors: ["notFound"] }), confirm: null }, { status: 404 });
  if (submission.status !== "success") return notFound();
  if (!isConfirmed(formData)) return data({ result: undefined, confirm: confirmStep(formData) });
  if (!(await deleteDraft(env.DB, designOwnerOf(getViewer(context)), submission.value.designId))) return notFound();
  return redirectWithToast(request, localizePath(locale, backupPath), { key: "custom:backup.deleted" });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

/** A shopper's own design: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const handle = {
  breadcrumb: ({ t }) => [{ text: t("custom:meta.title"), to: "/custom" }, { text: t("custom:backup.heading") }],
} satisfies BreadcrumbHandle;

export default function CustomBackupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("custom");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const format = useFormatPrice();
  const here = localizePath(locale, backupPath);
  const [form] = useForm({ id: "saved-designs", lastResult: actionData?.result });
  const asking = actionData?.confirm ?? null;
  const askedFor = loaderData.designs.find((design) => String(design.id) === confirmStepValue(asking, "designId"));
  const question = (name: string) => ({
    title: t("backup.confirmTitle", { name }),
    description: t("backup.confirmDescription"),
    confirmLabel: t("backup.delete"),
  });
  return (
    <FormMessages namespace="custom">
      <div className="mx-auto max-w-4xl px-4 py-6" data-testid="custom-backup">
        <PageTitle title={t("backup.heading")} intro={t("backup.intro")} />
        {loaderData.guest ? <p className="mt-2 text-sm text-ink-muted">{t("backup.guestNote")}</p> : null}
        <div className="mt-4">
          <FormErrors form={form} />
        </div>
        {asking && askedFor ? <ConfirmStep step={asking} action={here} cancelTo={here} {...question(askedFor.productName)} /> : null}
        {loaderData.designs.length === 0 ? (
          <p className="mt-6 rounded-xl border border-dashed border-line px-6 py-12 text-center text-ink-muted" data-testid="empty-state">
            {t("backup.empty")}
          </p>
        ) : (
          <Form method="post" action={here} {...getFormProps(form)}>
            <input type="hidden" name="intent" value="delete" />
            <ul className="mt-6 divide-y divide-line rounded-xl border border-line" data-testid="saved-designs">
              {loaderData.designs.map((design) => (
                <li key={design.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="saved-design">
                  {design.imageUrl ? (
                    <img src={design.imageUrl} alt="" width={64} height={64} className="size-16 rounded border border-line bg-white object-contain" />
                  ) : null}
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{design.productName}</p>
                    <p className="text-sm text-ink-muted">
                      <span data-testid="design-status">{t(`backup.status.${design.status}`)}</span> · {t("backup.pieces", { count: design.totalQuantity })} ·{" "}
                      {format(design.unitPriceSatang)} · {t("backup.updated", { date: formatDate(design.updatedAt, locale) })}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {design.status === "draft" || design.status === "changes_requested" ? (
                      <Link
                        to={localizePath(locale, `/custom/select/${design.productId}?design=${design.id}`)}
                        className="btn-primary"
                        data-testid="open-design"
                      >
                        {t("backup.open")}
                      </Link>
                    ) : null}
                    {design.orderNumber ? (
                      <Link to={localizePath(locale, `/cart/checkout/${design.orderNumber}`)} className="btn-ghost border border-line">
                        {t("backup.viewOrder", { number: design.orderNumber })}
                      </Link>
                    ) : null}
                    {design.status === "draft" ? (
                      <ConfirmButton
                        name="designId"
                        value={String(design.id)}
                        {...question(design.productName)}
                        className="btn-ghost border border-line text-error"
                        testId="delete-design"
                      >
                        {t("backup.delete")}
                      </ConfirmButton>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </Form>
        )}
      </div>
    </FormMessages>
  );
}
