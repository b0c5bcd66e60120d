import { z } from "zod";
import { productKinds, productStatusIds } from "~/domain/catalog";
import { isChoosableDisplayType, type DisplayTypeRow } from "~/domain/display-types";
import { bahtToSatang } from "~/domain/money";
import { isValidSlug, maxSlugLength, slugFromName } from "~/domain/slug";
import { duplicateCombinationRows } from "~/domain/variant-matrix";
import { indexedRows, maxFormRows, rowIndices, textValue, textValues } from "./form-data";

/**
 * The back-office catalogue forms (issue 4 item 8): products, product types, attributes with their
 * options, categories. Each form has ONE schema; the ones whose choices come from the database
 * (categories, types and their options, gallery images) are built from that reference data.
 * Messages are keys of `catalogAdmin:validation` (see form-data.ts `catalogFieldErrors`).
 */
export const catalogValidationKeys = [
  "required",
  "maxLength",
  "slugInvalid",
  "skuInvalid",
  "codeInvalid",
  "priceInvalid",
  "compareAtInvalid",
  "stockInvalid",
  "weightInvalid",
  "sortOrderInvalid",
  "colorInvalid",
  "choice",
  "invalid",
  "duplicateInForm",
  "slugTaken",
  "skuTaken",
  "codeTaken",
  "singleNeedsOneVariant",
  "variantsRequired",
  "typeRequired",
  "optionsRequired",
  "combinationDuplicate",
  "tooManyRows",
  "imageUnknown",
  "variantOrdered",
  "optionInUse",
  "attributeInUse",
  "stockChanged",
  "changedMeanwhile",
] as const;

export const maxVariantRows = maxFormRows;
const maxImages = 30;
const maxStock = 1_000_000;

// ————— shared field rules —————

/** Field builders the back office's other form schemas (custom-admin) share. */
export const name = (max: number) => z.string().trim().min(1, "required").max(max, `maxLength:${max}`);
const description = z.string().trim().max(5000, "maxLength:5000");
const optionalId = z
  .string()
  .trim()
  .regex(/^(|[1-9]\d{0,9})$/, "invalid")
  .transform((value) => (value === "" ? null : Number(value)));
/** A row id from a hidden field: a positive whole number. */
export const recordIdField = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,9}$/, "invalid")
  .transform(Number);
export const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,9}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);
export const sortOrder = z
  .string()
  .trim()
  .transform((value) => (value === "" ? "0" : value))
  .pipe(wholeNumber("sortOrderInvalid", -9999, 9999));
/** Empty is allowed here: the form then takes the slug suggested from the English name (`resolvedSlug`). */
const slug = z
  .string()
  .trim()
  .max(maxSlugLength, `maxLength:${maxSlugLength}`)
  .refine((value) => value === "" || isValidSlug(value), "slugInvalid");
const resolvedSlug = (value: { slug: string; nameEn: string }) => value.slug || slugFromName(value.nameEn);
const sku = z
  .string()
  .trim()
  .toUpperCase()
  .max(64, "maxLength:64")
  .refine((value) => value === "" || /^[A-Z0-9][A-Z0-9._-]*$/.test(value), "skuInvalid");
const code = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "required")
  .max(40, "maxLength:40")
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "codeInvalid");
/** Baht as typed ("1,290", "1290.5", "฿ 99.00") → integer satang; at most 9,999,999.99. */
export const baht = (message: string) =>
  z
    .string()
    .transform((value) => value.replace(/[,\s฿]/g, ""))
    .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), message)
    .transform((value) => bahtToSatang(Number(value)) as number);
const imageKeyIn = (keys: ReadonlySet<string>) =>
  z
    .string()
    .trim()
    .max(300, "imageUnknown")
    .refine((value) => value === "" || keys.has(value), "imageUnknown")
    .transform((value) => (value === "" ? null : value));

// ————— products —————

export interface ProductFormReference {
  categoryIds: readonly number[];
  sizeGuideIds: readonly number[];
  /** Each product type with its attributes (in order) and their option ids. */
  types: readonly { id: number; attributes: readonly { id: number; optionIds: readonly number[] }[] }[];
  /** Gallery image keys, plus this product's current image keys (kept even when not in the gallery). */
  imageKeys: ReadonlySet<string>;
}

export interface VariantDraft {
  id: string;
  sku: string;
  price: string;
  compareAtPrice: string;
  stock: string;
  stockShown: string;
  active: boolean;
  /** attribute id → option id ("" = none). */
  options: Record<string, string>;
}

export interface ProductDraft {
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
  images: { key: string; order: string }[];
  variants: VariantDraft[];
}

export const productTextFields = [
  "nameEn",
  "nameTh",
  "descriptionEn",
  "descriptionTh",
  "slug",
  "sku",
  "categoryId",
  "productTypeId",
  "kind",
  "statusId",
  "weightGrams",
  "sizeGuideId",
] as const;

