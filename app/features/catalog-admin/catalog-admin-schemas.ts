import { conformZodMessage } from "@conform-to/zod/v4";
import { z } from "zod";

import { productKinds } from "~/domain/catalog";
import { isValidSlug, maxSlugLength, slugFromName } from "~/domain/slug";
import { duplicateCombinationRows } from "~/domain/variant-matrix";
import { baht, checkbox, choice, optionalText, optionalWholeNumber, text, wholeNumber } from "~/ui/form/schema-fields";

import { galleryMaxFiles, galleryPickerPageSize } from "./gallery-limits";

/**
 * The back-office catalogue forms (issue 4 item 8, on the form kit since issue 15): products,
 * product types, attributes with their options, categories. ONE schema per form, shared by the
 * action (`parseWithZod`) and the page (`useForm`); those whose choices come from the database
 * (categories, types and their options, display types) are built from that reference data, which
 * the page has too. Rows are Conform lists (`variants[2].sku`, `options[0].code`).
 *
 * Messages are keys (the kit's `forms:validation`, or `catalogAdmin:validation` for the ones
 * below). What needs the database — a slug or SKU taken, a picture not in the gallery, an option
 * still used — is answered by the save, as field errors with the same names.
 */
export const maxVariants = 100;
export const maxProductImages = 30;
export const maxTypeAttributes = 10;
export const maxOptions = 100;
const maxStock = 1_000_000;
const maxBaht = 9_999_999.99;

/** A hidden row id: a positive whole number, or nothing for a new row. */
const rowId = z
  .number({ error: "invalid" })
  .int("invalid")
  .positive("invalid")
  .max(2 ** 31, "invalid");

/** One of the given ids (a select filled from the database). */
const idIn = (ids: readonly number[]) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? "required" : "choice") })
    .int("choice")
    .refine((id) => ids.includes(id), "choice");

/** Empty is allowed: the slug is then made from the English name (`resolvedSlug`). */
const slug = optionalText(maxSlugLength).refine((value) => value === undefined || isValidSlug(value), "slugInvalid");

export function resolvedSlug(value: { slug?: string; nameEn: string }): string {
  return value.slug || slugFromName(value.nameEn);
}

const sku = z
  .string()
  .trim()
  .toUpperCase()
  .max(64)
  .regex(/^[A-Z0-9][A-Z0-9._-]*$/, "skuInvalid");

const code = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "codeInvalid");

const position = optionalWholeNumber(-9999, 9999, "sortOrderInvalid");

const leaveToServer = z.unknown().superRefine((_value, context) => {
  context.addIssue({ code: "custom", message: conformZodMessage.VALIDATION_UNDEFINED });
});

/**
 * For `onValidate` in the page: a submit that only asks the server to redraw the form (a picker
 * page, "add every missing combination", "show the type's options") is not checked in the browser,
 * so it is never held back by a field that is not filled in yet. Typed as the form's schema so the
 * form's fields keep their types; it never produces a value.
 */
export function checkedOnServer<Schema extends z.ZodType>(_schema: Schema): Schema {
  return leaveToServer as unknown as Schema;
}

// ————— products —————

export interface ProductFormReference {
  categoryIds: readonly number[];
  sizeGuideIds: readonly number[];
  /** Each product type with its attributes (in order) and their option ids. */
  types: readonly { id: number; attributes: readonly { id: number; optionIds: readonly number[] }[] }[];
}

/** The reference the schema needs, from the form's reference data (the page has it too). */
export function schemaReference(reference: {
  categories: readonly { id: number }[];
  sizeGuides: readonly { id: number }[];
  types: readonly { id: number; attributes: readonly { id: number; options: readonly { id: number }[] }[] }[];
}): ProductFormReference {
  return {
    categoryIds: reference.categories.map((category) => category.id),
    sizeGuideIds: reference.sizeGuides.map((guide) => guide.id),
    types: reference.types.map((type) => ({
      id: type.id,
      attributes: type.attributes.map((attribute) => ({ id: attribute.id, optionIds: attribute.options.map((option) => option.id) })),
    })),
  };
}

export type VariantDraft = {
  id: string;
  sku: string;
  price: string;
  compareAtPrice: string;
  stock: string;
  /** The stock the form showed when it was opened (a changed figure is a correction). */
  stockShown: string;
  active: boolean;
  /** attribute id → option id ("" = none). */
  options: Record<string, string>;
};

/** A picture row of the form: the chosen ones first, then one page of the gallery to pick from. */
export type ImageRowDraft = {
  key: string;
  chosen: boolean;
  order: string;
};

