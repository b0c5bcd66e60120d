import { data } from "react-router";

import type { Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { ErrorPage, errorTitle, errorTitleKey } from "~/ui/error-page";
import { storefrontMeta } from "~/ui/meta";

import type { Route } from "./+types/not-found";

/** Any storefront URL no page matches: a 404 inside the shop's frame (header, footer, menus). */
export function loader({ context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "errors");
  return data({ meta: { title: errorTitle(404, t(errorTitleKey(404))) } }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

export default function NotFound() {
  return <ErrorPage status={404} embedded />;
}
