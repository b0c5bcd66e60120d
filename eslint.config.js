import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", ".wrangler/", "node_modules/", "migrations/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
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
            { group: ["drizzle-orm", "drizzle-orm/*"], message: "app/domain is pure: no database access." },
            { group: ["cloudflare:*"], message: "app/domain is pure: no Workers runtime modules." },
          ],
        },
      ],
    },
  },
);
