import { z } from "zod";

import { bannerMaxLengthLimit, boxProblem, isHexColour, mockupMillimetres, type MockupSize } from "~/domain/custom-layout";
import { type BannerPosition, bannerPositions, type DesignSide, designSides } from "~/domain/design-options";
import { isValidSlug, maxSlugLength } from "~/domain/slug";
import { galleryMaxBytes } from "~/features/catalog-admin/gallery-limits";
import { baht, checkbox, choice, optionalText, text, wholeNumber } from "~/ui/form/schema-fields";

/**
 * The back-office forms of custom products (issue 6 item 6): the product with its mockup and print
 * areas, an attribute, an option, the six banner placements, a preset image. One schema per form,
 * shared by the action and the page (Conform: an empty field arrives as undefined, numbers and
 * checkboxes are coerced). Messages are keys of `customizeAdmin:validation`, then `forms:validation`;
 * a key may carry one number ("maxLengthInvalid:7"). Kept plain at the root (Conform reads the
 * constraints from it): what a value becomes on save is mapped after the parse.
 */
export const customProductStatusIds = ["1", "2", "3"] as const;

const price = baht(0, 9_999_999.99, "priceInvalid");
const sortOrder = wholeNumber(-9999, 9999, "sortOrderInvalid").default(0);
const code = text(40)
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "codeInvalid");
const millimetres = wholeNumber(0, mockupMillimetres.max, "millimetresInvalid");
const mockupSide = wholeNumber(mockupMillimetres.min, mockupMillimetres.max, "mockupInvalid");
/** A file input left empty: nothing, or (as some runtimes read a form posted without JavaScript) an empty text or file. */
function isNoFile(input: unknown): boolean {
  return input === undefined || input === "" || (input instanceof File && input.size === 0 && input.name === "");
}

/**
 * An uploaded picture: only its size is checked here (the browser can say so before sending 5 MB);
 * what it is, by its bytes, is checked by the server layer like the gallery does (custom-admin.server.ts).
 */
export const pictureFile = z.file({ error: (issue) => (isNoFile(issue.input) ? "imageRequired" : "imagesOnly") }).max(galleryMaxBytes, "fileTooLarge");
/** The types the file picker offers (the server decides by content). */
export const pictureAccept = "image/png,image/jpeg,image/gif,image/bmp,image/webp";

/** A record id from the URL or a hidden field: a positive whole number. */
export const recordIdSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,9}$/, "invalid")
  .transform(Number);

// ————— the custom product —————

export const boxFieldNames = ["x", "y", "width", "height"] as const;
const boxSchema = z.object({ x: millimetres, y: millimetres, width: millimetres, height: millimetres });
export type Box = z.output<typeof boxSchema>;

export const customProductFormSchema = z
  .object({
    nameEn: text(120),
    nameTh: text(120),
    // Empty takes the slug made from the English name (customProductSlug).
    slug: z
      .string()
      .trim()
      .max(maxSlugLength)
      .refine((value) => isValidSlug(value), "slugInvalid")
      .optional(),
    descriptionEn: optionalText(5000),
    descriptionTh: optionalText(5000),
    basePrice: price,
    minQuantity: wholeNumber(1, 9999, "quantityInvalid"),
    statusId: choice(customProductStatusIds),
    sortOrder,
    mockupWidthMm: mockupSide,
    mockupHeightMm: mockupSide,
    frontImage: pictureFile.optional(),
    backImage: pictureFile.optional(),
    front: boxSchema,
    back: boxSchema,
  })
  .superRefine((value, context) => {
    const mockup = { width: value.mockupWidthMm, height: value.mockupHeightMm };
    for (const side of designSides) {
      const problem = boxProblem(value[side], mockup);
      // "front.area": the side's box as a whole, shown under its four fields.
      if (problem) context.addIssue({ code: "custom", path: [side, "area"], message: problem });
    }
  });
export type CustomProductForm = z.output<typeof customProductFormSchema>;
export type CustomProductInput = Omit<CustomProductForm, "statusId" | "slug" | "frontImage" | "backImage" | "descriptionEn" | "descriptionTh"> & {
  statusId: number;
  slug: string;
  descriptionEn: string;
  descriptionTh: string;
};

/** What the server layer stores: the status as its id, empty descriptions as "". */
export function customProductInput(value: CustomProductForm, slug: string): CustomProductInput {
  const { frontImage: _front, backImage: _back, ...rest } = value;
  return { ...rest, slug, statusId: Number(value.statusId), descriptionEn: value.descriptionEn ?? "", descriptionTh: value.descriptionTh ?? "" };
}

/** The form's values as the inputs show them (an edit page starts from the stored row). */
export interface CustomProductDraft {
  nameEn: string;
  nameTh: string;
  slug: string;
  descriptionEn: string;
  descriptionTh: string;
  basePrice: string;
  minQuantity: string;
  statusId: string;
  sortOrder: string;
  mockupWidthMm: string;
  mockupHeightMm: string;
  front: Record<(typeof boxFieldNames)[number], string>;
  back: Record<(typeof boxFieldNames)[number], string>;
}

/** Suggested print areas of a new product (a 600 × 600 mm mockup). */
export const defaultPrintAreas: Record<DesignSide, Box> = {
  front: { x: 170, y: 150, width: 260, height: 300 },
  back: { x: 170, y: 130, width: 260, height: 320 },
};

