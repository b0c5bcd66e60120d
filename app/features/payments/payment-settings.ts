import { z } from "zod";

import { parsePromptPayId } from "~/domain/promptpay";

/**
 * Bank-transfer settings kept in the config table (config_promptpay_id, config_bank_accounts) and
 * edited in /backend/setting. Shared by the settings form (validation) and the payment page (reading).
 */
/** Slip files: images only (checked by content), at most 5 MiB. Shared by the page (hint) and the server (check). */
export const slipMaxBytes = 5 * 1024 * 1024;

export interface BankAccount {
  bank: string;
  accountName: string;
  accountNumber: string;
}

export const maxBankAccounts = 5;

export const bankAccountSchema = z.object({
  bank: z.string().trim().min(1, "required").max(100, "maxLength:100"),
  accountName: z.string().trim().min(1, "required").max(100, "maxLength:100"),
  accountNumber: z
    .string()
    .trim()
    .min(1, "required")
    .max(30, "maxLength:30")
    .refine((value) => /^[0-9][0-9\s-]{4,28}[0-9]$/.test(value), "bankAccountNumber"),
});

/** "" (no QR) or a PromptPay id a banking app accepts; stored as typed (trimmed). */
export const promptPayIdSchema = z
  .string()
  .trim()
  .max(30, "maxLength:30")
  .refine((value) => value === "" || parsePromptPayId(value) !== null, "promptPayId");

/** Stored JSON → accounts; anything unreadable (hand-edited, older shape) is left out, never thrown. */
export function parseBankAccounts(json: string | undefined | null): BankAccount[] {
  if (!json) return [];
  try {
    const parsed = z.array(z.unknown()).parse(JSON.parse(json));
    return parsed
      .map((entry) => bankAccountSchema.safeParse(entry))
      .filter((result) => result.success)
      .map((result) => result.data)
      .slice(0, maxBankAccounts);
  } catch {
    return [];
  }
}
