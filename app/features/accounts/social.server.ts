import { and, eq, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { database } from "~/db/client";
import { customerIdentities, socialSignUps } from "~/db/schema/accounts";
import { customers, sessions } from "~/db/schema/customers";
import { adoptGuestCartStatement, type CappedCartLine, planGuestCartMerge } from "~/features/cart/cart.server";
import { adoptGuestDesignsStatements } from "~/features/custom/designs.server";
import { outboxInsert } from "~/features/email/outbox.server";
import { adoptGuestOrdersStatement } from "~/features/orders/guest-orders.server";
import { deleteSessionStatement, insertSessionStatement, newSessionId, signedInIdleSeconds } from "~/features/sessions/sessions.server";
import { type Locale, localizePath } from "~/i18n/config";

import type { SocialProfile } from "./social-providers.server";
import { hashToken, insertTokenStatement, newToken } from "./tokens.server";

/**
 * What a provider's answer means for the shop (docs/decisions/0009-social-sign-in.md):
 * 1. the identity (provider + subject) is linked → sign that customer in;
 * 2. else the provider's e-mail is verified and is a customer's → link it to them and sign in;
 * 3. else a new shopper → keep the profile server-side until they accept the membership terms,
 *    then create the account (e-mail verified when the provider said so) and sign in.
 * An unverified e-mail that belongs to an account never links to it. Every change is one batch.
 */
type Statement = BatchItem<"sqlite">;

function batch(d1: D1Database, statements: Statement[]) {
  return database(d1).batch(statements as [Statement, ...Statement[]]);
}

/** A pending social sign-up lives this long (the terms step). */
export const signUpLifetimeMs = 15 * 60_000;

export type SocialSignInOutcome =
  | { kind: "signed-in"; customerId: number; sessionId: string; cartCapped: CappedCartLine[] }
  | { kind: "needs-terms"; token: string }
  | { kind: "refused"; reason: "no-email" | "email-unverified" | "disabled" };

/** Sign-in with session rotation: a new session for the customer, the previous one deleted. */
async function signInStatements(
  d1: D1Database,
  customerId: number,
  previousSessionId: string | null,
  now: number,
): Promise<{ sessionId: string; statements: Statement[]; cartCapped: CappedCartLine[] }> {
  const sessionId = newSessionId();
  const statements: Statement[] = [
    insertSessionStatement(d1, sessionId, { customerId }, now),
    database(d1).update(customers).set({ lastLoginAt: now }).where(eq(customers.id, customerId)),
  ];
  const merge = await planGuestCartMerge(d1, previousSessionId, customerId, now);
  if (previousSessionId) {
    // The guest cart of the session being replaced joins the customer's cart in the same batch.
    statements.push(
      ...merge.statements,
      adoptGuestOrdersStatement(d1, previousSessionId, customerId),
      ...adoptGuestDesignsStatements(d1, previousSessionId, customerId),
      deleteSessionStatement(d1, previousSessionId),
    );
  }
  return { sessionId, statements, cartCapped: merge.capped };
}

export async function completeSocialSignIn(
  d1: D1Database,
  profile: SocialProfile,
  options: { previousSessionId: string | null; redirectTo: string | null; now?: number },
): Promise<SocialSignInOutcome> {
  const now = options.now ?? Date.now();
  const db = database(d1);

  const linked = await db
    .select({ identityId: customerIdentities.id, customerId: customers.id, disabledAt: customers.disabledAt })
    .from(customerIdentities)
    .innerJoin(customers, eq(customers.id, customerIdentities.customerId))
    .where(and(eq(customerIdentities.provider, profile.provider), eq(customerIdentities.subject, profile.subject)))
    .get();
  if (linked) {
    if (linked.disabledAt !== null) return { kind: "refused", reason: "disabled" };
    const { sessionId, statements, cartCapped } = await signInStatements(d1, linked.customerId, options.previousSessionId, now);
    statements.push(db.update(customerIdentities).set({ lastUsedAt: now }).where(eq(customerIdentities.id, linked.identityId)));
    await batch(d1, statements);
    return { kind: "signed-in", customerId: linked.customerId, sessionId, cartCapped };
  }

  if (!profile.email) return { kind: "refused", reason: "no-email" };
  const existing = await db.select({ id: customers.id, disabledAt: customers.disabledAt }).from(customers).where(eq(customers.email, profile.email)).get();
  if (existing) {
    // Linking by e-mail only on the provider's word that the address is the shopper's.
    if (!profile.emailVerified) return { kind: "refused", reason: "email-unverified" };
    if (existing.disabledAt !== null) return { kind: "refused", reason: "disabled" };
    const { sessionId, statements, cartCapped } = await signInStatements(d1, existing.id, options.previousSessionId, now);
    statements.push(
      db
        .insert(customerIdentities)
        .values({ provider: profile.provider, subject: profile.subject, customerId: existing.id, email: profile.email, createdAt: now, lastUsedAt: now })
        .onConflictDoNothing(),
      db
        .update(customers)
        .set({ emailVerifiedAt: sql`COALESCE(${customers.emailVerifiedAt}, ${now})`, updatedAt: now })
        .where(eq(customers.id, existing.id)),
    );
    await batch(d1, statements);
    return { kind: "signed-in", customerId: existing.id, sessionId, cartCapped };
  }

  const token = newToken();
  const fallbackName = profile.email.split("@")[0]!.slice(0, 100);
  await batch(d1, [
    db.delete(socialSignUps).where(lt(socialSignUps.expiresAt, now)),
    db.insert(socialSignUps).values({
      tokenHash: await hashToken(token),
      provider: profile.provider,
      subject: profile.subject,
      email: profile.email,
      emailVerified: profile.emailVerified,
      firstName: profile.firstName || fallbackName,
      lastName: profile.lastName,
      redirectTo: options.redirectTo,
      expiresAt: now + signUpLifetimeMs,
      createdAt: now,
    }),
  ]);
  return { kind: "needs-terms", token };
}

export type PendingSignUp = typeof socialSignUps.$inferSelect;

export async function findPendingSignUp(d1: D1Database, token: string | null, now = Date.now()): Promise<PendingSignUp | null> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await database(d1)
    .select()
    .from(socialSignUps)
    .where(eq(socialSignUps.tokenHash, await hashToken(token)))
    .get();
  return row && row.expiresAt > now ? row : null;
}

