import type { TestProject } from "vitest/node";
import { startFakeEmailServer } from "../fixtures/fake-email-server";
import { startFakeOAuthProvider } from "../fixtures/fake-oauth-provider";
import { startFakePayPal } from "../fixtures/fake-paypal";
import { startFakeRatesServer } from "../fixtures/fake-rates-server";

declare module "vitest" {
  export interface ProvidedContext {
    fakeRatesUrl: string;
    fakeEmailUrl: string;
    fakeOAuthUrl: string;
    fakePayPalUrl: string;
  }
}

/** Runs in Node before the Workers pool starts: the local stand-ins for external services. */
export default async function setup(project: TestProject) {
  const rates = await startFakeRatesServer();
  const email = await startFakeEmailServer();
  const oauth = await startFakeOAuthProvider();
  const paypal = await startFakePayPal();
  project.provide("fakeRatesUrl", rates.url);
  project.provide("fakeEmailUrl", email.url);
  project.provide("fakeOAuthUrl", oauth.url);
  project.provide("fakePayPalUrl", paypal.url);
  return async () => {
    await rates.close();
    await email.close();
    await oauth.close();
    await paypal.close();
  };
}
