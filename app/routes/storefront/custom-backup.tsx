import { data, Form, Link } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { FormAlert } from "~/features/accounts/auth-form";
import { getViewer } from "~/features/accounts/viewer.server";
import { deleteDraft, designOwnerOf, listOwnDesigns } from "~/features/custom/designs.server";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { mediaUrl } from "~/ui/media-url";
import { useFormatPrice } from "~/ui/price";
import type { Route } from "./+types/custom-backup";

/**
 * Spec §2 /custom/create_backup: the shopper's saved designs (drafts autosave; a guest's live in
 * their session, a customer's in their account). Open one to carry on, see the order of a sent one,
 * or delete a draft. Only the viewer's own designs are listed.
 */
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
        productName: locale === "th" ? design.productNameTh : design.productNameEn,
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

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "custom");
  const tm = getInstance(context).getFixedT(locale, "customMessages");
  const form = await request.formData();
  const id = String(form.get("designId") ?? "");
  const deleted = form.get("intent") === "delete" && /^[1-9][0-9]{0,8}$/.test(id) && (await deleteDraft(env.DB, designOwnerOf(getViewer(context)), Number(id)));
  return deleted ? { ok: true as const, message: t("backup.deleted") } : data({ ok: false as const, message: tm("errors.notFound") }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => [
  ...storefrontMeta(loaderData?.meta, matches, location.pathname),
  { name: "robots", content: "noindex" },
];

/** A shopper's own design: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const handle = {
  breadcrumb: ({ t }) => [{ text: t("custom:meta.title"), to: "/custom" }, { text: t("custom:backup.heading") }],
} satisfies BreadcrumbHandle;

export default function CustomBackupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("custom");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const format = useFormatPrice();
  return (
    <div className="mx-auto max-w-4xl px-4 py-6" data-testid="custom-backup">
      <h1 className="text-2xl font-bold md:text-3xl">{t("backup.heading")}</h1>
      <p className="mt-2 text-ink-muted">{t("backup.intro")}</p>
      {loaderData.guest ? <p className="mt-2 text-sm text-ink-muted">{t("backup.guestNote")}</p> : null}
      {actionData ? (
        <div className="mt-4">
          <FormAlert tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormAlert>
        </div>
      ) : null}
      {loaderData.designs.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-line px-6 py-12 text-center text-ink-muted" data-testid="empty-state">
          {t("backup.empty")}
        </p>
      ) : (
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
                  <Link to={localizePath(locale, `/custom/select/${design.productId}?design=${design.id}`)} className="btn-primary" data-testid="open-design">
                    {t("backup.open")}
                  </Link>
                ) : null}
                {design.orderNumber ? (
                  <Link to={localizePath(locale, `/cart/checkout/${design.orderNumber}`)} className="btn-ghost border border-line">
                    {t("backup.viewOrder", { number: design.orderNumber })}
                  </Link>
                ) : null}
                {design.status === "draft" ? (
                  <Form method="post">
                    <input type="hidden" name="designId" value={design.id} />
                    <button type="submit" name="intent" value="delete" className="btn-ghost border border-line text-error" data-testid="delete-design">
                      {t("backup.delete")}
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
