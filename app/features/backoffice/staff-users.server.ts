import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { sessions, staffUsers } from "~/db/schema/customers";
import { hashPassword } from "~/features/accounts/password.server";
import { deleteApiTokensOfStatement } from "~/features/sessions/api-tokens.server";
import { deleteSessionsOfStatement } from "~/features/sessions/sessions.server";

import type { ListScope } from "./list-page.server";
import type { StaffUserListQuery } from "./staff-user-list";

/**
 * Staff users of the back office (issue 3 item 15; /backend/user, roles 1–2). Rules kept here, on
 * the server, whatever the page shows:
 * - e-mails are unique (lower-cased);
 * - a staff member cannot deactivate themself or change their own role;
 * - the last active System Administrator (role 1) can be neither deactivated nor moved to another
 *   role — checked inside the UPDATE itself, so two administrators acting at once cannot both pass;
 * - deactivating and resetting a password end that user's sessions (and API tokens) in the same batch.
 */
const systemAdministrator = 1;

export interface StaffUserRow {
  id: number;
  email: string;
  fullName: string;
  roleId: number;
  lastLoginAt: number | null;
  disabledAt: number | null;
  createdAt: number;
}

const staffUserColumns = {
  id: staffUsers.id,
  email: staffUsers.email,
  fullName: staffUsers.fullName,
  roleId: staffUsers.roleId,
  lastLoginAt: staffUsers.lastLoginAt,
  disabledAt: staffUsers.disabledAt,
  createdAt: staffUsers.createdAt,
};

const staffUserSorts = {
  role: [staffUsers.roleId, sql`lower(${staffUsers.fullName})`],
  name: [sql`lower(${staffUsers.fullName})`],
  email: [staffUsers.email],
  lastLogin: [sql`coalesce(${staffUsers.lastLoginAt}, 0)`],
} satisfies Record<StaffUserListQuery["sort"], unknown[]>;

/**
 * The staff list under its query (app/features/backoffice/staff-user-list.tsx): search by name or
 * e-mail, role and status filters; active people before deactivated ones whatever the sort.
 */
