import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { emailOutbox } from "~/db/schema/messaging";
import { outboxInsert } from "~/features/email/outbox.server";

import { accountFields, latestMail, tokenFromMail } from "./accounts-helpers";
import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { fuzzForm, typedText } from "./fuzz";
import { toastCookieFor, toastOf } from "./profile-helpers";
import { get, postForm } from "./worker";

/**
 * The e-mail outbox in the back office (issue 5 item 14; DESIGN §5 "locally the outbox is the
 * mailbox"): /backend/setting/outbox (status links, search, pages) and /backend/setting/outbox/:id
 * (the mail as sent, its headers, raw data when it cannot be rendered, "send again now").
 */

const db = () => database(env.DB);
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
const listPath = "/backend/setting/outbox";

let cookies: Record<TestViewer, Record<string, string>>;
const admin = () => cookies["staff-1"];

/** Inserts one mail the way the shop does (outboxInsert), then sets the delivery state the test needs. */
async function insertMail(
  mail: { to: string; name?: string; subject?: string; createdAt?: number },
  state: Partial<Pick<typeof emailOutbox.$inferInsert, "status" | "attempts" | "lastError" | "nextAttemptAt" | "template" | "payloadJson">> = {},
): Promise<number> {
  const [row] = await outboxInsert(
    env.DB,
    {
      to: mail.to,
      locale: "en",
      template: "verify-email",
      subject: mail.subject,
      payload: { name: mail.name ?? "Dao", link: "https://shop.test/verify?token=abc&x=1" },
    },
    mail.createdAt ?? Date.now(),
  ).returning({ id: emailOutbox.id });
  if (Object.keys(state).length > 0) await db().update(emailOutbox).set(state).where(eq(emailOutbox.id, row!.id));
  return row!.id;
}

function subjectsOf(page: string): string[] {
  return [...page.matchAll(/data-testid="outbox-row"[^>]*>[\s\S]*?<a [^>]*>([^<]+)<\/a>/g)].map((match) => match[1]!.trim());
}

beforeAll(async () => {
  cookies = await backendTestCookies();
});

