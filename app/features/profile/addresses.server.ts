import { and, asc, count, desc, eq, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { addresses } from "~/db/schema/customers";

import type { AddressInput } from "./profile-schemas";

/**
 * The signed-in customer's addresses. Every statement is scoped by the session's customer id, so
 * an id from another customer finds nothing (the route answers 404) and changes nothing.
 * Default rules: exactly one default while any address exists — the first address becomes the
 * default, choosing another moves it, deleting the default promotes the oldest remaining one.
 * Writes that belong together go in one db.batch (one transaction).
 */
export const maxAddressesPerCustomer = 20;

/** The addressColumns an address is shown with (the customer's own pages and the member detail page). */
export const addressColumns = {
  id: addresses.id,
  firstName: addresses.firstName,
  lastName: addresses.lastName,
  phone: addresses.phone,
  address: addresses.address,
  suburb: addresses.suburb,
  city: addresses.city,
  province: addresses.province,
  provinceCode: addresses.provinceCode,
  districtCode: addresses.districtCode,
  subdistrictCode: addresses.subdistrictCode,
  zipcode: addresses.zipcode,
  country: addresses.country,
  isDefault: addresses.isDefault,
};

export async function listAddresses(d1: D1Database, customerId: number) {
  return database(d1)
    .select(addressColumns)
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isDefault), asc(addresses.id))
    .all();
}
export type SavedAddress = Awaited<ReturnType<typeof listAddresses>>[number];

export async function getAddress(d1: D1Database, customerId: number, id: number): Promise<SavedAddress | null> {
  const row = await database(d1)
    .select(addressColumns)
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
    .get();
  return row ?? null;
}

function values(input: AddressInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    address: input.address,
    suburb: input.suburb,
    city: input.city,
    province: input.province,
    provinceCode: input.provinceCode,
    districtCode: input.districtCode,
    subdistrictCode: input.subdistrictCode,
    zipcode: input.zipcode,
    country: input.country,
  };
}

/** True when the customer owns address `id` (evaluated inside the statement that uses it). */
function owns(customerId: number, id: number) {
  return sql`EXISTS (SELECT 1 FROM ${addresses} WHERE ${addresses.id} = ${id} AND ${addresses.customerId} = ${customerId})`;
}

/** Makes `id` the only default among the customer's addresses; changes nothing when `id` is not theirs. */
function moveDefaultStatement(d1: D1Database, customerId: number, id: number, now: number) {
  return database(d1)
    .update(addresses)
    .set({ isDefault: sql`CASE WHEN ${addresses.id} = ${id} THEN 1 ELSE 0 END`, updatedAt: now })
    .where(and(eq(addresses.customerId, customerId), owns(customerId, id)));
}

/** After a delete: the oldest address becomes the default when none is left. */
function promoteDefaultStatement(d1: D1Database, customerId: number, now: number) {
  const hasDefault = sql`EXISTS (SELECT 1 FROM ${addresses} WHERE ${addresses.customerId} = ${customerId} AND ${addresses.isDefault} = 1)`;
  const oldest = sql`(SELECT MIN(${addresses.id}) FROM ${addresses} WHERE ${addresses.customerId} = ${customerId})`;
  return database(d1)
    .update(addresses)
    .set({ isDefault: true, updatedAt: now })
    .where(and(eq(addresses.customerId, customerId), sql`${addresses.id} = ${oldest}`, sql`NOT ${hasDefault}`));
}

export type CreateAddressResult = { ok: true; id: number } | { ok: false; reason: "too-many" };

export async function createAddress(d1: D1Database, customerId: number, input: AddressInput, now = Date.now()): Promise<CreateAddressResult> {
  const db = database(d1);
  const existing = await db.select({ total: count() }).from(addresses).where(eq(addresses.customerId, customerId)).get();
  if ((existing?.total ?? 0) >= maxAddressesPerCustomer) return { ok: false, reason: "too-many" };
  // The first address is the default; so is one the customer asks to be.
  const noDefaultYet = sql`NOT EXISTS (SELECT 1 FROM ${addresses} WHERE ${addresses.customerId} = ${customerId} AND ${addresses.isDefault} = 1)`;
  const insert = db
    .insert(addresses)
    .values({ customerId, ...values(input), isDefault: input.makeDefault ? true : noDefaultYet, createdAt: now, updatedAt: now })
    .returning({ id: addresses.id });
  if (!input.makeDefault) {
    const [row] = await insert;
    return { ok: true, id: row!.id };
  }
  const [inserted] = await db.batch([
    insert,
    db
      .update(addresses)
      .set({ isDefault: false, updatedAt: now })
      .where(and(eq(addresses.customerId, customerId), sql`${addresses.id} <> last_insert_rowid()`, eq(addresses.isDefault, true))),
  ]);
  return { ok: true, id: inserted[0]!.id };
}

/** False when the address is not this customer's (nothing changed). */
export async function updateAddress(d1: D1Database, customerId: number, id: number, input: AddressInput, now = Date.now()): Promise<boolean> {
  const db = database(d1);
  const update = db
    .update(addresses)
    .set({ ...values(input), updatedAt: now })
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
    .returning({ id: addresses.id });
  if (!input.makeDefault) return (await update).length > 0;
  const [updated] = await db.batch([update, moveDefaultStatement(d1, customerId, id, now)]);
  return updated.length > 0;
}

/** False when the address is not this customer's (nothing changed). */
export async function setDefaultAddress(d1: D1Database, customerId: number, id: number, now = Date.now()): Promise<boolean> {
  const [found] = await database(d1).batch([
    database(d1)
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId))),
    moveDefaultStatement(d1, customerId, id, now),
  ]);
  return found.length > 0;
}

/** False when the address is not this customer's (nothing changed). */
export async function deleteAddress(d1: D1Database, customerId: number, id: number, now = Date.now()): Promise<boolean> {
  const db = database(d1);
  const [deleted] = await db.batch([
    db
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
      .returning({ id: addresses.id }),
    promoteDefaultStatement(d1, customerId, now),
  ]);
  return deleted.length > 0;
}
