import type { Plugin } from "vite";

const serverManifestModule = "\0virtual:react-router/server-manifest";

/**
 * Vite plugin (build only): the built Worker carries React Router's manifest (every route's chunk
 * list, ~260 KB) as a stub naming its file; the Worker reads the file once per isolate through its
 * ASSETS binding (workers/router-manifest.ts). The browser's copy, `/assets/manifest-<version>.js`,
 * is the same object: without `serverBundles` or subresource integrity React Router writes the
 * server's manifest and the browser's from one value (`generateReactRouterManifestsForBuild`), and
 * the version is the hash of its routes and entry.
 */
export function routerManifestAsset(): Plugin {
  return {
    name: "pryde:router-manifest-asset",
    apply: "build",
    transform: {
      order: "post",
      handler(code, id) {
        if (id !== serverManifestModule || this.environment.name !== "ssr") return;
        const manifest = evaluateModule(code);
        if (typeof manifest.url !== "string" || typeof manifest.version !== "string" || manifest.sri !== undefined)
          throw new Error("router-manifest-asset: React Router's server manifest changed shape; the Worker cannot read it from its file");
        return { code: `export default ${JSON.stringify({ url: manifest.url, version: manifest.version, fromAsset: true })};`, map: null };
      },
    },
  };
}

/** React Router writes the module as `export default <object literal>` (jsesc, not JSON). */
function evaluateModule(code: string): Record<string, unknown> {
  const literal = code
    .trim()
    .replace(/^export default\s+/, "")
    .replace(/;$/, "");
  return new Function(`return (${literal});`)() as Record<string, unknown>;
}
