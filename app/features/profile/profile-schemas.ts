import { z } from "zod";
import {
  addressLineMaxLength,
  addressLineProblem,
  areaFieldMaxLength,
  countryCodes,
  decideArea,
  type AreaField,
  type AreaProblem,
  type ThaiAreaDirectory,
} from "~/domain/address";
import { confirmationProblem } from "~/domain/password-policy";
import type { AreaCodes } from "~/features/thai-address/area-index";
import { nameMaxLength, registerAccountSchema, resetPasswordSchema } from "~/features/accounts/account-schemas";
import { checkbox, optionalText, text } from "~/ui/form/schema-fields";

/**
 * One Zod schema per form of the customer's own area (DESIGN §4.4). Name, phone, gender, birthday
 * and the new-password rule are the registration form's own validators (one rule, one place).
 * Issue messages are keys under `account:validation` (with `:<value>` for a number in the text);
 * `accountFieldErrors` turns them into texts in the page's language.
 */
const { firstName, lastName, phone, gender, birthday } = registerAccountSchema.shape;

/** /my-profile, intent "profile". */
export const profileSchema = z.object({ firstName, lastName, phone, gender, birthday });
export type ProfileInput = z.output<typeof profileSchema>;

/** /my-profile, intent "password". The old password is checked against the stored hash (bounded length). */
export const passwordChangeSchema = z
  .object({
    oldPassword: z.string().max(1024, "maxLength:1024"),
    password: resetPasswordSchema.shape.password,
    confirmPassword: z.string(),
  })
  .superRefine((value, context) => {
    const problem = confirmationProblem(value.password, value.confirmPassword);
    if (problem) context.addIssue({ code: "custom", path: ["confirmPassword"], message: problem === "mismatch" ? "passwordMismatch" : "required" });
    if (value.oldPassword && value.oldPassword === value.password) context.addIssue({ code: "custom", path: ["password"], message: "passwordSame" });
  });

/** A row id from a form: a positive integer, nothing else. */
export const rowId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, "invalid")
  .transform(Number)
  .refine((value) => Number.isSafeInteger(value) && value <= 2_147_483_647, "invalid");

/** /my-address, intents "delete" and "default". */
export const addressIdSchema = z.object({ id: rowId });

const requiredPhone = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ""))
  .refine((value) => value !== "", "required")
  .refine((value) => value === "" || /^\+?[0-9]{9,15}$/.test(value), "phoneInvalid");

const addressLine = z
  .string()
  .transform((value) => value.trim())
  .superRefine((value, context) => {
    const problem = addressLineProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem === "maxLength" ? `maxLength:${addressLineMaxLength}` : "required" });
  });

const areaMessages: Record<AreaProblem, string> = {
  required: "required",
  maxLength: "maxLength:100",
  countryInvalid: "countryInvalid",
  areaNotFound: "areaNotFound",
  zipcodeInvalid: "zipcodeInvalid",
  zipcodeNotFound: "zipcodeNotFound",
};

/** The Thai directory the rules check against, and the geocodes of an area it knows. */
export interface ThaiAreaData extends ThaiAreaDirectory {
  codes(area: { province: string; city: string; suburb: string }): AreaCodes;
}

/**
 * /my-address, intents "create" and "update" (the latter with `id`). The area (country, province,
 * district, subdistrict, zipcode) is decided by app/domain/address.ts against the Thai directory
 * the server passes in; the output carries the decided area (zipcode filled in when only one fits).
 */
export function addressSchema(thai: ThaiAreaData) {
  return z
    .object({
      firstName,
      lastName,
      phone: requiredPhone,
      address: addressLine,
      country: z.string(),
      province: z.string(),
      city: z.string(),
      suburb: z.string(),
      zipcode: z.string(),
      makeDefault: z.string().transform((value) => value === "on" || value === "true" || value === "1"),
    })
    .transform((value, context) => {
      const decision = decideArea(value, thai);
      if (!decision.ok) {
        for (const [field, problem] of Object.entries(decision.problems)) {
          context.addIssue({ code: "custom", path: [field as AreaField], message: areaMessages[problem] });
        }
        return z.NEVER;
      }
      // A Thai area is stored with its geocodes, so pages can name it in their own language.
      const codes: AreaCodes = decision.area.country === "TH" ? thai.codes(decision.area) : { provinceCode: null, districtCode: null, subdistrictCode: null };
      return { ...value, ...decision.area, ...codes };
    });
}
export type AddressInput = z.output<ReturnType<typeof addressSchema>>;

