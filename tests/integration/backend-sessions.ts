import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";

import { database } from "~/db/client";
import { customers, staffUsers } from "~/db/schema/customers";
import { demoAccounts, demoCustomer } from "~/db/seed/accounts";
import { type StaffRoleId, staffRoleIds } from "~/domain/staff-permissions";
import { createSession } from "~/features/sessions/sessions.server";

export type TestViewer = "guest" | "customer" | `staff-${StaffRoleId}`;

/**
 * Signed-in sessions for the back-office tests, made straight in the test database for the seeded
 * demo accounts (one customer, one staff member per role): cookie headers by viewer.
 */
export async function backendTestCookies(): Promise<Record<TestViewer, Record<string, string>>> {
  const db = database(env.DB);
  const staffEmails = demoAccounts.filter((account) => account.kind === "staff").map((account) => account.email);
  const staff = await db.select({ id: staffUsers.id, roleId: staffUsers.roleId }).from(staffUsers).where(inArray(staffUsers.email, staffEmails));
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(inArray(customers.email, [demoCustomer.email]));
  if (!customer) throw new Error("the seed has no demo customer");
  const cookie = (sessionId: string) => ({ cookie: `pryde_session=${sessionId}` });
  const cookies: Partial<Record<TestViewer, Record<string, string>>> = {
    guest: {},
    customer: cookie(await createSession(env.DB, { customerId: customer.id })),
  };
  for (const roleId of staffRoleIds) {
    const member = staff.find((row) => row.roleId === roleId);
    if (!member) throw new Error(`the seed has no staff user with role ${roleId}`);
    cookies[`staff-${roleId}`] = cookie(await createSession(env.DB, { staffUserId: member.id }));
  }
  return cookies as Record<TestViewer, Record<string, string>>;
}
