// `npm start`: the shop with demo data on http://localhost:8787, from a production build.
import { demoAccounts } from "../app/db/seed/accounts";
import { defaultPersistTo, ensureBuild, migrateAndSeed, startBuiltWorker } from "./lib/local";

const port = Number(process.env.PORT ?? 8787);

await ensureBuild();
await migrateAndSeed(defaultPersistTo);
const worker = await startBuiltWorker({ port, persistTo: defaultPersistTo });

console.log(`
Pryde shop is running:
  English  ${worker.url.replace("127.0.0.1", "localhost")}/
  Thai     ${worker.url.replace("127.0.0.1", "localhost")}/th
Demo accounts:
${demoAccounts.map((account) => `  ${account.role.padEnd(26)} ${account.email.padEnd(24)} ${account.password}`).join("\n")}
Press Ctrl+C to stop.`);

const shutdown = async () => {
  await worker.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
