import { redirect } from "react-router";

import { localeFromPathname, localizePath } from "~/i18n/config";

import type { Route } from "./+types/index";

/** /backend (and /th/backend) is the dashboard's address without its name: go there. */
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPathname(new URL(request.url).pathname);
  return redirect(localizePath(locale, "/backend/dashboard"));
}
