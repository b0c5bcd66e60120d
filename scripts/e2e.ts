/**
 * `npm run test:e2e`: Playwright (Debian's Chromium) against the built Worker, served by wrangler
 * on miniflare with a fresh, migrated and seeded state folder and a local stand-in for the
 * exchange-rate services.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeRatesServer } from "../tests/fixtures/fake-rates-server";
import { ensureBuild, migrateAndSeed, projectRoot, startBuiltWorker } from "./lib/local";

const port = Number(process.env.E2E_PORT ?? 8799);
const persistTo = mkdtempSync(join(tmpdir(), "pryde-e2e-"));

await ensureBuild();
await migrateAndSeed(persistTo);
const rates = await startFakeRatesServer();
const worker = await startBuiltWorker({
  port,
  persistTo,
  quiet: true,
  vars: { RATES_PRIMARY_URL: `${rates.url}/primary/ok`, RATES_FALLBACK_URL: `${rates.url}/fallback/ok` },
});

let exitCode = 1;
try {
  exitCode = await new Promise<number>((resolve, reject) => {
    const child = spawn("npx", ["playwright", "test", "-c", "tests/e2e/playwright.config.ts", ...process.argv.slice(2)], {
      cwd: projectRoot,
      stdio: "inherit",
      env: { ...process.env, E2E_BASE_URL: worker.url },
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve(code ?? 1));
  });
} finally {
  await worker.stop();
  await rates.close();
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(exitCode);