describe("the outbox list", () => {
  it.each([
    ["/backend/setting/outbox", "E-mail outbox"],
    ["/th/backend/setting/outbox", "กล่องอีเมลขาออก"],
  ])("given %s as an Executive Administrator (role 2), should list a mail written by outboxInsert in the frame", async (path, heading) => {
    await insertMail({ to: "listed@example.test", subject: "Listed mail subject" });
    const response = await get(path, cookies["staff-2"]);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain(heading);
    expect(page).toContain('data-testid="backend-top-bar"');
    expect(page).toContain('data-testid="outbox-list"');
    expect(page).toContain("Listed mail subject");
    expect(page).toContain("listed@example.test");
    // The menu shows the entry, highlighted (the longest matching entry, not "Settings").
    const entry = new RegExp(`<a [^>]*href="${path}"[^>]*>`).exec(page)?.[0] ?? "";
    expect(entry).toContain('aria-current="page"');
  });

  it("given mails in each status, should filter by status and search address or subject, newest first", async () => {
    const base = Date.UTC(2025, 5, 1);
    await insertMail({ to: "filter-a@example.test", subject: "Filtertest pending", createdAt: base });
    await insertMail(
      { to: "filter-b@example.test", subject: "Filtertest failed", createdAt: base + 60_000 },
      { status: "failed", attempts: 8, lastError: "HTTP 500: upstream broke" },
    );
    await insertMail({ to: "filter-c@example.test", subject: "Filtertest sent", createdAt: base + 120_000 }, { status: "sent", attempts: 1 });

    expect(subjectsOf(await html(await get(`${listPath}?q=filtertest`, admin())))).toEqual(["Filtertest sent", "Filtertest failed", "Filtertest pending"]);
    const failed = await html(await get(`${listPath}?status=failed&q=filtertest`, admin()));
    expect(subjectsOf(failed)).toEqual(["Filtertest failed"]);
    expect(failed).toContain("HTTP 500: upstream broke");
    expect(failed).toMatch(/data-testid="outbox-status"[^>]*>Failed</);
    // The status links keep the search; the search form keeps the status.
    expect(failed).toContain('href="/backend/setting/outbox?q=filtertest&amp;status=sent"');
    expect(failed).toContain('<input type="hidden" name="status" value="failed"/>');
    expect(subjectsOf(await html(await get(`${listPath}?status=sent&q=filtertest`, admin())))).toEqual(["Filtertest sent"]);
    expect(subjectsOf(await html(await get(`${listPath}?q=FILTER-B%40example`, admin())))).toEqual(["Filtertest failed"]);
    // LIKE wildcards typed in the search are literal.
    const none = await html(await get(`${listPath}?q=filtertest%25_x`, admin()));
    expect(subjectsOf(none)).toEqual([]);
    expect(none).toContain('data-testid="outbox-list-empty"');
  });

  it("given a Thai page, should show Bangkok time with a Buddhist-era year", async () => {
    // 2025-03-01 18:30 UTC is 2 March 2568 BE, 01:30 in Bangkok.
    await insertMail({ to: "thai-date@example.test", subject: "Thaidate mail", createdAt: Date.UTC(2025, 2, 1, 18, 30) });
    const page = await html(await get("/th/backend/setting/outbox?q=thaidate", admin()));
    expect(page).toContain("2568");
    expect(page).toContain("01:30");
    expect(page).toContain("รอส่ง");
  });

  it("given more than 20 mails, should show 20 a page with page links", async () => {
    const base = Date.UTC(2025, 0, 1);
    for (let index = 1; index <= 23; index++) {
      await insertMail({ to: `page-${index}@example.test`, subject: `Pagetest ${String(index).padStart(2, "0")}`, createdAt: base + index * 60_000 });
    }
    const first = await html(await get(`${listPath}?q=pagetest`, admin()));
    expect(subjectsOf(first)).toHaveLength(20);
    expect(subjectsOf(first)[0]).toBe("Pagetest 23");
    expect(first).toContain('data-testid="outbox-list-count"');
    expect(first).toContain("23 results");
    expect(first).toContain('href="/backend/setting/outbox?q=pagetest&amp;page=2"');
    expect(subjectsOf(await html(await get(`${listPath}?q=pagetest&page=2`, admin())))).toEqual(["Pagetest 03", "Pagetest 02", "Pagetest 01"]);
  });

  it("given any query string, should never answer 5xx", async () => {
    const params = fc.record({ status: typedText, q: typedText, page: typedText });
    await fc.assert(
      fc.asyncProperty(params, async (values) => {
        const response = await get(`${listPath}?${new URLSearchParams(values)}`, admin());
        // A page past the end of the filtered list is a 404 (issue 14); anything else is the list.
        expect([200, 404], JSON.stringify(values).slice(0, 200)).toContain(response.status);
        await response.body?.cancel();
      }),
      { numRuns: 30 },
    );
  });
});

describe("secrets in mails staff read", () => {
  it("given a customer's password-reset mail, should show no part of its token on any outbox page, HTML or .data, and send the same link again only to the customer", async () => {
    const email = `reset-${Date.now().toString(36)}@example.test`;
    const registered = await postForm(`/register?u=${encodeURIComponent(email)}`, accountFields(email), { "CF-Connecting-IP": "10.55.0.1" });
    expect(registered.status).toBe(302);
    expect((await postForm("/forgot-password", { email }, { "CF-Connecting-IP": "10.55.0.1" })).status).toBeLessThan(400);
    const { token } = await tokenFromMail(email, "reset-password");
    const verify = await tokenFromMail(email, "verify-email");
    expect(token).toMatch(/^[\w-]{43}$/);
    const reset = (await latestMail(email, "reset-password"))!;
    const secrets = [token, verify.token, token.slice(0, 12), token.slice(-12)];

    const pages = [
      listPath,
      `${listPath}.data`,
      `${listPath}?q=${encodeURIComponent(email)}`,
      `${listPath}.data?q=${encodeURIComponent(email)}`,
      `${listPath}/${reset.id}`,
      `${listPath}/${reset.id}.data`,
      `/th${listPath}/${reset.id}`,
      `/th${listPath}/${reset.id}.data`,
    ];
    for (const path of pages) {
      const response = await get(path, admin());
      expect(response.status, path).toBe(200);
      const body = await response.text();
      for (const secret of secrets) expect(body, path).not.toContain(secret);
    }
    // Staff still see that the mail went out and where its link points.
    const detail = await html(await get(`${listPath}/${reset.id}`, admin()));
    expect(detail).toContain("/reset-password?token=••••••");
    expect(detail).toContain('data-testid="outbox-secrets-hidden"');

    // "Send a copy": a new mail to the same address with the very same link; the answer shows no token either.
    const copied = await postForm(`${listPath}/${reset.id}`, { intent: "send-copy" }, admin());
    expect(copied.status).toBe(302);
    expect(toastOf(copied)).toBe("outbox:detail.copied");
    const copiedBody = await (await get(copied.headers.get("location")!, { cookie: `${admin().cookie}; ${toastCookieFor("outbox:detail.copied")}` })).text();
    for (const secret of secrets) expect(copiedBody).not.toContain(secret);
    const copy = (await latestMail(email, "reset-password"))!;
    expect(copy.id).toBeGreaterThan(reset.id);
    expect(copy).toMatchObject({ toAddress: email, payloadJson: reset.payloadJson, locale: reset.locale, status: "pending", attempts: 0 });
    // The link still works for the customer (no new token was issued by the copy).
    expect((await get(`/reset-password?token=${token}`)).status).toBe(200);
    expect((await postForm(`${listPath}/999999999`, { intent: "send-copy" }, admin())).status).toBe(404);
  });
});