/*
 * The address on the form kit (parsed with Conform: an empty field is undefined), as wt/profile
 * writes it for /my-address; the checkout reads its new delivery address with it.
 */
const kitPhone = text(20)
  .transform((value) => value.replace(/[\s-]/g, ""))
  .refine((value) => /^\+?[0-9]{9,15}$/.test(value), "phoneInvalid");

/**
 * An address as typed. District (`city`) and zipcode are needed everywhere; province and
 * subdistrict in Thailand (abroad they are optional free text). Whether the Thai area exists is
 * decided on the server against the Thai directory ({@link decideAddress}), which the browser never loads.
 */
export const addressFormSchema = z
  .object({
    firstName: text(nameMaxLength),
    lastName: text(nameMaxLength),
    phone: kitPhone,
    address: text(addressLineMaxLength),
    country: z.enum(countryCodes, { error: (issue) => (issue.input === undefined ? "required" : "countryInvalid") }),
    province: optionalText(areaFieldMaxLength),
    city: text(areaFieldMaxLength),
    suburb: optionalText(areaFieldMaxLength),
    zipcode: text(areaFieldMaxLength),
    makeDefault: checkbox(),
  })
  .superRefine(
    (value, context) => {
      if (value.country !== "TH") return;
      for (const field of ["province", "suburb"] as const) {
        if (!value[field]) context.addIssue({ code: "custom", path: [field], message: "required" });
      }
    },
    // Also when another field is wrong (Zod skips an object's refinements then): one answer names every missing field.
    { when: () => true },
  );
export type AddressFormValue = z.output<typeof addressFormSchema>;

const kitAreaMessages: Record<AreaProblem, string> = { ...areaMessages, maxLength: `tooLong:${areaFieldMaxLength}` };

/**
 * The area of a parsed address decided by app/domain/address.ts against the Thai directory: the
 * address to store (a Thai one with its geocodes, so pages can name it in their own language), or a
 * message key per field that is wrong.
 */
export function decideAddress(
  value: AddressFormValue,
  thai: ThaiAreaData,
): { ok: true; address: AddressInput } | { ok: false; fieldErrors: Record<string, string[]> } {
  const area = { country: value.country, province: value.province ?? "", city: value.city, suburb: value.suburb ?? "", zipcode: value.zipcode };
  const decision = decideArea(area, thai);
  if (!decision.ok) {
    return { ok: false, fieldErrors: Object.fromEntries(Object.entries(decision.problems).map(([field, problem]) => [field, [kitAreaMessages[problem]]])) };
  }
  const codes: AreaCodes = decision.area.country === "TH" ? thai.codes(decision.area) : { provinceCode: null, districtCode: null, subdistrictCode: null };
  const { firstName, lastName, phone, address, makeDefault } = value;
  return { ok: true, address: { firstName, lastName, phone, address, makeDefault, ...decision.area, ...codes } };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

const knownMessages = new Set([
  "required",
  "invalid",
  "maxLength",
  "passwordTooShort",
  "passwordTooLong",
  "passwordClasses",
  "passwordCommon",
  "passwordMismatch",
  "passwordSame",
  "oldPasswordIncorrect",
  "throttled",
  "phoneInvalid",
  "birthdayInvalid",
  "genderInvalid",
  "fileRequired",
  "imagesOnly",
  "fileTooLarge",
  "countryInvalid",
  "areaNotFound",
  "zipcodeInvalid",
  "zipcodeNotFound",
  "tooManyAddresses",
]);

/**
 * The first message per field, translated with the `account` namespace: `{ zipcode: "Zip code not found…" }`.
 * `labels` overrides a field's label (abroad, "city" reads "City" rather than "District").
 */
export function accountFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  translate: unknown,
  labels: Record<string, string> = {},
): Record<string, string> {
  // Keys are built from issue messages, so they are checked against the list above instead of by type.
  const t = translate as Translate;
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    if (field in errors) continue;
    const separator = issue.message.indexOf(":");
    const key = separator > 0 ? issue.message.slice(0, separator) : issue.message || "invalid";
    const value = separator > 0 ? issue.message.slice(separator + 1) : undefined;
    const label = labels[field] ?? t(`fields.${field}`);
    errors[field] = t(`validation.${knownMessages.has(key) ? key : "invalid"}`, { field: label, max: value });
  }
  return errors;
}

/** A message for one field (results the server decides after parsing: wrong old password, bad file). */
export function fieldIssue(field: string, message: string) {
  return [{ path: [field], message }];
}
