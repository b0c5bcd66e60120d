import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { database } from "~/db/client";
import { accountTokens } from "~/db/schema/accounts";
import { customers, sessions, staffUsers } from "~/db/schema/customers";
import { clearedOnSuccess, failureKeys, isSignInThrottled, signInThrottleKeys } from "~/domain/sign-in-throttle";
import { adoptGuestCartStatement, type CappedCartLine, planGuestCartMerge } from "~/features/cart/cart.server";
import { adoptGuestDesignsStatements } from "~/features/custom/designs.server";
import { outboxInsert } from "~/features/email/outbox.server";
import { adoptGuestOrdersStatement } from "~/features/orders/guest-orders.server";
import { deleteApiTokensOfStatement, type IssuedApiToken, newApiToken } from "~/features/sessions/api-tokens.server";
import {
  deleteSessionsOfStatement,
  deleteSessionStatement,
  insertSessionStatement,
  newSessionId,
  type SessionOwner,
  signedInIdleSeconds,
} from "~/features/sessions/sessions.server";
import { defaultLocale, type Locale, localizePath } from "~/i18n/config";

import { type DeviceClaim, deviceIdFor, isDeviceClaimValid } from "./device-cookie.server";
import { hashPassword, needsRehash, unknownAccountHash, verifyPassword } from "./password.server";
import {
  clearAccountThrottleStatement,
  clearThrottleStatement,
  liveCounts,
  lockMailStatement,
  recordFailureStatement,
  signInCounters,
} from "./throttle.server";
import { findToken, hashToken, insertTokenStatement, latestTokenCreatedAt, newToken, retireTokensStatement } from "./tokens.server";

/**
 * Shopper and staff accounts: registration by e-mail, e-mail verification, sign-in with
 * throttling and session rotation, password reset. Every change and the mail it causes are one
 * `db.batch` (one transaction). See docs/decisions/0007-sign-in.md.
 */
type Statement = BatchItem<"sqlite">;

function batch(d1: D1Database, statements: Statement[]) {
  return database(d1).batch(statements as [Statement, ...Statement[]]);
}

/** Where links in e-mails point: PUBLIC_ORIGIN, else the origin the request came to. */
export function linkOrigin(publicOrigin: string | undefined, request: Request): string {
  return (publicOrigin || new URL(request.url).origin).replace(/\/+$/, "");
}

function accountLink(origin: string, locale: Locale, path: string, token: string): string {
  return `${origin}${localizePath(locale, path)}?token=${token}`;
}

function isUniqueEmailViolation(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  return /UNIQUE constraint failed: customers\.email/.test(message);
}

export async function isEmailRegistered(d1: D1Database, email: string): Promise<boolean> {
  const row = await database(d1).select({ id: customers.id }).from(customers).where(eq(customers.email, email)).get();
  return row !== undefined;
}

export interface NewCustomer {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  phone: string | null;
  gender: number | null;
  birthday: string | null;
}

export type RegisterResult = { ok: true; customerId: number; sessionId: string } | { ok: false; reason: "email-taken" };

/**
 * Creates the customer with the time of their consent to the membership terms, queues the
 * verification mail and signs them in (a new session; the previous one, if any, ends) — one batch.
 * A taken e-mail, also one taken a moment ago by a parallel request, is an answer, not an error.
 */