describe("one mail", () => {
  it("given a mail, should show its HTML in a sandboxed iframe (escaped srcdoc), its text and its headers", async () => {
    const id = await insertMail({ to: "detail@example.test", name: "<script>alert(1)</script>Dao" });
    const response = await get(`${listPath}/${id}`, admin());
    expect(response.status).toBe(200);
    const page = await html(response);
    const frame = /<iframe[^>]*data-testid="outbox-html-frame"[^>]*>/.exec(page)?.[0] ?? "";
    expect(frame).toContain('sandbox=""');
    expect(frame).toMatch(/srcDoc="&lt;!doctype html&gt;/i);
    // The link's & is escaped once by the template and once more as an attribute value.
    // The token itself is masked for staff (issue 13 item 1).
    expect(frame).toContain("token=••••••&amp;amp;x=1");
    expect(frame).toContain("&amp;lt;script&amp;gt;alert(1)");
    expect(page).not.toContain("<script>alert(1)");
    // The plain-text version, as the recipient's mail client shows it.
    expect(page).toContain('data-testid="outbox-text"');
    expect(page).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;Dao,");
    expect(page).toContain("Verify e-mail: https://shop.test/verify?token=••••••&amp;x=1");
    expect(page).toContain("detail@example.test");
    expect(page).toContain("Verify your e-mail for Pryde");
    expect(page).toContain("verify-email");
    expect(page).toContain("English");
    expect(page).toContain('data-testid="outbox-resend"');
  });

  it.each<[string, { template?: string; payloadJson?: string }]>([
    ["an unknown template", { template: "no-such-template" }],
    ["data of another shape", { payloadJson: JSON.stringify({ name: 1, unexpected: ["x"] }) }],
    ["data that is not an object", { payloadJson: "null" }],
  ])("given %s, should show the raw JSON with a 200, never a 5xx", async (_what, state) => {
    const id = await insertMail({ to: "raw@example.test" }, state);
    const response = await get(`${listPath}/${id}`, admin());
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain('data-testid="outbox-unrenderable"');
    expect(page).toContain('data-testid="outbox-payload"');
    expect(page).not.toContain('data-testid="outbox-html-frame"');
    if (state.payloadJson === undefined) expect(page).toContain("&quot;link&quot;: &quot;https://shop.test/verify?token=••••••&amp;x=1&quot;");
    else expect(page).toContain(JSON.stringify(JSON.parse(state.payloadJson), null, 2).replace(/"/g, "&quot;"));
  });

  it.each(["/backend/setting/outbox/999999", "/backend/setting/outbox/abc", "/backend/setting/outbox/0", "/th/backend/setting/outbox/-1"])(
    "given %s, should answer 404 inside the frame",
    async (path) => {
      const response = await get(path, admin());
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('data-testid="backend-top-bar"');
    },
  );

  it("given any id in the URL, should never answer 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(typedText, async (id) => {
        const response = await get(`${listPath}/${encodeURIComponent(id)}`, admin());
        expect(response.status, id.slice(0, 100)).toBeLessThan(500);
        await response.body?.cancel();
      }),
      { numRuns: 30 },
    );
  });
});