export async function listStaffUsers(d1: D1Database, query: StaffUserListQuery, scope: ListScope): Promise<{ rows: StaffUserRow[]; total: number }> {
  const db = database(d1);
  const { role, status } = query.filters;
  const where = and(
    query.q ? or(contains(staffUsers.fullName, query.q), contains(staffUsers.email, query.q)) : undefined,
    role === null ? undefined : eq(staffUsers.roleId, role),
    status === null ? undefined : status === "deactivated" ? isNotNull(staffUsers.disabledAt) : isNull(staffUsers.disabledAt),
    scope.ids ? inArray(staffUsers.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const [totalRows, rows] = await db.batch([
    db.select({ total: count() }).from(staffUsers).where(where),
    db
      .select(staffUserColumns)
      .from(staffUsers)
      .where(where)
      .orderBy(sql`${staffUsers.disabledAt} IS NOT NULL`, ...staffUserSorts[query.sort].map((column) => direction(column)), asc(staffUsers.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows, total: totalRows[0]?.total ?? 0 };
}

export async function findStaffUser(d1: D1Database, id: number): Promise<StaffUserRow | null> {
  const row = await database(d1).select(staffUserColumns).from(staffUsers).where(eq(staffUsers.id, id)).get();
  return row ?? null;
}

/**
 * True when the row may stop being an active System Administrator: it is not one, or another
 * active one remains. Used inside UPDATE … WHERE so the check and the change are one statement.
 */
// Written with explicit table names: an unqualified "id" inside the sub-select would mean other.id.
const anotherActiveAdministratorRemains = sql.raw(`(
  staff_users.role_id <> ${systemAdministrator}
  OR staff_users.disabled_at IS NOT NULL
  OR (SELECT count(*) FROM staff_users AS other
      WHERE other.role_id = ${systemAdministrator} AND other.disabled_at IS NULL AND other.id <> staff_users.id) > 0
)`);

function isUniqueEmailViolation(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  return /UNIQUE constraint failed: staff_users\.email/.test(message);
}

export type CreateStaffUserResult = { ok: true; id: number } | { ok: false; reason: "email-taken" };

export async function createStaffUser(
  d1: D1Database,
  input: { email: string; fullName: string; roleId: number; password: string },
  now = Date.now(),
): Promise<CreateStaffUserResult> {
  const db = database(d1);
  const taken = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, input.email)).get();
  if (taken) return { ok: false, reason: "email-taken" };
  try {
    const [row] = await db
      .insert(staffUsers)
      .values({
        email: input.email,
        fullName: input.fullName,
        roleId: input.roleId,
        passwordHash: await hashPassword(input.password),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: staffUsers.id });
    return { ok: true, id: row!.id };
  } catch (error) {
    // Someone created the same e-mail between the check and the insert.
    if (isUniqueEmailViolation(error)) return { ok: false, reason: "email-taken" };
    throw error;
  }
}

export type StaffChangeResult = { ok: true; name: string } | { ok: false; reason: "not-found" | "self" | "last-administrator" };

/**
 * Name and role. Changing one's own role is refused (an administrator could lock themself out); a
 * changed role signs the member out everywhere (sessions and API tokens, one batch).
 */
export async function updateStaffUser(
  d1: D1Database,
  actorId: number,
  input: { id: number; fullName: string; roleId: number },
  now = Date.now(),
): Promise<StaffChangeResult> {
  const current = await findStaffUser(d1, input.id);
  if (!current) return { ok: false, reason: "not-found" };
  if (input.id === actorId && input.roleId !== current.roleId) return { ok: false, reason: "self" };
  const roleGuard = input.roleId === systemAdministrator ? sql`1` : anotherActiveAdministratorRemains;
  const db = database(d1);
  const update = db
    .update(staffUsers)
    .set({ fullName: input.fullName, roleId: input.roleId, updatedAt: now })
    .where(and(eq(staffUsers.id, input.id), roleGuard))
    .returning({ id: staffUsers.id });
  if (input.roleId === current.roleId) {
    const [updated] = await update;
    return updated ? { ok: true, name: input.fullName } : { ok: false, reason: "last-administrator" };
  }
  // A new role ends the member's sessions and API tokens in the same batch: a session opened under
  // the old role must not keep its reach (issue 13 item 1). Only when the UPDATE applied (a refused
  // last administrator keeps theirs).
  const applied = sql`EXISTS (SELECT 1 FROM staff_users WHERE staff_users.id = ${input.id} AND staff_users.role_id = ${input.roleId} AND staff_users.updated_at = ${now})`;
  const [updated] = await db.batch([
    update,
    db.delete(sessions).where(and(eq(sessions.staffUserId, input.id), applied)),
    deleteApiTokensOfStatement(d1, { staffUserId: input.id }, applied),
  ]);
  if (!updated[0]) return { ok: false, reason: "last-administrator" };
  return { ok: true, name: input.fullName };
}

/**
 * Deactivates a staff user and ends every session of theirs — one batch: their next request is a
 * guest's. Deactivating oneself or the last active System Administrator is refused.
 */
export async function deactivateStaffUser(d1: D1Database, actorId: number, id: number, now = Date.now()): Promise<StaffChangeResult> {
  if (id === actorId) return { ok: false, reason: "self" };
  const current = await findStaffUser(d1, id);
  if (!current) return { ok: false, reason: "not-found" };
  if (current.disabledAt !== null) return { ok: true, name: current.fullName };
  const db = database(d1);
  const [updated] = await db.batch([
    db
      .update(staffUsers)
      .set({ disabledAt: now, updatedAt: now })
      .where(and(eq(staffUsers.id, id), isNull(staffUsers.disabledAt), anotherActiveAdministratorRemains))
      .returning({ id: staffUsers.id }),
    // Only when the UPDATE above did deactivate them (a refused last administrator keeps their sessions).
    db
      .delete(sessions)
      .where(and(eq(sessions.staffUserId, id), sql`EXISTS (SELECT 1 FROM staff_users WHERE staff_users.id = ${id} AND staff_users.disabled_at = ${now})`)),
    // Their API tokens too, on the same condition (docs/decisions/0016-json-api.md).
    deleteApiTokensOfStatement(
      d1,
      { staffUserId: id },
      sql`EXISTS (SELECT 1 FROM staff_users WHERE staff_users.id = ${id} AND staff_users.disabled_at = ${now})`,
    ),
  ]);
  if (!updated[0]) return { ok: false, reason: "last-administrator" };
  return { ok: true, name: current.fullName };
}

export async function reactivateStaffUser(d1: D1Database, id: number, now = Date.now()): Promise<StaffChangeResult> {
  const updated = await database(d1)
    .update(staffUsers)
    .set({ disabledAt: null, updatedAt: now })
    .where(eq(staffUsers.id, id))
    .returning({ fullName: staffUsers.fullName });
  return updated[0] ? { ok: true, name: updated[0].fullName } : { ok: false, reason: "not-found" };
}

/** Sets the password the administrator typed and ends every session of that user — one batch. */
export async function resetStaffPassword(d1: D1Database, id: number, password: string, now = Date.now()): Promise<StaffChangeResult> {
  const current = await findStaffUser(d1, id);
  if (!current) return { ok: false, reason: "not-found" };
  const db = database(d1);
  await db.batch([
    db
      .update(staffUsers)
      .set({ passwordHash: await hashPassword(password), updatedAt: now })
      .where(eq(staffUsers.id, id)),
    deleteSessionsOfStatement(d1, { staffUserId: id }),
    deleteApiTokensOfStatement(d1, { staffUserId: id }),
  ]);
  return { ok: true, name: current.fullName };
}
