import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { apiTokens } from "~/db/schema/accounts";
import { sessions, staffUsers } from "~/db/schema/customers";
import { newApiToken } from "~/features/sessions/api-tokens.server";
import { createSession } from "~/features/sessions/sessions.server";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { fuzzForm } from "./fuzz";
import { get, postForm } from "./worker";

/** Staff users (issue 3 item 15): /backend/user for roles 1–2. */

const path = "/backend/user";
const db = () => database(env.DB);
const strongPassword = "Green-Mango-42";

let cookies: Record<TestViewer, Record<string, string>>;
beforeAll(async () => {
  cookies = await backendTestCookies();
});

const admin = () => cookies["staff-1"];
const executive = () => cookies["staff-2"];
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

let counter = 0;
function newEmail(): string {
  counter += 1;
  return `staff-${Date.now().toString(36)}-${counter}@pryde.test`;
}

async function staffByEmail(email: string) {
  return db().select().from(staffUsers).where(eq(staffUsers.email, email)).get();
}

async function createViaPage(overrides: Record<string, string> = {}, headers = admin()) {
  const email = overrides.email ?? newEmail();
  const response = await postForm(
    path,
    { intent: "create", fullName: "Dao Packer", email, roleId: "3", password: strongPassword, confirmPassword: strongPassword, ...overrides },
    headers,
  );
  return { response, email };
}

async function sessionCount(staffUserId: number) {
  return (await db().select({ n: count() }).from(sessions).where(eq(sessions.staffUserId, staffUserId)))[0]!.n;
}

async function signIn(email: string, password: string) {
  return postForm("/backend/login", { email, password }, { "CF-Connecting-IP": `10.9.${counter}.${Math.floor(Math.random() * 250)}` });
}

/** A change that worked goes back to the page (Post/Redirect/Get) with its toast. */
function expectToast(response: Response, key: string) {
  expect(response.status).toBe(302);
  expect(decodeURIComponent(response.headers.get("set-cookie") ?? "")).toContain(`"key":"${key}"`);
}

async function adminId() {
  return (await staffByEmail("admin@pryde.test"))!.id;
}

describe("the staff users page", () => {
  it.each([
    [path, "Staff users", "System Administrator"],
    [`/th${path}`, "ผู้ใช้งานเจ้าหน้าที่", "ผู้ดูแลระบบ"],
  ])("given %s as a System Administrator, should list every staff user with role, last sign-in and status", async (url, heading, roleName) => {
    const response = await get(url, admin());
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain(heading);
    expect(page).toContain('data-testid="backend-top-bar"');
    for (const email of ["admin@pryde.test", "executive@pryde.test", "editor@pryde.test", "author@pryde.test", "user@pryde.test"])
      expect(page).toContain(email);
    expect(page).toContain(roleName);
  });

  it("given ?edit=<id>, should open the manage panel of that user; an unknown id opens nothing", async () => {
    const editor = await staffByEmail("editor@pryde.test");
    expect(await html(await get(`${path}?edit=${editor!.id}`, admin()))).toContain('data-testid="edit-panel"');
    expect(await html(await get(`${path}?edit=999999`, admin()))).not.toContain('data-testid="edit-panel"');
    expect((await get(`${path}?edit=abc`, admin())).status).toBe(200);
  });

  it.each(["staff-3", "staff-4", "staff-5"] as const)("given %s, should answer 403 to GET and POST and change nothing", async (viewer) => {
    expect((await get(path, cookies[viewer])).status).toBe(403);
    const email = newEmail();
    const { response } = await createViaPage({ email }, cookies[viewer]);
    expect(response.status).toBe(403);
    expect(await staffByEmail(email)).toBeUndefined();
  });

  it("given a guest or a customer, should send them away", async () => {
    expect((await get(path)).headers.get("location")).toMatch(/^\/backend\/login\?redirectTo=/);
    expect((await get(path, cookies.customer)).headers.get("location")).toBe("/");
  });
});

