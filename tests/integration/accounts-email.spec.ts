import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { accountTokens, emailOutbox } from "~/db/schema";
import { demoCustomer } from "~/db/seed/accounts";
import { hashToken } from "~/features/accounts/tokens.server";
import { outboxInsert } from "~/features/email/outbox.server";
import { retryDelayMs, sendPendingEmails } from "~/features/email/sender.server";

import { type FakeEmail, fakeEmailApiKey } from "../fixtures/fake-email-server";
import {
  customerByEmail,
  db,
  fromAddress,
  latestMail,
  registerAccount,
  sessionCookieOf,
  sessionsOf,
  strongPassword,
  tokenFromMail,
  uniqueEmail,
} from "./accounts-helpers";
import { toastCookieFor, toastOf } from "./profile-helpers";
import { get, postForm, runCron } from "./worker";

const emailEnv = (path: string) => ({
  ...env,
  EMAIL_API_URL: `${env.FAKE_EMAIL_URL}${path}`,
  EMAIL_API_KEY: fakeEmailApiKey,
  EMAIL_FROM: "Pryde <shop@pryde.test>",
});

async function delivered(to: string): Promise<FakeEmail[]> {
  const response = await fetch(`${env.FAKE_EMAIL_URL}/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { data: FakeEmail[] }).data;
}

describe("forgot password (/forgot-password)", () => {
  it("given a registered and an unknown e-mail, should answer the same; only the account gets a mail, in the page's language", async () => {
    const email = uniqueEmail("forgot");
    await registerAccount(email);
    const known = await postForm("/th/forgot-password", { email });
    const unknown = await postForm("/th/forgot-password", { email: "nobody-here@example.test" });
    // The same redirect with the same cookies (the toast names the address typed), nothing else.
    const answer = (response: Response, typed: string) => ({
      status: response.status,
      location: response.headers.get("location"),
      cookies: response.headers.getSetCookie().map((cookie) => cookie.replaceAll(encodeURIComponent(typed), "<typed>")),
    });
    expect(answer(known, email)).toEqual(answer(unknown, "nobody-here@example.test"));
    expect(answer(known, email)).toMatchObject({ status: 302, location: "/th/login" });
    expect(toastOf(known)).toBe("auth:forgot.sent");
    const toast = known.headers.getSetCookie()[0]!.split(";")[0]!;
    expect(await (await get("/th/login", { cookie: toast })).text()).toContain(`หากมีบัญชีของ ${email} อยู่ในระบบ`);

    const mail = await latestMail(email, "reset-password");
    expect(mail).toMatchObject({ locale: "th", subject: "ตั้งรหัสผ่านใหม่สำหรับ Pryde" });
    expect(await latestMail("nobody-here@example.test")).toBeUndefined();
    const { link } = await tokenFromMail(email, "reset-password");
    expect(link).toMatch(/^http:\/\/shop\.test\/th\/reset-password\?token=/);
  });

  it("given a bad e-mail, should answer 400 with the field message", async () => {
    const response = await postForm("/forgot-password", { email: "bad@" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("E-mail is invalid");
  });
});

describe("reset password (/reset-password)", () => {
  async function requestReset() {
    const email = uniqueEmail("reset");
    const registered = await registerAccount(email);
    await postForm("/forgot-password", { email });
    const { token } = await tokenFromMail(email, "reset-password");
    return { email, token, cookie: sessionCookieOf(registered)! };
  }

  it("given a valid link, should set the password, use the token, end every session and send to sign-in with a message", async () => {
    const { email, token, cookie } = await requestReset();
    const customer = (await customerByEmail(email))!;
    expect((await sessionsOf(customer.id)).length).toBeGreaterThan(0);

    const page = await get(`/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="password"');

    const newPassword = "Purple-Giraffe-42";
    const response = await postForm(`/reset-password?token=${token}`, { token, password: newPassword, confirmPassword: newPassword });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    expect(toastOf(response)).toBe("auth:login.passwordReset");
    expect(await sessionsOf(customer.id)).toEqual([]);
    const row = await db()
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, await hashToken(token)))
      .get();
    expect(row?.usedAt).not.toBeNull();
    expect((await customerByEmail(email))!.emailVerifiedAt).not.toBeNull();

    // The old session is gone; the sign-in page says the password changed; the new password works, the old does not.
    expect(await (await get("/login", { cookie: `${cookie}; ${toastCookieFor("auth:login.passwordReset")}` })).text()).toContain(
      "Your password has been changed",
    );
    expect((await postForm("/login", { email, password: strongPassword }, fromAddress("10.9.0.1"))).status).toBe(400);
    expect((await postForm("/login", { email, password: newPassword }, fromAddress("10.9.0.1"))).status).toBe(302);

    // Single use.
    const again = await postForm(`/reset-password?token=${token}`, { token, password: "Another-Pass-77", confirmPassword: "Another-Pass-77" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This link is not valid or has expired");
    expect((await get(`/reset-password?token=${token}`)).status).toBe(400);
  });

  it("given an expired link, should refuse it", async () => {
    const { token } = await requestReset();
    await db()
      .update(accountTokens)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(accountTokens.tokenHash, await hashToken(token)));
    const response = await postForm(`/reset-password?token=${token}`, { token, password: "Purple-Giraffe-42", confirmPassword: "Purple-Giraffe-42" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This link is not valid or has expired");
  });

  it("given a reset link lifetime, should be one hour", async () => {
    const { token } = await requestReset();
    const row = (await db()
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, await hashToken(token)))
      .get())!;
    expect(row.expiresAt - row.createdAt).toBe(60 * 60_000);
  });

  it("given a weak password, should answer 400 in the page's language and change nothing", async () => {
    const { email, token } = await requestReset();
    const hashBefore = (await customerByEmail(email))!.passwordHash;
    const response = await postForm(`/th/reset-password?token=${token}`, { token, password: "Qwerty123", confirmPassword: "Qwerty123" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("รหัสผ่านนี้ถูกใช้บ่อยเกินไป");
    expect((await customerByEmail(email))!.passwordHash).toBe(hashBefore);
  });
});

