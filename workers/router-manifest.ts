import type { ServerBuild } from "react-router";

type ManifestStub = { url: string; version: string; fromAsset?: true };

const browserManifestPrefix = "window.__reactRouterManifest=";

/**
 * React Router's manifest (every route's chunk list) for the server build. The built Worker
 * carries only its file's name (scripts/router-manifest-asset.ts) and reads the browser's copy,
 * the same object, through the ASSETS binding once per isolate; in development the build has it.
 */
export async function withRouterManifest(build: ServerBuild, assets: Fetcher): Promise<ServerBuild> {
  const stub = build.assets as unknown as ManifestStub;
  if (!stub.fromAsset) return build;
  const response = await assets.fetch(new URL(stub.url, "http://localhost"));
  const text = response.ok ? await response.text() : "";
  if (!text.startsWith(browserManifestPrefix)) throw new Error(`Router manifest: ${stub.url} answered ${response.status} without the manifest`);
  const manifest = JSON.parse(text.slice(browserManifestPrefix.length).replace(/;\s*$/, "")) as ServerBuild["assets"];
  if (manifest.version !== stub.version) throw new Error(`Router manifest: ${stub.url} holds version ${manifest.version}, the build expects ${stub.version}`);
  return { ...build, assets: manifest };
}