describe("creating a staff user", () => {
  it("given a valid form, should create the user with a hashed password who can then sign in", async () => {
    const email = newEmail();
    const { response } = await createViaPage({ email: `  ${email.toUpperCase()}  ` });
    expectToast(response, "staff:users.created");
    const row = await staffByEmail(email);
    expect(row).toMatchObject({ fullName: "Dao Packer", roleId: 3, disabledAt: null });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    const signedIn = await signIn(email, strongPassword);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/backend/dashboard");
  });

  it("given an e-mail another staff user has (any case), should say so and create nothing", async () => {
    const before = (await db().select({ n: count() }).from(staffUsers))[0]!.n;
    const { response } = await createViaPage({ email: "Admin@Pryde.test" });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain('data-testid="error-email"');
    expect(page).toContain("already exists");
    expect((await db().select({ n: count() }).from(staffUsers))[0]!.n).toBe(before);
  });

  it.each([
    [{ password: "short1A", confirmPassword: "short1A" }, "error-password"],
    [{ password: "Password1", confirmPassword: "Password1" }, "error-password"],
    [{ confirmPassword: "Something-Else-1" }, "error-confirmPassword"],
    [{ roleId: "9" }, "error-roleId"],
    [{ roleId: "1.0" }, "error-roleId"],
    [{ fullName: "   " }, "error-fullName"],
    [{ email: "not-an-email" }, "error-email"],
  ])("given %j, should answer 400 with the field message", async (overrides, testId) => {
    const { response, email } = await createViaPage(overrides);
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(`data-testid="${testId}"`);
    if (email.includes("@")) expect(await staffByEmail(email)).toBeUndefined();
  });

  it("given the Thai page and a weak password, should answer in Thai", async () => {
    const { response } = await createViaPage({ password: "abc", confirmPassword: "abc" }, admin());
    expect(response.status).toBe(400);
    const thai = await postForm(
      `/th${path}`,
      { intent: "create", fullName: "ดาว", email: newEmail(), roleId: "3", password: "abc", confirmPassword: "abc" },
      admin(),
    );
    expect(thai.status).toBe(400);
    expect(await html(thai)).toContain("อย่างน้อย 8 ตัวอักษร");
  });
});

