import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env extends import("~/cloudflare").Env {
      TEST_MIGRATIONS: D1Migration[];
      FAKE_RATES_URL: string;
    }
    interface Exports {
      /** The built Worker under test (build/server/index.js). */
      default: Fetcher;
    }
  }
}
export {};
