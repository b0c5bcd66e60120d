import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

// Unit layer: pure rules and small modules, next to the code as *.test.ts, run in Node.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    name: "unit",
    include: ["app/**/*.test.ts", "workers/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // One module registry for all files, as the integration layer does: each of the 115 files used to
    // import React, Zod and the app's modules again (31 s → 12 s of wall, 37 → 15 s of CPU). A test that
    // needs a module fresh says so (vi.resetModules()).
    isolate: false,
    // Zod's global error map (message keys), as the app installs it before any schema parses.
    setupFiles: ["app/zod-setup.ts"],
    // `npm test` runs these beside the integration and end-to-end runs on two cores (scripts/test.ts): the
    // property tests (10,000 runs) took 12–22 s on a loaded machine, past Vitest's 5 s default. The
    // integration layer's limit.
    testTimeout: 30_000,
  },
});