/** The product form as submitted (strings only, bounded). */
export function readProductDraft(formData: FormData): ProductDraft {
  const fields = textValues(formData, productTextFields);
  const variants = rowIndices(formData, "variant").map((index) => {
    const prefix = `variant.${index}.`;
    const options: Record<string, string> = {};
    for (const key of formData.keys()) {
      const match = /^option\.(\d{1,9})$/.exec(key.startsWith(prefix) ? key.slice(prefix.length) : "");
      if (match && Object.keys(options).length < 20) options[match[1]!] = textValue(formData, key);
    }
    return {
      id: textValue(formData, `${prefix}id`),
      sku: textValue(formData, `${prefix}sku`),
      price: textValue(formData, `${prefix}price`),
      compareAtPrice: textValue(formData, `${prefix}compareAtPrice`),
      stock: textValue(formData, `${prefix}stock`),
      stockShown: textValue(formData, `${prefix}stockShown`),
      active: formData.has(`${prefix}active`),
      options,
    } satisfies VariantDraft;
  });
  const images: { key: string; order: string }[] = [];
  for (const key of formData.getAll("image")) {
    if (typeof key !== "string" || images.some((image) => image.key === key) || images.length > maxImages) continue;
    images.push({ key, order: textValue(formData, `imageOrder:${key}`) });
  }
  return { ...fields, images, variants };
}

export function productFormSchema(reference: ProductFormReference) {
  const choice = (ids: readonly number[]) =>
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,9}$/, "choice")
      .transform(Number)
      .refine((id) => ids.includes(id), "choice");
  const variant = z.object({
    id: optionalId,
    sku,
    price: z.string().trim().min(1, "required").pipe(baht("priceInvalid")),
    compareAtPrice: z
      .string()
      .trim()
      .pipe(z.union([z.literal("").transform(() => null), baht("compareAtInvalid")])),
    stock: z
      .string()
      .trim()
      .min(1, "required")
      .pipe(wholeNumber("stockInvalid", 0, maxStock)),
    stockShown: z
      .string()
      .trim()
      .regex(/^(|\d{1,9})$/, "invalid")
      .transform((value) => (value === "" ? null : Number(value))),
    active: z.boolean(),
    options: z.record(z.string(), z.string().regex(/^(|[1-9]\d{0,9})$/, "choice")),
  });
  return z
    .object({
      nameEn: name(200),
      nameTh: name(200),
      descriptionEn: description,
      descriptionTh: description,
      slug,
      sku: sku.refine((value) => value !== "", "required"),
      categoryId: choice(reference.categoryIds),
      productTypeId: z
        .string()
        .trim()
        .pipe(z.union([z.literal("").transform(() => null), choice(reference.types.map((type) => type.id))])),
      kind: z.enum(productKinds, "choice"),
      statusId: z.enum(["1", "2", "3"], "choice").transform(Number),
      weightGrams: z
        .string()
        .trim()
        .transform((value) => (value === "" ? "0" : value))
        .pipe(wholeNumber("weightInvalid", 0, 1_000_000)),
      sizeGuideId: z
        .string()
        .trim()
        .pipe(z.union([z.literal("").transform(() => null), choice(reference.sizeGuideIds)])),
      images: z
        .array(
          z.object({
            key: imageKeyIn(reference.imageKeys),
            order: z
              .string()
              .trim()
              .regex(/^(|-?\d{1,4})$/, "sortOrderInvalid"),
          }),
        )
        .max(maxImages, `tooManyRows:${maxImages}`),
      variants: z.array(variant).max(maxVariantRows, `tooManyRows:${maxVariantRows}`),
    })
    .superRefine((value, context) => {
      if (!resolvedSlug(value)) context.addIssue({ code: "custom", path: ["slug"], message: "required" });

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
              const picked = row.options[String(attribute.id)] ?? "";
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
      value.variants.forEach((row, index) => {
        if (value.kind === "variation" && row.sku === "") context.addIssue({ code: "custom", path: ["variants", index, "sku"], message: "required" });
        if (row.compareAtPrice !== null && row.compareAtPrice <= row.price) {
          context.addIssue({ code: "custom", path: ["variants", index, "compareAtPrice"], message: "compareAtInvalid" });
        }
      });
      const seen = new Set<string>();
      value.variants.forEach((row, index) => {
        const variantSku = row.sku || value.sku;
        if (seen.has(variantSku)) context.addIssue({ code: "custom", path: ["variants", index, "sku"], message: "duplicateInForm" });
        seen.add(variantSku);
      });
    })
    .transform((value) => {
      const type = reference.types.find((candidate) => candidate.id === value.productTypeId);
      return {
        ...value,
        slug: resolvedSlug(value),
        images: value.images
          .map((image, position) => ({ key: image.key!, order: image.order === "" ? position : Number(image.order), position }))
          .filter((image) => image.key !== null)
          .sort((a, b) => a.order - b.order || a.position - b.position)
          .map((image) => image.key),
        variants: value.variants.map((row) => ({
          ...row,
          sku: row.sku || value.sku,
          optionIds:
            value.kind === "variation" && type
              ? type.attributes.map((attribute) => Number(row.options[String(attribute.id)] ?? "")).filter((id) => Number.isSafeInteger(id) && id > 0)
              : [],
        })),
      };
    });
}