export async function registerCustomer(
  d1: D1Database,
  input: NewCustomer,
  options: { locale: Locale; origin: string; previousSessionId: string | null; now?: number },
): Promise<RegisterResult> {
  const now = options.now ?? Date.now();
  if (await isEmailRegistered(d1, input.email)) return { ok: false, reason: "email-taken" };
  const db = database(d1);
  const passwordHash = await hashPassword(input.password);
  const token = newToken();
  const sessionId = newSessionId();
  const customerId = sql`(SELECT ${customers.id} FROM ${customers} WHERE ${customers.email} = ${input.email})`;
  const statements: Statement[] = [
    db
      .insert(customers)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        genderId: input.gender,
        birthday: input.birthday,
        locale: options.locale,
        termsAcceptedAt: now,
        lastLoginAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: customers.id }),
    insertTokenStatement(d1, "verify-email", await hashToken(token), customerId, now),
    outboxInsert(
      d1,
      {
        to: input.email,
        locale: options.locale,
        template: "verify-email",
        payload: { name: input.firstName, link: accountLink(options.origin, options.locale, "/verify", token) },
      },
      now,
    ),
    db.insert(sessions).values({ id: sessionId, customerId, expiresAt: now + signedInIdleSeconds * 1000, createdAt: now, lastSeenAt: now }),
  ];
  if (options.previousSessionId) {
    // A guest cart becomes the new customer's cart instead of ending with the guest session.
    statements.push(
      adoptGuestCartStatement(d1, options.previousSessionId, customerId, now),
      adoptGuestOrdersStatement(d1, options.previousSessionId, customerId),
      ...adoptGuestDesignsStatements(d1, options.previousSessionId, customerId),
      deleteSessionStatement(d1, options.previousSessionId),
    );
  }
  try {
    const [inserted] = (await batch(d1, statements)) as [{ id: number }[]];
    return { ok: true, customerId: inserted[0]!.id, sessionId };
  } catch (error) {
    if (isUniqueEmailViolation(error)) return { ok: false, reason: "email-taken" };
    throw error;
  }
}

export type VerifyResult = "verified" | "expired" | "used" | "invalid";

/** Marks the e-mail of the token's customer verified; the token works once. */
export async function verifyEmail(d1: D1Database, token: string | null, now = Date.now()): Promise<VerifyResult> {
  const found = await findToken(d1, "verify-email", token, now);
  if (found.status !== "valid") return found.status;
  const db = database(d1);
  await batch(d1, [
    db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.id, found.id), isNull(accountTokens.usedAt))),
    db
      .update(customers)
      .set({ emailVerifiedAt: sql`COALESCE(${customers.emailVerifiedAt}, ${now})`, updatedAt: now })
      .where(eq(customers.id, found.customerId)),
  ]);
  return "verified";
}

/** A new verification link for a signed-in customer; earlier unused links stop working. */
/** A new verification link at most once a minute, so the button cannot be used to flood a mailbox. */
export const verificationResendCooldownMs = 60_000;

export async function resendVerification(
  d1: D1Database,
  customer: { customerId: number; email: string; firstName: string },
  options: { locale: Locale; origin: string; now?: number },
): Promise<{ sent: true } | { sent: false; reason: "too-soon" }> {
  const now = options.now ?? Date.now();
  const lastSentAt = await latestTokenCreatedAt(d1, "verify-email", customer.customerId);
  if (lastSentAt !== null && now - lastSentAt < verificationResendCooldownMs) return { sent: false, reason: "too-soon" };
  const token = newToken();
  await batch(d1, [
    retireTokensStatement(d1, "verify-email", customer.customerId, now),
    insertTokenStatement(d1, "verify-email", await hashToken(token), customer.customerId, now),
    outboxInsert(
      d1,
      {
        to: customer.email,
        locale: options.locale,
        template: "verify-email",
        payload: { name: customer.firstName, link: accountLink(options.origin, options.locale, "/verify", token) },
      },
      now,
    ),
  ]);
  return { sent: true };
}

export type SignInResult =
  | {
      ok: true;
      sessionId: string;
      owner: NonNullable<SessionOwner>;
      device: { accountId: number; deviceId: string; passwordHash: string };
      cartCapped: CappedCartLine[];
    }
  | { ok: false; reason: "invalid-credentials" | "throttled" };

interface SignInInput {
  kind: "customer" | "staff";
  email: string;
  password: string;
  clientAddress: string;
  /** The browser's device cookie of this kind (the pages; the JSON API has none). */
  device: DeviceClaim | null;
  /** Origin for the link in the lock e-mail. */
  origin: string;
  now?: number;
}

type CheckedCredentials =
  | { ok: true; owner: NonNullable<SessionOwner>; statements: Statement[]; device: { accountId: number; deviceId: string; passwordHash: string } }
  | { ok: false; reason: "invalid-credentials" | "throttled" };

