import { createContext, type RouterContextProvider } from "react-router";

import { TtlLru } from "./ttl-lru";

/**
 * The content version of a public storefront page's request (workers/page-cache.ts: every
 * back-office write bumps it) and the page cache's lifetime; null on every other request.
 */
export interface ContentVersion {
  version: string;
  ttlMs: number;
}

export const contentVersionContext = createContext<ContentVersion | null>(null);

const reads = new TtlLru<unknown>(200);

/**
 * Catalogue data every shopper sees alike (a listing, a product, the home page's blocks), kept in
 * this isolate under the content version for the page cache's lifetime. Anonymous visitors get
 * whole pages from the page cache; a signed-in shopper's page is rendered for them, and this lets it
 * reuse the catalogue part so that D1 reads only the session's (issue 19). Staleness is the page
 * cache's: a back-office change shows at once, stock sold by shoppers within the lifetime (the cart
 * and checkout always re-read it). Callers must not change what they get: it is shared.
 */
export function sharedRead<T>(context: Readonly<RouterContextProvider>, key: string, read: () => Promise<T>): Promise<T> {
  const current = context.get(contentVersionContext);
  if (!current) return read();
  const versioned = `${current.version}|${key}`;
  const now = Date.now();
  const kept = reads.get(versioned, now);
  if (kept !== undefined) return Promise.resolve(kept as T);
  return read().then((value) => {
    reads.set(versioned, value, now, current.ttlMs);
    return value;
  });
}
