import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { type BackOfficePagePath, backOfficePagePermissions, canOpenGroup, type StaffRoleId, staffRoleIds } from "~/domain/staff-permissions";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { get, postForm } from "./worker";

/**
 * The router matches case-insensitively and decoded, and `.data` reaches the same loader — so a
 * refused page must stay refused however its address is spelled (issue 13 item 1: `/backend/USER`,
 * `/backend/%75ser` and `/backend/user.data` used to open the staff list to a User). Every page of
 * the permission table × every role that must be refused × each spelling × GET and POST: 403 (or
 * 404; doubled slashes redirect to the one spelling, which refuses), and the database is unchanged.
 */

type Spelling = (path: string) => string;

/** Spellings of `/backend/<rest>` (rest without leading slash). */
const spellings: Record<string, Spelling> = {
  canonical: (rest) => `/backend/${rest}`,
  "upper case": (rest) => `/BACKEND/${rest.toUpperCase()}`,
  "mixed case": (rest) => `/Backend/${[...rest].map((character, index) => (index % 2 ? character.toUpperCase() : character)).join("")}`,
  "percent-encoded letters": (rest) =>
    `/backend/${rest.replace(/[a-z]/g, (letter, index: number) => (index % 3 === 0 ? `%${letter.charCodeAt(0).toString(16)}` : letter))}`,
  ".data": (rest) => `/backend/${rest}.data`,
  "trailing slash": (rest) => `/backend/${rest}/`,
  "doubled slashes": (rest) => `//backend//${rest.replaceAll("/", "//")}`,
  Thai: (rest) => `/th/backend/${rest}`,
  "Thai upper case .data": (rest) => `/TH/BACKEND/${rest.toUpperCase()}.data`,
};

const pages = (Object.entries(backOfficePagePermissions) as [BackOfficePagePath, string][])
  .filter(([path, permission]) => path !== "" && permission !== "any-staff")
  .map(([path, permission]) => ({ rest: path.replace(/\/:\w+\?$/, "").replace(/:\w+/g, "1"), permission }));

const refusals = staffRoleIds.flatMap((roleId) =>
  pages.filter(({ permission }) => !canOpenGroup(roleId, permission as never)).map(({ rest }) => ({ roleId, rest })),
);

/** Every table's rows except the ones a request may touch by itself (session renewal, throttling). */
async function databaseFingerprint(): Promise<string> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT IN ('sessions', 'auth_throttle', 'd1_migrations') ORDER BY name",
  ).all<{ name: string }>();
  const parts: string[] = [];
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    parts.push(`${name}:${JSON.stringify(rows.results)}`);
  }
  return parts.join("\n");
}

/** What a staff member might send to make themselves administrator, deactivate someone, or change settings. */
const hostileBody = {
  intent: "create",
  email: "intruder@pryde.test",
  fullName: "Intruder",
  roleId: "1",
  password: "Intruder123",
  confirmPassword: "Intruder123",
  id: "1",
};

let cookies: Record<TestViewer, Record<string, string>>;
let before: string;
beforeAll(async () => {
  cookies = await backendTestCookies();
  before = await databaseFingerprint();
});

describe("a refused back-office page, however its address is spelled", () => {
  it("should have refusals to try (roles 3, 4 and 5 each lack some groups)", () => {
    for (const roleId of [3, 4, 5] as StaffRoleId[]) expect(refusals.some((refusal) => refusal.roleId === roleId)).toBe(true);
  });

  // One test per spelling and role: each a third of the requests, so the time limit guards a hang, not a slow machine.
  const cases = Object.keys(spellings).flatMap((name) => [...new Set(refusals.map(({ roleId }) => roleId))].map((roleId) => ({ name, roleId })));
  it.each(cases)("given the $name spelling, role $roleId should get 403 or 404 to GET and POST on every page it is refused", async ({ name, roleId }) => {
    const spell = spellings[name]!;
    const leaks: string[] = [];
    for (const { rest } of refusals.filter((refusal) => refusal.roleId === roleId)) {
      const cookie = cookies[`staff-${roleId}`];
      const path = spell(rest);
      const [read, write] = await Promise.all([get(path, cookie), postForm(path, hostileBody, cookie)]);
      for (const [method, response] of [
        ["GET", read],
        ["POST", write],
      ] as const) {
        // Doubled slashes are sent to the one spelling (308), where the same refusal waits.
        if (response.status === 308) {
          const location = response.headers.get("location") ?? "";
          if (location.includes("//") || !location.toLowerCase().includes("backend")) leaks.push(`${method} ${path} as role ${roleId}: 308 to ${location}`);
          const followed = method === "GET" ? await get(location, cookie) : await postForm(location, hostileBody, cookie);
          if (![403, 404].includes(followed.status)) leaks.push(`${method} ${location} (from ${path}) as role ${roleId}: ${followed.status}`);
          await followed.body?.cancel();
        } else if (![403, 404].includes(response.status))
          leaks.push(`${method} ${path} as role ${roleId}: ${response.status} ${response.headers.get("location") ?? ""}`);
        await response.body?.cancel();
      }
    }
    expect(leaks).toEqual([]);
  });

  it("should have written nothing (no administrator made, no setting changed)", async () => {
    expect(await databaseFingerprint()).toBe(before);
    const intruder = await env.DB.prepare("SELECT id FROM staff_users WHERE email = ?").bind("intruder@pryde.test").first();
    expect(intruder).toBeNull();
  });
});

describe("an allowed page, however its address is spelled", () => {
  it.each(["/backend/USER", "/backend/%75ser", "/backend/user.data", "/backend/user/", "/th/backend/USER"])(
    "given %s as the System Administrator, should open (the same page)",
    async (path) => {
      const response = await get(path, cookies["staff-1"]);
      expect(response.status).toBe(200);
    },
  );
});