export type ProductDraft = {
  nameEn: string;
  nameTh: string;
  descriptionEn: string;
  descriptionTh: string;
  slug: string;
  sku: string;
  categoryId: string;
  productTypeId: string;
  kind: string;
  statusId: string;
  weightGrams: string;
  sizeGuideId: string;
  images: ImageRowDraft[];
  variants: VariantDraft[];
};

const variantSchema = z.object({
  id: rowId.optional(),
  sku: sku.optional(),
  price: baht(0, maxBaht, "priceInvalid"),
  compareAtPrice: baht(0, maxBaht, "compareAtInvalid").optional(),
  stock: wholeNumber(0, maxStock, "stockInvalid"),
  stockShown: optionalWholeNumber(0, 2 ** 31, "invalid"),
  active: checkbox(),
  options: z.record(z.string().regex(/^[1-9]\d{0,8}$/), z.string().regex(/^(|[1-9]\d{0,8})$/, "choice")).optional(),
});

export function productFormSchema(reference: ProductFormReference) {
  return z
    .object({
      nameEn: text(200),
      nameTh: text(200),
      descriptionEn: optionalText(5000),
      descriptionTh: optionalText(5000),
      slug,
      sku,
      categoryId: idIn(reference.categoryIds),
      productTypeId: idIn(reference.types.map((type) => type.id)).optional(),
      kind: choice(productKinds),
      statusId: choice(["1", "2", "3"]),
      weightGrams: optionalWholeNumber(0, 1_000_000, "weightInvalid"),
      sizeGuideId: idIn(reference.sizeGuideIds).optional(),
      images: z
        .array(z.object({ key: z.string().max(300, "imageUnknown"), chosen: checkbox(), order: position }))
        .max(maxProductImages + galleryPickerPageSize),
      variants: z.array(variantSchema).max(maxVariants),
    })
    .superRefine((value, context) => {
      if (!resolvedSlug(value)) context.addIssue({ code: "custom", path: ["slug"], message: "required" });
      if (value.images.filter((image) => image.chosen).length > maxProductImages) {
        context.addIssue({ code: "custom", path: ["images"], message: `tooMany:${maxProductImages}` });
      }

      if (value.kind === "single") {
        if (value.variants.length !== 1) context.addIssue({ code: "custom", path: ["variants"], message: "singleNeedsOneVariant" });
      } else {
        const type = reference.types.find((candidate) => candidate.id === value.productTypeId);
        if (!type || type.attributes.length === 0) {
          context.addIssue({ code: "custom", path: ["productTypeId"], message: "typeRequired" });
        } else if (value.variants.length === 0) {
          context.addIssue({ code: "custom", path: ["variants"], message: "variantsRequired" });
        } else {
          const chosen = value.variants.map((row, index) => {
            const optionIds: number[] = [];
            for (const attribute of type.attributes) {
              const picked = row.options?.[String(attribute.id)] ?? "";
              if (picked === "") continue;
              if (!attribute.optionIds.includes(Number(picked))) {
                context.addIssue({ code: "custom", path: ["variants", index, "options", String(attribute.id)], message: "choice" });
              } else optionIds.push(Number(picked));
            }
            if (optionIds.length === 0) context.addIssue({ code: "custom", path: ["variants", index, "options"], message: "optionsRequired" });
            return optionIds;
          });
          for (const index of duplicateCombinationRows(chosen)) {
            if (chosen[index]!.length > 0) context.addIssue({ code: "custom", path: ["variants", index, "options"], message: "combinationDuplicate" });
          }
        }
      }
      const seen = new Set<string>();
      value.variants.forEach((row, index) => {
        if (value.kind === "variation" && !row.sku) context.addIssue({ code: "custom", path: ["variants", index, "sku"], message: "required" });
        if (row.compareAtPrice !== undefined && row.compareAtPrice <= row.price) {
          context.addIssue({ code: "custom", path: ["variants", index, "compareAtPrice"], message: "compareAtInvalid" });
        }
        const variantSku = row.sku || value.sku;
        if (seen.has(variantSku)) context.addIssue({ code: "custom", path: ["variants", index, "sku"], message: "duplicateInForm" });
        seen.add(variantSku);
      });
    });
}

export type ProductFormValue = z.output<ReturnType<typeof productFormSchema>>;

