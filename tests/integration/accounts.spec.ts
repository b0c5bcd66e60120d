import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { accountTokens, authThrottle, customers, emailOutbox, sessions } from "~/db/schema";
import { demoCustomer, demoCustomerPassword, demoStaffPassword } from "~/db/seed/accounts";
import { hashToken } from "~/features/accounts/tokens.server";
import { createSession } from "~/features/sessions/sessions.server";
import authEn from "~/i18n/locales/en/auth";
import authTh from "~/i18n/locales/th/auth";

import {
  accountFields,
  customerByEmail,
  db,
  fromAddress,
  latestMail,
  mainOf,
  registerAccount,
  sessionCookieOf,
  sessionsOf,
  strongPassword,
  tokenFromMail,
  uniqueEmail,
} from "./accounts-helpers";
import { toastCookieFor } from "./profile-helpers";
import { get, postForm } from "./worker";

const signIn = (path: string, email: string, password: string, address: string, headers: Record<string, string> = {}) =>
  postForm(path, { email, password }, { ...fromAddress(address), ...headers });

function deviceCookieOf(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    if (pair?.startsWith("pryde_device=")) return pair;
  }
  return null;
}

describe("register by e-mail, step 1 (/register)", () => {
  it("given the page, should show one e-mail field and the membership-terms checkbox with a link to the terms dialog", async () => {
    const response = await get("/register");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('name="email"');
    expect(html).toContain('name="acceptTerms"');
    expect(html).toContain('commandfor="membership-terms"');
    expect(html).not.toContain('name="password"');
  });

  it("given a new e-mail and accepted terms, should go on to /register?u=<email>", async () => {
    const email = uniqueEmail();
    const response = await postForm("/th/register", { intent: "check", email: email.toUpperCase(), acceptTerms: "on" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/th/register?u=${encodeURIComponent(email)}&terms=accepted`);
  });

  it.each([
    ["/register", "This e-mail is already registered", `The e-mail ${demoCustomer.email} is already taken. Please sign in.`],
    ["/th/register", "อีเมลนี้ถูกใช้สมัครสมาชิกแล้ว", `อีเมล ${demoCustomer.email} มีผู้ใช้แล้ว กรุณาเข้าสู่ระบบ`],
  ])("given a registered e-mail on %s, should warn with EMAIL_ALREADY and its detail", async (path, title, detail) => {
    const response = await postForm(path, { intent: "check", email: demoCustomer.email, acceptTerms: "on" });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain(title);
    expect(html).toContain(detail);
    expect(html).toContain('data-testid="email-already"');
  });

  it.each([
    ["/register", { email: "not-an-email", acceptTerms: "on" }, "email", "E-mail is invalid"],
    ["/register", { email: "", acceptTerms: "on" }, "email", "E-mail is required"],
    ["/register", { email: "new@example.test" }, "acceptTerms", "Please accept the membership terms"],
    ["/th/register", { email: "ไม่ใช่อีเมล", acceptTerms: "on" }, "email", "อีเมลไม่ถูกต้อง"],
    ["/th/register", { email: "new@example.test", acceptTerms: "yes" }, "acceptTerms", "กรุณายอมรับข้อกำหนดการเป็นสมาชิก"],
  ])("given bad input on %s (%j), should answer 400 with the %s message", async (path, fields, field, message) => {
    const response = await postForm(path, { intent: "check", ...fields });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`data-testid="error-${field}"`);
    expect(html).toContain(message);
  });
});

describe("register by e-mail, step 2 (/register?u=…)", () => {
  it("given the page with a new e-mail, should ask for name, password, phone, gender and birthday", async () => {
    const html = await (await get(`/register?u=${encodeURIComponent(uniqueEmail())}&terms=accepted`)).text();
    for (const field of ["firstName", "lastName", "password", "confirmPassword", "phone", "gender", "birthday"]) expect(html).toContain(`name="${field}"`);
  });

  it("given a registered e-mail in u, should show the warning on the first step", async () => {
    const response = await get(`/register?u=${encodeURIComponent(demoCustomer.email)}`);
    const html = await response.text();
    expect(html).toContain("This e-mail is already registered");
    expect(html).not.toContain('name="firstName"');
  });

  it("given a complete form, should create the customer with the consent time, queue the Thai verify mail and sign in", async () => {
    const email = uniqueEmail("thai");
    const before = Date.now();
    const response = await registerAccount(email, "th");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/th");

    const customer = await customerByEmail(email);
    expect(customer).toMatchObject({
      firstName: "Somchai",
      lastName: "Jaidee",
      phone: "0812345678",
      genderId: 1,
      birthday: "1995-04-13",
      locale: "th",
      emailVerifiedAt: null,
    });
    expect(customer!.termsAcceptedAt).toBeGreaterThanOrEqual(before);
    expect(customer!.passwordHash).toMatch(/^scrypt\$/);

    const cookie = sessionCookieOf(response);
    expect(cookie).not.toBeNull();
    const rows = await sessionsOf(customer!.id);
    expect(rows.map((row) => `pryde_session=${row.id}`)).toEqual([cookie]);

    const mail = await latestMail(email, "verify-email");
    expect(mail).toMatchObject({ locale: "th", status: "pending", subject: "ยืนยันอีเมลของคุณสำหรับ Pryde" });
    const { link, token } = await tokenFromMail(email, "verify-email");
    expect(link).toMatch(/^http:\/\/shop\.test\/th\/verify\?token=[A-Za-z0-9_-]{43}$/);
    const stored = await db().select().from(accountTokens).where(eq(accountTokens.customerId, customer!.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(await hashToken(token));
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.expiresAt - stored[0]!.createdAt).toBe(24 * 60 * 60_000);

    // The home page greets the new customer once.
    const home = await get("/th", { cookie: `${cookie}; ${toastCookieFor("auth:register.successTitle", "auth:register.success")}` });
    expect(await home.text()).toContain("สร้างบัญชีเรียบร้อย");
  });

  it("given a signed-in guest session before registering, should end it (rotation)", async () => {
    const guest = await createSession(env.DB, null);
    const email = uniqueEmail();
    const response = await postForm(`/register?u=${encodeURIComponent(email)}`, accountFields(email), { cookie: `pryde_session=${guest}` });
    expect(response.status).toBe(302);
    expect(await db().select().from(sessions).where(eq(sessions.id, guest)).get()).toBeUndefined();
  });

  it.each([
    [{ password: "short1A", confirmPassword: "short1A" }, "password", "Password must be at least 8 characters"],
    [
      { password: "alllowercase1", confirmPassword: "alllowercase1" },
      "password",
      "Password must contain at least one uppercase letter, one lowercase letter and one digit",
    ],
    [{ password: "Password1", confirmPassword: "Password1" }, "password", "This password is too common"],
    [{ confirmPassword: "Different-Elephant-8" }, "confirmPassword", "Passwords do not match"],
    [{ firstName: "   " }, "firstName", "First name is required"],
    [{ lastName: "x".repeat(101) }, "lastName", "Last name must be at most 100 characters"],
    [{ phone: "12ab" }, "phone", "Phone must be 9 to 15 digits"],
    [{ gender: "3" }, "gender", "Please choose male or female"],
    [{ birthday: "2001-02-30" }, "birthday", "Birthday must be a real date in the past"],
    [{ birthday: "2999-01-01" }, "birthday", "Birthday must be a real date in the past"],
    [{ acceptTerms: "" }, "acceptTerms", "Please accept the membership terms"],
  ])("given %j, should answer 400 with the %s message and write nothing", async (overrides, field, message) => {
    const email = uniqueEmail("bad");
    const response = await registerAccount(email, "en", overrides);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`data-testid="error-${field}"`);
    expect(html).toContain(message);
    expect(await customerByEmail(email)).toBeUndefined();
    expect(await latestMail(email)).toBeUndefined();
  });

  it("given bad input on the Thai page, should answer in Thai", async () => {
    const response = await registerAccount(uniqueEmail(), "th", { password: "abc", confirmPassword: "abd", firstName: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร");
    expect(html).toContain("รหัสผ่านไม่ตรงกัน");
    expect(html).toContain("กรุณากรอกชื่อ");
  });

  it("given an e-mail taken in the meantime, should show EMAIL_ALREADY (not a 500) and write nothing", async () => {
    const before = (await db().select().from(emailOutbox).all()).length;
    const response = await registerAccount(demoCustomer.email);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("This e-mail is already registered");
    expect((await db().select().from(emailOutbox).all()).length).toBe(before);
  });

  it("given two registrations of one e-mail at once, should create one account and answer the other with the warning", async () => {
    const email = uniqueEmail("race");
    const responses = await Promise.all([registerAccount(email), registerAccount(email)]);
    expect(responses.map((response) => response.status).sort()).toEqual([302, 409]);
    expect((await db().select().from(customers).where(eq(customers.email, email)).all()).length).toBe(1);
  });

  it("given garbage in every field, should never answer 5xx", async () => {
    const garbage = ["", " ", "\u0000", "<script>", "😀".repeat(300), "x".repeat(5000), "1e309", "-1", "ไทย"];
    for (const value of garbage) {
      const fields = Object.fromEntries(Object.keys(accountFields("x")).map((key) => [key, value]));
      const response = await postForm(`/register?u=${encodeURIComponent(value)}`, { ...fields, intent: "create" });
      expect(response.status, `value ${JSON.stringify(value.slice(0, 10))}`).toBe(400);
      const check = await postForm("/register", { intent: value, email: value, acceptTerms: value });
      expect(check.status).toBeLessThan(500);
    }
  });
});

describe("verify e-mail (/verify)", () => {
  async function newCustomerToken(locale: "en" | "th" = "en") {
    const email = uniqueEmail("verify");
    const registered = await registerAccount(email, locale);
    const { token } = await tokenFromMail(email, "verify-email");
    return { email, token, cookie: sessionCookieOf(registered)! };
  }
  /** Past the minute a customer waits between two links. */
  async function sentTwoMinutesAgo(token: string) {
    await db()
      .update(accountTokens)
      .set({ createdAt: Date.now() - 120_000 })
      .where(eq(accountTokens.tokenHash, await hashToken(token)));
  }

  it("given a valid link, should mark the e-mail verified once; the same link again is refused", async () => {
    const { email, token } = await newCustomerToken();
    const first = await get(`/verify?token=${token}`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Your e-mail is verified");
    expect((await customerByEmail(email))!.emailVerifiedAt).not.toBeNull();

    const again = await get(`/verify?token=${token}`);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This verification link is not valid");
  });

  it("given an expired link, should say so and offer a new link to the signed-in customer, which sends one", async () => {
    const { email, token, cookie } = await newCustomerToken("th");
    await db()
      .update(accountTokens)
      .set({ expiresAt: Date.now() - 1, createdAt: Date.now() - 25 * 60 * 60_000 })
      .where(eq(accountTokens.tokenHash, await hashToken(token)));
    const response = await get(`/th/verify?token=${token}`, { cookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("ลิงก์ยืนยันนี้หมดอายุแล้ว");
    expect(html).toContain("ส่งลิงก์ใหม่");
    expect((await customerByEmail(email))!.emailVerifiedAt).toBeNull();

    const resend = await postForm("/th/verify", { intent: "resend" }, { cookie });
    expect(resend.status).toBe(200);
    expect(await resend.text()).toContain(`เราได้ส่งลิงก์ยืนยันใหม่ไปที่ ${email} แล้ว`);
    const { token: newToken } = await tokenFromMail(email, "verify-email");
    expect(newToken).not.toBe(token);
    expect((await get(`/verify?token=${newToken}`)).status).toBe(200);
    expect((await customerByEmail(email))!.emailVerifiedAt).not.toBeNull();
  });

  it("given a new link asked for twice within a minute, should send only one", async () => {
    const { email, token, cookie } = await newCustomerToken("en");
    await sentTwoMinutesAgo(token);
    const first = await postForm("/verify", { intent: "resend" }, { cookie });
    expect(first.status).toBe(200);
    const second = await postForm("/verify", { intent: "resend" }, { cookie });
    expect(second.status).toBe(429);
    const page = await second.text();
    expect(page).toContain('data-testid="verify-too-soon"');
    expect(page).toContain(authEn.validation.tooSoon);
    const thai = await postForm("/th/verify", { intent: "resend" }, { cookie });
    expect(thai.status).toBe(429);
    expect(await thai.text()).toContain(authTh.validation.tooSoon);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails.filter((mail) => mail.template === "verify-email")).toHaveLength(2); // the registration mail + one resend
  });

  it.each(["garbage", "", "x".repeat(43), "../../etc/passwd", "%00"])("given the token %j, should say the link is not valid", async (token) => {
    const response = await get(`/verify?token=${encodeURIComponent(token)}`);
    expect(response.status).toBeLessThan(500);
    if (token) expect(await response.text()).toContain("This verification link is not valid");
  });

  it("given a post that is not the page's button, should send nothing and say so in the page's language", async () => {
    const { email, token, cookie } = await newCustomerToken("en");
    await sentTwoMinutesAgo(token);
    for (const [path, auth] of [
      ["/verify", authEn],
      ["/th/verify", authTh],
    ] as const) {
      for (const fields of [{}, { intent: "verify" }] as Record<string, string>[]) {
        const response = await postForm(path, fields, { cookie });
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(auth.validation.unknownAction);
      }
    }
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails.filter((mail) => mail.template === "verify-email")).toHaveLength(1); // the registration mail only
  });

  it("given a guest asking for a new link, should send them to sign in", async () => {
    const response = await postForm("/verify", { intent: "resend" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("sign in (/login)", () => {
  it("given the right password, should rotate the session, set the cookie and go home", async () => {
    const guest = await createSession(env.DB, null);
    const response = await signIn("/login", demoCustomer.email, demoCustomerPassword, "10.0.0.1", { cookie: `pryde_session=${guest}` });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const cookie = sessionCookieOf(response)!;
    expect(response.headers.get("set-cookie")).toContain("HttpOnly");
    expect(response.headers.get("set-cookie")).toContain("Max-Age=3600");
    const id = cookie.split("=")[1]!;
    const row = await db().select().from(sessions).where(eq(sessions.id, id)).get();
    expect(row?.customerId).toBe((await customerByEmail(demoCustomer.email))!.id);
    expect(await db().select().from(sessions).where(eq(sessions.id, guest)).get()).toBeUndefined();

    // Signed in: the sign-in page now sends the customer home.
    const again = await get("/login", { cookie });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/");
  });

  it.each([
    ["/shop?page=2", "/shop?page=2"],
    ["https://evil.example/", "/"],
    ["//evil.example/", "/"],
    ["/backend/dashboard", "/"],
  ])("given redirectTo=%s, should land on %s", async (redirectTo, location) => {
    const response = await signIn(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, demoCustomer.email, demoCustomerPassword, "10.0.0.2");
    expect(response.headers.get("location")).toBe(location);
  });

  it("given a wrong password or an unknown e-mail, should give exactly the same answer", async () => {
    const wrong = await signIn("/login", demoCustomer.email, "Wrong-Password-1", "10.0.0.3");
    const unknown = await signIn("/login", "nobody@example.test", "Wrong-Password-1", "10.0.0.3");
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    const [wrongHtml, unknownHtml] = [await wrong.text(), await unknown.text()];
    expect(wrongHtml).toContain("The e-mail or password is incorrect.");
    expect(mainOf(unknownHtml.replaceAll("nobody@example.test", demoCustomer.email))).toBe(mainOf(wrongHtml));
    expect(sessionCookieOf(wrong)).toBeNull();
  });

  it("given the Thai page, should answer in Thai", async () => {
    const response = await signIn("/th/login", demoCustomer.email, "Wrong-Password-1", "10.0.0.4");
    expect(await response.text()).toContain("อีเมลหรือรหัสผ่านไม่ถูกต้อง");
  });

  it.each([
    [{ email: "", password: "" }, ["E-mail is required", "Password is required"]],
    [{ email: "bad", password: "x" }, ["E-mail is invalid"]],
  ])("given %j, should answer 400 with field messages", async (fields, messages) => {
    const response = await postForm("/login", fields, fromAddress("10.0.0.5"));
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of messages) expect(html).toContain(message);
  });

  it("given 6 failures for an account from a stranger's address, should hold back that address only: the owner signs in from their own", async () => {
    const email = uniqueEmail("throttle");
    await registerAccount(email);
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn("/login", email, "Wrong-Password-1", "10.1.0.9")).status).toBe(400);
    const sixth = await signIn("/login", email, "Wrong-Password-1", "10.1.0.9");
    expect(sixth.status).toBe(429);
    expect(await sixth.text()).toContain("Too many sign-in attempts");
    // Even the right password is held back at the stranger's address…
    const held = await signIn("/login", email, strongPassword, "10.1.0.9");
    expect(held.status).toBe(429);
    expect(sessionCookieOf(held)).toBeNull();
    // …but the owner, from their own address and a browser never used before, signs in.
    expect((await signIn("/login", email, strongPassword, "10.1.1.1")).status).toBe(302);
    // Below the limit a success resets that address's counter for the account.
    for (let attempt = 0; attempt < 4; attempt++) await signIn("/login", email, "Wrong-Password-1", "10.1.1.2");
    expect((await signIn("/login", email, strongPassword, "10.1.1.2")).status).toBe(302);
    expect(
      await db()
        .select()
        .from(authThrottle)
        .where(eq(authThrottle.key, `login:acip:customer:${email}|10.1.1.2`))
        .get(),
    ).toBeUndefined();

    // The window passes: the stranger's address may try again.
    await db()
      .update(authThrottle)
      .set({ windowStart: Date.now() - 16 * 60_000 })
      .where(eq(authThrottle.key, `login:acip:customer:${email}|10.1.0.9`));
    expect((await signIn("/login", email, strongPassword, "10.1.0.9")).status).toBe(302);
  });

  it("given guessing spread over many addresses up to the account's ceiling, should hold back new browsers, let the owner's known browser in, and e-mail the owner once", async () => {
    const email = uniqueEmail("spread");
    await registerAccount(email, "th");
    // The owner's browser signed in before: it carries a device cookie naming the account.
    const earlier = await signIn("/login", email, strongPassword, "10.6.0.1");
    expect(earlier.status).toBe(302);
    const device = deviceCookieOf(earlier);
    expect(device).toMatch(/^pryde_device=\d+\.[\w-]{43}\.[\w-]{43}$/);
    expect(earlier.headers.getSetCookie().find((cookie) => cookie.startsWith("pryde_device="))).toMatch(/HttpOnly/);

    // 30 failures, 5 from each of 6 addresses: no address reaches its own limit, the account reaches its ceiling.
    for (let address = 0; address < 6; address++) {
      for (let attempt = 0; attempt < 5; attempt++) expect((await signIn("/login", email, "Wrong-Password-1", `10.6.1.${address}`)).status).toBe(400);
    }
    const lockMails = () =>
      db()
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, email))
        .all()
        .then((rows) => rows.filter((row) => row.template === "account-locked"));
    const [mail] = await lockMails();
    expect(mail?.locale).toBe("th");
    expect(JSON.parse(mail!.payloadJson).link).toMatch(/\/th\/forgot-password$/);

    // A browser the account does not know is held back, even with the right password and a clean address.
    expect((await signIn("/login", email, strongPassword, "10.6.2.1")).status).toBe(429);
    // A forged device cookie (another signature) is a stranger too.
    const forged = device!.replace(/\.[\w-]{43}$/, `.${"A".repeat(43)}`);
    expect((await signIn("/login", email, strongPassword, "10.6.2.2", { cookie: forged })).status).toBe(429);
    // The owner's browser, from anywhere, signs in.
    const owner = await signIn("/login", email, strongPassword, "10.6.2.3", { cookie: device! });
    expect(owner.status).toBe(302);
    expect(sessionCookieOf(owner)).not.toBeNull();
    // Further attempts while locked send no second mail.
    await signIn("/login", email, "Wrong-Password-1", "10.6.2.4");
    expect(await lockMails()).toHaveLength(1);

    // The known browser has its own small budget: 5 failures, then it is held back too.
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn("/login", email, "Wrong-Password-1", "10.6.3.1", { cookie: device! })).status).toBe(400);
    expect((await signIn("/login", email, strongPassword, "10.6.3.2", { cookie: device! })).status).toBe(429);
  });

  it("given a staff account guessed at from a stranger's address, should hold back that address only", async () => {
    const email = "editor@pryde.test";
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn("/backend/login", email, "Wrong-Password-1", "10.7.0.1")).status).toBe(400);
    expect((await signIn("/backend/login", email, demoStaffPassword, "10.7.0.1")).status).toBe(429);
    const owner = await signIn("/backend/login", email, demoStaffPassword, "10.7.0.2");
    expect(owner.status).toBe(302);
    expect(owner.headers.getSetCookie().some((cookie) => cookie.startsWith("pryde_staff_device="))).toBe(true);
  });

  it("given a password reset, should lift every sign-in counter of the account", async () => {
    const email = uniqueEmail("reset-lifts");
    await registerAccount(email);
    for (let attempt = 0; attempt < 5; attempt++) await signIn("/login", email, "Wrong-Password-1", "10.8.0.1");
    expect((await signIn("/login", email, strongPassword, "10.8.0.1")).status).toBe(429);
    await postForm("/forgot-password", { email }, fromAddress("10.8.0.2"));
    const { token } = await tokenFromMail(email, "reset-password");
    const reset = await postForm(
      `/reset-password?token=${token}`,
      { token, password: "Green-Giraffe-8", confirmPassword: "Green-Giraffe-8" },
      fromAddress("10.8.0.2"),
    );
    expect(reset.status).toBe(302);
    expect((await signIn("/login", email, "Green-Giraffe-8", "10.8.0.1")).status).toBe(302);
  });

  it("given 20 failures from one address, should refuse further attempts from it (other addresses unaffected)", async () => {
    for (let attempt = 0; attempt < 20; attempt++) await signIn("/login", `guess-${attempt}@example.test`, "Wrong-Password-1", "10.2.0.1");
    const blocked = await signIn("/login", demoCustomer.email, demoCustomerPassword, "10.2.0.1");
    expect(blocked.status).toBe(429);
    expect((await signIn("/login", demoCustomer.email, demoCustomerPassword, "10.2.0.2")).status).toBe(302);
  });

  it("given a disabled account, should answer like a wrong password", async () => {
    const email = uniqueEmail("disabled");
    await registerAccount(email);
    await db().update(customers).set({ disabledAt: Date.now() }).where(eq(customers.email, email));
    const response = await signIn("/login", email, strongPassword, "10.3.0.1");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The e-mail or password is incorrect.");
  });
});

describe("staff sign-in (/backend/login)", () => {
  it.each([
    ["/backend/login", "/backend/dashboard"],
    ["/th/backend/login", "/th/backend/dashboard"],
  ])("given staff credentials on %s, should land on %s with a staff session", async (path, location) => {
    const response = await signIn(path, "admin@pryde.test", demoStaffPassword, "10.4.0.1");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(location);
    const id = sessionCookieOf(response)!.split("=")[1]!;
    const row = await db().select().from(sessions).where(eq(sessions.id, id)).get();
    expect(row?.staffUserId).not.toBeNull();
    expect(row?.customerId).toBeNull();
  });

  it("given a customer's credentials, should refuse them like any wrong password", async () => {
    const response = await signIn("/backend/login", demoCustomer.email, demoCustomerPassword, "10.4.0.2");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The e-mail or password is incorrect.");
  });

  it("given a signed-in staff member, should send them from the sign-in page to the back office", async () => {
    const cookie = sessionCookieOf(await signIn("/backend/login", "editor@pryde.test", demoStaffPassword, "10.4.0.3"))!;
    const response = await get("/backend/login", { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/backend");
  });

  it("given the page, should render the staff form in Thai", async () => {
    const html = await (await get("/th/backend/login")).text();
    expect(html).toContain("เข้าสู่ระบบสำหรับพนักงาน");
  });
});

describe("sign out (/logout)", () => {
  it("given a customer, GET should ask and POST should end the session, clear the cookie and go home", async () => {
    const cookie = sessionCookieOf(await signIn("/login", demoCustomer.email, demoCustomerPassword, "10.5.0.1"))!;
    const page = await get("/th/logout", { cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("ต้องการออกจากระบบหรือไม่?");

    const response = await postForm("/th/logout", {}, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/th");
    expect(response.headers.get("set-cookie")).toContain("pryde_session=; Path=/; Max-Age=0");
    expect(
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.id, cookie.split("=")[1]!))
        .get(),
    ).toBeUndefined();
  });

  it("given staff, POST should go to the back-office sign-in", async () => {
    const cookie = sessionCookieOf(await signIn("/backend/login", "admin@pryde.test", demoStaffPassword, "10.5.0.2"))!;
    const response = await postForm("/logout", {}, { cookie });
    expect(response.headers.get("location")).toBe("/backend/login");
  });

  it("given a guest, GET should go home", async () => {
    const response = await get("/logout");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});
