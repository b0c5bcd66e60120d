import type { BuildPart } from "../app/build-part";

/**
 * The storefront and the back office are two Workers built from one `app/routes.ts`
 * (app/build-part.ts; docs/decisions/0005-storefront-performance.md, "The back office in a Worker of
 * its own"): each carries only its own pages' code. The storefront's Worker answers every address
 * and hands the back office's to the back office's Worker through its `BACKOFFICE` service binding;
 * both read the same D1, KV and R2, so a staff session is the same on both.
 */

/** This build's part: "all" on the dev server and in unit tests (one Worker, every route). */
export const thisPart: BuildPart = (import.meta.env.PRYDE_PART as BuildPart | undefined) ?? "all";

/**
 * A back-office address, in any spelling React Router would match it in (without regard to case
 * or percent-encoding, doubled slashes, `.data`): the storefront's Worker must never answer one
 * itself (its build has no such route, so its not-found page would).
 */
export function isBackOfficePath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not decodable: not a route React Router would match either.
  }
  return /^(?:\/th)?\/+backend(?:[/.]|$)/i.test(path);
}

/**
 * Whether the storefront's Worker hands this request to the back office's: its pages and their
 * `.data`; the files of the back office's build the storefront's assets lack (`/assets/*` reach the
 * Worker only when no static file matched); and React Router's route discovery (`/__manifest`)
 * asked by a back-office page, i.e. for another build's manifest version than this one.
 */
export function belongsToOffice(url: URL, shopManifestVersion: string | null): boolean {
  if (isBackOfficePath(url.pathname)) return true;
  if (url.pathname.startsWith("/assets/")) return true;
  return url.pathname === "/__manifest" && shopManifestVersion !== null && url.searchParams.get("version") !== shopManifestVersion;
}

/**
 * React Router's route discovery for a path the other Worker answers: "reload" (204 with
 * X-Remix-Reload-Document, React Router's own answer to a manifest from another build), so a `<Link>`
 * across the two becomes a document navigation instead of this build's not-found page. Only the
 * paths no other one extends count: the browser adds each path's ancestors (`/th` is the ancestor
 * of both parts' Thai pages, and the Thai home page when asked alone). Links across the two are
 * `reloadDocument discover="none"`, so they never join a page's discovery of its own links.
 */
export function discoveryCrossesParts(url: URL, part: BuildPart): boolean {
  if (part === "all" || url.pathname !== "/__manifest") return false;
  const paths = (url.searchParams.get("paths") ?? "")
    .split(",")
    .filter((path) => path !== "")
    .map((path) => (path.startsWith("/") ? path : `/${path}`).toLowerCase());
  const leaves = paths.filter((path) => !paths.some((other) => other.startsWith(`${path}/`)));
  return leaves.some((path) => isBackOfficePath(path) !== (part === "office"));
}

export const reloadDocument = (): Response => new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true", "cache-control": "no-store" } });