/**
 * The check every e-mail + password sign-in goes through (the pages and the JSON API): throttled by
 * the rules of `~/domain/sign-in-throttle` (per account and address, per address, an account-wide
 * ceiling; a browser with a valid device cookie only by its own budget); the same answer whether
 * the account is missing, disabled or the password wrong; failures counted, and the failure that
 * locks the account e-mails its owner. On success: the owner, the statements every sign-in writes
 * (its counters cleared, last login, a stronger hash when due) for the caller's batch, and what the
 * browser's device cookie is made of.
 */
async function checkCredentials(d1: D1Database, input: SignInInput, now: number): Promise<CheckedCredentials> {
  const db = database(d1);
  const isCustomer = input.kind === "customer";
  const accountQuery = isCustomer
    ? db
        .select({
          id: customers.id,
          passwordHash: customers.passwordHash,
          disabledAt: customers.disabledAt,
          name: customers.firstName,
          locale: customers.locale,
        })
        .from(customers)
        .where(eq(customers.email, input.email))
    : db
        .select({
          id: staffUsers.id,
          passwordHash: staffUsers.passwordHash,
          disabledAt: staffUsers.disabledAt,
          name: staffUsers.fullName,
          locale: sql<Locale>`${defaultLocale}`,
        })
        .from(staffUsers)
        .where(eq(staffUsers.email, input.email));
  const account = (await accountQuery.get()) as
    { id: number; passwordHash: string | null; disabledAt: number | null; name: string; locale: Locale } | undefined;

  const knownDevice = Boolean(
    input.device && account?.passwordHash && (await isDeviceClaimValid(input.kind, input.device, { id: account.id, passwordHash: account.passwordHash })),
  );
  const keys = signInThrottleKeys(input.kind, input.email, input.clientAddress, knownDevice ? input.device!.deviceId : null);
  const counters = signInCounters(keys, await liveCounts(d1, [keys.account, keys.accountAddress, keys.address, ...(keys.device ? [keys.device] : [])], now));
  if (isSignInThrottled(counters, knownDevice)) return { ok: false, reason: "throttled" };

  const storedHash = account?.passwordHash ?? unknownAccountHash();
  const passwordMatches = await verifyPassword(input.password, storedHash);

  if (!account || !account.passwordHash || account.disabledAt !== null || !passwordMatches) {
    const statements: Statement[] = failureKeys(keys).map((key) => recordFailureStatement(d1, key, now));
    if (account && account.disabledAt === null) {
      const path = isCustomer ? localizePath(account.locale, "/forgot-password") : localizePath(account.locale, "/backend/login");
      statements.push(
        lockMailStatement(
          d1,
          keys.account,
          { to: input.email, locale: account.locale, template: "account-locked", payload: { name: account.name, link: `${input.origin}${path}` } },
          now,
        ),
      );
    }
    await batch(d1, statements);
    return { ok: false, reason: "invalid-credentials" };
  }

  const owner: NonNullable<SessionOwner> = isCustomer ? { customerId: account.id } : { staffUserId: account.id };
  const rehash = needsRehash(account.passwordHash) ? await hashPassword(input.password) : null;
  const table = isCustomer ? customers : staffUsers;
  return {
    ok: true,
    owner,
    // The device cookie is signed with the hash the account has after this sign-in.
    device: { accountId: account.id, deviceId: deviceIdFor(input.device, knownDevice), passwordHash: rehash ?? account.passwordHash },
    statements: [
      ...clearedOnSuccess(keys).map((key) => clearThrottleStatement(d1, key)),
      db
        .update(table)
        .set({ lastLoginAt: now, ...(rehash ? { passwordHash: rehash } : {}) })
        .where(eq(table.id, account.id)),
    ],
  };
}

/**
 * E-mail + password sign-in for customers or staff (the /login and /backend/login pages). Success
 * rotates the session: a new session row for the owner and the old one deleted, one batch.
 */