export type ProductInput = z.output<ReturnType<typeof productFormSchema>>;
export type ProductVariantInput = ProductInput["variants"][number];

export const productStatusChoices = Object.values(productStatusIds);

// ————— categories —————

export const categoryTextFields = ["slug", "nameEn", "nameTh", "descriptionEn", "descriptionTh", "imageKey", "sortOrder"] as const;
export type CategoryDraft = Record<(typeof categoryTextFields)[number], string>;

export function categoryFormSchema(imageKeys: ReadonlySet<string>) {
  return z
    .object({
      nameEn: name(100),
      nameTh: name(100),
      slug,
      descriptionEn: z.string().trim().max(2000, "maxLength:2000"),
      descriptionTh: z.string().trim().max(2000, "maxLength:2000"),
      imageKey: imageKeyIn(imageKeys),
      sortOrder,
    })
    .transform((value, context) => {
      if (!resolvedSlug(value)) {
        context.addIssue({ code: "custom", path: ["slug"], message: "required" });
        return z.NEVER;
      }
      return { ...value, slug: resolvedSlug(value) };
    });
}
export type CategoryInput = z.output<ReturnType<typeof categoryFormSchema>>;

// ————— product types —————

export interface ProductTypeDraft {
  nameEn: string;
  nameTh: string;
  /** Chosen attributes with their position as typed. */
  attributes: { id: string; order: string }[];
}

export function readProductTypeDraft(formData: FormData): ProductTypeDraft {
  const attributes: { id: string; order: string }[] = [];
  for (const id of formData.getAll("attribute")) {
    if (typeof id !== "string" || attributes.some((row) => row.id === id) || attributes.length > 20) continue;
    attributes.push({ id, order: textValue(formData, `attributeOrder:${id}`) });
  }
  return { ...textValues(formData, ["nameEn", "nameTh"]), attributes };
}

export function productTypeFormSchema(attributeIds: readonly number[]) {
  return z
    .object({
      nameEn: name(100),
      nameTh: name(100),
      attributes: z
        .array(
          z.object({
            id: recordIdField.refine((id) => attributeIds.includes(id), "choice"),
            order: z
              .string()
              .trim()
              .regex(/^(|-?\d{1,4})$/, "sortOrderInvalid"),
          }),
        )
        .max(10, "tooManyRows:10"),
    })
    .transform((value) => ({
      ...value,
      attributeIds: value.attributes
        .map((row, position) => ({ id: row.id, order: row.order === "" ? position : Number(row.order), position }))
        .sort((a, b) => a.order - b.order || a.position - b.position)
        .map((row) => row.id),
    }));
}
export type ProductTypeInput = z.output<ReturnType<typeof productTypeFormSchema>>;

// ————— attributes and their options —————

export const attributeTextFields = ["code", "nameEn", "nameTh", "displayTypeId", "sortOrder"] as const;
export const optionFields = ["id", "code", "nameEn", "nameTh", "colorHex", "imageKey", "sortOrder"] as const;
export type OptionDraft = Record<(typeof optionFields)[number], string>;
export type AttributeDraft = Record<(typeof attributeTextFields)[number], string> & { options: OptionDraft[] };

export function readAttributeDraft(formData: FormData): AttributeDraft {
  return { ...textValues(formData, attributeTextFields), options: indexedRows(formData, "option", optionFields) };
}

export function attributeFormSchema(displayTypes: readonly DisplayTypeRow[], imageKeys: ReadonlySet<string>) {
  return z
    .object({
      code,
      nameEn: name(100),
      nameTh: name(100),
      displayTypeId: z
        .string()
        .trim()
        .regex(/^\d{1,3}$/, "choice")
        .transform(Number)
        .refine((id) => isChoosableDisplayType(displayTypes, id), "choice"),
      sortOrder,
      options: z
        .array(
          z.object({
            id: optionalId,
            code,
            nameEn: name(100),
            nameTh: name(100),
            colorHex: z
              .string()
              .trim()
              .toLowerCase()
              .regex(/^(|#[0-9a-f]{6})$/, "colorInvalid")
              .transform((value) => (value === "" ? null : value)),
            imageKey: imageKeyIn(imageKeys),
            sortOrder,
          }),
        )
        .max(maxFormRows, `tooManyRows:${maxFormRows}`),
    })
    .superRefine((value, context) => {
      const seen = new Set<string>();
      value.options.forEach((option, index) => {
        if (seen.has(option.code)) context.addIssue({ code: "custom", path: ["options", index, "code"], message: "duplicateInForm" });
        seen.add(option.code);
      });
    });
}
export type AttributeInput = z.output<ReturnType<typeof attributeFormSchema>>;

/** A blank variant row for the form ("add-variant"). */
export function blankVariant(): VariantDraft {
  return { id: "", sku: "", price: "", compareAtPrice: "", stock: "0", stockShown: "", active: true, options: {} };
}

export function blankOption(): OptionDraft {
  return { id: "", code: "", nameEn: "", nameTh: "", colorHex: "", imageKey: "", sortOrder: "" };
}
