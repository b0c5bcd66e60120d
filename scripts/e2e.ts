/**
 * `npm run test:e2e`: Playwright (Debian's Chromium) against the built Workers, served by Miniflare
 * (scripts/serve-built.ts) with a fresh, migrated and seeded state folder and a local stand-in for the
 * exchange-rate services and the e-mail API (E2E_EMAIL_URL: tests read mails from its GET /messages).
 */
import { spawn } from "node:child_process";

import { projectRoot, startThrowawayShop } from "./lib/local";

const port = Number(process.env.E2E_PORT ?? 8799);
// Cheaper password hashes: the tests sign in hundreds of times (app/features/accounts/password.server.ts).
const worker = await startThrowawayShop(port, "e2e", { passwordHashCost: "test" });

let exitCode = 1;
try {
  exitCode = await new Promise<number>((resolve, reject) => {
    const child = spawn("npx", ["playwright", "test", "-c", "tests/e2e/playwright.config.ts", ...process.argv.slice(2)], {
      cwd: projectRoot,
      stdio: "inherit",
      env: { ...process.env, E2E_BASE_URL: worker.url, E2E_EMAIL_URL: worker.emailUrl },
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve(code ?? 1));
  });
} finally {
  await worker.stop();
}
process.exit(exitCode);
