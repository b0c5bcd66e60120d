import { fileURLToPath } from "node:url";

import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

import { buildPart } from "./app/build-part.ts";
import { reactDomServerPath, reactDomServerWrites } from "./scripts/react-dom-server-writes.ts";
import { reactRouterMatchCache } from "./scripts/react-router-match-cache.ts";
import { reactRouterServerLinks } from "./scripts/react-router-server-links.ts";
import { routerManifestAsset } from "./scripts/router-manifest-asset.ts";
import { staticDataAssets } from "./scripts/static-data-assets.ts";

// Local runs have no network for Request.cf (DESIGN §1).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

/**
 * The storefront's frame (root.tsx, the storefront layout and what they import statically) is on
 * every shop page: one chunk instead of ~40 small ones (each an HTTP request and its own gzip
 * dictionary; issue 19 measured ~10 KiB gzip of overhead per page). React, React DOM and React
 * Router keep their own chunks.
 */
function storefrontFrameChunk(moduleId: string, context: ModuleGraph): string | null {
  if (/[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(moduleId) || moduleId.includes("/i18n/locales/")) return null;
  return reachedFromFrame(moduleId, context, new Set()) ? "storefront-frame" : null;
}

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[]; importedIds: readonly string[] } | null };

/** A package's index re-exporting its modules (lucide-react's icons): importing one icon through it does not bring them all. */
function isBarrel(moduleId: string, context: ModuleGraph): boolean {
  return /[\\/]node_modules[\\/]/.test(moduleId) && (context.getModuleInfo(moduleId)?.importedIds.length ?? 0) > 30;
}

const frameRoots = [/[\\/]app[\\/]root\.tsx(\?|$)/, /[\\/]app[\\/]routes[\\/]storefront[\\/]layout\.tsx(\?|$)/];
const reached = new Map<string, boolean>();
function reachedFromFrame(moduleId: string, context: ModuleGraph, visiting: Set<string>): boolean {
  const known = reached.get(moduleId);
  if (known !== undefined) return known;
  if (frameRoots.some((root) => root.test(moduleId))) return true;
  if (visiting.has(moduleId)) return false;
  visiting.add(moduleId);
  const result = (context.getModuleInfo(moduleId)?.importers ?? []).some(
    (importer) => !isBarrel(importer, context) && reachedFromFrame(importer, context, visiting),
  );
  visiting.delete(moduleId);
  if (visiting.size === 0) reached.set(moduleId, result);
  return result;
}

/**
 * The small modules the catalogue's listing pages share (product card, price, money, meta, media,
 * their icons…): one chunk instead of a dozen files of 0.1–1.3 KiB each (per-file gzip framing and
 * dictionaries, issue 19). Only modules both the home page and /shop import statically, so no page
 * loads code it does not run; their own imports stay where they were (React, the frame).
 */
