import { redirect } from "react-router";

import { type Locale, localizePath } from "~/i18n/config";
import { getLocale } from "~/i18n/i18next.server";

import type { Route } from "./+types/size-guides-temp";

/**
 * Spec §2 lists /size-guides-temp next to /size-guides with no difference of its own. A permanent
 * redirect keeps old links working while search engines and shoppers see one page (no duplicate
 * content to keep in step); the anchor of a link (#slug) survives the redirect in browsers.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  return redirect(`${localizePath(locale, "/size-guides")}${new URL(request.url).search}`, 301);
}
