// Applies pending migrations to the local D1 (.wrangler/state) and seeds demo data if it is missing.
import { defaultPersistTo, migrateAndSeed } from "./lib/local";

await migrateAndSeed(defaultPersistTo);
