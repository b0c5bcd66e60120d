/**
 * The text fonts a page of each language draws its first screen with (app/app.css's @font-face
 * rules), preloaded from the head so they are requested with the stylesheet instead of after it:
 * on a phone's slow link the text no longer paints in the fallback font and then shifts when the
 * font arrives (Lighthouse counted 0.08–0.16 CLS on `/` from the bold weight), and the first paint
 * does not wait a round trip for them (issue 19). English pages use only the Latin files (under
 * "Noto Sans Thai Latin"); Thai pages the Thai subset at every weight and the Latin digits and
 * prices at the weights Thai pages set them in. The Latin Extended files stay unpreloaded: a page
 * needs them only for a rare letter.
 */
import latin400 from "@fontsource/noto-sans-thai/files/noto-sans-thai-latin-400-normal.woff2?url";
import latin600 from "@fontsource/noto-sans-thai/files/noto-sans-thai-latin-600-normal.woff2?url";
import latin700 from "@fontsource/noto-sans-thai/files/noto-sans-thai-latin-700-normal.woff2?url";
import thai400 from "@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2?url";
import thai600 from "@fontsource/noto-sans-thai/files/noto-sans-thai-thai-600-normal.woff2?url";
import thai700 from "@fontsource/noto-sans-thai/files/noto-sans-thai-thai-700-normal.woff2?url";
import { preload } from "react-dom";

import type { Locale } from "~/i18n/config";

export const pageFonts: Record<Locale, readonly string[]> = {
  en: [latin400, latin600, latin700],
  th: [thai400, thai600, thai700, latin400, latin600],
};

/** React writes these preloads into the head once (its resource API dedupes them on every render). */
export function usePageFontPreloads(locale: Locale): void {
  // Fonts are fetched in CORS mode: a preload without `crossOrigin` would not be reused by the @font-face request.
  for (const href of pageFonts[locale]) preload(href, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
}