/** The checked form as the save wants it: slug made, pictures in their order, variant SKUs and option ids filled in. */
export function productInput(value: ProductFormValue, reference: ProductFormReference) {
  const type = reference.types.find((candidate) => candidate.id === value.productTypeId);
  return {
    nameEn: value.nameEn,
    nameTh: value.nameTh,
    descriptionEn: value.descriptionEn ?? "",
    descriptionTh: value.descriptionTh ?? "",
    slug: resolvedSlug(value),
    sku: value.sku,
    kind: value.kind,
    categoryId: value.categoryId,
    productTypeId: value.productTypeId ?? null,
    statusId: Number(value.statusId),
    weightGrams: value.weightGrams ?? 0,
    sizeGuideId: value.sizeGuideId ?? null,
    /** `row` is the picture's row in the form, for an error about it. */
    images: value.images
      .map((image, row) => ({ key: image.key, row, chosen: image.chosen, order: image.order ?? row }))
      .filter((image) => image.chosen)
      .sort((a, b) => a.order - b.order || a.row - b.row)
      .map(({ key, row }) => ({ key, row })),
    variants: value.variants.map((row) => ({
      id: row.id ?? null,
      sku: row.sku || value.sku,
      price: row.price,
      compareAtPrice: row.compareAtPrice ?? null,
      stock: row.stock,
      stockShown: row.stockShown ?? null,
      active: row.active,
      optionIds:
        value.kind === "variation" && type
          ? type.attributes.map((attribute) => Number(row.options?.[String(attribute.id)] ?? "")).filter((id) => Number.isSafeInteger(id) && id > 0)
          : [],
    })),
  };
}

export type ProductInput = ReturnType<typeof productInput>;

/** A blank variant row ("add a variant"). */
export function blankVariant(): VariantDraft {
  return { id: "", sku: "", price: "", compareAtPrice: "", stock: "0", stockShown: "", active: true, options: {} };
}

const textOf = (value: unknown, max = 5000): string => (typeof value === "string" ? value.slice(0, max) : "");
const rowsOf = (value: unknown, max: number): Record<string, unknown>[] =>
  (Array.isArray(value) ? value : [])
    .slice(0, max)
    .map((row: unknown) => (row && typeof row === "object" && !Array.isArray(row) ? (row as Record<string, unknown>) : {}));

/**
 * The submitted form (Conform's payload) as a draft, for a redraw the server makes itself —
 * another page of pictures, the missing combinations added: every value a bounded string.
 */
export function productDraftFromPayload(payload: Record<string, unknown>): ProductDraft {
  const field = (name: keyof ProductDraft, max?: number) => textOf(payload[name], max);
  return {
    nameEn: field("nameEn"),
    nameTh: field("nameTh"),
    descriptionEn: field("descriptionEn", 6000),
    descriptionTh: field("descriptionTh", 6000),
    slug: field("slug", 300),
    sku: field("sku", 300),
    categoryId: field("categoryId", 12),
    productTypeId: field("productTypeId", 12),
    kind: field("kind", 12),
    statusId: field("statusId", 12),
    weightGrams: field("weightGrams", 12),
    sizeGuideId: field("sizeGuideId", 12),
    images: rowsOf(payload.images, maxProductImages + galleryPickerPageSize).map((row) => ({
      key: textOf(row.key, 300),
      chosen: row.chosen === "on",
      order: textOf(row.order, 6),
    })),
    variants: rowsOf(payload.variants, maxVariants).map((row) => {
      const options = row.options && typeof row.options === "object" ? (row.options as Record<string, unknown>) : {};
      return {
        id: textOf(row.id, 12),
        sku: textOf(row.sku, 100),
        price: textOf(row.price, 20),
        compareAtPrice: textOf(row.compareAtPrice, 20),
        stock: textOf(row.stock, 12),
        stockShown: textOf(row.stockShown, 12),
        active: row.active === "on",
        options: Object.fromEntries(
          Object.entries(options)
            .filter(([attributeId]) => /^[1-9]\d{0,8}$/.test(attributeId))
            .slice(0, 20)
            .map(([attributeId, optionId]) => [attributeId, textOf(optionId, 12)]),
        ),
      };
    }),
  };
}

// ————— categories —————

export type CategoryDraft = {
  slug: string;
  nameEn: string;
  nameTh: string;
  descriptionEn: string;
  descriptionTh: string;
  imageKey: string;
  sortOrder: string;
};

export const categoryFormSchema = z.object({
  nameEn: text(100),
  nameTh: text(100),
  slug,
  descriptionEn: optionalText(2000),
  descriptionTh: optionalText(2000),
  imageKey: optionalText(300),
  sortOrder: position,
});

export type CategoryFormValue = z.output<typeof categoryFormSchema>;

