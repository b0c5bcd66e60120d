import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations for wrangler (`wrangler d1 migrations apply`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema/index.ts",
  out: "./migrations",
});