export type SocialRegisterResult =
  { ok: true; customerId: number; sessionId: string; emailVerified: boolean; redirectTo: string | null } | { ok: false; reason: "expired" | "email-taken" };

function isUniqueViolation(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  return /UNIQUE constraint failed/.test(message);
}

/**
 * The shopper accepted the membership terms: the account (no password; consent time stored; e-mail
 * verified when the provider said so, else a verification mail), the linked identity and a new
 * session — one batch, which also uses up the pending sign-up.
 */
export async function registerFromSocialSignUp(
  d1: D1Database,
  token: string | null,
  options: { locale: Locale; origin: string; previousSessionId: string | null; now?: number },
): Promise<SocialRegisterResult> {
  const now = options.now ?? Date.now();
  const pending = await findPendingSignUp(d1, token, now);
  if (!pending) return { ok: false, reason: "expired" };
  const db = database(d1);
  const customerId = sql`(SELECT ${customers.id} FROM ${customers} WHERE ${customers.email} = ${pending.email})`;
  const sessionId = newSessionId();
  const statements: Statement[] = [
    db
      .insert(customers)
      .values({
        email: pending.email,
        passwordHash: null,
        firstName: pending.firstName,
        lastName: pending.lastName,
        locale: options.locale,
        termsAcceptedAt: now,
        emailVerifiedAt: pending.emailVerified ? now : null,
        lastLoginAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: customers.id }),
    db
      .insert(customerIdentities)
      .values({ provider: pending.provider, subject: pending.subject, customerId, email: pending.email, createdAt: now, lastUsedAt: now }),
    db.insert(sessions).values({ id: sessionId, customerId, expiresAt: now + signedInIdleSeconds * 1000, createdAt: now, lastSeenAt: now }),
    db.delete(socialSignUps).where(eq(socialSignUps.tokenHash, pending.tokenHash)),
  ];
  if (!pending.emailVerified) {
    const verifyToken = newToken();
    statements.push(
      insertTokenStatement(d1, "verify-email", await hashToken(verifyToken), customerId, now),
      outboxInsert(
        d1,
        {
          to: pending.email,
          locale: options.locale,
          template: "verify-email",
          payload: { name: pending.firstName, link: `${options.origin}${localizePath(options.locale, "/verify")}?token=${verifyToken}` },
        },
        now,
      ),
    );
  }
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
    return { ok: true, customerId: inserted[0]!.id, sessionId, emailVerified: pending.emailVerified, redirectTo: pending.redirectTo };
  } catch (error) {
    // The e-mail (or the identity) was taken since the provider answered: a message, not a 500.
    if (isUniqueViolation(error)) {
      await db.delete(socialSignUps).where(eq(socialSignUps.tokenHash, pending.tokenHash));
      return { ok: false, reason: "email-taken" };
    }
    throw error;
  }
}
