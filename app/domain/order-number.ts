/**
 * Order numbers shoppers see, type into /tracking and find in links: "PR" + the Bangkok date
 * (yyMMdd) + 8 characters of Crockford base32 (40 random bits from crypto.getRandomValues). Not
 * guessable (a trillion possibilities per day), unambiguous to read aloud (no I, L, O, U), and
 * sortable by day. Uniqueness is the orders.order_number UNIQUE index; a collision fails the order
 * batch, which is simply tried again with a new number.
 */
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const orderNumberPattern = /^PR\d{6}[0-9A-HJKMNP-TV-Z]{8}$/;

const bangkokDay = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Bangkok", year: "2-digit", month: "2-digit", day: "2-digit" });

/** `randomBytes`: at least 5 bytes (40 bits); pass crypto.getRandomValues(new Uint8Array(5)). */
export function formatOrderNumber(now: number, randomBytes: Uint8Array): string {
  if (randomBytes.length < 5) throw new RangeError("An order number needs 5 random bytes");
  const parts = bangkokDay.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? "00";
  let bits = 0n;
  for (const byte of randomBytes.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let suffix = "";
  for (let index = 0; index < 8; index += 1) {
    suffix = crockford[Number(bits & 31n)]! + suffix;
    bits >>= 5n;
  }
  return `PR${part("year")}${part("month")}${part("day")}${suffix}`;
}

export function isOrderNumber(value: string): boolean {
  return orderNumberPattern.test(value);
}
