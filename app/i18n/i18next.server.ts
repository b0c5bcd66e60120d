import type { i18n as I18next } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { type Locale, localeFromPathname } from "./config";
import { loadResources, type Namespace, resources } from "./resources";
import { type Messages, translate, type TranslationOptions } from "./translation";

/**
 * What loaders and actions translate with: `getInstance(context).getFixedT(locale, "ns")` and
 * `exists`, with i18next's types and conventions (`{{x}}`, `_one`/`_other` plurals, `ns:key`, the
 * `common` fallback) but app/i18n/translation.tsx's few lines of code instead of i18next and
 * remix-i18next (issue 19: ~16 KiB gzip of the Worker, and an i18next instance built and
 * initialised on every request). Components use app/i18n/translation.tsx directly.
 */
export type ServerI18n = Pick<I18next, "getFixedT" | "exists">;

const missing = "\u0000missing";

function lookup(locale: Locale, namespaces: readonly Namespace[], key: string, options?: TranslationOptions): string | undefined {
  const state = { locale, messages: resources[locale] as unknown as Messages };
  for (const namespace of namespaces) {
    const text = translate(state, namespace, key, { ...options, defaultValue: missing });
    if (text !== missing) return text;
  }
  return undefined;
}

/** A key nothing matches comes back as i18next gives it: without its namespace. */
function withoutNamespace(locale: Locale, key: string): string {
  const separator = key.indexOf(":");
  return separator > 0 && key.slice(0, separator) in resources[locale] ? key.slice(separator + 1) : key;
}

const namespaceList = (ns: unknown): Namespace[] => (Array.isArray(ns) ? ns : [ns ?? "common"]) as Namespace[];

const serverI18n: ServerI18n = {
  getFixedT: ((locale: Locale, ns?: Namespace | Namespace[]) => {
    const namespaces = namespaceList(ns);
    return (key: string, options?: TranslationOptions) => lookup(locale, namespaces, key, options) ?? options?.defaultValue ?? withoutNamespace(locale, key);
  }) as unknown as I18next["getFixedT"],
  exists: ((key: string, options?: TranslationOptions & { lng?: Locale; ns?: Namespace | Namespace[] }) => {
    const { lng, ns, ...rest } = options ?? {};
    return lookup(lng ?? "en", namespaceList(ns), key, rest) !== undefined;
  }) as unknown as I18next["exists"],
};

const localeContext = createContext<Locale>();

// The language comes from the URL alone (DESIGN §1): `/th/…` is Thai, the rest English. The strings
// are read once per isolate (resources.ts); the Worker usually has them already.
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  await loadResources();
  context.set(localeContext, localeFromPathname(new URL(request.url).pathname));
  return next();
};

export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}

export function getInstance(_context: Readonly<RouterContextProvider>): ServerI18n {
  return serverI18n;
}
