import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

// DESIGN §4.12: ~/db/* and drizzle-orm are imported only by *.server.ts, so the schema and the
// query builder never reach the browser bundle (tests/integration/client-bundle.spec.ts checks the build).
const databaseOnlyOnServer = {
  group: ["~/db", "~/db/*", "**/db/schema", "**/db/schema/*", "**/db/client", "drizzle-orm", "drizzle-orm/*"],
  message:
    "DESIGN §4.12: only *.server.ts modules import ~/db/* or drizzle-orm (it would ship the schema to the browser). Import shared vocabularies from app/domain, or go through a feature's *.server.ts module.",
};
// Other browser code may import a *.server module's types only; React Router strips a route
// module's loader and action (and what only they use) from the client build, so routes may import values.
const serverModulesOnlyFromRoutes = {
  group: ["*.server"],
  allowTypeImports: true,
  message:
    "DESIGN §4.12: a *.server module's code must not reach the browser: import it from a route module or another *.server.ts module (type imports are fine).",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-office/",
      ".react-router/",
      "bench/floor/build/",
      "bench/floor/.react-router/",
      ".wrangler/",
      "node_modules/",
      "migrations/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "simple-import-sort": simpleImportSort },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One order everywhere (issue 15): side effects (zod-setup) first, then packages, then ~/ and relative paths.
      "simple-import-sort/imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Business rules stay pure (DESIGN §3): no UI, routing, database or Workers runtime in app/domain.
    files: ["app/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["react", "react-*", "react/*"], message: "app/domain is pure: no React." },
            { group: ["react-router", "react-router/*", "@react-router/*"], message: "app/domain is pure: no routing." },
            { group: ["drizzle-orm", "drizzle-orm/*", "~/db", "~/db/*", "**/db/*"], message: "app/domain is pure: no database access." },
            { group: ["cloudflare:*"], message: "app/domain is pure: no Workers runtime modules." },
          ],
        },
      ],
    },
  },
  {
    // Code that can reach the browser bundle: everything under app/ but server modules, the database layer and tests.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/db/**", "app/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [databaseOnlyOnServer, serverModulesOnlyFromRoutes] }] },
  },
  {
    // Route modules (app/routes.ts's files and the root route) reach data through *.server.ts feature modules.
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [databaseOnlyOnServer] }] },
  },
  {
    // E2E specs take `test` and `expect` from tests/e2e/test.ts, whose browser keeps the built assets in memory.
    files: ["tests/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "@playwright/test", message: "Import test, expect and the types from ./test (tests/e2e/test.ts)." }] },
      ],
    },
  },
);
