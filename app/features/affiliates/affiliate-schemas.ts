import { z } from "zod";
import { validateThaiNationalId } from "~/domain/thai-national-id";

/**
 * The storefront affiliate application (issue 3 item 8): one schema for the form. Messages are keys
 * of `affiliate:validation` (see app/features/backoffice/form-errors.ts).
 */
export const affiliateFormFields = ["firstName", "lastName", "email", "phone", "facebook", "instagram", "line", "tiktok", "nationalId", "note"] as const;
export const socialChannels = ["facebook", "instagram", "line", "tiktok"] as const;
export type SocialChannel = (typeof socialChannels)[number];
/** Brand names, the same in both languages. */
export const channelLabels: Record<SocialChannel, string> = { facebook: "Facebook", instagram: "Instagram", line: "LINE", tiktok: "TikTok" };
export const affiliateValidationKeys = [
  "required",
  "maxLength",
  "emailInvalid",
  "phoneInvalid",
  "channelInvalid",
  "channelsRequired",
  "nationalIdFormat",
  "nationalIdChecksum",
  "invalid",
] as const;

export const noteMaxLength = 1000;
export const channelMaxLength = 200;

const name = z.string().trim().min(1, "required").max(100, "maxLength:100");
const email = z.string().trim().toLowerCase().min(1, "required").max(254, "maxLength:254").email("emailInvalid");
const phone = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ""))
  .refine((value) => value.length > 0, "required")
  .refine((value) => value.length === 0 || /^\+?[0-9]{9,15}$/.test(value), "phoneInvalid");

/** A handle (`@pryde.shop`, `pryde_shop`) or an http(s) link to the page. Empty means "not given". */
export function isChannelValue(value: string): boolean {
  if (/^@?[\p{L}\p{N}._-]{1,60}$/u.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const channel = z
  .string()
  .trim()
  .max(channelMaxLength, `maxLength:${channelMaxLength}`)
  .refine((value) => value === "" || isChannelValue(value), "channelInvalid");

const nationalId = z.string().transform((value, context) => {
  if (value.trim() === "") {
    context.addIssue({ code: "custom", message: "required" });
    return z.NEVER;
  }
  const result = validateThaiNationalId(value.slice(0, 40));
  if (!result.ok) {
    context.addIssue({ code: "custom", message: result.reason === "format" ? "nationalIdFormat" : "nationalIdChecksum" });
    return z.NEVER;
  }
  return result.digits;
});

export const affiliateApplicationSchema = z
  .object({
    firstName: name,
    lastName: name,
    email,
    phone,
    facebook: channel,
    instagram: channel,
    line: channel,
    tiktok: channel,
    nationalId,
    note: z.string().trim().max(noteMaxLength, `maxLength:${noteMaxLength}`),
  })
  .superRefine((value, context) => {
    if (socialChannels.every((key) => value[key] === "")) context.addIssue({ code: "custom", path: ["channels"], message: "channelsRequired" });
  });

export type AffiliateApplication = z.output<typeof affiliateApplicationSchema>;
