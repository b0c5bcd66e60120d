import { and, eq, ne } from "drizzle-orm";

import { database } from "~/db/client";
import { customers, sessions } from "~/db/schema/customers";
import { hashPassword, verifyPassword } from "~/features/accounts/password.server";
import { clearThrottleStatement, isKeyThrottled, recordFailureStatement } from "~/features/accounts/throttle.server";
import { deleteApiTokensOfStatement } from "~/features/sessions/api-tokens.server";

import type { ProfileInput } from "./profile-schemas";

/**
 * The signed-in customer's own profile: read, update details, change password. Every query is
 * keyed by the customer id of the session (callers pass `requireCustomer(…).customerId`), never by
 * an id from the form.
 */
export async function getProfile(d1: D1Database, customerId: number) {
  const row = await database(d1)
    .select({
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      genderId: customers.genderId,
      birthday: customers.birthday,
      avatarKey: customers.avatarKey,
      pointsBalance: customers.pointsBalance,
      passwordHash: customers.passwordHash,
      taxInvoiceName: customers.taxInvoiceName,
      taxInvoiceTaxId: customers.taxInvoiceTaxId,
      taxInvoiceBranch: customers.taxInvoiceBranch,
      taxInvoiceAddress: customers.taxInvoiceAddress,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .get();
  if (!row) return null;
  const { passwordHash, ...profile } = row;
  return { ...profile, hasPassword: passwordHash !== null };
}
export type Profile = NonNullable<Awaited<ReturnType<typeof getProfile>>>;

export async function updateProfile(d1: D1Database, customerId: number, input: ProfileInput, now = Date.now()): Promise<void> {
  await database(d1)
    .update(customers)
    .set({ firstName: input.firstName, lastName: input.lastName, phone: input.phone, genderId: input.gender, birthday: input.birthday, updatedAt: now })
    .where(eq(customers.id, customerId));
}

/** Wrong old passwords per account: at most 5 in 15 minutes (the sign-in limit), so a borrowed session cannot guess it. */
const passwordChangeFailureLimit = 5;

function passwordChangeThrottleKey(customerId: number): string {
  return `password-change:customer:${customerId}`;
}

export type PasswordChangeResult = "changed" | "incorrect" | "throttled";

/**
 * Checks the old password (when the account has one: a social-only account sets its first),
 * stores the new hash and ends every other session of the customer — this one stays signed in.
 * One batch.
 */
export async function changePassword(
  d1: D1Database,
  viewer: { customerId: number; sessionId: string },
  oldPassword: string,
  newPassword: string,
  now = Date.now(),
): Promise<PasswordChangeResult> {
  const db = database(d1);
  const throttleKey = passwordChangeThrottleKey(viewer.customerId);
  if (await isKeyThrottled(d1, throttleKey, passwordChangeFailureLimit, now)) return "throttled";
  const row = await db.select({ passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, viewer.customerId)).get();
  if (!row) return "incorrect";
  if (row.passwordHash !== null && !(await verifyPassword(oldPassword, row.passwordHash))) {
    await recordFailureStatement(d1, throttleKey, now);
    return "incorrect";
  }
  const passwordHash = await hashPassword(newPassword);
  await db.batch([
    db.update(customers).set({ passwordHash, updatedAt: now }).where(eq(customers.id, viewer.customerId)),
    db.delete(sessions).where(and(eq(sessions.customerId, viewer.customerId), ne(sessions.id, viewer.sessionId))),
    // The account's API tokens end with its other sessions (docs/decisions/0016-json-api.md).
    deleteApiTokensOfStatement(d1, { customerId: viewer.customerId }),
    clearThrottleStatement(d1, throttleKey),
  ]);
  return "changed";
}
