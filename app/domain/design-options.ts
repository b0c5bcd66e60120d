/**
 * The fixed choices of the custom-product designer (spec §3 "Banner" and "Custom design options",
 * §9; DESIGN §5 customisation model). The database CHECKs in app/db/schema/custom.ts hold the same
 * values; this module is the one the designer, the server and the back office read.
 */

export const designSides = ["front", "back"] as const;
export type DesignSide = (typeof designSides)[number];

export const bannerPositions = ["left", "center", "right"] as const;
export type BannerPosition = (typeof bannerPositions)[number];

/**
 * Spec §5/§9 "banner text 25 / 7 / 25", in user-perceived characters (graphemes, banner-text.ts).
 * A product's banner may allow fewer (custom_banners.max_length), never more.
 */
export const bannerTextLimits: Readonly<Record<BannerPosition, number>> = { left: 25, center: 7, right: 25 };

/**
 * The 7 fonts (spec: "7 named fonts"). All SIL Open Font Licence 1.1 families from Google Fonts
 * that draw both Thai and Latin in one file set, so a name in either script looks the same; the
 * designer self-hosts them (no third-party font requests). `id` is custom_design_texts.font_id (1–7)
 * and the design JSON's `fontId`; never renumber, only append.
 */
export const designFonts = [
  { id: 1, key: "kanit", family: "Kanit", displayName: "Kanit", weight: 600, style: "sans" },
  { id: 2, key: "prompt", family: "Prompt", displayName: "Prompt", weight: 600, style: "sans" },
  { id: 3, key: "sarabun", family: "Sarabun", displayName: "Sarabun", weight: 700, style: "sans" },
  { id: 4, key: "mitr", family: "Mitr", displayName: "Mitr", weight: 500, style: "rounded" },
  { id: 5, key: "chakra-petch", family: "Chakra Petch", displayName: "Chakra Petch", weight: 700, style: "square" },
  { id: 6, key: "bai-jamjuree", family: "Bai Jamjuree", displayName: "Bai Jamjuree", weight: 700, style: "sans" },
  { id: 7, key: "sriracha", family: "Sriracha", displayName: "Sriracha", weight: 400, style: "script" },
] as const;
export type DesignFont = (typeof designFonts)[number];
export type DesignFontId = DesignFont["id"];
export const designFontIds = designFonts.map((font) => font.id) as readonly DesignFontId[];
export const designFontLicence = "OFL-1.1";

/** Spec: white, black, grey, red, green, blue, yellow. Hex is what the canvas and the print image use. */
export const designTextColors = ["white", "black", "grey", "red", "green", "blue", "yellow"] as const;
export type DesignTextColor = (typeof designTextColors)[number];
export const designTextColorHex: Readonly<Record<DesignTextColor, string>> = {
  white: "#FFFFFF",
  black: "#000000",
  grey: "#8C8C8C",
  red: "#D7261E",
  green: "#1E8E3E",
  blue: "#1C4FD8",
  yellow: "#FFD100",
};

/** Spec §9: font sizes 20 to 100 in steps of 10. */
export const designFontSizes = [20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
export type DesignFontSize = (typeof designFontSizes)[number];

/** Spec: custom sizes s, m, l, xl (custom_designs.quantity_s … quantity_xl). */
export const garmentSizes = ["s", "m", "l", "xl"] as const;
export type GarmentSize = (typeof garmentSizes)[number];

/** The design JSON's `version`; a newer shape gets a new number and a migration of stored drafts. */
export const designSchemaVersion = 1;
export const designNotesMaxLength = 1000;
/** Images a side may carry: enough for logos and sponsors, few enough to render and review. */
export const maxElementsPerSide = 20;
/** One size's quantity; a team order far above this is a phone call, not a form. */
export const maxQuantityPerSize = 9999;
/** Geometry is in millimetres on the garment; nothing printable is bigger than this. */
export const maxDesignMillimetres = 2000;
/** DPI below which an upload looks blurry in print (the designer warns, the server does not refuse). */
export const targetPrintDpi = 150;

export function isDesignSide(value: unknown): value is DesignSide {
  return typeof value === "string" && (designSides as readonly string[]).includes(value);
}

export function isBannerPosition(value: unknown): value is BannerPosition {
  return typeof value === "string" && (bannerPositions as readonly string[]).includes(value);
}

export function designFontById(id: number): DesignFont | undefined {
  return designFonts.find((font) => font.id === id);
}
