import type { SignInKind } from "~/domain/sign-in-throttle";
import { readCookie } from "~/features/preferences/preferences.server";

import { newToken } from "./tokens.server";

/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"; docs/decisions/0007):
 * a successful sign-in leaves an HttpOnly cookie naming the account and a random id for this
 * browser. When that browser signs in to the same account again it is exempt from the account's
 * lockout (a stranger's failures) and has its own small failure budget instead.
 *
 * The cookie is signed with HMAC-SHA-256 keyed by the account's current password hash: no separate
 * secret to deploy, nobody without the database can make one, and a new password (reset, change,
 * staff reset) retires every device cookie of the account — a browser that was trusted with the old
 * password is not trusted with the new one. A forged cookie would only lift the lockout; the
 * password is still checked.
 */
const cookieNames: Record<SignInKind, string> = { customer: "pryde_device", staff: "pryde_staff_device" };
const maxAgeSeconds = 180 * 24 * 60 * 60;
const valuePattern = /^(\d{1,12})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceClaim {
  accountId: number;
  deviceId: string;
  signature: string;
}

/** The device cookie of this kind as the browser sent it, or null (not checked yet: that needs the account's key). */
export function readDeviceClaim(request: Request, kind: SignInKind): DeviceClaim | null {
  const match = valuePattern.exec(readCookie(request, cookieNames[kind]) ?? "");
  return match ? { accountId: Number(match[1]), deviceId: match[2]!, signature: match[3]! } : null;
}

function base64Url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

async function sign(kind: SignInKind, accountId: number, deviceId: string, passwordHash: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(passwordHash), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return base64Url(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`pryde-device|${kind}|${accountId}|${deviceId}`)));
}

/** Whether the claim was made by us for this account (constant-time comparison of the signatures). */
export async function isDeviceClaimValid(kind: SignInKind, claim: DeviceClaim, account: { id: number; passwordHash: string }): Promise<boolean> {
  if (claim.accountId !== account.id) return false;
  const expected = new TextEncoder().encode(await sign(kind, account.id, claim.deviceId, account.passwordHash));
  const given = new TextEncoder().encode(claim.signature);
  if (expected.length !== given.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1) difference |= expected[index]! ^ given[index]!;
  return difference === 0;
}

/** A device id: the browser's own, when its cookie was valid, else a new one. */
export function deviceIdFor(claim: DeviceClaim | null, trusted: boolean): string {
  return trusted && claim ? claim.deviceId : newToken();
}

export async function deviceCookie(request: Request, kind: SignInKind, accountId: number, deviceId: string, passwordHash: string): Promise<string> {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const value = `${accountId}.${deviceId}.${await sign(kind, accountId, deviceId, passwordHash)}`;
  return `${cookieNames[kind]}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}
