import { readCookie } from "~/features/preferences/preferences.server";

/**
 * The message after a cart form posted without JavaScript (the redirect drops the action's data):
 * a short-lived cookie naming one of these outcomes, read once by the cart page. Only known names
 * count; texts come from the locale files. The checkout guard uses it too ("price-increase": a
 * price rose and the shopper has not accepted it yet).
 */
const cartFlashCookieName = "pryde_cart_flash";
export const cartFlashMessages = ["added", "added-capped", "updated", "updated-capped", "removed", "cleared", "prices-accepted", "price-increase"] as const;
export type CartFlashMessage = (typeof cartFlashMessages)[number];

function secure(request: Request): string {
  return new URL(request.url).protocol === "https:" ? "; Secure" : "";
}

export function cartFlashCookie(request: Request, message: CartFlashMessage): string {
  return `${cartFlashCookieName}=${message}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure(request)}`;
}

export function takeCartFlash(request: Request): { message: CartFlashMessage | null; clearCookie: string } | null {
  const value = readCookie(request, cartFlashCookieName);
  if (!value) return null;
  const clearCookie = `${cartFlashCookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure(request)}`;
  return { message: (cartFlashMessages as readonly string[]).includes(value) ? (value as CartFlashMessage) : null, clearCookie };
}
