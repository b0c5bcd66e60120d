import { createI18nextMiddleware } from "remix-i18next";

import { defaultLocale, localeFromPathname, locales } from "./config";
import { loadResources, namespaces, resources } from "./resources";

// The language comes from the URL alone (DESIGN §1): `/th/…` is Thai, the rest English.
// Loaders and actions translate with getInstance(context); components use app/i18n/translation.tsx.
const [detectAndTranslate, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...locales],
    fallbackLanguage: defaultLocale,
    order: ["custom"],
    findLocale: async ({ request }) => localeFromPathname(new URL(request.url).pathname),
  },
  i18next: {
    resources,
    ns: namespaces,
    defaultNS: "common",
    fallbackNS: "common",
    interpolation: { escapeValue: false },
  },
});

export { getInstance, getLocale };

/** The strings are read once per isolate (resources.ts); the Worker usually has them already. */
export const i18nextMiddleware: typeof detectAndTranslate = async (args, next) => {
  await loadResources();
  return detectAndTranslate(args, next);
};
