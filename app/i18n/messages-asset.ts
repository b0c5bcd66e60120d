/**
 * Where the build puts both languages' strings for the Worker (scripts/static-data-assets.ts writes
 * it from ./locales; app/i18n/resources.ts reads it).
 */
export const MESSAGES_ASSET_PATH = "/data/messages.json";
