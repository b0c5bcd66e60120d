import { fileURLToPath } from "node:url";

import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

// The shop's build settings (../../vite.config.ts) without its code: the same streaming renderer
// alias and a minified Worker, so the two server bundles differ only by what the shop adds.
export default defineConfig(({ command }) => ({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  resolve: {
    alias:
      command === "build"
        ? [
            {
              find: /^react-dom\/server$/,
              replacement: fileURLToPath(new URL("../../node_modules/react-dom/cjs/react-dom-server.edge.production.js", import.meta.url)),
            },
          ]
        : [],
  },
  environments: { ssr: { build: { minify: true } } },
}));
