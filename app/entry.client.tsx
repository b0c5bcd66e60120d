import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { defaultLocale, isLocale } from "./i18n/config";
import { TranslationProvider } from "./i18n/translation";

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
  // language's strings (a language switch is a full page load, so one bundle is enough).
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : defaultLocale;
  const messages = locale === "th" ? (await import("./i18n/locales/th")).default : (await import("./i18n/locales/en")).default;

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
