import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { customers, sessions, staffUsers } from "~/db/schema/customers";
import { createSession, deleteExpiredSessions, guestIdleSeconds, resolveViewer, signedInIdleSeconds } from "~/features/sessions/sessions.server";

import { get } from "./worker";

const db = () => database(env.DB);
const customerId = async () => (await db().select({ id: customers.id }).from(customers).where(eq(customers.email, "customer@pryde.test")).get())!.id;
const staffId = async (email: string) => (await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)).get())!.id;

describe("sessions", () => {
  it("given a customer's session, should resolve the customer and expire after an hour idle", async () => {
    const now = Date.now();
    const id = await createSession(env.DB, { customerId: await customerId() }, now);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const { viewer } = await resolveViewer(env.DB, id, now + 1000);
    expect(viewer).toMatchObject({ kind: "customer", sessionId: id, email: "customer@pryde.test" });
    const later = await resolveViewer(env.DB, id, now + signedInIdleSeconds * 1000 + 1);
    expect(later.viewer).toEqual({ kind: "guest", sessionId: null });
  });

  it("given a staff session, should resolve the staff member with the role", async () => {
    const id = await createSession(env.DB, { staffUserId: await staffId("editor@pryde.test") });
    const { viewer } = await resolveViewer(env.DB, id);
    expect(viewer).toMatchObject({ kind: "staff", roleId: 3, email: "editor@pryde.test" });
  });

  it("given a guest session (a cart), should keep it for a week", async () => {
    const now = Date.now();
    const id = await createSession(env.DB, null, now);
    expect((await resolveViewer(env.DB, id, now + (guestIdleSeconds - 10) * 1000)).viewer).toEqual({ kind: "guest", sessionId: id });
  });

  it("given activity after a minute, should renew the idle lifetime (and only then)", async () => {
    const now = Date.now();
    const id = await createSession(env.DB, { customerId: await customerId() }, now);
    expect((await resolveViewer(env.DB, id, now + 30_000)).renewed).toBeNull();
    const renewal = await resolveViewer(env.DB, id, now + 61_000);
    expect(renewal.renewed).toEqual({ owner: { customerId: await customerId() } });
    const row = await db().select().from(sessions).where(eq(sessions.id, id)).get();
    expect(row?.expiresAt).toBe(now + 61_000 + signedInIdleSeconds * 1000);
  });

  it("given a disabled account, should treat the session as a guest's", async () => {
    const now = Date.now();
    const [leaver] = await db()
      .insert(staffUsers)
      .values({ email: `leaver-${now}@pryde.test`, passwordHash: "x", fullName: "Leaver", roleId: 5, createdAt: now, updatedAt: now })
      .returning({ id: staffUsers.id });
    const id = await createSession(env.DB, { staffUserId: leaver!.id });
    expect((await resolveViewer(env.DB, id)).viewer.kind).toBe("staff");
    await db().update(staffUsers).set({ disabledAt: now }).where(eq(staffUsers.id, leaver!.id));
    expect((await resolveViewer(env.DB, id)).viewer.kind).toBe("guest");
  });

  it("given a cookie whose session is gone, should answer the page and forget the cookie", async () => {
    const response = await get("/shop", { cookie: "pryde_session=AAAAAAAAAAAAAAAAAAAAAA" });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^pryde_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/);
  });

  it("given a session last seen over a minute ago, should renew its cookie on the next page", async () => {
    const id = await createSession(env.DB, { customerId: await customerId() }, Date.now() - 120_000);
    const response = await get("/shop", { cookie: `pryde_session=${id}` });
    // (The renewal is a write: the D1 bookmark cookie comes along, docs/decisions/0019-d1-round-trips.md.)
    expect(response.headers.getSetCookie()).toContain(`pryde_session=${id}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax`);
  });

  it("given the daily clean-up, should remove expired sessions and keep live ones", async () => {
    const now = Date.now();
    const expired = await createSession(env.DB, { customerId: await customerId() }, now - (signedInIdleSeconds + 5) * 1000);
    const live = await createSession(env.DB, null, now);
    await deleteExpiredSessions(env.DB, now);
    const ids = (await db().select({ id: sessions.id }).from(sessions)).map((row) => row.id);
    expect(ids).not.toContain(expired);
    expect(ids).toContain(live);
  });

  it("given an unverified customer, every storefront page should remind them to verify (and a verified one not)", async () => {
    const now = Date.now();
    const [unverified] = await db()
      .insert(customers)
      .values({ email: `unverified-${now}@pryde.test`, firstName: "Ploy", lastName: "Test", createdAt: now, updatedAt: now })
      .returning({ id: customers.id });
    const unverifiedSession = await createSession(env.DB, { customerId: unverified!.id });
    const reminded = await (await get("/th/shop", { cookie: `pryde_session=${unverifiedSession}` })).text();
    expect(reminded).toContain('data-testid="verify-reminder"');
    expect(reminded).toContain('href="/th/verify"');

    const verifiedSession = await createSession(env.DB, { customerId: await customerId() });
    const quiet = await (await get("/shop", { cookie: `pryde_session=${verifiedSession}` })).text();
    expect(quiet).not.toContain('data-testid="verify-reminder"');
  });
});
