import { use } from "react";
import { useMatches } from "react-router";

import type { Locale } from "./config";
import { namespacesForRoutes, type StorefrontNamespace } from "./route-namespaces";
import type { Messages } from "./translation";

/**
 * The browser's strings, one chunk per language and namespace (issue 19): a page downloads its
 * language's namespaces for its routes only (app/i18n/route-namespaces.ts), not every storefront
 * namespace of both languages. The {@link TranslationProvider} of app/entry.client.tsx holds
 * {@link clientMessages}, which grows as a client-side navigation reaches a route with new ones.
 */
// Only the storefront's namespaces (storefront.ts; route-namespaces.test.ts checks this list matches it).
// The built Worker never loads them (it renders with app/i18n/resources.ts): left out of its bundle.
export const namespaceFiles: Record<string, () => Promise<{ default: Messages[keyof Messages] }>> =
  import.meta.env.SSR && import.meta.env.PROD
    ? {}
    : import.meta.glob<{ default: Messages[keyof Messages] }>(
        "./locales/*/{account,affiliate,auth,cart,catalog,common,content,custom,documents,errors,exchanges,forms,payments,purchases,reviews,search,shop,terms,tracking}.ts",
      );

const messages = {} as Messages;
let messagesLocale: Locale = "en";
const loading = new Map<string, Promise<void>>();

/** The one object the browser's translation provider reads (namespaces are added, never replaced). */
export function clientMessages(locale: Locale): Messages {
  messagesLocale = locale;
  return messages;
}

function load(namespace: StorefrontNamespace): Promise<void> {
  const file = `./locales/${messagesLocale}/${namespace.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.ts`;
  const importer = namespaceFiles[file];
  if (!importer) return Promise.reject(new Error(`No strings for ${namespace} (${file})`));
  return importer().then((module) => {
    (messages as Record<string, unknown>)[namespace] = module.default;
  });
}

/** Loads the namespaces the browser does not hold yet; null when it holds them all. */
export function loadNamespaces(namespaces: readonly StorefrontNamespace[]): Promise<void> | null {
  const missing = namespaces.filter((namespace) => !(namespace in messages));
  if (missing.length === 0) return null;
  const key = missing.join(" ");
  let promise = loading.get(key);
  if (!promise) {
    promise = Promise.all(missing.map(load)).then(() => undefined);
    loading.set(key, promise);
    promise.then(
      () => loading.delete(key),
      () => loading.delete(key),
    );
  }
  return promise;
}

/**
 * The storefront namespaces of the matched routes (root.tsx writes them on <html data-i18n> for
 * app/entry.client.tsx). In the browser, a navigation to a route with strings not loaded yet waits
 * for them (React keeps the current page on screen meanwhile: router updates are transitions).
 */
export function usePageNamespaces(): StorefrontNamespace[] {
  const namespaces = namespacesForRoutes(useMatches().map((match) => match.id));
  if (typeof document !== "undefined") {
    const pending = loadNamespaces(namespaces);
    if (pending) use(pending);
  }
  return namespaces;
}
