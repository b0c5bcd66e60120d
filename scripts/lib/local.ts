/**
 * Shared by the developer scripts (start, e2e, bench): build when sources changed, migrate and
 * seed a local D1/KV/R2 state folder, and run the built Workers on Miniflare (scripts/serve-built.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { fakeEmailApiKey, startFakeEmailServer } from "../../tests/fixtures/fake-email-server";
import { fakeOAuthEnv, startFakeOAuthProvider } from "../../tests/fixtures/fake-oauth-provider";
import { fakePayPalEnv, startFakePayPal } from "../../tests/fixtures/fake-paypal";
import { startFakeRatesServer } from "../../tests/fixtures/fake-rates-server";
import type { ServeOptions } from "../serve-built";

export const projectRoot = new URL("../..", import.meta.url).pathname;
/** Where `npm start` keeps its local database, KV and R2 (wrangler appends v3/). */
export const defaultPersistTo = join(projectRoot, ".wrangler/state");

export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; quiet?: boolean; cwd?: string } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? projectRoot,
      stdio: options.quiet ? ["ignore", "ignore", "inherit"] : "inherit",
      env: { ...process.env, CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false", ...options.env },
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

function newestModification(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)));
  return newest;
}

/** The shop's two Workers (app/build-part.ts): the storefront's in build/, the back office's in build-office/. */
export const shopParts = [
  { part: "shop", directory: "build" },
  { part: "office", directory: "build-office" },
] as const;

/**
 * `npm run build`: each Worker's own `react-router build`, one after the other (each uses the cores
 * it finds). The storefront's last: the Cloudflare plugin points wrangler's commands without `-c`
 * (`wrangler d1 …`, `wrangler deploy`) at the last build's config (.wrangler/deploy/config.json).
 */
export async function buildShop(): Promise<void> {
  for (const { part } of [...shopParts].reverse()) await run("npx", ["react-router", "build"], { env: { PRYDE_PART: part } });
}

/** Builds unless each build is newer than every source it is made from (the shop's two Workers, or another app's folder: the bench's floor). */
/**
 * Whether a checkout builds the shop as two Workers (app/build-part.ts); an older one (PROFILE_COMPARE
 * against a commit before the split) builds one.
 */
function buildsTwoWorkers(appRoot: string): boolean {
  return existsSync(join(appRoot, "app/build-part.ts"));
}

export async function ensureBuild(appRoot: string = projectRoot): Promise<void> {
  const shop = appRoot === projectRoot;
  const twoWorkers = buildsTwoWorkers(appRoot);
  const outputs = (twoWorkers ? shopParts.map(({ directory }) => directory) : ["build"]).map((directory) => join(appRoot, directory, "server/index.js"));
  const sources = ["app", "workers", "public", "package.json", "vite.config.ts", "react-router.config.ts", "wrangler.toml"];
  const sourcesChanged = Math.max(...sources.filter((source) => existsSync(join(appRoot, source))).map((source) => newestModification(join(appRoot, source))));
  if (outputs.every((output) => existsSync(output) && sourcesChanged < statSync(output).mtimeMs)) return;
  console.log(`› building the Worker${shop ? "s" : ""} in ${appRoot} (react-router build)…`);
  if (shop) await buildShop();
  else if (twoWorkers) await run("npm", ["run", "build"], { cwd: appRoot });
  else await run("npx", ["react-router", "build"], { cwd: appRoot });
}

