import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { defaultLocale, isLocale } from "./i18n/config";
import { markBackOfficeMessagesLoaded } from "./i18n/back-office-messages";
import { TranslationProvider, type Messages } from "./i18n/translation";

// Spec §8: when a code chunk fails to load (typically a deploy replaced it), reload the page —
// at most once a minute, so a chunk that is really gone cannot cause a reload loop.
const chunkReloadKey = "pryde:chunk-reload-at";
window.addEventListener("vite:preloadError", (event) => {
  const last = Number(sessionStorage.getItem(chunkReloadKey) ?? 0);
  if (Date.now() - last < 60_000) return;
  event.preventDefault();
  sessionStorage.setItem(chunkReloadKey, String(Date.now()));
  window.location.reload();
});

async function hydrate() {
  // The server chose the language from the URL and wrote it to <html lang>; load only that
  // language's strings (a language switch is a full page load, so one bundle is enough), and the
  // back office's strings only under /backend (links between the two load the whole document).
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : defaultLocale;
  const backOffice = /^\/(?:th\/)?backend(?:\/|$)/.test(window.location.pathname);
  const [storefront, staffPages] = await Promise.all([
    locale === "th" ? import("./i18n/locales/th/storefront") : import("./i18n/locales/en/storefront"),
    backOffice ? (locale === "th" ? import("./i18n/locales/th/back-office") : import("./i18n/locales/en/back-office")) : null,
  ]);
  const messages = { ...storefront.default, ...staffPages?.default } as Messages;
  if (staffPages) markBackOfficeMessagesLoaded();

  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider locale={locale} messages={messages}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </TranslationProvider>,
    );
  });
}

void hydrate();
