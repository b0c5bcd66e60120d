import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { defaultLocale, isLocale } from "./i18n/config";

async function hydrate() {
  // The server chose the language from the URL and wrote it to <html lang>; load only that
  // language's strings (a language switch is a full page load, so one bundle is enough).
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : defaultLocale;
  const messages = locale === "th" ? await import("./i18n/locales/th") : await import("./i18n/locales/en");
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: defaultLocale,
    resources: { [locale]: messages.default },
    ns: Object.keys(messages.default),
    defaultNS: "common",
    fallbackNS: "common",
    interpolation: { escapeValue: false },
  });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
