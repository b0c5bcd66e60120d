import type { Env as AppEnv } from "~/cloudflare";

import type * as workerModule from "../../workers/app";

declare global {
  namespace Cloudflare {
    interface Env extends AppEnv {
      FAKE_RATES_URL: string;
      FAKE_EMAIL_URL: string;
      FAKE_OAUTH_URL: string;
      FAKE_PAYPAL_URL: string;
    }
    interface GlobalProps {
      /** The Worker under test is the built bundle; its default export is what tests fetch. */
      mainModule: typeof workerModule;
    }
  }
}
