import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import type { TestProject } from "vitest/node";

import { startFakeEmailServer } from "../fixtures/fake-email-server";
import { startFakeOAuthProvider } from "../fixtures/fake-oauth-provider";
import { startFakePayPal } from "../fixtures/fake-paypal";
import { startFakeRatesServer } from "../fixtures/fake-rates-server";
import type { SeededState } from "./seeded-state";

declare module "vitest" {
  export interface ProvidedContext {
    fakeRatesUrl: string;
    fakeEmailUrl: string;
    fakeOAuthUrl: string;
    fakePayPalUrl: string;
    seededState: SeededState;
  }
}

/** Migrations and demo data once per run (seed-once.ts); setup.ts gives each test file a copy. */
async function seededState(): Promise<SeededState> {
  const folder = mkdtempSync(join(tmpdir(), "pryde-seeded-"));
  try {
    const output = join(folder, "state.json");
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("seed-once.ts", import.meta.url)), output], { stdio: "inherit" });
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed-once.ts exited with ${code}`))));
    });
    return JSON.parse(readFileSync(output, "utf8")) as SeededState;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs in Node before the Workers pool starts: the seeded state and the local stand-ins for external services. */
export default async function setup(project: TestProject) {
  const started = performance.now();
  project.provide("seededState", await seededState());
  console.log(`› migrated and seeded once in ${((performance.now() - started) / 1000).toFixed(1)} s`);
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
