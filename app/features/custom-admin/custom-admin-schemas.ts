import { z } from "zod";
import { legacyBaht as bahtField, legacyWholeNumber as wholeNumber, name, sortOrder } from "~/features/catalog-admin/catalog-admin-schemas";
import { bannerPositions, designSides, type BannerPosition, type DesignSide } from "~/domain/design-options";
import { bannerMaxLengthLimit, boxProblem, isHexColour, mockupMillimetres, type MockupSize } from "~/domain/custom-layout";
import { isValidSlug, maxSlugLength, slugFromName } from "~/domain/slug";

/**
 * The back-office forms of custom products (issue 6 item 6): the product with its mockup and print
 * areas, an attribute, an option, the six banner placements, a preset image. One schema per form;
 * every field arrives as text (the "draft" the page re-renders after a refusal). Messages are keys of
 * `customizeAdmin:validation`, optionally with ":<value>" (see catalog-admin/form-data.ts).
 */
export const customizeValidationKeys = [
  "required",
  "maxLength",
  "slugInvalid",
  "codeInvalid",
  "priceInvalid",
  "sortOrderInvalid",
  "quantityInvalid",
  "mockupInvalid",
  "millimetresInvalid",
  "notWhole",
  "tooSmall",
  "outsideMockup",
  "colorInvalid",
  "maxLengthInvalid",
  "choice",
  "invalid",
  "slugTaken",
  "codeTaken",
  "imageRequired",
  "imagesOnly",
  "fileTooLarge",
  "mockupRequired",
  "bannerOutside",
] as const;

export const customProductStatusIds = [1, 2, 3] as const;

const optionalText = (max: number) => z.string().trim().max(max, `maxLength:${max}`);
/** Baht as typed ("1,290", "1290.5", "฿ 99.00") → integer satang, 0 … 9,999,999.99. */
const baht = bahtField("priceInvalid");
const code = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "required")
  .max(40, "maxLength:40")
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "codeInvalid");
const millimetres = wholeNumber("millimetresInvalid", 0, mockupMillimetres.max);

/** A record id from the URL or a hidden field: a positive whole number. */
export const recordIdSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,9}$/, "invalid")
  .transform(Number);

// ————— the custom product —————

export const boxFieldNames = ["x", "y", "width", "height"] as const;
const sideBoxFields = designSides.flatMap((side) => boxFieldNames.map((field) => `${side}.${field}` as const));

export const customProductTextFields = [
  "nameEn",
  "nameTh",
  "slug",
  "descriptionEn",
  "descriptionTh",
  "basePrice",
  "minQuantity",
  "statusId",
  "sortOrder",
  "mockupWidthMm",
  "mockupHeightMm",
  ...sideBoxFields,
] as const;
export type CustomProductDraft = Record<(typeof customProductTextFields)[number], string>;

const boxSchema = z.object({ x: millimetres, y: millimetres, width: millimetres, height: millimetres });

export const customProductFormSchema = z
  .object({
    nameEn: name(120),
    nameTh: name(120),
    slug: z
      .string()
      .trim()
      .max(maxSlugLength, `maxLength:${maxSlugLength}`)
      .refine((value) => value === "" || isValidSlug(value), "slugInvalid"),
    descriptionEn: optionalText(5000),
    descriptionTh: optionalText(5000),
    basePrice: baht,
    minQuantity: wholeNumber("quantityInvalid", 1, 9999),
    statusId: z.enum(["1", "2", "3"], { message: "choice" }).transform(Number),
    sortOrder,
    mockupWidthMm: wholeNumber("mockupInvalid", mockupMillimetres.min, mockupMillimetres.max),
    mockupHeightMm: wholeNumber("mockupInvalid", mockupMillimetres.min, mockupMillimetres.max),
    front: boxSchema,
    back: boxSchema,
  })
  .superRefine((value, context) => {
    const mockup = { width: value.mockupWidthMm, height: value.mockupHeightMm };
    for (const side of designSides) {
      const problem = boxProblem(value[side], mockup);
      if (problem) context.addIssue({ code: "custom", path: [side, "area"], message: problem });
    }
  })
  .transform((value) => ({ ...value, slug: value.slug || slugFromName(value.nameEn) }))
  .refine((value) => value.slug !== "", { path: ["slug"], message: "slugInvalid" });
export type CustomProductInput = z.output<typeof customProductFormSchema>;

/** The flat draft → the nested shape the schema reads (front.x → { front: { x } }). */
export function customProductSchemaInput(draft: CustomProductDraft) {
  const box = (side: DesignSide) => Object.fromEntries(boxFieldNames.map((field) => [field, draft[`${side}.${field}`]]));
  const { nameEn, nameTh, slug, descriptionEn, descriptionTh, basePrice, minQuantity, statusId, sortOrder: order, mockupWidthMm, mockupHeightMm } = draft;
  return {
    nameEn,
    nameTh,
    slug,
    descriptionEn,
    descriptionTh,
    basePrice,
    minQuantity,
    statusId,
    sortOrder: order,
    mockupWidthMm,
    mockupHeightMm,
    front: box("front"),
    back: box("back"),
  };
}

