import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

// Unit layer: pure rules and small modules, next to the code as *.test.ts, run in Node.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    name: "unit",
    include: ["app/**/*.test.ts", "workers/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // Zod's global error map (message keys), as the app installs it before any schema parses.
    setupFiles: ["app/zod-setup.ts"],
    // CI runs these beside tsc, ESLint, Prettier and the build on two cores (.ci/run): the property
    // tests (10,000 runs) took 12–22 s there on a loaded machine, past Vitest's 5 s default. The
    // integration layer's limit.
    testTimeout: 30_000,
  },
});
