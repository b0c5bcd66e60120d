import { data } from "react-router";

import type { Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { ErrorPage } from "~/ui/error-page";

import type { Route } from "./+types/not-found";

/**
 * A /backend address no page answers (yet): 404 inside the back-office frame. The layout's
 * middleware has already refused it to a role whose menu group does not include it, so a role
 * learns nothing about pages it may not open.
 */
export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(getLocale(context) as Locale, "backend");
  return data({ meta: { title: `${t("meta.notFound")} | ${t("title")}` } }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export const handle = {
  breadcrumb: ({ t }) => [{ text: t("backend:meta.notFound") }],
} satisfies BreadcrumbHandle;

export default function BackendNotFound() {
  const { t } = useTranslation("backend");
  return <ErrorPage status={404} embedded home={{ to: "/backend/dashboard", label: t("meta.dashboard") }} />;
}
