import "~/zod-setup";
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { seedDemoData } from "~/db/seed";

// Each test file starts from an empty database: migrations from 0000, then the demo data.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedDemoData(env);
