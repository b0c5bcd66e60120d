/**
 * The designer's 7 fonts (ADR 0015), self-hosted from @fontsource: each family's Thai, Latin and
 * Latin Extended subsets at the one weight design-options.ts names, as woff2 files Vite emits into
 * the designer's lazy chunk (imported with `?url`, so nothing is fetched until the designer loads).
 * Konva draws text once onto a canvas and does not redraw when a web font arrives, so the designer
 * waits for `document.fonts.load` before drawing, and redraws when a font arrives later.
 */
import baiJamjureeLatin from "@fontsource/bai-jamjuree/files/bai-jamjuree-latin-700-normal.woff2?url";
import baiJamjureeLatinExt from "@fontsource/bai-jamjuree/files/bai-jamjuree-latin-ext-700-normal.woff2?url";
import baiJamjureeThai from "@fontsource/bai-jamjuree/files/bai-jamjuree-thai-700-normal.woff2?url";
import chakraPetchLatin from "@fontsource/chakra-petch/files/chakra-petch-latin-700-normal.woff2?url";
import chakraPetchLatinExt from "@fontsource/chakra-petch/files/chakra-petch-latin-ext-700-normal.woff2?url";
import chakraPetchThai from "@fontsource/chakra-petch/files/chakra-petch-thai-700-normal.woff2?url";
import kanitLatin from "@fontsource/kanit/files/kanit-latin-600-normal.woff2?url";
import kanitLatinExt from "@fontsource/kanit/files/kanit-latin-ext-600-normal.woff2?url";
import kanitThai from "@fontsource/kanit/files/kanit-thai-600-normal.woff2?url";
import mitrLatin from "@fontsource/mitr/files/mitr-latin-500-normal.woff2?url";
import mitrLatinExt from "@fontsource/mitr/files/mitr-latin-ext-500-normal.woff2?url";
import mitrThai from "@fontsource/mitr/files/mitr-thai-500-normal.woff2?url";
import promptLatin from "@fontsource/prompt/files/prompt-latin-600-normal.woff2?url";
import promptLatinExt from "@fontsource/prompt/files/prompt-latin-ext-600-normal.woff2?url";
import promptThai from "@fontsource/prompt/files/prompt-thai-600-normal.woff2?url";
import sarabunLatin from "@fontsource/sarabun/files/sarabun-latin-700-normal.woff2?url";
import sarabunLatinExt from "@fontsource/sarabun/files/sarabun-latin-ext-700-normal.woff2?url";
import sarabunThai from "@fontsource/sarabun/files/sarabun-thai-700-normal.woff2?url";
import srirachaLatin from "@fontsource/sriracha/files/sriracha-latin-400-normal.woff2?url";
import srirachaLatinExt from "@fontsource/sriracha/files/sriracha-latin-ext-400-normal.woff2?url";
import srirachaThai from "@fontsource/sriracha/files/sriracha-thai-400-normal.woff2?url";

import { type DesignFont, designFonts } from "~/domain/design-options";

// The unicode ranges @fontsource's CSS gives each subset: the browser downloads only the files
// the text needs (a Latin-only name never fetches the Thai file).
const ranges = {
  thai: "U+02D7,U+0303,U+0331,U+0E01-0E5B,U+200C-200D,U+25CC",
  latin:
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  latinExt:
    "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
} as const;

const files: Record<DesignFont["key"], Record<keyof typeof ranges, string>> = {
  kanit: { thai: kanitThai, latin: kanitLatin, latinExt: kanitLatinExt },
  prompt: { thai: promptThai, latin: promptLatin, latinExt: promptLatinExt },
  sarabun: { thai: sarabunThai, latin: sarabunLatin, latinExt: sarabunLatinExt },
  mitr: { thai: mitrThai, latin: mitrLatin, latinExt: mitrLatinExt },
  "chakra-petch": { thai: chakraPetchThai, latin: chakraPetchLatin, latinExt: chakraPetchLatinExt },
  "bai-jamjuree": { thai: baiJamjureeThai, latin: baiJamjureeLatin, latinExt: baiJamjureeLatinExt },
  sriracha: { thai: srirachaThai, latin: srirachaLatin, latinExt: srirachaLatinExt },
};

let registered = false;

/** Adds the 7 families to document.fonts once (nothing is downloaded until a text needs it). */
export function registerDesignFonts(): void {
  if (registered || typeof document === "undefined" || typeof FontFace === "undefined") return;
  registered = true;
  for (const font of designFonts) {
    for (const subset of Object.keys(ranges) as (keyof typeof ranges)[]) {
      const face = new FontFace(font.family, `url(${files[font.key][subset]}) format("woff2")`, {
        weight: String(font.weight),
        style: "normal",
        unicodeRange: ranges[subset],
        display: "swap",
      });
      document.fonts.add(face);
    }
  }
}

/** The CSS font shorthand Konva and document.fonts use for a design font. */
export function fontStyleOf(font: DesignFont): { fontFamily: string; fontStyle: string } {
  return { fontFamily: `"${font.family}"`, fontStyle: String(font.weight) };
}

/**
 * Resolves when the faces the texts need are loaded (or failed: the canvas then draws with a
 * fallback rather than never). `texts` pairs a font with the string drawn in it.
 */
export async function loadDesignFonts(texts: readonly { font: DesignFont; text: string }[]): Promise<void> {
  registerDesignFonts();
  if (typeof document === "undefined") return;
  await Promise.all(texts.map(({ font, text }) => document.fonts.load(`${font.weight} 16px "${font.family}"`, text || "Aa").catch(() => [])));
}