export function boxDraft(box: Box): Record<(typeof boxFieldNames)[number], string> {
  return { x: String(box.x), y: String(box.y), width: String(box.width), height: String(box.height) };
}

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
    front: boxDraft(defaultPrintAreas.front),
    back: boxDraft(defaultPrintAreas.back),
  };
}

// ————— attributes and options —————

export const customAttributeFormSchema = z.object({ code, nameEn: text(100), nameTh: text(100), sortOrder });
export type CustomAttributeInput = z.output<typeof customAttributeFormSchema>;
export type CustomAttributeDraft = Record<keyof CustomAttributeInput, string>;

export const customOptionFormSchema = z.object({
  code,
  nameEn: text(100),
  nameTh: text(100),
  colorHex: z
    .string()
    .trim()
    .refine((value) => isHexColour(value), "colorInvalid")
    .optional(),
  priceAddOn: price,
  sortOrder,
  image: pictureFile.optional(),
});
export type CustomOptionForm = z.output<typeof customOptionFormSchema>;
export type CustomOptionInput = Omit<CustomOptionForm, "colorHex" | "image"> & { colorHex: string | null };
export type CustomOptionDraft = Record<Exclude<keyof CustomOptionForm, "image">, string>;

/** What the server layer stores: no colour is null, a colour is upper-case. */
export function customOptionInput(value: CustomOptionForm): CustomOptionInput {
  const { image: _image, ...rest } = value;
  return { ...rest, colorHex: value.colorHex ? value.colorHex.toUpperCase() : null };
}

// ————— banners —————

export const bannerPlacements = designSides.flatMap((side) => bannerPositions.map((position) => ({ side, position }))) as readonly {
  side: DesignSide;
  position: BannerPosition;
}[];
export const bannerFieldNames = ["maxLength", "labelEn", "labelTh", "x", "y", "width", "height"] as const;
type BannerTextField = (typeof bannerFieldNames)[number];
export type BannerPlacementDraft = Record<BannerTextField, string> & { offered: boolean };
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

/** A placement that is offered: its limit, labels and box, each a field with its own message. */
function offeredPlacement(position: BannerPosition) {
  return z.object({
    maxLength: wholeNumber(1, bannerMaxLengthLimit(position), `maxLengthInvalid:${bannerMaxLengthLimit(position)}`),
    labelEn: optionalText(60),
    labelTh: optionalText(60),
    x: millimetres,
    y: millimetres,
    width: millimetres,
    height: millimetres,
  });
}

/** A typed number as Conform would read it, so the offered check sees numbers. */
const typedNumber = (value: string) => (value.trim() === "" ? undefined : Number(value));

/**
 * The six placements, checked against the product's mockup. A placement that is not offered is
 * removed on save, so what its fields hold is not checked (a half-filled row may be switched off):
 * the fields are text here and checked as numbers only when the placement is offered.
 */
export function bannerFormSchema(mockup: MockupSize) {
  const placement = (position: BannerPosition) =>
    z
      .object({
        offered: checkbox(),
        // Numbers are checked as numbers only when offered; the suggested values keep them filled in.
        maxLength: z.string().max(200),
        labelEn: z.string().max(200).optional(),
        labelTh: z.string().max(200).optional(),
        x: z.string().max(200),
        y: z.string().max(200),
        width: z.string().max(200),
        height: z.string().max(200),
      })
      .superRefine((value, context) => {
        if (!value.offered) return;
        const { maxLength, x, y, width, height } = value;
        const checked = offeredPlacement(position).safeParse({
          ...value,
          maxLength: typedNumber(maxLength),
          x: typedNumber(x),
          y: typedNumber(y),
          width: typedNumber(width),
          height: typedNumber(height),
        });
        if (!checked.success) {
          for (const issue of checked.error.issues) context.addIssue({ code: "custom", path: issue.path, message: issue.message });
          return;
        }
        const problem = boxProblem(checked.data, mockup);
        // "front.left.box": the text box as a whole.
        if (problem) context.addIssue({ code: "custom", path: ["box"], message: problem });
      });
  const side = z.object({ left: placement("left"), center: placement("center"), right: placement("right") });
  return z.object({ front: side, back: side });
}
export type BannerForm = z.output<ReturnType<typeof bannerFormSchema>>;

/** The six rows the server layer writes (a placement not offered is removed). */
export function bannerPlacementInputs(value: BannerForm): BannerPlacementInput[] {
  return bannerPlacements.map(({ side, position }) => {
    const row = value[side][position];
    if (!row.offered) return { side, position, offered: false, maxLength: 0, labelEn: "", labelTh: "", x: 0, y: 0, width: 0, height: 0 };
    return {
      side,
      position,
      offered: true,
      maxLength: Number(row.maxLength),
      labelEn: row.labelEn?.trim() ?? "",
      labelTh: row.labelTh?.trim() ?? "",
      x: Number(row.x),
      y: Number(row.y),
      width: Number(row.width),
      height: Number(row.height),
    };
  });
}

// ————— preset images —————

/** A new preset image needs its picture; an edit keeps the stored one when none is chosen. */
export function presetImageFormSchema(isNew: boolean) {
  return z.object({ nameEn: text(100), nameTh: text(100), sortOrder, isActive: checkbox(), image: isNew ? pictureFile : pictureFile.optional() });
}
export type PresetImageForm = z.output<ReturnType<typeof presetImageFormSchema>>;
export type PresetImageInput = Omit<PresetImageForm, "image">;
export type PresetImageDraft = { nameEn: string; nameTh: string; sortOrder: string; isActive: boolean };
