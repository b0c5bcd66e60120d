import { env } from "cloudflare:workers";
import { count, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { affiliates, customers } from "~/db/schema/customers";
import { emailOutbox } from "~/db/schema/messaging";
import { demoCustomer } from "~/db/seed/accounts";
import { formatThaiNationalId, thaiNationalIdCheckDigit } from "~/domain/thai-national-id";
import { createSession } from "~/features/sessions/sessions.server";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { fuzzForm } from "./fuzz";
import { get, postForm } from "./worker";

/** Affiliate account registration (issue 3 item 8): /register-pryde-affiliate-account in en and th. */

const path = "/register-pryde-affiliate-account";
const db = () => database(env.DB);

let serial = 0;
/** A national id that passes the spec §5 checksum, different each call. */
function validNationalId(): string {
  serial += 1;
  const first12 = `1${String(Date.now() % 1e6).padStart(6, "0")}${String(serial).padStart(5, "0")}`;
  return `${first12}${thaiNationalIdCheckDigit(first12)}`;
}

function withWrongCheckDigit(id: string): string {
  return `${id.slice(0, 12)}${(Number(id[12]) + 1) % 10}`;
}

function applicationFields(overrides: Record<string, string> = {}): Record<string, string> {
  const nationalId = validNationalId();
  return {
    firstName: "Malee",
    lastName: "Sukjai",
    email: `malee-${serial}@example.test`,
    phone: "081-234-5678",
    facebook: "",
    instagram: "@malee.styles",
    line: "",
    tiktok: "https://www.tiktok.com/@malee",
    // Dashes as people type them (1-4-5-2-1).
    nationalId: formatThaiNationalId(nationalId),
    note: "I post running outfits every week.",
    ...overrides,
  };
}

const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
const applicationCount = async () => (await db().select({ n: count() }).from(affiliates))[0]!.n;
const outboxCount = async () => (await db().select({ n: count() }).from(emailOutbox))[0]!.n;

let cookies: Record<TestViewer, Record<string, string>>;
beforeAll(async () => {
  cookies = await backendTestCookies();
});

describe("the affiliate application page", () => {
  it.each([
    ["/register-pryde-affiliate-account", "Become a Pryde affiliate"],
    ["/th/register-pryde-affiliate-account", "สมัครเป็นพันธมิตร Pryde"],
  ])("given %s, should show the applicant form in its language", async (url, heading) => {
    const response = await get(url);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain(heading);
    for (const field of ["firstName", "lastName", "email", "phone", "facebook", "instagram", "line", "tiktok", "nationalId", "note"]) {
      expect(page, field).toContain(`name="${field}"`);
    }
  });

  it("given a signed-in customer, should start with their name and e-mail", async () => {
    const page = await html(await get(path, cookies.customer));
    expect(page).toContain(`value="${demoCustomer.email}"`);
  });

  it("given a staff member, should send them to the home page", async () => {
    const response = await get(path, cookies["staff-1"]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });

  it("given ?submitted=1, should show the thank-you state", async () => {
    const page = await html(await get(`${path}?submitted=1`));
    expect(page).toContain('data-testid="affiliate-thanks"');
  });
});

describe("applying", () => {
  it("given a valid application from a guest, should store it pending with 13 digits, queue the English e-mail and thank them", async () => {
    const fields = applicationFields();
    const response = await postForm(path, fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${path}?submitted=1`);

    const row = await db().select().from(affiliates).where(eq(affiliates.email, fields.email!)).get();
    expect(row).toMatchObject({
      status: "pending",
      customerId: null,
      firstName: "Malee",
      phone: "0812345678",
      nationalId: fields.nationalId!.replace(/-/g, ""),
    });
    expect(row!.nationalId).toMatch(/^\d{13}$/);
    expect(row!.socialChannels).toMatchObject({ instagram: "@malee.styles", tiktok: "https://www.tiktok.com/@malee" });
    expect(row!.note).toBe("I post running outfits every week.");

    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, fields.email!)).orderBy(desc(emailOutbox.id)).get();
    expect(mail).toMatchObject({ template: "affiliate-received", locale: "en", subject: "We received your Pryde affiliate application" });
    expect(JSON.parse(mail!.payloadJson)).toMatchObject({ name: "Malee" });
  });

  it("given a valid application on the Thai page, should queue the e-mail in Thai", async () => {
    const fields = applicationFields();
    const response = await postForm(`/th${path}`, fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/th${path}?submitted=1`);
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, fields.email!)).get();
    expect(mail).toMatchObject({ template: "affiliate-received", locale: "th", subject: "เราได้รับใบสมัครพันธมิตร Pryde ของคุณแล้ว" });
  });

  it("given a signed-in customer, should link the application to their account", async () => {
    const customer = await db().select({ id: customers.id }).from(customers).where(eq(customers.email, demoCustomer.email)).get();
    const cookie = { cookie: `pryde_session=${await createSession(env.DB, { customerId: customer!.id })}` };
    const fields = applicationFields({ email: demoCustomer.email });
    expect((await postForm(path, fields, cookie)).status).toBe(302);
    const row = await db()
      .select()
      .from(affiliates)
      .where(eq(affiliates.nationalId, fields.nationalId!.replace(/-/g, "")))
      .get();
    expect(row?.customerId).toBe(customer!.id);
  });

  it("given a national id with a wrong check digit, should say so and write nothing", async () => {
    const [applications, mails] = [await applicationCount(), await outboxCount()];
    const response = await postForm(path, applicationFields({ nationalId: withWrongCheckDigit(validNationalId()) }));
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain('data-testid="error-nationalId"');
    expect(page).toContain("the check digit does not match");
    expect([await applicationCount(), await outboxCount()]).toEqual([applications, mails]);
  });

  it("given a national id in Thai digits with a wrong checksum on the Thai page, should answer in Thai", async () => {
    const response = await postForm(`/th${path}`, applicationFields({ nationalId: "๑๒๓๔๕๖๗๘๙๐๑๒๓" }));
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("เลขตรวจสอบไม่ตรงกัน");
  });

  it.each([["12345"], ["1-2345-67890-12-34"], ["abcdefghijklm"]])("given the national id %s, should ask for 13 digits", async (nationalId) => {
    const response = await postForm(path, applicationFields({ nationalId }));
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("must be 13 digits");
  });

  it("given a valid national id typed without dashes and another field wrong, should show it back in 1-4-5-2-1 groups", async () => {
    const first12 = "110370207181";
    const digits = `${first12}${thaiNationalIdCheckDigit(first12)}`;
    const response = await postForm(path, applicationFields({ nationalId: `${digits.slice(0, 6)} ${digits.slice(6)}`, instagram: "", tiktok: "" }));
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(`value="${formatThaiNationalId(digits)}"`);
    expect(formatThaiNationalId(digits)).toMatch(/^\d-\d{4}-\d{5}-\d{2}-\d$/);
  });

  it("given no social channel at all, should ask for at least one", async () => {
    const response = await postForm(path, applicationFields({ instagram: "", tiktok: "" }));
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain('data-testid="error-channels"');
    expect(page).toContain("Enter at least one social channel");
  });

  it("given a channel that is neither a handle nor a link, should say which", async () => {
    const response = await postForm(path, applicationFields({ facebook: "javascript:alert(1)" }));
    expect(response.status).toBe(400);
    expect(await html(response)).toContain('data-testid="error-facebook"');
  });

  it("given a second application with a national id that is already pending, should refuse it clearly and write nothing", async () => {
    const fields = applicationFields();
    expect((await postForm(path, fields)).status).toBe(302);
    const [applications, mails] = [await applicationCount(), await outboxCount()];
    // The same person again, typed without dashes and with another e-mail.
    const again = await postForm(path, { ...fields, email: "another@example.test", nationalId: fields.nationalId!.replace(/-/g, "") });
    expect(again.status).toBe(409);
    const page = await html(again);
    expect(page).toContain('data-testid="affiliate-duplicate"');
    expect(page).toContain("already waiting for review");
    expect([await applicationCount(), await outboxCount()]).toEqual([applications, mails]);
  });

  it("given the same person submitting twice at the same moment, should store one application and refuse the other", async () => {
    const fields = applicationFields();
    const [applications, mails] = [await applicationCount(), await outboxCount()];
    const answers = await Promise.all([postForm(path, fields), postForm(path, { ...fields, email: "twin@example.test" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect([await applicationCount(), await outboxCount()]).toEqual([applications + 1, mails + 1]);

    // Whatever the timing, the database itself refuses a second open application.
    const now = Date.now();
    const duplicate = {
      firstName: "A",
      lastName: "B",
      email: "c@example.test",
      phone: "0800000000",
      nationalId: fields.nationalId!.replace(/-/g, ""),
      createdAt: now,
      updatedAt: now,
    };
    await expect(
      db()
        .insert(affiliates)
        .values({ ...duplicate, status: "pending" }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(affiliates)
        .values({ ...duplicate, status: "rejected" }),
    ).resolves.toBeDefined();
  });

  it("given a national id whose earlier application was rejected, should accept a new one", async () => {
    const fields = applicationFields();
    expect((await postForm(path, fields)).status).toBe(302);
    await db()
      .update(affiliates)
      .set({ status: "rejected" })
      .where(eq(affiliates.nationalId, fields.nationalId!.replace(/-/g, "")));
    expect((await postForm(path, fields)).status).toBe(302);
  });

  it("given arbitrary text in every field, should never answer 5xx, always name a field, and write nothing", async () => {
    const [applications, mails] = [await applicationCount(), await outboxCount()];
    await fuzzForm({
      path,
      fields: ["firstName", "lastName", "email", "phone", "facebook", "instagram", "line", "tiktok", "nationalId", "note"],
      after: async (response, body) => {
        expect(response.status).toBe(400);
        expect(body).toMatch(/data-testid="error-/);
        expect([await applicationCount(), await outboxCount()]).toEqual([applications, mails]);
      },
    });
  });

  it("given arbitrary text with otherwise valid fields, should never answer 5xx", async () => {
    await fuzzForm({
      path: `/th${path}`,
      fields: ["nationalId", "instagram", "note"],
      fixed: { firstName: "Somsri", lastName: "Dee", email: "fuzz@example.test", phone: "0812345678" },
      after: (response) => {
        expect([302, 400, 409]).toContain(response.status);
      },
    });
  });
});
