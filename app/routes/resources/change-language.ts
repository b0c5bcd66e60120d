import { redirect } from "react-router";

import { safeReturnPath } from "~/domain/return-path";
import { localeCookie } from "~/features/preferences/preferences.server";
import { isLocale, localizePath } from "~/i18n/config";

import type { Route } from "./+types/change-language";

/**
 * GET /change-language?lang=th&next=/shop — the language switcher. Remembers the choice (a visit
 * to `/` follows it) and opens the same page in the chosen language.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang");
  const next = safeReturnPath(url.searchParams.get("next"));
  if (!isLocale(lang)) return redirect(next);
  return redirect(localizePath(lang, next), { headers: { "Set-Cookie": localeCookie(request, lang) } });
}
