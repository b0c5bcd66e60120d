import { createI18nextMiddleware } from "remix-i18next";

import { defaultLocale, localeFromPathname, locales } from "./config";
import { namespaces, resources } from "./resources";

// The language comes from the URL alone (DESIGN §1): `/th/…` is Thai, the rest English.
// Loaders and actions translate with getInstance(context); components use app/i18n/translation.tsx.
export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
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