describe("send again now", () => {
  it.each([
    ["failed", { status: "failed" as const, attempts: 8, lastError: "HTTP 503: try later", nextAttemptAt: Date.UTC(2024, 0, 1) }],
    ["pending", { status: "pending" as const, attempts: 3, lastError: "timeout", nextAttemptAt: Date.now() + 6 * 60 * 60_000 }],
  ])("given a %s mail, should make it pending and due now, attempts kept", async (_status, state) => {
    const id = await insertMail({ to: "resend@example.test" }, state);
    const before = Date.now();
    const response = await postForm(`${listPath}/${id}`, { intent: "resend" }, admin());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${listPath}/${id}`);
    expect(toastOf(response)).toBe("outbox:detail.resent");
    expect(await html(await get(`${listPath}/${id}`, { cookie: `${admin().cookie}; ${toastCookieFor("outbox:detail.resent")}` }))).toContain(
      "The e-mail is queued to be sent again now.",
    );
    const mail = await mailOf(id);
    expect(mail).toMatchObject({ status: "pending", attempts: state.attempts, lastError: state.lastError });
    expect(mail.nextAttemptAt).toBeGreaterThanOrEqual(before);
    expect(mail.nextAttemptAt).toBeLessThanOrEqual(Date.now());
  });

  it.each(["sent", "sending"] as const)("given a %s mail, should refuse (409) and change nothing; the page offers no button", async (status) => {
    const id = await insertMail({ to: "no-resend@example.test" }, { status, attempts: 1, nextAttemptAt: 1234 });
    expect(await html(await get(`${listPath}/${id}`, admin()))).not.toContain('data-testid="outbox-resend"');
    const response = await postForm(`${listPath}/${id}`, { intent: "resend" }, admin());
    expect(response.status).toBe(409);
    expect(await html(response)).toContain("cannot be sent again");
    const thai = await postForm(`/th${listPath}/${id}`, { intent: "resend" }, admin());
    expect(await html(thai)).toContain("จึงส่งอีกครั้งไม่ได้");
    expect(await mailOf(id)).toMatchObject({ status, attempts: 1, nextAttemptAt: 1234 });
  });

  it("given an unknown intent or an unknown mail, should answer 400 / 404 and change nothing", async () => {
    const id = await insertMail({ to: "intent@example.test" }, { status: "failed", nextAttemptAt: 1 });
    const unknown = await postForm(`${listPath}/${id}`, { intent: "delete" }, admin());
    expect(unknown.status).toBe(400);
    expect(await html(unknown)).toContain("This action is not known");
    expect((await postForm(`${listPath}/999999`, { intent: "resend" }, admin())).status).toBe(404);
    expect(await mailOf(id)).toMatchObject({ status: "failed", nextAttemptAt: 1 });
  });

  it("given fuzzed form fields, should never answer 5xx", async () => {
    const id = await insertMail({ to: "fuzz@example.test" }, { status: "sent" });
    await fuzzForm({ path: `${listPath}/${id}`, fields: ["intent", "id"], headers: admin(), runs: 25 });
  });
});

describe("who may read the outbox", () => {
  let id: number;
  beforeAll(async () => {
    id = await insertMail({ to: "secret@example.test", subject: "Secret mail" }, { status: "failed", nextAttemptAt: 5 });
  });

  it.each(["staff-3", "staff-4", "staff-5"] as const)(
    "given %s (no settings group), should refuse the list, the mail and the action with 403",
    async (viewer) => {
      for (const path of [listPath, `/th${listPath}`, `${listPath}/${id}`, `/th${listPath}/${id}`]) {
        const response = await get(path, cookies[viewer]);
        expect(response.status, path).toBe(403);
        expect(await response.text(), path).not.toContain("secret@example.test");
      }
      expect((await postForm(`${listPath}/${id}`, { intent: "resend" }, cookies[viewer])).status).toBe(403);
      expect((await get(`${listPath}/${id}.data`, cookies[viewer])).status).toBe(403);
      expect((await mailOf(id)).nextAttemptAt).toBe(5);
    },
  );

  it("given a guest or a customer, should send them away and change nothing", async () => {
    const guest = await postForm(`${listPath}/${id}`, { intent: "resend" }, cookies.guest);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toMatch(/^\/backend\/login\?redirectTo=/);
    const customer = await get(listPath, cookies.customer);
    expect(customer.status).toBe(302);
    expect((await mailOf(id)).nextAttemptAt).toBe(5);
  });

  it("given a role without the group, should not show the menu entry", async () => {
    const page = await html(await get("/backend/dashboard", cookies["staff-3"]));
    expect(page).not.toContain('href="/backend/setting/outbox"');
  });
});

async function mailOf(id: number) {
  return (await db().select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
}
