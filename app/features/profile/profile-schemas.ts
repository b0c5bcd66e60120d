import { z } from "zod";

import { addressLineMaxLength, areaFieldMaxLength, type AreaProblem, countryCodes, decideArea, type ThaiAreaDirectory } from "~/domain/address";
import { confirmationProblem, passwordMaxLength } from "~/domain/password-policy";
import { checkNewPassword, isPastDate, nameMaxLength, phoneDigits, phonePattern } from "~/features/accounts/account-schemas";
import type { AreaCodes } from "~/features/thai-address/area-index";
import { checkbox, optionalText, text } from "~/ui/form/schema-fields";

/**
 * One Zod schema per form of the customer's own area (DESIGN §4.4), shared by the action
 * (`parseWithZod`) and the component (`useForm`): the form kit's builders, the registration's rules
 * for phone, birthday and the new password. Messages are keys: the kit's (`forms:validation`) or the
 * account's own (`account:validation.phoneInvalid`, …).
 */
const phoneMaxLength = 20;

/** Empty (left blank) is null in the database. */
const orNull = <T extends z.ZodType>(schema: T) => schema.optional().transform((value) => value ?? null);

const requiredPhone = text(phoneMaxLength)
  .transform(phoneDigits)
  .refine((value) => phonePattern.test(value), "phoneInvalid");

const optionalPhone = orNull(
  z
    .string()
    .trim()
    .max(phoneMaxLength)
    .transform(phoneDigits)
    .refine((value) => value === "" || phonePattern.test(value), "phoneInvalid")
    .transform((value) => value || undefined),
);

/** /my-profile, intent "profile". Gender 1 male, 2 female (spec §3); birthday YYYY-MM-DD in the past. */
export const profileSchema = z.object({
  firstName: text(nameMaxLength),
  lastName: text(nameMaxLength),
  phone: optionalPhone,
  gender: orNull(z.enum(["1", "2"], { error: "genderInvalid" }).transform(Number)),
  birthday: orNull(z.string().trim().refine(isPastDate, "birthdayInvalid")),
});
export type ProfileInput = z.output<typeof profileSchema>;

/**
 * /my-profile, intent "password". An account made through LINE/Google/Facebook has no password yet
 * and sets its first without an old one. The old password is only checked against the stored hash
 * (bounded length).
 */
export function passwordChangeSchema(hasPassword: boolean) {
  const oldPassword = z.string().max(1024);
  return z
    .object({
      oldPassword: hasPassword ? oldPassword : oldPassword.optional(),
      password: z.string().max(passwordMaxLength, "passwordTooLong").superRefine(checkNewPassword),
      confirmPassword: z.string(),
    })
    .superRefine((value, context) => {
      const problem = confirmationProblem(value.password, value.confirmPassword);
      if (problem) context.addIssue({ code: "custom", path: ["confirmPassword"], message: problem === "mismatch" ? "passwordMismatch" : "required" });
      if (value.oldPassword && value.oldPassword === value.password) context.addIssue({ code: "custom", path: ["password"], message: "passwordSame" });
    });
}

/** Profile pictures: at most 2 MB; the server checks what the bytes are (app/features/profile/avatar.server.ts). */
export const avatarMaxMegabytes = 2;
export const avatarMaxBytes = avatarMaxMegabytes * 1024 * 1024;

/** /my-profile, intent "avatar". */
export const avatarSchema = z.object({
  avatar: z.file({ error: "fileRequired" }).max(avatarMaxBytes, `fileTooLarge:${avatarMaxMegabytes}`),
});

/** A row id from a form: a positive integer, nothing else. */
export const rowId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, "invalid")
  .transform(Number)
  .refine((value) => Number.isSafeInteger(value) && value <= 2_147_483_647, "invalid");

/** /my-address, intents "delete" and "default". */
export const addressIdSchema = z.object({ id: rowId });

/**
 * Province and subdistrict: chosen in Thailand, optional free text abroad. Checked even while
 * other fields are wrong (`when`), so every missing field is marked at once.
 */
function thaiRequired(field: "province" | "suburb") {
  const check = (value: { country?: unknown; province?: unknown; suburb?: unknown }) => value.country !== "TH" || Boolean(value[field]);
  return [check, { path: [field] as PropertyKey[], message: "required", when: () => true }] as const;
}

/**
 * /my-address, intents "create" and "update": the address as typed. District (`city`) and zipcode
 * are needed everywhere; province and subdistrict in Thailand (abroad they are optional free text).
 * Whether the Thai area exists is decided on the server against the Thai directory
 * ({@link decideAddress}), which the browser never loads.
 */
export const addressFormSchema = z
  .object({
    firstName: text(nameMaxLength),
    lastName: text(nameMaxLength),
    phone: requiredPhone,
    address: text(addressLineMaxLength),
    country: z.enum(countryCodes, { error: (issue) => (issue.input === undefined ? "required" : "countryInvalid") }),
    province: optionalText(areaFieldMaxLength),
    city: text(areaFieldMaxLength),
    suburb: optionalText(areaFieldMaxLength),
    zipcode: text(areaFieldMaxLength),
    makeDefault: checkbox(),
  })
  .refine(...thaiRequired("province"))
  .refine(...thaiRequired("suburb"));
export type AddressFormValue = z.output<typeof addressFormSchema>;

/** The Thai directory the rules check against, and the geocodes of an area it knows. */
export interface ThaiAreaData extends ThaiAreaDirectory {
  codes(area: { province: string; city: string; suburb: string }): AreaCodes;
}

/** An address as a form holds it (text; `makeDefault` a checkbox). */
export interface AddressFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  country: string;
  province: string;
  city: string;
  suburb: string;
  zipcode: string;
  makeDefault: boolean;
}

/** An address to store: its area decided, a Thai one with its geocodes. */
export type AddressInput = AddressFormValues & AreaCodes;

const areaMessages: Record<AreaProblem, string> = {
  required: "required",
  maxLength: `tooLong:${areaFieldMaxLength}`,
  countryInvalid: "countryInvalid",
  areaNotFound: "areaNotFound",
  zipcodeInvalid: "zipcodeInvalid",
  zipcodeNotFound: "zipcodeNotFound",
};

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
    return { ok: false, fieldErrors: Object.fromEntries(Object.entries(decision.problems).map(([field, problem]) => [field, [areaMessages[problem]]])) };
  }
  const codes: AreaCodes = decision.area.country === "TH" ? thai.codes(decision.area) : { provinceCode: null, districtCode: null, subdistrictCode: null };
  const { firstName, lastName, phone, address, makeDefault } = value;
  return { ok: true, address: { firstName, lastName, phone, address, makeDefault, ...decision.area, ...codes } };
}

/**
 * A Thai subdistrict with a single zipcode needs none chosen: what the picker fills in with
 * JavaScript, the server fills in for a form sent without it.
 */
export function soleZipcode(thai: ThaiAreaDirectory, area: { country: string; province: string; city: string; suburb: string }): string | null {
  if (area.country !== "TH") return null;
  const zipcodes = thai.subdistricts(area.province.trim(), area.city.trim())?.find((subdistrict) => subdistrict.name === area.suburb.trim())?.zipcodes ?? [];
  return zipcodes.length === 1 ? zipcodes[0]! : null;
}