describe("editing, deactivating, resetting", () => {
  it("given a new role and name, should save both", async () => {
    const { email } = await createViaPage();
    const user = await staffByEmail(email);
    const response = await postForm(`${path}?edit=${user!.id}`, { intent: "update", id: String(user!.id), fullName: "Dao Editor", roleId: "4" }, admin());
    expectToast(response, "staff:users.saved");
    expect(response.headers.get("location")).toBe(`${path}?edit=${user!.id}`);
    expect(await staffByEmail(email)).toMatchObject({ fullName: "Dao Editor", roleId: 4 });
  });

  it("given a new role, should end that member's sessions and API tokens in the same change; a name change alone keeps them", async () => {
    const { email } = await createViaPage();
    const user = (await staffByEmail(email))!;
    const theirCookie = { cookie: `pryde_session=${await createSession(env.DB, { staffUserId: user.id })}` };
    const { statement } = await newApiToken(env.DB, { staffUserId: user.id }, Date.now());
    await statement;
    const tokenCount = async () => (await db().select({ n: count() }).from(apiTokens).where(eq(apiTokens.staffUserId, user.id)))[0]!.n;
    expect(await tokenCount()).toBe(1);

    expect((await postForm(path, { intent: "update", id: String(user.id), fullName: "Dao Renamed", roleId: "3" }, admin())).status).toBe(302);
    expect(await sessionCount(user.id)).toBe(1);
    expect(await tokenCount()).toBe(1);

    expect((await postForm(path, { intent: "update", id: String(user.id), fullName: "Dao Renamed", roleId: "4" }, admin())).status).toBe(302);
    expect((await staffByEmail(email))!.roleId).toBe(4);
    expect(await sessionCount(user.id)).toBe(0);
    expect(await tokenCount()).toBe(0);
    const next = await get("/backend/dashboard", theirCookie);
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toMatch(/^\/backend\/login\?redirectTo=/);
  });

  it("given a change of one's own role, should refuse it (the name may change)", async () => {
    const id = await adminId();
    const refused = await postForm(path, { intent: "update", id: String(id), fullName: "Kittipong Admin", roleId: "3" }, admin());
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain("cannot change your own role");
    expect((await staffByEmail("admin@pryde.test"))!.roleId).toBe(1);
  });

  it("given the last active System Administrator, should refuse to move them to another role or deactivate them", async () => {
    const id = String(await adminId());
    const demote = await postForm(path, { intent: "update", id, fullName: "Kittipong Admin", roleId: "2" }, executive());
    expect(demote.status).toBe(400);
    expect(await html(demote)).toContain("last active System Administrator");
    const deactivate = await postForm(path, { intent: "deactivate", confirmed: "1", id }, executive());
    expect(deactivate.status).toBe(400);
    const admin = await staffByEmail("admin@pryde.test");
    expect(admin).toMatchObject({ roleId: 1, disabledAt: null });
    expect(await sessionCount(admin!.id)).toBeGreaterThan(0);
  });

  it("given another System Administrator, the first one may be moved and the second one deactivated no further", async () => {
    const { email } = await createViaPage({ roleId: "1" });
    const second = await staffByEmail(email);
    // Two active administrators: the second may be deactivated...
    expect((await postForm(path, { intent: "deactivate", confirmed: "1", id: String(second!.id) }, executive())).status).toBe(302);
    // ...and then the first is the last one again.
    expect((await postForm(path, { intent: "deactivate", confirmed: "1", id: String(await adminId()) }, executive())).status).toBe(400);
  });

  it("given a deactivation posted without confirmation (no JavaScript), should change nothing and ask first, naming the person; the step's form confirms it", async () => {
    const { email } = await createViaPage();
    const user = (await staffByEmail(email))!;
    await createSession(env.DB, { staffUserId: user.id });
    for (const confirmed of [undefined, "", "0", "true"]) {
      const fields: Record<string, string> = { intent: "deactivate", id: String(user.id) };
      if (confirmed !== undefined) fields.confirmed = confirmed;
      const response = await postForm(`${path}?edit=${user.id}`, fields, admin());
      expect(response.status).toBe(200);
      const page = await html(response);
      expect(page).toContain('data-testid="confirm-step"');
      expect(page).toContain(`Deactivate ${user.fullName}?`);
      expect(page).toContain(email);
      expect(page).toMatch(/<input type="hidden" name="confirmed" value="1"\/>/);
    }
    const thai = await html(await postForm(`/th${path}?edit=${user.id}`, { intent: "deactivate", id: String(user.id) }, admin()));
    expect(thai).toContain(`ระงับการใช้งาน ${user.fullName} ใช่หรือไม่?`);
    expect((await staffByEmail(email))!.disabledAt).toBeNull();
    expect(await sessionCount(user.id)).toBe(1);

    expect((await postForm(`${path}?edit=${user.id}`, { intent: "deactivate", id: String(user.id), confirmed: "1" }, admin())).status).toBe(302);
    expect((await staffByEmail(email))!.disabledAt).not.toBeNull();
  });

  it("given oneself, should refuse to deactivate", async () => {
    const response = await postForm(path, { intent: "deactivate", confirmed: "1", id: String(await adminId()) }, admin());
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("cannot deactivate yourself");
    expect((await staffByEmail("admin@pryde.test"))!.disabledAt).toBeNull();
  });

  it("given a deactivation, should end their sessions at once (their next request is a guest's) and keep them from signing in; reactivation lets them in again", async () => {
    const { email } = await createViaPage();
    const user = (await staffByEmail(email))!;
    const theirCookie = { cookie: `pryde_session=${await createSession(env.DB, { staffUserId: user.id })}` };
    expect((await get("/backend/dashboard", theirCookie)).status).toBe(200);

    const response = await postForm(`${path}?edit=${user.id}`, { intent: "deactivate", confirmed: "1", id: String(user.id) }, admin());
    expectToast(response, "staff:users.deactivatedNotice");
    expect((await staffByEmail(email))!.disabledAt).not.toBeNull();
    expect(await sessionCount(user.id)).toBe(0);

    const next = await get("/backend/dashboard", theirCookie);
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toMatch(/^\/backend\/login\?redirectTo=/);
    expect((await signIn(email, strongPassword)).status).toBe(400);

    expectToast(await postForm(path, { intent: "reactivate", id: String(user.id) }, admin()), "staff:users.reactivated");
    expect((await staffByEmail(email))!.disabledAt).toBeNull();
    expect((await signIn(email, strongPassword)).status).toBe(302);
  });

  it("given a password reset, should set the typed password and end that user's sessions", async () => {
    const { email } = await createViaPage();
    const user = (await staffByEmail(email))!;
    const theirCookie = { cookie: `pryde_session=${await createSession(env.DB, { staffUserId: user.id })}` };
    const newPassword = "Purple-Lychee-77";
    const response = await postForm(
      `${path}?edit=${user.id}`,
      { intent: "reset-password", id: String(user.id), password: newPassword, confirmPassword: newPassword },
      admin(),
    );
    expectToast(response, "staff:users.resetDone");
    expect(await sessionCount(user.id)).toBe(0);
    expect((await get("/backend/dashboard", theirCookie)).status).toBe(302);
    expect((await signIn(email, strongPassword)).status).toBe(400);
    expect((await signIn(email, newPassword)).status).toBe(302);
  });

  it("given a weak new password, should refuse it and keep the old one and the sessions", async () => {
    const { email } = await createViaPage();
    const user = (await staffByEmail(email))!;
    await createSession(env.DB, { staffUserId: user.id });
    const response = await postForm(
      `${path}?edit=${user.id}`,
      { intent: "reset-password", id: String(user.id), password: "weak", confirmPassword: "weak" },
      admin(),
    );
    expect(response.status).toBe(400);
    expect(await html(response)).toContain('data-testid="error-password"');
    expect((await staffByEmail(email))!.passwordHash).toBe(user.passwordHash);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it.each([
    [{ intent: "deactivate", confirmed: "1", id: "999999" }, 404],
    [{ intent: "deactivate", confirmed: "1", id: "abc" }, 400],
    [{ intent: "drop-table" }, 400],
    [{}, 400],
  ])("given %j, should answer %i without a 5xx", async (fields, status) => {
    expect((await postForm(path, fields, admin())).status).toBe(status);
  });
});

describe("fuzzed input on every staff-user form", () => {
  it("given arbitrary text in the create form, should never answer 5xx and create nothing", async () => {
    const before = (await db().select({ n: count() }).from(staffUsers))[0]!.n;
    await fuzzForm({
      path,
      fields: ["email", "fullName", "roleId", "password", "confirmPassword"],
      fixed: { intent: "create" },
      headers: admin(),
      after: async (response, body) => {
        expect(response.status).toBe(400);
        expect(body).toMatch(/data-testid="error-/);
        expect((await db().select({ n: count() }).from(staffUsers))[0]!.n).toBe(before);
      },
    });
  });

  it("given arbitrary text in the edit form, should never answer 5xx; a refused edit changes nothing", async () => {
    const { email } = await createViaPage();
    const user = (await staffByEmail(email))!;
    await fuzzForm({
      path,
      fields: ["fullName", "roleId"],
      fixed: { intent: "update", id: String(user.id) },
      headers: admin(),
      after: async (response, _body, values) => {
        const now = (await staffByEmail(email))!;
        if (response.status === 400) {
          expect(now.roleId).toBe(user.roleId);
          expect(now.fullName).toBe(user.fullName);
        } else {
          // Valid by chance (a name and a role 1–5): saved as typed.
          expect(response.status).toBe(302);
          expect(now.fullName).toBe(values.fullName!.trim());
          user.fullName = now.fullName;
          user.roleId = now.roleId;
        }
      },
    });
  });

  it("given arbitrary text in the reset-password form, should never answer 5xx; a refused reset changes nothing", async () => {
    const { email } = await createViaPage();
    const user = (await staffByEmail(email))!;
    await fuzzForm({
      path,
      fields: ["password", "confirmPassword"],
      fixed: { intent: "reset-password", id: String(user.id) },
      headers: admin(),
      after: async (response, _body, values) => {
        if (response.status === 302) {
          // Valid by chance: the same 20+ character text in both fields is a passphrase.
          expect(values.password).toBe(values.confirmPassword);
          user.passwordHash = (await staffByEmail(email))!.passwordHash;
          return;
        }
        expect(response.status).toBe(400);
        expect((await staffByEmail(email))!.passwordHash).toBe(user.passwordHash);
      },
    });
  });

  it("given arbitrary ids to deactivate and reactivate, should never answer 5xx", async () => {
    for (const intent of ["reactivate", "deactivate"]) {
      await fuzzForm({ path, fields: ["id"], fixed: { intent, confirmed: "1" }, headers: admin(), runs: 30 });
    }
    // Whatever a random id hit, the administrator is still there (self and last-admin refused).
    expect((await staffByEmail("admin@pryde.test"))!.disabledAt).toBeNull();
  });
});