/** Suggested print areas of a new product (a 600 × 600 mm mockup). */
export const defaultPrintAreas: Record<DesignSide, { x: number; y: number; width: number; height: number }> = {
  front: { x: 170, y: 150, width: 260, height: 300 },
  back: { x: 170, y: 130, width: 260, height: 320 },
};

export function emptyCustomProductDraft(): CustomProductDraft {
  return {
    nameEn: "",
    nameTh: "",
    slug: "",
    descriptionEn: "",
    descriptionTh: "",
    basePrice: "",
    minQuantity: "1",
    statusId: "2",
    sortOrder: "0",
    mockupWidthMm: "600",
    mockupHeightMm: "600",
    ...areaDraft("front", defaultPrintAreas.front),
    ...areaDraft("back", defaultPrintAreas.back),
  };
}

export function areaDraft(side: DesignSide, box: { x: number; y: number; width: number; height: number }) {
  return { [`${side}.x`]: String(box.x), [`${side}.y`]: String(box.y), [`${side}.width`]: String(box.width), [`${side}.height`]: String(box.height) } as Record<
    `${DesignSide}.${"x" | "y" | "width" | "height"}`,
    string
  >;
}

// ————— attributes and options —————

export const customAttributeTextFields = ["code", "nameEn", "nameTh", "sortOrder"] as const;
export type CustomAttributeDraft = Record<(typeof customAttributeTextFields)[number], string>;
export const customAttributeFormSchema = z.object({ code, nameEn: name(100), nameTh: name(100), sortOrder });
export type CustomAttributeInput = z.output<typeof customAttributeFormSchema>;

export const customOptionTextFields = ["code", "nameEn", "nameTh", "colorHex", "priceAddOn", "sortOrder"] as const;
export type CustomOptionDraft = Record<(typeof customOptionTextFields)[number], string>;
export const customOptionFormSchema = z.object({
  code,
  nameEn: name(100),
  nameTh: name(100),
  colorHex: z
    .string()
    .trim()
    .refine((value) => value === "" || isHexColour(value), "colorInvalid")
    .transform((value) => (value === "" ? null : value.toUpperCase())),
  priceAddOn: baht,
  sortOrder,
});
export type CustomOptionInput = z.output<typeof customOptionFormSchema>;

// ————— banners —————

export const bannerPlacements = designSides.flatMap((side) => bannerPositions.map((position) => ({ side, position }))) as readonly {
  side: DesignSide;
  position: BannerPosition;
}[];
export const bannerFieldNames = ["offered", "maxLength", "labelEn", "labelTh", "x", "y", "width", "height"] as const;
export type BannerPlacementDraft = Record<(typeof bannerFieldNames)[number], string>;
export type BannerDraft = Record<DesignSide, Record<BannerPosition, BannerPlacementDraft>>;

export interface BannerPlacementInput {
  side: DesignSide;
  position: BannerPosition;
  offered: boolean;
  maxLength: number;
  labelEn: string;
  labelTh: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The six placements, checked against the product's mockup. A placement that is not offered is
 * removed on save, so its other fields are not checked (a half-filled row may be switched off).
 */
export function bannerFormSchema(mockup: MockupSize) {
  const placement = (position: BannerPosition) =>
    z
      .object({
        offered: z.string().transform((value) => value === "on" || value === "1" || value === "true"),
        maxLength: z.string(),
        labelEn: z.string(),
        labelTh: z.string(),
        x: z.string(),
        y: z.string(),
        width: z.string(),
        height: z.string(),
      })
      .transform((value, context) => {
        if (!value.offered) return { offered: false as const };
        const limit = bannerMaxLengthLimit(position);
        const checked = z
          .object({
            maxLength: wholeNumber(`maxLengthInvalid:${limit}`, 1, limit),
            labelEn: optionalText(60),
            labelTh: optionalText(60),
            x: millimetres,
            y: millimetres,
            width: millimetres,
            height: millimetres,
          })
          .safeParse(value);
        if (!checked.success) {
          for (const issue of checked.error.issues) context.addIssue({ code: "custom", path: issue.path, message: issue.message });
          return z.NEVER;
        }
        const problem = boxProblem(checked.data, mockup);
        if (problem) {
          context.addIssue({ code: "custom", path: ["box"], message: problem });
          return z.NEVER;
        }
        return { offered: true as const, ...checked.data };
      });
  const side = z.object({ left: placement("left"), center: placement("center"), right: placement("right") });
  return z.object({ front: side, back: side }).transform((value) =>
    bannerPlacements.map(({ side: s, position }): BannerPlacementInput => {
      const row = value[s][position];
      return row.offered
        ? { side: s, position, ...row }
        : { side: s, position, offered: false, maxLength: 0, labelEn: "", labelTh: "", x: 0, y: 0, width: 0, height: 0 };
    }),
  );
}

// ————— preset images —————

export const presetImageTextFields = ["nameEn", "nameTh", "sortOrder"] as const;
export type PresetImageDraft = Record<(typeof presetImageTextFields)[number], string> & { isActive: boolean };
export const presetImageFormSchema = z.object({ nameEn: name(100), nameTh: name(100), sortOrder, isActive: z.boolean() });
export type PresetImageInput = z.output<typeof presetImageFormSchema>;
