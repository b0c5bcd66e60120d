import { z } from "zod";

import { validateThaiNationalId } from "~/domain/thai-national-id";
import { phoneDigits, phonePattern } from "~/features/accounts/account-schemas";
import { optionalText, text } from "~/ui/form/schema-fields";

/**
 * The storefront affiliate application (issue 3 item 8): one schema for the action and the form.
 * Messages are keys of `affiliate:validation`, or the form kit's.
 */
export const socialChannels = ["facebook", "instagram", "line", "tiktok"] as const;
export type SocialChannel = (typeof socialChannels)[number];
/** Brand names, the same in both languages. */
export const channelLabels: Record<SocialChannel, string> = { facebook: "Facebook", instagram: "Instagram", line: "LINE", tiktok: "TikTok" };

export const noteMaxLength = 1000;
export const channelMaxLength = 200;

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

const channel = optionalText(channelMaxLength)
  .refine((value) => !value || isChannelValue(value), "channelInvalid")
  .transform((value) => value ?? "");

/** Dashes and spaces as people type them (1-2345-67890-12-3), Thai numerals too; stored as 13 digits. */
const nationalId = z
  .string()
  .max(20)
  .transform((value, context) => {
    const result = validateThaiNationalId(value);
    if (result.ok) return result.digits;
    context.addIssue({ code: "custom", message: result.reason === "format" ? "nationalIdFormat" : "nationalIdChecksum" });
    return z.NEVER;
  });

export const affiliateApplicationSchema = z
  .object({
    firstName: text(100),
    lastName: text(100),
    email: z.string().trim().toLowerCase().max(254).email(),
    phone: text(20)
      .transform(phoneDigits)
      .refine((value) => phonePattern.test(value), "phoneInvalid"),
    facebook: channel,
    instagram: channel,
    line: channel,
    tiktok: channel,
    nationalId,
    note: optionalText(noteMaxLength).transform((value) => value ?? ""),
  })
  // Checked even while other fields are wrong (`when`), so it is marked with them at once.
  .refine((value: Partial<Record<SocialChannel, unknown>>) => socialChannels.some((key) => Boolean(value[key])), {
    path: ["channels"],
    message: "channelsRequired",
    when: () => true,
  });

export type AffiliateApplication = z.output<typeof affiliateApplicationSchema>;
