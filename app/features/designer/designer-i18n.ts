import type { DesignProblem } from "~/domain/custom-design";
import type { DesignSide } from "~/domain/design-options";
import type { Locale } from "~/i18n/config";
import en from "~/i18n/locales/en/designer";
import th from "~/i18n/locales/th/designer";

import type { DesignerProductView } from "./designer-types";

/**
 * The designer's strings. Both dictionaries are imported here directly (not through the
 * storefront bundle every browser loads); `{{name}}` interpolation like the rest of the app.
 */

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type DesignerKey = Leaves<typeof en>;
export type DesignerT = (key: DesignerKey, values?: Record<string, string | number>) => string;

const dictionaries: Record<Locale, typeof en> = { en, th };

export function designerMessages(locale: Locale): typeof en {
  return dictionaries[locale];
}

export function designerT(locale: Locale): DesignerT {
  const messages = designerMessages(locale);
  return (key, values) => {
    let node: unknown = messages;
    for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
    const text = typeof node === "string" ? node : key;
    return values ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match)) : text;
  };
}

/** A problem from checkDesign in the shopper's words, naming the attribute, side and banner it concerns. */
export function describeProblem(problem: DesignProblem, t: DesignerT, product: Pick<DesignerProductView, "attributes" | "banners">): string {
  const sideName = (side: DesignSide) => t(side === "front" ? "canvas.front" : "canvas.back").toLowerCase();
  switch (problem.code) {
    case "invalid-json":
    case "invalid-design":
      return t("problems.invalidDesign", { path: "path" in problem ? problem.path : "" });
    case "design-too-large":
      return t("problems.tooLarge");
    case "unknown-font":
      return t("problems.unknownFont");
    case "unknown-colour":
      return t("problems.unknownColour");
    case "unknown-font-size":
      return t("problems.unknownFontSize");
    case "notes-invalid":
      return t("problems.notes");
    case "product-mismatch":
      return t("problems.productMismatch");
    case "unknown-attribute":
    case "duplicate-attribute":
    case "unknown-option":
      return t("problems.unknownAttribute");
    case "missing-option": {
      const attribute = product.attributes.find((candidate) => candidate.id === problem.attributeId);
      return t("problems.missingOption", { attribute: attribute?.name.toLowerCase() ?? String(problem.attributeId) });
    }
    case "banner-not-offered":
    case "duplicate-banner":
      return t("problems.bannerNotOffered", { side: sideName(problem.side) });
    case "banner-text": {
      const banner = product.banners.find((candidate) => candidate.side === problem.side && candidate.position === problem.position);
      return t(`problems.bannerText.${problem.reason}`, { label: banner?.label ?? problem.position, max: problem.maxLength, length: problem.length });
    }
    case "too-many-elements":
      return t("problems.tooManyElements", { side: sideName(problem.side), max: problem.max });
    case "duplicate-element":
      return t("problems.duplicateElement", { side: sideName(problem.side) });
    case "no-print-area":
      return t("problems.noPrintArea", { side: sideName(problem.side) });
    case "outside-print-area":
      return t("problems.outsidePrintArea", { side: sideName(problem.side) });
    case "unknown-preset-image":
      return t("problems.unknownPreset", { side: sideName(problem.side) });
    case "unknown-upload":
      return t("problems.unknownUpload", { side: sideName(problem.side) });
    case "quantity-below-minimum":
      return t("problems.quantityBelowMinimum", { min: problem.minQuantity, total: problem.total });
  }
}
