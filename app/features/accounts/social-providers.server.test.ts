import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { fakeOAuthEnv, type FakeOAuthProvider, type FakeUser, startFakeOAuthProvider, withFakeUser } from "../../../tests/fixtures/fake-oauth-provider";
import {
  configuredProviders,
  createAuthorizationRequest,
  type ProviderSettings,
  providerSettings,
  readSocialProfile,
  type SocialProvider,
} from "./social-providers.server";

/**
 * The provider adapters against the fake provider's contract: each provider's token exchange
 * (Basic for Google, form credentials for LINE/Facebook), profile source (userinfo, id token,
 * Graph /me) and what counts as a verified e-mail.
 */
let fake: FakeOAuthProvider;
const redirectUri = "http://shop.test/auth";

beforeAll(async () => {
  fake = await startFakeOAuthProvider();
});
afterAll(async () => {
  await fake.close();
});

function settingsFor(provider: SocialProvider, overrides: Record<string, string> = {}): ProviderSettings {
  return providerSettings({ ...fakeOAuthEnv(fake.url), ...overrides }, provider)!;
}

/** Start, let the fake consent for `user`, and read the profile the way the callback does. */
async function profileFor(
  provider: SocialProvider,
  user: FakeUser,
  tamper?: (request: ReturnType<typeof createAuthorizationRequest>) => void,
  settings = settingsFor(provider),
) {
  const request = createAuthorizationRequest(settings, redirectUri);
  const answer = await fetch(withFakeUser(request.url.toString(), user), { redirect: "manual" });
  const code = new URL(answer.headers.get("location")!).searchParams.get("code")!;
  tamper?.(request);
  return readSocialProfile(settings, { redirectUri, code, codeVerifier: request.codeVerifier, nonce: request.nonce });
}

describe("provider settings", () => {
  it("given client id and secret, should configure the provider with the real endpoints unless overridden", () => {
    const settings = providerSettings({ OAUTH_GOOGLE_CLIENT_ID: "id", OAUTH_GOOGLE_CLIENT_SECRET: "secret" }, "google")!;
    expect(settings.authorizationUrl).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(settings.tokenUrl).toBe("https://oauth2.googleapis.com/token");
    expect(
      providerSettings({ OAUTH_LINE_CLIENT_ID: "id", OAUTH_LINE_CLIENT_SECRET: "secret", OAUTH_LINE_TOKEN_URL: "http://local/token" }, "line")!.tokenUrl,
    ).toBe("http://local/token");
  });

  it.each([
    [{}, []],
    [{ OAUTH_FACEBOOK_CLIENT_ID: "id" }, []],
    [{ OAUTH_FACEBOOK_CLIENT_ID: "id", OAUTH_FACEBOOK_CLIENT_SECRET: " " }, []],
    [{ OAUTH_FACEBOOK_CLIENT_ID: "id", OAUTH_FACEBOOK_CLIENT_SECRET: "s", OAUTH_LINE_CLIENT_ID: "l", OAUTH_LINE_CLIENT_SECRET: "s" }, ["line", "facebook"]],
  ])("given %j, should offer %j", (env, expected) => {
    expect(configuredProviders(env)).toEqual(expected);
  });

  it("given Facebook, should not send PKCE (it does not support it) nor a nonce", () => {
    const { url, codeVerifier, nonce } = createAuthorizationRequest(settingsFor("facebook"), redirectUri);
    expect(url.searchParams.has("code_challenge")).toBe(false);
    expect(codeVerifier).toBeNull();
    expect(nonce).toBeNull();
  });
});

describe("reading the profile", () => {
  it("given Google, should exchange with Basic credentials and PKCE and read userinfo (email_verified honoured)", async () => {
    expect(await profileFor("google", { sub: "g-1", email: "A@Example.test", email_verified: true, given_name: "Anan", family_name: "W" })).toEqual({
      provider: "google",
      subject: "g-1",
      email: "a@example.test",
      emailVerified: true,
      firstName: "Anan",
      lastName: "W",
    });
    expect((await profileFor("google", { sub: "g-2", email: "b@example.test", email_verified: false })).emailVerified).toBe(false);
  });

  it("given LINE, should read the HS256-signed id token: verified unless it says otherwise, the name split", async () => {
    expect(await profileFor("line", { sub: "U123", email: "line@example.test", name: "Malee Srisuk" })).toMatchObject({
      subject: "U123",
      emailVerified: true,
      firstName: "Malee",
      lastName: "Srisuk",
    });
    expect((await profileFor("line", { sub: "U124", email: "line2@example.test", email_verified: false })).emailVerified).toBe(false);
  });

  it("given LINE and an id token whose nonce is not this request's, should refuse it", async () => {
    await expect(profileFor("line", { sub: "U125", email: "x@example.test" }, (request) => (request.nonce = "another"))).rejects.toThrow(/nonce/);
  });

  it("given LINE and the wrong channel secret, should fail at the token endpoint (invalid_client)", async () => {
    const settings = { ...settingsFor("line"), clientSecret: "wrong" };
    await expect(profileFor("line", { sub: "U126" }, undefined, settings)).rejects.toThrow(/invalid_client/);
  });

  it("given Facebook, should read Graph /me and never count its e-mail as verified", async () => {
    expect(await profileFor("facebook", { sub: "10001", email: "fb@example.test", name: "Somsak Dee" })).toEqual({
      provider: "facebook",
      subject: "10001",
      email: "fb@example.test",
      emailVerified: false,
      firstName: "Somsak",
      lastName: "Dee",
    });
    expect((await profileFor("facebook", { sub: "10002", name: "No Mail" })).email).toBeNull();
  });

  it("given a PKCE verifier that is not the one of the challenge, should fail at the token endpoint (invalid_grant)", async () => {
    await expect(profileFor("google", { sub: "g-3" }, (request) => (request.codeVerifier = "y".repeat(43)))).rejects.toThrow(/invalid_grant/);
  });
});
