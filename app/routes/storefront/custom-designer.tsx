import { designerAction, designerLoader } from "~/features/custom/designer-route.server";
import { SendStep } from "~/features/custom/send-step";
import { DesignerPage } from "~/features/designer/designer-page";
import type { Locale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";

import type { Route } from "./+types/custom-designer";

/**
 * Spec §2 /custom/select/{id}: the designer for one custom product (issue 6 items 2–4). Designing
 * happens in the client-only react-konva designer, which autosaves drafts and renders the images;
 * `?design={id}&step=send` is the send step (delivery details, estimated total, "Send for review").
 * Loader and action: app/features/custom/designer-route.server.ts.
 */
export async function loader(args: Route.LoaderArgs) {
  return designerLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return designerAction(args);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

/** A shopper's own design: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const handle = {
  breadcrumb: ({ t }) => [
    { text: t("custom:meta.title"), to: "/custom" },
    { text: t("custom:select.heading"), to: "/custom/select" },
  ],
} satisfies BreadcrumbHandle;

export default function CustomDesignerRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useTranslation("custom");
  const locale = i18n.language as Locale;
  const send = (actionData && "send" in actionData ? actionData.send : null) ?? loaderData.send;
  if (send) return <SendStep data={send} />;
  return loaderData.designer ? <DesignerPage data={loaderData.designer} locale={locale} /> : null;
}