function catalogueChunk(moduleId: string, context: ModuleGraph): string | null {
  if (/[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(moduleId) || moduleId.includes("/i18n/locales/")) return null;
  if (catalogueRoots.some((root) => root.test(moduleId))) return null;
  return catalogueRoots.every((root) => reachedFrom(root, moduleId, context, new Set())) ? "catalogue" : null;
}

const catalogueRoots = [/[\\/]app[\\/]routes[\\/]storefront[\\/]home\.tsx(\?|$)/, /[\\/]app[\\/]routes[\\/]storefront[\\/]shop\.tsx(\?|$)/];
const reachedFromRoot = new Map<string, boolean>();
function reachedFrom(root: RegExp, moduleId: string, context: ModuleGraph, visiting: Set<string>): boolean {
  const key = `${root.source} ${moduleId}`;
  const known = reachedFromRoot.get(key);
  if (known !== undefined) return known;
  if (root.test(moduleId)) return true;
  if (visiting.has(moduleId)) return false;
  visiting.add(moduleId);
  const result = (context.getModuleInfo(moduleId)?.importers ?? []).some(
    (importer) => !isBarrel(importer, context) && reachedFrom(root, importer, context, visiting),
  );
  visiting.delete(moduleId);
  if (visiting.size === 0) reachedFromRoot.set(key, result);
  return result;
}

/**
 * The catalogue group leaves its modules' imports where they are, which rolldown allows only when an
 * entry chunk (a route module) may export more than its module did; React Router asks for
 * "exports-only" (it reads a route module's exports by name: extra ones do not matter to it).
 */
const catalogueEntrySignatures: Plugin = {
  name: "pryde:catalogue-entry-signatures",
  applyToEnvironment: (environment) => environment.name === "client",
  options: (options) => ({ ...options, preserveEntrySignatures: "allow-extension" }),
};

/**
 * The back office's Worker (PRYDE_PART=office, app/build-part.ts): wrangler.toml's bindings and vars,
 * under its own name, reached only through the storefront Worker's service binding (no workers.dev
 * address of its own), without the cron triggers (they run once, in the storefront's Worker) and
 * without a binding to itself. Mutated in place: a returned object would be merged with arrays joined.
 */
function officeWorkerConfig(config: { name?: string; workers_dev?: boolean; preview_urls?: boolean; triggers?: unknown; services?: unknown[] }): void {
  config.name = "pryde-office";
  config.workers_dev = false;
  config.preview_urls = false;
  config.triggers = { crons: [] };
  config.services = [];
}

const part = buildPart();

export default defineConfig(({ command }) => ({
  // Which Worker this is, for workers/parts.ts (forwarding the back office's addresses, or not).
  define: { "import.meta.env.PRYDE_PART": JSON.stringify(part) },
  // Order matters: the Cloudflare plugin owns the SSR environment, React Router comes after it (strings, Thai area data and the router manifest are build files, not imports).
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" }, ...(part === "office" ? { config: officeWorkerConfig } : {}) }),
    tailwindcss(),
    reactRouter(),
    staticDataAssets(),
    routerManifestAsset(),
    catalogueEntrySignatures,
    // Two rewrites of the Workers' build of dependencies, each tested against the original (issue 19: CPU per render).
    reactDomServerWrites(),
    reactRouterMatchCache(),
    reactRouterServerLinks(),
  ],
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      // react-dom/server on workerd is server.edge.js, a CommonJS module that also loads the legacy
      // renderToString renderer (~190 KB); entry.server.tsx only streams. The built Worker takes the
      // streaming renderer alone (dev keeps the package's own entry and its development build): the
      // Node one, which also has renderToReadableStream (nodejs_compat gives it util, stream, crypto,
      // async_hooks and setImmediate). The edge renderer encodes every attribute, tag and text into
      // its own Uint8Array (TextEncoder.encode); the Node one writes strings straight into its 4 KiB
      // buffers (encodeInto): about half the CPU for the same HTML (issue 19, docs/performance.md);
      // scripts/react-dom-server-writes.ts makes two of its writes cheaper still.
      // lucide-react's icons keep their data and their imports; the build draws them with
      // app/ui/lucide-icon.ts instead of lucide's runtime (issue 19: bytes on every storefront page;
      // dev keeps lucide's own, so the server and the browser always draw with the same one).
      ...(command === "build"
        ? [
            {
              find: /^react-dom\/server$/,
              replacement: reactDomServerPath,
            },
            { find: /^\.\.\/createLucideIcon\.mjs$/, replacement: fileURLToPath(new URL("./app/ui/lucide-icon.ts", import.meta.url)) },
          ]
        : []),
    ],
  },
  environments: {
    client: {
      build: {
        sourcemap: process.env.JS3_MAP === "1",
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: storefrontFrameChunk, priority: 2 },
                { name: catalogueChunk, priority: 1, includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
      optimizeDeps: {
        include: ["react", "react-dom", "react-dom/client", "react-router", "react-router/dom", "lucide-react", "clsx"],
      },
    },
    // The Worker's size is what an isolate parses on a cold start (issue 19): minified like the client.
    // SSR_MINIFY=0 keeps names readable for a CPU profile (scripts/profile-render.ts).
    ssr: { build: { minify: process.env.SSR_MINIFY !== "0", sourcemap: process.env.SSR_MINIFY === "0" } },
  },
}));
