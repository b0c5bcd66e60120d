import type { RouterContextProvider } from "react-router";

import { getCloudflare } from "~/cloudflare";
import type { Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import type { Namespace } from "~/i18n/resources";
import type { Translate } from "~/ui/backend/list-columns";

import { requireCustomer } from "./guards.server";

interface CustomerRouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * How a signed-in customer's loader or action begins (the account pages), as `staffRoute` does in
 * the back office: the guard first — a guest goes to sign in and comes back, staff go home, nothing
 * is read before it — then the signed-in customer, the bindings, the page's language and a
 * translator of the page's namespace.
 */
export function customerRoute(args: CustomerRouteArgs, namespace: Namespace) {
  const viewer = requireCustomer(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, namespace) as unknown as Translate;
  return { viewer, env, locale, t };
}
