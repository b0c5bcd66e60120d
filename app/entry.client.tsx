import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import { markBackOfficeMessagesLoaded } from "./i18n/back-office-messages";
import { clientMessages, loadNamespaces } from "./i18n/client-messages";
import { defaultLocale, isLocale } from "./i18n/config";
import { shellNamespaces, type StorefrontNamespace } from "./i18n/route-namespaces";
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
  // language's strings (a language switch is a full page load), and of those only the namespaces
  // of this page's routes, which the server listed on <html data-i18n> (app/i18n/client-messages.ts).
  // The back office's pages load every namespace (links between the two load the whole document);
  // the server marks them from the routes it matched, whatever the address's spelling.
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : defaultLocale;
  const messages = clientMessages(locale);
  if (document.documentElement.hasAttribute("data-back-office")) {
    const [storefront, staffPages] = await Promise.all([
      locale === "th" ? import("./i18n/locales/th/storefront") : import("./i18n/locales/en/storefront"),
      locale === "th" ? import("./i18n/locales/th/back-office") : import("./i18n/locales/en/back-office"),
    ]);
    Object.assign(messages, storefront.default, staffPages.default);
    markBackOfficeMessagesLoaded();
  } else {
    const listed = (document.documentElement.dataset.i18n ?? "").split(" ").filter(Boolean) as StorefrontNamespace[];
    await loadNamespaces(listed.length > 0 ? listed : shellNamespaces);
  }

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
