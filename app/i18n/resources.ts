import type { Locale } from "./config";
import type en from "./locales/en";
import type th from "./locales/th";
import { MESSAGES_ASSET_PATH } from "./messages-asset";

export type Namespace = keyof typeof en;
type Resources = { en: typeof en; th: typeof th };

/**
 * Every namespace of both languages, for the server (loaders, actions, the JSON API, the server
 * render). Empty until {@link loadResources} has run: the Worker awaits it before React Router or
 * the API handle a request (workers/app.ts). The strings are a static file of the build read once
 * per isolate through the assets binding, not part of the Worker's code (issue 19: ~45 KiB gzip of
 * them are the back office's). The browser loads its own per-namespace chunks (client-messages.ts).
 */
export const resources = { en: {}, th: {} } as Resources;
export const namespaces: Namespace[] = [];

let loading: Promise<void> | undefined;

export function loadResources(): Promise<void> {
  loading ??= readResources().then(
    (loaded) => {
      Object.assign(resources.en, loaded.en);
      Object.assign(resources.th, loaded.th);
      namespaces.push(...(Object.keys(loaded.en) as Namespace[]));
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Strings for server code outside React (e-mails, jobs): `texts[locale]` is `pick` of that language's
 * namespaces, read from {@link resources} when used, not imported (the Worker carries no strings).
 * Every entry to the Worker awaits {@link loadResources} first (fetch, the cron jobs); before that it throws.
 */
export function serverTexts<T>(pick: (messages: Resources[Locale]) => T): Record<Locale, T> {
  const read = (locale: Locale) => {
    if (namespaces.length === 0) throw new Error("Strings are not loaded: await loadResources() before using them");
    return pick(resources[locale]);
  };
  return {
    get en() {
      return read("en");
    },
    get th() {
      return read("th");
    },
  };
}

async function readResources(): Promise<Resources> {
  // Development and tests read the modules (edits show at once); the build's branch is the file.
  if (import.meta.env.DEV) {
    const [enModule, thModule] = await Promise.all([import("./locales/en"), import("./locales/th")]);
    return { en: enModule.default, th: thModule.default };
  }
  const { env } = await import("cloudflare:workers");
  const response = await env.ASSETS.fetch(new URL(MESSAGES_ASSET_PATH, "http://localhost"));
  if (!response.ok) throw new Error(`Strings: ${MESSAGES_ASSET_PATH} answered ${response.status}`);
  return response.json<Resources>();
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: typeof en;
  }
}
