import { eq, lt, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { preparedRead } from "~/db/prepared-read";
import { customers, sessions, staffUsers } from "~/db/schema/customers";

import { deleteExpiredApiTokensStatement } from "./api-tokens.server";
import { sessionCookieName } from "./session-cookie.server";

/**
 * Server-side sessions in D1 (DESIGN §5): an opaque 128-bit random id in an HttpOnly cookie; the
 * row says who owns it (a customer, a staff user, or nobody: a guest with a cart). A signed-in
 * session lives 3600 s idle (spec §4, §9: token max age); a guest's (its cart) 7 days, like the
 * spec's cart cookie (604800 s). Renewed on activity — at most once a minute, so browsing does not
 * write on every request.
 */
export const signedInIdleSeconds = 3600;
export const guestIdleSeconds = 604_800;
const renewAfterMs = 60_000;

function idleSeconds(owner: SessionOwner): number {
  return owner ? signedInIdleSeconds : guestIdleSeconds;
}

export type SessionOwner = { customerId: number } | { staffUserId: number } | null;

export interface ViewerCustomer {
  kind: "customer";
  sessionId: string;
  customerId: number;
  email: string;
  firstName: string;
  lastName: string;
  avatarKey: string | null;
  pointsBalance: number;
  emailVerified: boolean;
}

export interface ViewerStaff {
  kind: "staff";
  sessionId: string;
  staffUserId: number;
  email: string;
  fullName: string;
  roleId: number;
}

export interface ViewerGuest {
  kind: "guest";
  /** A guest may still have a session (a cart) — or none at all. */
  sessionId: string | null;
}

export type Viewer = ViewerGuest | ViewerCustomer | ViewerStaff;

export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function sessionCookie(request: Request, sessionId: string, owner: SessionOwner): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${sessionCookieName}=${sessionId}; Path=/; Max-Age=${idleSeconds(owner)}; HttpOnly; SameSite=Lax${secure}`;
}

export function clearedSessionCookie(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${sessionCookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

function ownerColumns(owner: SessionOwner) {
  return {
    customerId: owner && "customerId" in owner ? owner.customerId : null,
    staffUserId: owner && "staffUserId" in owner ? owner.staffUserId : null,
  };
}

export function insertSessionStatement(d1: D1Database, id: string, owner: SessionOwner, now: number) {
  return database(d1)
    .insert(sessions)
    .values({ id, ...ownerColumns(owner), expiresAt: now + idleSeconds(owner) * 1000, createdAt: now, lastSeenAt: now });
}

/** A new session; returns its id (the caller sets the cookie). */
export async function createSession(d1: D1Database, owner: SessionOwner, now = Date.now()): Promise<string> {
  const id = newSessionId();
  await insertSessionStatement(d1, id, owner, now);
  return id;
}

/**
 * The account columns a session or an API token is joined to (left joins on customers and
 * staff_users): resolveViewer and the API's resolveApiToken read the same ones.
 */
export const signedInAccountColumns = {
  customerId: customers.id,
  customerEmail: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  avatarKey: customers.avatarKey,
  pointsBalance: customers.pointsBalance,
  emailVerifiedAt: customers.emailVerifiedAt,
  customerDisabledAt: customers.disabledAt,
  staffUserId: staffUsers.id,
  staffEmail: staffUsers.email,
  fullName: staffUsers.fullName,
  roleId: staffUsers.roleId,
  staffDisabledAt: staffUsers.disabledAt,
};

export type SignedInAccount = Omit<ViewerCustomer, "sessionId"> | Omit<ViewerStaff, "sessionId">;

type SignedInAccountRow = { [Key in keyof typeof signedInAccountColumns]: (typeof signedInAccountColumns)[Key]["_"]["data"] | null };

/** The signed-in account of a joined row, or null when there is none or it is disabled. */
export function signedInAccount(row: SignedInAccountRow): SignedInAccount | null {
  if (row.customerId !== null && row.customerDisabledAt === null) {
    return {
      kind: "customer",
      customerId: row.customerId,
      email: row.customerEmail ?? "",
      firstName: row.firstName ?? "",
      lastName: row.lastName ?? "",
      avatarKey: row.avatarKey,
      pointsBalance: row.pointsBalance ?? 0,
      emailVerified: row.emailVerifiedAt !== null,
    };
  }
  if (row.staffUserId !== null && row.staffDisabledAt === null) {
    return { kind: "staff", staffUserId: row.staffUserId, email: row.staffEmail ?? "", fullName: row.fullName ?? "", roleId: row.roleId ?? 0 };
  }
  return null;
}

/** Every page's first read: the session and its account (its SQL built once per isolate). */
const sessionRead = preparedRead((db) =>
  db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      ...signedInAccountColumns,
    })
    .from(sessions)
    .leftJoin(customers, eq(customers.id, sessions.customerId))
    .leftJoin(staffUsers, eq(staffUsers.id, sessions.staffUserId))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .prepare(),
);

/**
 * Who is behind a session id: its owner (customer or staff, unless disabled) or a guest. An
 * expired or unknown id is a guest without a session. Renews the idle lifetime when due; `renewed`
 * holds the owner when the cookie should be sent again (its Max-Age follows the renewal).
 */
export async function resolveViewer(
  d1: D1Database,
  sessionId: string | null,
  now = Date.now(),
): Promise<{ viewer: Viewer; renewed: { owner: SessionOwner } | null }> {
  if (!sessionId) return { viewer: { kind: "guest", sessionId: null }, renewed: null };
  const row = await sessionRead.get(d1, { sessionId });
  if (!row || row.expiresAt <= now) return { viewer: { kind: "guest", sessionId: null }, renewed: null };

  const owner: SessionOwner = row.customerId !== null ? { customerId: row.customerId } : row.staffUserId !== null ? { staffUserId: row.staffUserId } : null;
  let renewed: { owner: SessionOwner } | null = null;
  if (now - row.lastSeenAt >= renewAfterMs) {
    await database(d1)
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: now + idleSeconds(owner) * 1000 })
      .where(eq(sessions.id, sessionId));
    renewed = { owner };
  }

  const account = signedInAccount(row);
  if (account) return { renewed, viewer: { ...account, sessionId } as Viewer };
  return { viewer: { kind: "guest", sessionId }, renewed };
}

export function deleteSessionStatement(d1: D1Database, sessionId: string) {
  return database(d1).delete(sessions).where(eq(sessions.id, sessionId));
}

export async function destroySession(d1: D1Database, sessionId: string): Promise<void> {
  await deleteSessionStatement(d1, sessionId);
}

/** Every session of an account (password reset, deactivation, sign-out everywhere). */
export function deleteSessionsOfStatement(d1: D1Database, owner: NonNullable<SessionOwner>) {
  const db = database(d1);
  return "customerId" in owner
    ? db.delete(sessions).where(eq(sessions.customerId, owner.customerId))
    : db.delete(sessions).where(eq(sessions.staffUserId, owner.staffUserId));
}

/** Housekeeping for the cron: expired sessions (a guest's cart goes with its session) and expired API tokens. */
export async function deleteExpiredSessions(d1: D1Database, now = Date.now()): Promise<void> {
  const db = database(d1);
  await db.batch([db.delete(sessions).where(lt(sessions.expiresAt, now)), deleteExpiredApiTokensStatement(d1, now)]);
}
