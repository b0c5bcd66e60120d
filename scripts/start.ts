// `npm start`: the shop with demo data on http://localhost:8787, from a production build.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { demoAccounts } from "../app/db/seed/accounts";
import { fakeOAuthEnv, startFakeOAuthProvider } from "../tests/fixtures/fake-oauth-provider";
import { fakePayPalEnv, startFakePayPal } from "../tests/fixtures/fake-paypal";
import { defaultPersistTo, ensureBuild, migrateAndSeed, projectRoot, startBuiltWorker } from "./lib/local";

const port = Number(process.env.PORT ?? 8787);

await ensureBuild();
await migrateAndSeed(defaultPersistTo);
// The demo shop "pays" through a local PayPal stand-in (no account, no money): its approve page
// has Pay, Decline and Cancel; captures are announced to the shop's webhook like PayPal does.
// With PAYPAL_CLIENT_ID in .dev.vars the sandbox is used instead.
const devVars = join(projectRoot, ".dev.vars");
const ownPayPal = existsSync(devVars) && /^\s*PAYPAL_CLIENT_ID\s*=/m.test(readFileSync(devVars, "utf8"));
const paypal = ownPayPal
  ? null
  : await startFakePayPal({ port: Number(process.env.FAKE_PAYPAL_PORT ?? port + 1), webhookUrl: `http://127.0.0.1:${port}/api/webhooks/paypal` });
// LINE, Google and Facebook sign-in go to a local stand-in that asks for a name and an e-mail
// address, unless .dev.vars configures a provider (then that one uses its real endpoints).
const ownOAuth = existsSync(devVars) && /^\s*OAUTH_[A-Z]+_CLIENT_ID\s*=/m.test(readFileSync(devVars, "utf8"));
const oauth = ownOAuth ? null : await startFakeOAuthProvider({ port: Number(process.env.FAKE_OAUTH_PORT ?? port + 2), interactive: true });
const worker = await startBuiltWorker({
  port,
  persistTo: defaultPersistTo,
  vars: { ...(paypal ? fakePayPalEnv(paypal.url) : {}), ...(oauth ? fakeOAuthEnv(oauth.url) : {}) },
});

console.log(`
Pryde shop is running:
  English  ${worker.url.replace("127.0.0.1", "localhost")}/
  Thai     ${worker.url.replace("127.0.0.1", "localhost")}/th
PayPal    ${paypal ? `local stand-in at ${paypal.url} (put PAYPAL_* in .dev.vars for the sandbox)` : "from .dev.vars"}
Sign-in   ${oauth ? `LINE, Google and Facebook through a local stand-in at ${oauth.url} (put OAUTH_* in .dev.vars for the real ones)` : "from .dev.vars"}
Demo accounts:
${demoAccounts.map((account) => `  ${account.role.padEnd(26)} ${account.email.padEnd(24)} ${account.password}`).join("\n")}
Press Ctrl+C to stop.`);

const shutdown = async () => {
  await worker.stop();
  await paypal?.close();
  await oauth?.close();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
