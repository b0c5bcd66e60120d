import { eq } from "drizzle-orm";

import { database } from "~/db/client";
import { customers } from "~/db/schema/customers";
import { imageContentTypes, imageExtensions, sniffImageType } from "~/domain/image-type";

import { avatarMaxBytes } from "./profile-schemas";

/**
 * Profile pictures in R2 (DESIGN §6 uploads): at most 2 MiB, type decided by the file's first
 * bytes (never its name or the browser's type), stored under a server-made content-hashed key
 * `avatars/<customerId>-<sha256 first 12 hex>.<ext>` — served by /media with a year of caching,
 * since a new picture gets a new key. The previous picture is deleted once the new one is saved.
 */

export type AvatarProblem = "fileRequired" | "fileTooLarge" | "imagesOnly";
export type AvatarResult = { ok: true; key: string } | { ok: false; problem: AvatarProblem };

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Keys this feature made for this customer (only those are ever deleted; seeded or shared images are not). */
function isOwnAvatarKey(key: string, customerId: number): boolean {
  return key.startsWith(`avatars/${customerId}-`);
}

export async function saveAvatar(env: { DB: D1Database; MEDIA: R2Bucket }, customerId: number, file: unknown, now = Date.now()): Promise<AvatarResult> {
  if (!(file instanceof File) || file.size === 0) return { ok: false, problem: "fileRequired" };
  if (file.size > avatarMaxBytes) return { ok: false, problem: "fileTooLarge" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, problem: "imagesOnly" };

  const key = `avatars/${customerId}-${(await sha256Hex(bytes)).slice(0, 12)}.${imageExtensions[type]}`;
  const db = database(env.DB);
  const previous = await db.select({ avatarKey: customers.avatarKey }).from(customers).where(eq(customers.id, customerId)).get();
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: imageContentTypes[type], cacheControl: "public, max-age=31536000, immutable" } });
  try {
    await db.update(customers).set({ avatarKey: key, updatedAt: now }).where(eq(customers.id, customerId));
  } catch (error) {
    if (previous?.avatarKey !== key) await env.MEDIA.delete(key);
    throw error;
  }
  const old = previous?.avatarKey;
  if (old && old !== key && isOwnAvatarKey(old, customerId)) await env.MEDIA.delete(old);
  return { ok: true, key };
}

/** Back to the default avatar. */
export async function removeAvatar(env: { DB: D1Database; MEDIA: R2Bucket }, customerId: number, now = Date.now()): Promise<void> {
  const db = database(env.DB);
  const previous = await db.select({ avatarKey: customers.avatarKey }).from(customers).where(eq(customers.id, customerId)).get();
  await db.update(customers).set({ avatarKey: null, updatedAt: now }).where(eq(customers.id, customerId));
  if (previous?.avatarKey && isOwnAvatarKey(previous.avatarKey, customerId)) await env.MEDIA.delete(previous.avatarKey);
}
