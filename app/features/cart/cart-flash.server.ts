import { readCookie } from "~/features/preferences/preferences.server";

/**
 * The message after a cart form posted without JavaScript (the redirect drops the action's data):
 * a short-lived cookie naming one of these outcomes, read once by the cart page. Only known names
 * count; texts come from the locale files. The checkout guard uses it too ("price-increase": a
 * price rose and the shopper has not accepted it yet). A capped outcome carries the lines it held
 * back ("only N left — quantity set to N"): `name~variantId.quantity~…`. "merge-capped" is set at
 * sign-in when the guest cart joined the account's and some line hit its max; it waits (an hour,
 * the session's idle lifetime) for the shopper's next visit to the cart.
 */
const cartFlashCookieName = "pryde_cart_flash";
export const cartFlashMessages = [
  "added",
  "added-capped",
  "updated",
  "updated-capped",
  "merge-capped",
  "removed",
  "cleared",
  "prices-accepted",
  "price-increase",
] as const;
export type CartFlashMessage = (typeof cartFlashMessages)[number];

export interface CappedLine {
  /** 0 when the form named the line, not the variant (the message then needs no name). */
  variantId: number;
  quantity: number;
}

/** More would not fit a cookie comfortably; the cart page marks every lowered line anyway. */
const maxCappedLines = 20;

function secure(request: Request): string {
  return new URL(request.url).protocol === "https:" ? "; Secure" : "";
}

export function cartFlashCookie(request: Request, message: CartFlashMessage, capped: readonly CappedLine[] = []): string {
  const lines = capped
    .slice(0, maxCappedLines)
    .map((line) => `~${line.variantId}.${line.quantity}`)
    .join("");
  const maxAge = message === "merge-capped" ? 3600 : 60;
  return `${cartFlashCookieName}=${message}${lines}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure(request)}`;
}

/** Reads a cookie value; anything not in the format is no message (a cookie is user input). */
export function parseCartFlash(value: string): { message: CartFlashMessage | null; capped: CappedLine[] } {
  const [name, ...parts] = value.split("~");
  const message = (cartFlashMessages as readonly string[]).includes(name ?? "") ? (name as CartFlashMessage) : null;
  const capped: CappedLine[] = [];
  for (const part of parts.slice(0, maxCappedLines)) {
    const match = /^(0|[1-9][0-9]{0,9})\.([1-9][0-9]{0,2})$/.exec(part);
    if (!match) return { message: null, capped: [] };
    capped.push({ variantId: Number(match[1]), quantity: Number(match[2]) });
  }
  return { message, capped };
}

export function takeCartFlash(request: Request): { message: CartFlashMessage | null; capped: CappedLine[]; clearCookie: string } | null {
  const value = readCookie(request, cartFlashCookieName);
  if (!value) return null;
  const clearCookie = `${cartFlashCookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure(request)}`;
  return { ...parseCartFlash(value), clearCookie };
}
