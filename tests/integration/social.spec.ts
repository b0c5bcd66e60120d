import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { customerIdentities, customers, sessions, socialSignUps } from "~/db/schema";
import { demoCustomer } from "~/db/seed/accounts";

import { customerByEmail, db, latestMail, mainOf, registerAccount, sessionCookieOf, uniqueEmail } from "./accounts-helpers";
import { get, origin, postForm } from "./worker";

/**
 * Social sign-in (issue 3 item 4, decision 0009) against the fake OAuth/OIDC provider
 * (tests/fixtures/fake-oauth-provider.ts; global-setup starts it): Google and LINE are configured,
 * Facebook is not. The test plays the browser: it follows the shop's redirect to the provider, the
 * provider's redirect back, and carries the cookies.
 */
interface FakeUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** The browser at the provider: the same URL, with the user the fake should sign in (or a refusal). */
function atProvider(authorizationUrl: string, choice: FakeUser | { deny: string }): string {
  const url = new URL(authorizationUrl);
  if ("deny" in choice) url.searchParams.set("fake_deny", choice.deny);
  else {
    const bytes = new TextEncoder().encode(JSON.stringify(choice));
    const base64 = btoa(String.fromCharCode(...bytes));
    url.searchParams.set("fake_user", base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
  }
  return url.toString();
}

function cookiePair(response: Response, name: string): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    if (pair?.startsWith(`${name}=`) && pair !== `${name}=`) return pair;
  }
  return null;
}

let counter = 0;
function uniqueSubject(provider: string): string {
  counter += 1;
  return `${provider}-${Date.now().toString(36)}-${counter}`;
}

async function start(path: string) {
  const response = await get(path);
  expect(response.status).toBe(302);
  const flowCookie = cookiePair(response, "pryde_oauth");
  expect(flowCookie).not.toBeNull();
  return { response, location: response.headers.get("location") ?? "", flowCookie: flowCookie! };
}

/** Start → provider (auto-consent for `user`) → back at the shop's /auth: the shop's answer. */
async function signInWith(provider: "google" | "line", user: FakeUser | { deny: string }, prefix = "") {
  const { location, flowCookie } = await start(`${prefix}/auth?provider=${provider}`);
  const atFake = await fetch(atProvider(location, user), { redirect: "manual" });
  expect(atFake.status).toBe(302);
  const back = new URL(atFake.headers.get("location") ?? "");
  expect(back.origin).toBe(origin);
  return get(`${back.pathname}${back.search}`, { cookie: flowCookie });
}

async function acceptTerms(termsResponse: Response, prefix = "") {
  expect(termsResponse.status).toBe(302);
  expect(termsResponse.headers.get("location")).toBe(`${prefix}/auth?step=terms`);
  const signUp = cookiePair(termsResponse, "pryde_social_signup");
  expect(signUp).not.toBeNull();
  return { signUp: signUp!, submit: (fields: Record<string, string>) => postForm(`${prefix}/auth?step=terms`, fields, { cookie: signUp! }) };
}

async function sessionOwner(response: Response): Promise<number | null> {
  const pair = sessionCookieOf(response);
  if (!pair) return null;
  const row = await db()
    .select()
    .from(sessions)
    .where(eq(sessions.id, pair.split("=")[1]!))
    .get();
  return row?.customerId ?? null;
}

