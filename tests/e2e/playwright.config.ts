import { existsSync } from "node:fs";

import { defineConfig } from "@playwright/test";

// Browsers come from Debian (apt-get install chromium chromium-headless-shell), never from
// `playwright install`. The headless shell (what Playwright itself runs headless) has no browser UI
// or GPU process to drive: the same tests took about 40 % less CPU than with full Chromium.
const headlessShell = "/usr/bin/chromium-headless-shell";
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium");
const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://127.0.0.1:8799",
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
    trace: "off",
  },
  // A test runs on both projects unless tagged: `@desktop` (what the screen does not change: server
  // rules, keyboard use, the English half of a journey) or `@phone` (phone layouts, the Thai half).
  // Tags, not test.skip, so a test that is not for a project is never collected there at all.
  projects: [
    { name: "desktop", grepInvert: /@phone\b/, use: { viewport: { width: 1280, height: 900 } } },
    {
      name: "phone",
      grepInvert: /@desktop\b/,
      // Whole specs with nothing the screen changes: redirects to a sign-in provider and back.
      testIgnore: ["social.spec.ts"],
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
});