export function categoryInput(value: CategoryFormValue) {
  return {
    nameEn: value.nameEn,
    nameTh: value.nameTh,
    slug: resolvedSlug(value),
    descriptionEn: value.descriptionEn ?? "",
    descriptionTh: value.descriptionTh ?? "",
    imageKey: value.imageKey ?? null,
    sortOrder: value.sortOrder ?? 0,
  };
}
export type CategoryInput = ReturnType<typeof categoryInput>;

export function categoryDraftFromPayload(payload: Record<string, unknown>): CategoryDraft {
  return {
    slug: textOf(payload.slug, 300),
    nameEn: textOf(payload.nameEn, 300),
    nameTh: textOf(payload.nameTh, 300),
    descriptionEn: textOf(payload.descriptionEn, 3000),
    descriptionTh: textOf(payload.descriptionTh, 3000),
    imageKey: textOf(payload.imageKey, 300),
    sortOrder: textOf(payload.sortOrder, 12),
  };
}

// ————— product types —————

/** One row per attribute: ticked ones are the type's, in the order of their positions. */
export type ProductTypeDraft = {
  nameEn: string;
  nameTh: string;
  attributes: { id: string; chosen: boolean; order: string }[];
};

export function productTypeFormSchema(attributeIds: readonly number[]) {
  return z
    .object({
      nameEn: text(100),
      nameTh: text(100),
      attributes: z.array(z.object({ id: idIn(attributeIds), chosen: checkbox(), order: position })).max(maxOptions),
    })
    .superRefine((value, context) => {
      if (value.attributes.filter((row) => row.chosen).length > maxTypeAttributes) {
        context.addIssue({ code: "custom", path: ["attributes"], message: `tooMany:${maxTypeAttributes}` });
      }
    });
}

export type ProductTypeFormValue = z.output<ReturnType<typeof productTypeFormSchema>>;

export function productTypeInput(value: ProductTypeFormValue) {
  return {
    nameEn: value.nameEn,
    nameTh: value.nameTh,
    attributeIds: value.attributes
      .map((row, index) => ({ ...row, index }))
      .filter((row) => row.chosen)
      .sort((a, b) => (a.order ?? a.index) - (b.order ?? b.index) || a.index - b.index)
      .map((row) => row.id),
  };
}
export type ProductTypeInput = ReturnType<typeof productTypeInput>;

// ————— attributes and their options —————

export type OptionDraft = {
  id: string;
  code: string;
  nameEn: string;
  nameTh: string;
  colorHex: string;
  imageKey: string;
  sortOrder: string;
};
export type AttributeDraft = Omit<OptionDraft, "id" | "colorHex" | "imageKey"> & { displayTypeId: string; options: OptionDraft[] };

/** `displayTypeIds`: the display types staff may choose (spec §7: not "hidden"). */
export function attributeFormSchema(displayTypeIds: readonly number[]) {
  return z
    .object({
      code,
      nameEn: text(100),
      nameTh: text(100),
      displayTypeId: idIn(displayTypeIds),
      sortOrder: position,
      options: z
        .array(
          z.object({
            id: rowId.optional(),
            code,
            nameEn: text(100),
            nameTh: text(100),
            colorHex: z
              .string()
              .trim()
              .toLowerCase()
              .regex(/^#[0-9a-f]{6}$/, "colorInvalid")
              .optional(),
            imageKey: optionalText(300),
            sortOrder: position,
          }),
        )
        .max(maxOptions),
    })
    .superRefine((value, context) => {
      const seen = new Set<string>();
      value.options.forEach((option, index) => {
        if (seen.has(option.code)) context.addIssue({ code: "custom", path: ["options", index, "code"], message: "duplicateInForm" });
        seen.add(option.code);
      });
    });
}

export type AttributeFormValue = z.output<ReturnType<typeof attributeFormSchema>>;

export function attributeInput(value: AttributeFormValue) {
  return {
    ...value,
    sortOrder: value.sortOrder ?? 0,
    options: value.options.map((option) => ({
      ...option,
      id: option.id ?? null,
      colorHex: option.colorHex ?? null,
      imageKey: option.imageKey ?? null,
      sortOrder: option.sortOrder ?? 0,
    })),
  };
}
export type AttributeInput = ReturnType<typeof attributeInput>;

export function blankOption(): OptionDraft {
  return { id: "", code: "", nameEn: "", nameTh: "", colorHex: "", imageKey: "", sortOrder: "" };
}

// ————— the gallery —————

/** An upload of pictures; what each file is (an image, its size) is checked on the server. */
export const galleryUploadSchema = z.object({
  files: z.array(z.file()).min(1).max(galleryMaxFiles),
});
