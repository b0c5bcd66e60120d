import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Local runs have no network for Request.cf (DESIGN §1).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

export default defineConfig(({ command }) => ({
  // Order matters: the Cloudflare plugin owns the SSR environment, React Router comes last.
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      // react-dom/server on workerd is server.edge.js, a CommonJS module that also loads the legacy
      // renderToString renderer (~190 KB); entry.server.tsx only streams. The built Worker takes the
      // streaming renderer alone (dev keeps the package's own entry and its development build).
      ...(command === "build"
        ? [
            {
              find: /^react-dom\/server$/,
              replacement: fileURLToPath(new URL("./node_modules/react-dom/cjs/react-dom-server.edge.production.js", import.meta.url)),
            },
          ]
        : []),
    ],
  },
  environments: {
    client: {
      optimizeDeps: {
        include: ["react", "react-dom", "react-dom/client", "react-router", "react-router/dom", "lucide-react", "clsx"],
      },
    },
    // The Worker's size is what an isolate parses on a cold start (issue 19): minified like the client.
    ssr: { build: { minify: true } },
  },
}));
