/**
 * PromptPay QR payloads (bank transfer, DESIGN §5): the EMVCo merchant-presented QR format that
 * every Thai banking app reads. A payload is a list of TLV fields — two-digit id, two-digit length,
 * value — ending in a CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over everything before it,
 * including the CRC field's own id and length ("6304").
 *
 *   00 02 "01"                payload format indicator
 *   01 02 "11" | "12"         point of initiation: static (no amount) or dynamic (amount, one use)
 *   29 .. 00 16 A000000677010111 (PromptPay credit transfer AID)
 *         01 13 0066 + 9 digits (mobile)  | 02 13 national/tax id | 03 15 e-wallet id
 *   58 02 "TH"                country
 *   53 03 "764"               currency THB (ISO 4217)
 *   54 .. "123.45"            amount (dynamic only)
 *   63 04 CRC                 upper-case hex
 *
 * Field order follows the widely used `promptpay-qr` package (its test vectors prove this module);
 * EMVCo readers look fields up by id, so the order does not matter to banking apps.
 */
export type PromptPayTarget = { kind: "mobile"; digits: string } | { kind: "national-id"; digits: string } | { kind: "e-wallet"; digits: string };

export const promptPayAid = "A000000677010111";

/** CRC-16/CCITT-FALSE of the text's bytes (the payload is ASCII). Check value: "123456789" → 0x29B1. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * What a PromptPay id typed by staff is: a Thai mobile number (10 digits starting with 0, or +66
 * and 9 digits), a 13-digit national or tax id, or a 15-digit e-wallet id. Spaces and dashes are
 * ignored; anything else is null.
 */
export function parsePromptPayId(input: string): PromptPayTarget | null {
  const trimmed = input.trim();
  if (!/^\+?[0-9][0-9\s-]*$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[^0-9]/g, "");
  if (trimmed.startsWith("+")) return /^66[1-9][0-9]{8}$/.test(digits) ? { kind: "mobile", digits: digits.slice(2) } : null;
  if (/^0[1-9][0-9]{8}$/.test(digits)) return { kind: "mobile", digits: digits.slice(1) };
  if (/^[0-9]{13}$/.test(digits)) return { kind: "national-id", digits };
  if (/^[0-9]{15}$/.test(digits)) return { kind: "e-wallet", digits };
  return null;
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMVCo field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

function targetField(target: PromptPayTarget): string {
  switch (target.kind) {
    case "mobile":
      // The mobile number in international form without "+", left-padded with zeros to 13 digits.
      return field("01", `0066${target.digits}`);
    case "national-id":
      return field("02", target.digits);
    case "e-wallet":
      return field("03", target.digits);
  }
}

/** Baht with two decimals from integer satang ("4.22"); no grouping, no currency sign. */
export function formatPromptPayAmount(amountSatang: number): string {
  if (!Number.isSafeInteger(amountSatang) || amountSatang <= 0) throw new RangeError("amount must be a positive whole number of satang");
  const baht = Math.floor(amountSatang / 100);
  return `${baht}.${String(amountSatang % 100).padStart(2, "0")}`;
}

/**
 * The QR payload paying `amountSatang` to `target` (a dynamic QR: banking apps fill in the amount
 * and do not let the payer change it). Without an amount: a static QR the payer types an amount into.
 */
export function promptPayPayload(target: PromptPayTarget, amountSatang?: number): string {
  const amount = amountSatang === undefined ? null : formatPromptPayAmount(amountSatang);
  const fields = [
    field("00", "01"),
    field("01", amount === null ? "11" : "12"),
    field("29", field("00", promptPayAid) + targetField(target)),
    field("58", "TH"),
    field("53", "764"),
    ...(amount === null ? [] : [field("54", amount)]),
  ];
  const withoutCrc = `${fields.join("")}6304`;
  return withoutCrc + crc16CcittFalse(withoutCrc).toString(16).toUpperCase().padStart(4, "0");
}

/** True when the payload's last four characters are the CRC of the rest (what a reader checks). */
export function hasValidCrc(payload: string): boolean {
  if (payload.length < 8 || payload.slice(-8, -4) !== "6304") return false;
  return crc16CcittFalse(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, "0") === payload.slice(-4);
}