export async function signIn(d1: D1Database, input: SignInInput & { previousSessionId: string | null }): Promise<SignInResult> {
  const now = input.now ?? Date.now();
  const checked = await checkCredentials(d1, input, now);
  if (!checked.ok) return checked;
  const { owner } = checked;
  const sessionId = newSessionId();
  const statements: Statement[] = [insertSessionStatement(d1, sessionId, owner, now), ...checked.statements];
  let cartCapped: CappedCartLine[] = [];
  if (input.previousSessionId) {
    // The guest cart of the session being replaced joins the customer's cart in this same batch.
    if ("customerId" in owner) {
      const merge = await planGuestCartMerge(d1, input.previousSessionId, owner.customerId, now);
      cartCapped = merge.capped;
      statements.push(...merge.statements);
      statements.push(
        adoptGuestOrdersStatement(d1, input.previousSessionId, owner.customerId),
        ...adoptGuestDesignsStatements(d1, input.previousSessionId, owner.customerId),
      );
    }
    statements.push(deleteSessionStatement(d1, input.previousSessionId));
  }
  await batch(d1, statements);
  return { ok: true, sessionId, owner, device: checked.device, cartCapped };
}

export type ApiSignInResult =
  { ok: true; token: IssuedApiToken; owner: NonNullable<SessionOwner> } | { ok: false; reason: "invalid-credentials" | "throttled" };

/**
 * The same sign-in for the JSON API (POST /api/users/login, /api/users/admin/login): same check,
 * same throttle keys and limits, so the API is no way around the pages' throttle. Instead of a
 * session it issues a bearer token valid 3600 s (docs/decisions/0016-json-api.md).
 */
export async function signInForApi(d1: D1Database, input: SignInInput): Promise<ApiSignInResult> {
  const now = input.now ?? Date.now();
  const checked = await checkCredentials(d1, input, now);
  if (!checked.ok) return checked;
  const { issued, statement } = await newApiToken(d1, checked.owner, now);
  await batch(d1, [statement, ...checked.statements]);
  return { ok: true, token: issued, owner: checked.owner };
}

/**
 * Sends a link to set a new password when a customer has this e-mail; says nothing either way
 * (the page answers the same). Earlier unused reset links stop working.
 */
export async function requestPasswordReset(d1: D1Database, email: string, options: { locale: Locale; origin: string; now?: number }): Promise<void> {
  const now = options.now ?? Date.now();
  const customer = await database(d1)
    .select({ id: customers.id, firstName: customers.firstName, disabledAt: customers.disabledAt })
    .from(customers)
    .where(eq(customers.email, email))
    .get();
  const token = newToken();
  const tokenHash = await hashToken(token);
  if (!customer || customer.disabledAt !== null) return;
  await batch(d1, [
    retireTokensStatement(d1, "reset-password", customer.id, now),
    insertTokenStatement(d1, "reset-password", tokenHash, customer.id, now),
    outboxInsert(
      d1,
      {
        to: email,
        locale: options.locale,
        template: "reset-password",
        payload: { name: customer.firstName, link: accountLink(options.origin, options.locale, "/reset-password", token) },
      },
      now,
    ),
  ]);
}

export async function isResetTokenUsable(d1: D1Database, token: string | null, now = Date.now()): Promise<boolean> {
  return (await findToken(d1, "reset-password", token, now)).status === "valid";
}

/**
 * Sets the new password, uses up the token, ends every session (and API token) of the account and lifts its
 * sign-in throttle — one batch. Opening the link also proves the mailbox, so the e-mail counts as
 * verified. The password update only applies if this very request used the token (a second
 * request with the same token changes nothing).
 */
export async function resetPassword(d1: D1Database, token: string, password: string, now = Date.now()): Promise<"reset" | "invalid"> {
  const found = await findToken(d1, "reset-password", token, now);
  if (found.status !== "valid") return "invalid";
  const db = database(d1);
  const passwordHash = await hashPassword(password);
  const customer = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, found.customerId)).get();
  if (!customer) return "invalid";
  const usedNow = sql`EXISTS (SELECT 1 FROM ${accountTokens} WHERE ${accountTokens.id} = ${found.id} AND ${accountTokens.usedAt} = ${now})`;
  await batch(d1, [
    db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.id, found.id), isNull(accountTokens.usedAt))),
    db
      .update(customers)
      .set({ passwordHash, emailVerifiedAt: sql`COALESCE(${customers.emailVerifiedAt}, ${now})`, updatedAt: now })
      .where(and(eq(customers.id, found.customerId), usedNow)),
    deleteSessionsOfStatement(d1, { customerId: found.customerId }),
    deleteApiTokensOfStatement(d1, { customerId: found.customerId }),
    clearAccountThrottleStatement(d1, "customer", customer.email),
  ]);
  return "reset";
}