/** Pending migrations, then the demo data if missing: one process (seed.ts --migrate), not a Wrangler CLI run and then the seed. */
export async function migrateAndSeed(persistTo: string, options: { passwordHashCost?: "test" } = {}): Promise<void> {
  await run("npx", ["tsx", "scripts/seed.ts", "--migrate", "--persist-to", persistTo], { env: { PASSWORD_HASH_COST: options.passwordHashCost ?? "" } });
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

export interface RunningWorker {
  url: string;
  /** The serving process (scripts/serve-built.ts); workerd runs under it (the bench reads their CPU time). */
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface ThrowawayShop extends RunningWorker {
  /** The fake e-mail API the shop sends through; `GET <emailUrl>/messages?to=` lists what it received. */
  emailUrl: string;
  /** The fake OAuth/OIDC provider LINE, Google and Facebook sign-in go to (tests/fixtures/fake-oauth-provider.ts). */
  oauthUrl: string;
  /** The fake PayPal (tests/fixtures/fake-paypal.ts): approve pages, captures, signed webhooks. */
  paypalUrl: string;
}

/**
 * Serves the built Worker (build/server of the shop, or of `appRoot`: the bench's floor) on
 * 127.0.0.1:<port> and waits until /healthz answers.
 */
export async function startBuiltWorker(options: {
  port: number;
  persistTo: string;
  vars?: Record<string, string>;
  quiet?: boolean;
  appRoot?: string;
  /** workerd's Chrome DevTools port (scripts/profile-render.ts attaches its profiler there). */
  inspectorPort?: number;
}): Promise<RunningWorker> {
  // Something else on the port would answer our health check and the tests would run against it.
  if (await answers(`http://127.0.0.1:${options.port}/healthz`)) {
    throw new Error(`Port ${options.port} is already in use (another shop or test run?): stop it or choose another port.`);
  }
  // The shop is two Workers (app/build-part.ts): the storefront's answers on the port, the back
  // office's runs beside it in the same workerd (and state), reached through the storefront's
  // service binding. Both get the variables.
  const appRoot = options.appRoot ?? projectRoot;
  const configs = (buildsTwoWorkers(appRoot) ? ["build/server/wrangler.json", "build-office/server/wrangler.json"] : ["build/server/wrangler.json"]).map(
    (config) => join(appRoot, config),
  );
  const serveOptions: ServeOptions = {
    configs,
    port: options.port,
    persistTo: options.persistTo,
    vars: options.vars ?? {},
    quiet: options.quiet ?? false,
    inspectorPort: options.inspectorPort,
  };
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", join(projectRoot, "scripts/serve-built.ts"), JSON.stringify(serveOptions)], {
    cwd: projectRoot,
    stdio: options.quiet ? ["ignore", "ignore", "inherit"] : ["ignore", "inherit", "inherit"],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    detached: true,
  });
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`scripts/serve-built.ts exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return { url, pid: child.pid, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error(`The Worker did not answer on ${url}/healthz within 60 s`);
}

/**
 * A throw-away shop for e2e tests and benchmarks: the current build on a fresh, migrated and
 * seeded state folder, with the exchange-rate services, the e-mail API and the social sign-in
 * providers replaced by local stand-ins.
 */
export async function startThrowawayShop(
  port: number,
  label: string,
  options: {
    prepare?: (persistTo: string) => Promise<void>;
    inspectorPort?: number;
    appRoot?: string;
    /** "test": the e2e tests' cheaper password hashes, in the seed and the Worker (the bench keeps production's). */
    passwordHashCost?: "test";
  } = {},
): Promise<ThrowawayShop> {
  await ensureBuild(options.appRoot);
  const persistTo = mkdtempSync(join(tmpdir(), `pryde-${label}-`));
  await migrateAndSeed(persistTo, { passwordHashCost: options.passwordHashCost });
  // More data before the Worker opens the state (the bench at scale: npm run seed:scale).
  await options.prepare?.(persistTo);
  const rates = await startFakeRatesServer();
  const email = await startFakeEmailServer();
  // As on `npm start`: a sign-in page unless the test names the user (tests/e2e/social.spec.ts).
  const oauth = await startFakeOAuthProvider({ interactive: true });
  // Captures are also announced to the shop's webhook, as PayPal does.
  const paypal = await startFakePayPal({ webhookUrl: `http://127.0.0.1:${port}/api/webhooks/paypal` });
  const worker = await startBuiltWorker({
    port,
    persistTo,
    quiet: true,
    inspectorPort: options.inspectorPort,
    appRoot: options.appRoot,
    vars: {
      RATES_PRIMARY_URL: `${rates.url}/primary/ok`,
      RATES_FALLBACK_URL: `${rates.url}/fallback/ok`,
      ...(options.passwordHashCost ? { PASSWORD_HASH_COST: options.passwordHashCost } : {}),
      EMAIL_API_URL: `${email.url}/emails`,
      EMAIL_API_KEY: fakeEmailApiKey,
      ...fakeOAuthEnv(oauth.url),
      ...fakePayPalEnv(paypal.url),
    },
  });
  return {
    url: worker.url,
    pid: worker.pid,
    emailUrl: email.url,
    oauthUrl: oauth.url,
    paypalUrl: paypal.url,
    async stop() {
      await worker.stop();
      await rates.close();
      await email.close();
      await oauth.close();
      await paypal.close();
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}
