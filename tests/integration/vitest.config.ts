import { fileURLToPath } from "node:url";

import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

import { builtWorkerOptions } from "../../scripts/lib/built-worker";
import { fakeOAuthClients, fakeOAuthEnv } from "../fixtures/fake-oauth-provider";
import { fakePayPalEnv } from "../fixtures/fake-paypal";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The permission sweeps are short files with the longest runs (every page × role × spelling). Without
 * timings from an earlier run — CI's fresh clone — Vitest starts the largest files first, so these ran
 * last, on one core, while the other had nothing left: they go first.
 */
const sweeps = ["backend-url-spellings.spec.ts", "backend-permissions.spec.ts"];
class SweepsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isSweep = (file: TestSpecification) => sweeps.some((name) => file.moduleId.endsWith(`/${name}`));
    return [...sorted.filter(isSweep), ...sorted.filter((file) => !isSweep(file))];
  }
}

type PoolOptions = Exclude<Parameters<typeof cloudflareTest>[0], (...args: never[]) => unknown>;
type AuxiliaryWorker = NonNullable<NonNullable<PoolOptions["miniflare"]>["workers"]>[number];

/**
 * A built Worker (app/build-part.ts) beside the tests, as scripts/serve-built.ts runs it for `npm start`
 * and the end-to-end tests: its built config (D1, KV and R2 by the same ids as the tests' own bindings,
 * so the same storage; its assets) with the test variables. `name` renames it where the config's name
 * is already the test runner's.
 */
function builtWorker(configPath: string, bindings: Record<string, string>, name?: string): AuxiliaryWorker {
  const worker = builtWorkerOptions(`${root}${configPath}`, bindings) as AuxiliaryWorker;
  return name ? { ...worker, name } : worker;
}

/**
 * Integration layer: tests run inside workerd next to the *built* Workers (`npm run build`), with
 * real local D1/KV/R2: migrations applied from empty and the demo data seeded once per run
 * (global-setup.ts), and each test file starting from its own copy of that state (setup.ts).
 */
export default defineConfig({
  root,
  resolve: { alias: { "~": `${root}app` } },
  plugins: [
    cloudflareTest(async ({ inject }) => {
      const bindings = {
        RATES_PRIMARY_URL: `${inject("fakeRatesUrl")}/primary/ok`,
        RATES_FALLBACK_URL: `${inject("fakeRatesUrl")}/fallback/ok`,
        FAKE_RATES_URL: inject("fakeRatesUrl"),
        PUBLIC_ORIGIN: "",
        // Cheaper password hashes: hundreds of sign-ins a run (app/features/accounts/password.server.ts).
        PASSWORD_HASH_COST: "test",
        // Empty like the local default (mails stay in the outbox); tests pass the fake API explicitly.
        EMAIL_API_URL: "",
        FAKE_EMAIL_URL: inject("fakeEmailUrl"),
        // Social sign-in: Google and LINE point at the fake provider; Facebook has an id but no
        // secret, i.e. is not configured (its button is absent).
        ...fakeOAuthEnv(inject("fakeOAuthUrl"), ["google", "line"]),
        OAUTH_FACEBOOK_CLIENT_ID: fakeOAuthClients.facebook.clientId,
        FAKE_OAUTH_URL: inject("fakeOAuthUrl"),
        // PayPal points at the local stand-in (tests/fixtures/fake-paypal.ts).
        ...fakePayPalEnv(inject("fakePayPalUrl")),
        FAKE_PAYPAL_URL: inject("fakePayPalUrl"),
      };
      return {
        // The tests' own bindings (DB, KV, MEDIA…) are the storefront's built config's. The storefront itself
        // runs as its own Worker (tests/integration/worker.ts's `shop`), and hands the back office's pages
        // to the back office's, as in production. Requests the Worker answers without reading their body (the
        // door's 415 and 413, the API's early refusals) make workerd print "Can't read from request stream
        // after response has been sent" for the tests' side of that binding: noise, not a failure.
        wrangler: { configPath: `${root}build/server/wrangler.json` },
        miniflare: {
          bindings,
          serviceBindings: { SHOP: "pryde-shop-under-test" },
          workers: [builtWorker("build/server/wrangler.json", bindings, "pryde-shop-under-test"), builtWorker("build-office/server/wrangler.json", bindings)],
        },
      };
    }),
  ],
  test: {
    name: "integration",
    include: ["tests/integration/**/*.spec.ts"],
    globalSetup: ["tests/integration/global-setup.ts"],
    setupFiles: ["tests/integration/setup.ts"],
    sequence: { sequencer: SweepsFirst },
    // One workerd per core for the whole run rather than one per test file: starting workerd and
    // loading the built Worker and its dependencies into it cost ~2 s of CPU per file (the suite:
    // 380 → 272 s of CPU). Each file still starts from the seeded state (setup.ts empties what the
    // file before it left), and the Worker's caches are keyed by a content version of the file's own.
    isolate: false,
    // CI: a test file per core. Vitest's default (cores - 1) leaves one of a 2-core runner's cores
    // idle, as one workerd runs one file at a time; locally the default stays kind to a shared machine.
    maxWorkers: process.env.CI ? "100%" : undefined,
    // The first server render in a fresh workerd is slow (DESIGN §1).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
