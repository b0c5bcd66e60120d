import type { Env as AppEnv } from "~/cloudflare";

declare global {
  namespace Cloudflare {
    interface Env extends AppEnv {
      FAKE_RATES_URL: string;
      FAKE_EMAIL_URL: string;
      FAKE_OAUTH_URL: string;
      FAKE_PAYPAL_URL: string;
      /** The storefront's built Worker in an isolate of its own (tests/integration/worker.ts). */
      SHOP: Fetcher;
    }
  }
}
