import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Local runs have no network for Request.cf (DESIGN §1).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

export default defineConfig({
  // Order matters: the Cloudflare plugin owns the SSR environment, React Router comes last.
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  environments: {
    client: {
      optimizeDeps: {
        include: ["react", "react-dom", "react-dom/client", "react-router", "react-router/dom", "lucide-react", "clsx"],
      },
    },
  },
});
