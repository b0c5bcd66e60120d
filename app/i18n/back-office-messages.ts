/**
 * Whether this browser page holds the back office's strings. app/entry.client.tsx loads them only
 * when the document itself is a /backend page, so a shopper never downloads them. A client-side
 * navigation from the storefront into the back office (a redirect after a staff member signs out on
 * the storefront, a link) would render those pages without their strings: the back office's entry
 * routes use {@link backOfficeClientLoader}, which turns such a navigation into a document load.
 */
let loaded = false;

/**
 * Whether the matched routes are the back office's (ids `en/backend/…`, `th/backend/…` in app/routes.ts):
 * decided from what React Router matched, so `/BACKEND/%75ser` is a back-office page as `/backend/user` is.
 */
export function isBackOfficeMatch(routeIds: readonly string[]): boolean {
  return routeIds.some((id) => /^(?:en|th)\/backend\//.test(id));
}

export function markBackOfficeMessagesLoaded(): void {
  loaded = true;
}

export async function backOfficeClientLoader<T>({ request, serverLoader }: { request: Request; serverLoader: () => Promise<T> }): Promise<T> {
  if (loaded) return serverLoader();
  window.location.assign(request.url);
  // The document is being replaced; nothing renders in the meantime.
  return new Promise<T>(() => {});
}
