import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server (set by
 * app/entry.server.tsx). In the browser it is "": browsers hide a nonce from the DOM once the
 * page is parsed, and scripts added after hydration are React Router's own modules (script-src 'self').
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
