import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

import { routerManifestAsset } from "../scripts/router-manifest-asset";
import { withRouterManifest } from "./router-manifest";

const manifest = {
  entry: { module: "/assets/entry.client-A.js", imports: ["/assets/react-dom-B.js"], css: [] },
  routes: { root: { id: "root", path: "", hasAction: false, hasLoader: true, module: "/assets/root-C.js", imports: [], css: [] } },
  url: "/assets/manifest-1234abcd.js",
  version: "1234abcd",
};

/** The plugin's transform as the SSR build runs it on React Router's module (`export default` + jsesc's ES literal). */
function stubModule(code: string, environment = "ssr"): string | undefined {
  const transform = routerManifestAsset().transform as { handler: (this: unknown, code: string, id: string) => { code: string } | undefined };
  return transform.handler.call({ environment: { name: environment } }, code, "\0virtual:react-router/server-manifest")?.code;
}

const moduleDefault = (code: string) => new Function(`return (${code.replace(/^export default /, "").replace(/;$/, "")});`)() as ServerBuild["assets"];

const assetsServing = (files: Record<string, string>) =>
  ({
    fetch: async (url: URL) => (url.pathname in files ? new Response(files[url.pathname]) : new Response("not found", { status: 404 })),
  }) as unknown as Fetcher;

const build = (assets: unknown) => ({ assets, routes: {} }) as unknown as ServerBuild;

describe("router manifest as a static file", () => {
  it("given React Router's server manifest module, should leave only the file's name and version in the Worker", () => {
    const code = stubModule(
      `export default {entry:{module:'/assets/entry.client-A.js',imports:['/assets/react-dom-B.js'],css:[]},routes:{},url:'/assets/manifest-1234abcd.js',version:'1234abcd',sri:undefined};`,
    );
    expect(moduleDefault(code!)).toEqual({ url: "/assets/manifest-1234abcd.js", version: "1234abcd", fromAsset: true });
    expect(code).not.toContain("entry.client");
  });

  it("given the browser build or a manifest with subresource integrity, should leave the client alone and refuse to drop the hashes", () => {
    expect(stubModule("export default {};", "client")).toBeUndefined();
    expect(() => stubModule(`export default {url:'/assets/manifest-1.js',version:'1',sri:{'/a.js':'sha384-x'}};`)).toThrow(/changed shape/);
  });

  it("given the stub, should read the browser's manifest file into the build", async () => {
    const files = { [manifest.url]: `window.__reactRouterManifest=${JSON.stringify(manifest)};` };
    const read = await withRouterManifest(build({ url: manifest.url, version: manifest.version, fromAsset: true }), assetsServing(files));
    expect(read.assets).toEqual(manifest);
  });

  it("given a file of another build or no file, should fail rather than render with the wrong chunks", async () => {
    const stub = build({ url: manifest.url, version: "ffffffff", fromAsset: true });
    await expect(withRouterManifest(stub, assetsServing({ [manifest.url]: `window.__reactRouterManifest=${JSON.stringify(manifest)};` }))).rejects.toThrow(
      /version/,
    );
    await expect(withRouterManifest(stub, assetsServing({}))).rejects.toThrow(/404/);
  });

  it("given the development build (the manifest inside), should keep it", async () => {
    const dev = build(manifest);
    expect(await withRouterManifest(dev, assetsServing({}))).toBe(dev);
  });
});