describe("e-mail outbox sender", () => {
  async function enqueue(to: string, locale: "en" | "th" = "en") {
    await outboxInsert(env.DB, { to, locale, template: "verify-email", payload: { name: "Mali", link: "https://shop.example/verify?token=abc" } });
    return (await latestMail(to))!;
  }

  it("given no EMAIL_API_URL (the local default), should leave mails in the outbox unsent", async () => {
    const mail = await enqueue(uniqueEmail("local"));
    await runCron("*/5 * * * *");
    expect((await latestMail(mail.toAddress))!.status).toBe("pending");
    expect((await latestMail(mail.toAddress))!.attempts).toBe(0);
  });

  it("given the e-mail API, should send due mails with the Bearer key and mark them sent", async () => {
    const to = uniqueEmail("send");
    await enqueue(to, "th");
    const report = await sendPendingEmails(emailEnv("/emails"));
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const row = (await latestMail(to))!;
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    const [message] = await delivered(to);
    expect(message).toMatchObject({ from: "Pryde <shop@pryde.test>", to: [to], subject: "ยืนยันอีเมลของคุณสำหรับ Pryde" });
    expect(message!.text).toContain("https://shop.example/verify?token=abc");
    expect(message!.html).toContain('href="https://shop.example/verify?token=abc"');
    expect(message!.text).toContain("สวัสดีคุณ Mali");
    // Both parts reach the API: the HTML as a full document in the recipient's language, the text without markup.
    expect(message!.html).toMatch(/^<!doctype html>\n<html lang="th">\n<head>\n<meta charset="utf-8">/);
    expect(message!.html).toContain("<title>ยืนยันอีเมลของคุณสำหรับ Pryde</title>");
    expect(message!.text).not.toMatch(/<[a-z]/i);

    // Sent once only.
    await sendPendingEmails(emailEnv("/emails"));
    expect(await delivered(to)).toHaveLength(1);
  });

  it("given the API failing, should schedule a retry with backoff, then send when it is back", async () => {
    const to = uniqueEmail("retry");
    const mail = await enqueue(to);
    const now = Date.now();
    const report = await sendPendingEmails(emailEnv("/fail/emails"), now);
    expect(report.retrying).toBeGreaterThanOrEqual(1);
    const failed = (await latestMail(to))!;
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.lastError).toContain("503");
    expect(failed.nextAttemptAt).toBe(now + retryDelayMs(1));

    // Not due yet: nothing is sent.
    await sendPendingEmails(emailEnv("/emails"), now + 1000);
    expect(await delivered(to)).toHaveLength(0);
    // Due: sent.
    await sendPendingEmails(emailEnv("/emails"), now + retryDelayMs(1) + 1);
    expect((await db().select().from(emailOutbox).where(eq(emailOutbox.id, mail.id)).get())!).toMatchObject({ status: "sent", attempts: 2 });
    expect(await delivered(to)).toHaveLength(1);
  });

  it("given a mail that keeps failing, should give up after the last attempt", async () => {
    const to = uniqueEmail("give-up");
    const mail = await enqueue(to);
    await db().update(emailOutbox).set({ attempts: 7 }).where(eq(emailOutbox.id, mail.id));
    await sendPendingEmails(emailEnv("/fail/emails"));
    expect((await latestMail(to))!.status).toBe("failed");
  });

  it("given a registration with the API configured, the verify mail reaches the fake API in the customer's language", async () => {
    const email = uniqueEmail("e2e-like");
    await registerAccount(email, "en");
    await sendPendingEmails(emailEnv("/emails"));
    const [message] = await delivered(email);
    expect(message?.subject).toBe("Verify your e-mail for Pryde");
    expect(message?.text).toMatch(/http:\/\/shop\.test\/verify\?token=[A-Za-z0-9_-]{43}/);
    expect(demoCustomer.email).not.toBe(email);
  });
});