describe("starting a social sign-in (/auth?provider=…)", () => {
  it("given Google, should redirect to its authorization endpoint with state, PKCE S256 and the /auth callback, in a short HttpOnly cookie", async () => {
    const { response, location } = await start("/auth?provider=google");
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${env.FAKE_OAUTH_URL}/google/authorize`);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("client_id")).toBe("google-client-id");
    expect(url.searchParams.get("redirect_uri")).toBe(`${origin}/auth`);
    expect(url.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("pryde_oauth="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/auth/);
    expect(cookie).toMatch(/Max-Age=600/);
    // The verifier stays with the browser; only its challenge travels.
    expect(decodeURIComponent(cookie)).not.toContain(url.searchParams.get("code_challenge")!);
  });

  it("given LINE from the Thai page, should ask for openid, profile and email with PKCE and a nonce, and still call back to /auth", async () => {
    const { location } = await start("/th/auth?provider=line");
    const url = new URL(location);
    expect(url.pathname).toBe("/line/authorize");
    expect(url.searchParams.get("redirect_uri")).toBe(`${origin}/auth`);
    expect(url.searchParams.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["openid", "profile", "email"]));
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("nonce")).toBeTruthy();
  });

  it("given a provider that is not configured (Facebook has no secret here), should show no button and answer /auth?provider=facebook with a message", async () => {
    const login = await (await get("/login")).text();
    expect(login).toContain('data-testid="social-google"');
    expect(login).toContain('data-testid="social-line"');
    expect(login).not.toContain('data-testid="social-facebook"');
    const register = await (await get("/th/register")).text();
    expect(register).toContain('href="/th/auth?provider=google"');
    expect(register).not.toContain("provider=facebook");

    for (const path of ["/auth?provider=facebook", "/auth?provider=myspace", "/auth"]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe("/login?social=unavailable");
    }
    const page = await get("/login?social=unavailable");
    expect(page.status).toBe(200);
    expect(mainOf(await page.text())).toContain("This sign-in option is not available. Please sign in with your e-mail.");
  });
});

describe("the provider's answer (/auth?code=…&state=…)", () => {
  it("given a state that does not match the browser's, or no flow cookie, should go back to sign-in with a message and sign nobody in", async () => {
    const { location, flowCookie } = await start("/auth?provider=google");
    const back = new URL(
      (await fetch(atProvider(location, { sub: uniqueSubject("google"), email: uniqueEmail(), email_verified: true }), { redirect: "manual" })).headers.get(
        "location",
      )!,
    );
    const code = back.searchParams.get("code")!;
    for (const [query, cookie] of [
      [`code=${code}&state=forged`, flowCookie],
      [`code=${code}`, flowCookie],
      [`code=${code}&state=${back.searchParams.get("state")}`, ""],
    ] as const) {
      const response = await get(`/auth?${query}`, cookie ? { cookie } : {});
      expect(response.status, query).toBe(302);
      expect(response.headers.get("location"), query).toBe("/login?social=state");
      expect(sessionCookieOf(response)).toBeNull();
    }
    const html = mainOf(await (await get("/login?social=state")).text());
    expect(html).toContain('data-testid="social-error"');
    expect(html).toContain("This sign-in was not started here or has expired. Please try again.");
  });

  it("given the shopper cancels at the provider, should say so on the sign-in page of their language", async () => {
    const english = await signInWith("google", { deny: "access_denied" });
    expect(english.headers.get("location")).toBe("/login?social=denied");
    // The Thai flow returns to the one callback (/auth) and still lands in Thai.
    const thai = await signInWith("line", { deny: "access_denied" }, "/th");
    expect(thai.headers.get("location")).toBe("/th/login?social=denied");
    expect(mainOf(await (await get("/th/login?social=denied")).text())).toContain("การเข้าสู่ระบบถูกยกเลิก");
    // The flow cookie is used up either way.
    expect(english.headers.getSetCookie().some((cookie) => cookie.startsWith("pryde_oauth=;") && cookie.includes("Max-Age=0"))).toBe(true);
  });

  it("given the token endpoint refuses the code (unknown code, or a PKCE verifier that does not match), should go back with a message, never a 5xx", async () => {
    const { location, flowCookie } = await start("/auth?provider=google");
    const state = new URL(location).searchParams.get("state")!;
    const bogus = await get(`/auth?code=not-a-code&state=${state}`, { cookie: flowCookie });
    expect(bogus.status).toBe(302);
    expect(bogus.headers.get("location")).toBe("/login?social=failed");

    // A verifier swapped in the cookie: the provider's PKCE check refuses the exchange.
    const second = await start("/auth?provider=google");
    const back = new URL(
      (
        await fetch(atProvider(second.location, { sub: uniqueSubject("google"), email: uniqueEmail(), email_verified: true }), { redirect: "manual" })
      ).headers.get("location")!,
    );
    const flow = JSON.parse(decodeURIComponent(second.flowCookie.slice("pryde_oauth=".length))) as { codeVerifier: string };
    flow.codeVerifier = "x".repeat(43);
    const tampered = await get(`${back.pathname}${back.search}`, { cookie: `pryde_oauth=${encodeURIComponent(JSON.stringify(flow))}` });
    expect(tampered.status).toBe(302);
    expect(tampered.headers.get("location")).toBe("/login?social=failed");
    expect(mainOf(await (await get("/login?social=failed")).text())).toContain("We could not complete the sign-in with the provider.");
  });
});

describe("who is signed in", () => {
  it("given a new shopper, should ask to accept the membership terms, then create the account with the e-mail verified and sign in", async () => {
    const email = uniqueEmail("google");
    const sub = uniqueSubject("google");
    const answer = await signInWith("google", { sub, email, email_verified: true, name: "Kanya Rattana" });
    const { signUp, submit } = await acceptTerms(answer);
    expect(sessionCookieOf(answer)).toBeNull();
    expect(await customerByEmail(email)).toBeUndefined();

    const page = await get("/auth?step=terms", { cookie: signUp });
    expect(page.status).toBe(200);
    const html = mainOf(await page.text());
    expect(html).toContain('data-testid="social-terms-page"');
    expect(html).toContain(`You are signing in with Google as ${email}.`);
    expect(html).toContain('name="acceptTerms"');
    expect(html).toContain('commandfor="membership-terms"');

    const unaccepted = await submit({});
    expect(unaccepted.status).toBe(400);
    expect(await unaccepted.text()).toContain("Please accept the membership terms");
    expect(await customerByEmail(email)).toBeUndefined();

    const created = await submit({ acceptTerms: "on" });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/");
    const customer = await customerByEmail(email);
    expect(customer).toMatchObject({ firstName: "Kanya", lastName: "Rattana", passwordHash: null, locale: "en" });
    expect(customer!.emailVerifiedAt).not.toBeNull();
    expect(customer!.termsAcceptedAt).not.toBeNull();
    expect(await sessionOwner(created)).toBe(customer!.id);
    const identity = await db()
      .select()
      .from(customerIdentities)
      .where(and(eq(customerIdentities.provider, "google"), eq(customerIdentities.subject, sub)))
      .get();
    expect(identity?.customerId).toBe(customer!.id);
    // The pending profile is used up; the same cookie cannot make a second account.
    expect(await db().select().from(socialSignUps).where(eq(socialSignUps.email, email)).all()).toEqual([]);
    expect(created.headers.getSetCookie().some((cookie) => cookie.startsWith("pryde_social_signup=;"))).toBe(true);
  });

  it("given an existing customer and the provider's verified e-mail, should link the identity and sign into that very account", async () => {
    const sub = uniqueSubject("google");
    const before = await db().select({ id: customers.id }).from(customers).all();
    const answer = await signInWith("google", { sub, email: demoCustomer.email.toUpperCase(), email_verified: true, name: "Someone Else" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
    const demo = await customerByEmail(demoCustomer.email);
    expect(await sessionOwner(answer)).toBe(demo!.id);
    const identity = await db().select().from(customerIdentities).where(eq(customerIdentities.subject, sub)).get();
    expect(identity?.customerId).toBe(demo!.id);
    expect(await db().select({ id: customers.id }).from(customers).all()).toHaveLength(before.length);
    // The account keeps its own name.
    expect(demo!.firstName).not.toBe("Someone");
  });

  it("given an existing customer and an UNVERIFIED provider e-mail, should not link nor sign in, and say why", async () => {
    const email = uniqueEmail("owner");
    expect((await registerAccount(email)).status).toBe(302);
    const sub = uniqueSubject("google");
    const answer = await signInWith("google", { sub, email, email_verified: false, name: "Mallory" });
    expect(answer.headers.get("location")).toBe("/login?social=emailUnverified");
    expect(sessionCookieOf(answer)).toBeNull();
    expect(await db().select().from(customerIdentities).where(eq(customerIdentities.subject, sub)).all()).toEqual([]);
    // LINE saying email_verified: false counts the same.
    const line = await signInWith("line", { sub: uniqueSubject("line"), email, email_verified: false });
    expect(line.headers.get("location")).toBe("/login?social=emailUnverified");
    expect(mainOf(await (await get("/login?social=emailUnverified")).text())).toContain("An account with this e-mail already exists");
  });

  it("given an identity already linked, should sign that customer in at once (even when the provider's e-mail changed since)", async () => {
    const email = uniqueEmail("linked");
    const sub = uniqueSubject("google");
    const { submit } = await acceptTerms(await signInWith("google", { sub, email, email_verified: true, name: "Pim Chai" }));
    const customerId = (await sessionOwner(await submit({ acceptTerms: "on" })))!;
    const again = await signInWith("google", { sub, email: uniqueEmail("changed"), email_verified: true, name: "Pim Chai" });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/");
    expect(await sessionOwner(again)).toBe(customerId);
    expect(again.headers.getSetCookie().some((cookie) => cookie.startsWith("pryde_toast=") && cookie.includes("auth%3Alogin.signedIn"))).toBe(true);
  });

  it("given a Thai shopper with LINE (no email_verified claim), should go through the Thai terms step and land signed in on /th", async () => {
    const email = uniqueEmail("line");
    const answer = await signInWith("line", { sub: uniqueSubject("line"), email, name: "มาลี ศรีสุข" }, "/th");
    const { signUp, submit } = await acceptTerms(answer, "/th");
    const page = mainOf(await (await get("/th/auth?step=terms", { cookie: signUp })).text());
    expect(page).toContain("ยอมรับข้อกำหนดการเป็นสมาชิก");
    expect(page).toContain(`คุณกำลังเข้าสู่ระบบด้วย LINE ด้วยอีเมล ${email}`);
    const created = await submit({ acceptTerms: "on" });
    expect(created.headers.get("location")).toBe("/th");
    const customer = await customerByEmail(email);
    expect(customer).toMatchObject({ firstName: "มาลี", lastName: "ศรีสุข", locale: "th" });
    expect(customer!.emailVerifiedAt).not.toBeNull();
    expect(await sessionOwner(created)).toBe(customer!.id);
  });

  it("given a new shopper whose provider e-mail is unverified, should create the account unverified and send the verification mail", async () => {
    const email = uniqueEmail("unverified");
    const { submit } = await acceptTerms(await signInWith("google", { sub: uniqueSubject("google"), email, email_verified: false, name: "Dao" }));
    const created = await submit({ acceptTerms: "on" });
    expect(created.status).toBe(302);
    const customer = await customerByEmail(email);
    expect(customer!.emailVerifiedAt).toBeNull();
    expect((await latestMail(email, "verify-email"))?.toAddress).toBe(email);
    expect(created.headers.getSetCookie().some((cookie) => cookie.startsWith("pryde_toast=") && cookie.includes("auth%3Aregister.successTitle"))).toBe(true);
  });

  it("given a provider that shares no e-mail, should not create an account and say why", async () => {
    const answer = await signInWith("google", { sub: uniqueSubject("google"), name: "No Mail" });
    expect(answer.headers.get("location")).toBe("/login?social=noEmail");
  });
});

describe("the terms step without a pending sign-up", () => {
  it("given the page without (or with an unknown) sign-up cookie, should go back to sign-in saying it expired", async () => {
    for (const headers of [{}, { cookie: "pryde_social_signup=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }] as Record<string, string>[]) {
      const response = await get("/th/auth?step=terms", headers);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/th/login?social=expired");
    }
  });

  it("given the form posted after the sign-up expired, should answer 401 with the error page that signs out after a 5-second countdown", async () => {
    const response = await postForm("/auth?step=terms", { acceptTerms: "on" });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('data-testid="error-page"');
    expect(html).toContain("Unauthorized");
    expect(html).toContain('data-testid="unauthorized-countdown"');
    expect(html).toContain("You will be signed out and taken to the sign-in page in 5 seconds.");
    const thai = await (await postForm("/th/auth?step=terms", { acceptTerms: "on" })).text();
    expect(thai).toContain("ระบบจะออกจากระบบและพาคุณไปยังหน้าเข้าสู่ระบบใน 5 วินาที");
  });
});
