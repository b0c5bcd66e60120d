import { createContext, type ReactNode, useContext, useMemo } from "react";

import type { Locale } from "./config";
import type en from "./locales/en";
import type { Translation } from "./types";

/**
 * Components translate through this provider instead of i18next: the browser then ships only the
 * current language's strings and a few hundred bytes of code, not i18next and react-i18next
 * (~16 KiB gzip). Loaders translate through app/i18n/i18next.server.ts, which wraps {@link translate}; both
 * read the same resources and the same conventions: `{{name}}` interpolation, `key_one`/`key_other`
 * plurals chosen by Intl.PluralRules, `namespace:key` for another namespace, and `common` as the
 * fallback namespace.
 */
/** The strings of one language: English's shape, every leaf a string. */
export type Messages = Translation<typeof en>;
export type Namespace = keyof Messages;

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${WithoutPlural<K>}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type QualifiedKey = { [N in Namespace]: `${N}:${Leaves<Messages[N]>}` }[Namespace];

/** Keys a component of namespace N may ask for: its own, the fallback `common` ones, or `ns:key`. */
export type TranslationKey<N extends Namespace = "common"> = Leaves<Messages[N]> | Leaves<Messages["common"]> | QualifiedKey;
export type TranslationOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type TFunction<N extends Namespace = "common"> = (key: TranslationKey<N>, options?: TranslationOptions) => string;

interface TranslationState {
  locale: Locale;
  messages: Messages;
}

const TranslationContext = createContext<TranslationState | null>(null);

export function TranslationProvider({ locale, messages, children }: TranslationState & { children: ReactNode }) {
  const value = useMemo(() => ({ locale, messages }), [locale, messages]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

function lookup(tree: unknown, path: string): string | undefined {
  let node = tree;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

// A page asks for the same few hundred keys on every render (issue 19): each (strings, namespace, key)
// is looked up once per isolate. The strings objects live as long as the isolate (resources.ts) or the
// browser's page (client-messages.ts, which adds namespaces but never changes one), so a miss that a
// later namespace load would answer is not kept.
const resolvedByMessages = new WeakMap<Messages, Map<string, string | null>>();
function resolved(messages: Messages, ns: string, path: string): string | undefined {
  let cache = resolvedByMessages.get(messages);
  if (!cache) resolvedByMessages.set(messages, (cache = new Map()));
  const cacheKey = `${ns}\u0000${path}`;
  const kept = cache.get(cacheKey);
  if (kept !== undefined) return kept ?? undefined;
  const text = lookup(messages[ns as Namespace], path) ?? (ns === "common" ? undefined : lookup(messages.common, path));
  if (text !== undefined || (ns in messages && "common" in messages)) cache.set(cacheKey, text ?? null);
  return text;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralCategory(locale: Locale, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

export function translate(state: TranslationState, namespace: Namespace, key: string, options?: TranslationOptions): string {
  const separator = key.indexOf(":");
  let ns: string = namespace;
  let path = key;
  if (separator > 0 && key.slice(0, separator) in state.messages) {
    ns = key.slice(0, separator);
    path = key.slice(separator + 1);
  }
  const find = (candidate: string) => resolved(state.messages, ns, candidate);
  const count = options?.count;
  const text =
    (count === undefined ? undefined : (find(`${path}_${pluralCategory(state.locale, count)}`) ?? find(`${path}_other`))) ??
    find(path) ??
    options?.defaultValue ??
    key;
  if (!options) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => (name in options ? String(options[name]) : match));
}

/** `const { t, i18n } = useTranslation("catalog")`; `i18n.language` is the page's locale. */
export function useTranslation<N extends Namespace = "common">(namespace?: N) {
  const state = useContext(TranslationContext);
  if (!state) throw new Error("useTranslation needs a <TranslationProvider> (see entry.server.tsx / entry.client.tsx)");
  const ns = (namespace ?? "common") as Namespace;
  return useMemo(
    () => ({
      t: ((key, options) => translate(state, ns, key, options)) as TFunction<N>,
      i18n: { language: state.locale },
    }),
    [state, ns],
  );
}
