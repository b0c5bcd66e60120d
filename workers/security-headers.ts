/**
 * The one place the shop's browser security headers are set (DESIGN §4.15): every answer of the
 * Worker — pages, back office, API, media, redirects, errors — passes through
 * {@link setSecurityHeaders} in workers/app.ts. (Built files under /assets are served by the
 * platform before the Worker runs; public/_headers gives them nosniff and framing protection.)
 *
 * Pages get a nonce-based Content-Security-Policy:
 * - script-src 'self' 'nonce-…': React Router's inline hydration scripts and the streamed data
 *   carry the nonce (app/entry.server.tsx); the modules themselves are our own files. No
 *   'unsafe-inline', no 'unsafe-eval'.
 * - style-src 'self' 'nonce-…' plus style-src-attr 'unsafe-inline': the stylesheet is our own
 *   file; server-rendered `style="…"` attributes (sizes, swatch colours, the designer's aspect
 *   ratio) cannot carry a nonce, and attribute styles cannot run script, so they are allowed
 *   while <style> elements still need the nonce.
 * - img-src 'self' data: blob: — product pictures come from /media (same origin); the designer
 *   (react-konva) draws from data: and blob: URLs of uploads and renders; the PromptPay QR is inline SVG.
 * - font-src 'self' (fonts are self-hosted), connect-src 'self' (React Router data requests, the
 *   designer's calls), frame-src 'self' (the back office's sandboxed e-mail preview).
 * - form-action 'self' plus PayPal's checkout: the "Pay with PayPal" form posts to our page, which
 *   redirects to PayPal's approval page, and form-action also governs that redirect.
 * - object-src 'none', base-uri 'self', frame-ancestors 'none'.
 *
 * Everything else (JSON, images, files) gets a policy that allows nothing to run, so a file opened
 * directly (an uploaded SVG, say) is inert.
 */

export interface SecurityHeaderOptions {
  /** The nonce of this response's page (ignored for answers that are not HTML). */
  nonce: string;
  /** The request came over HTTPS: only then Strict-Transport-Security (browsers ignore it on HTTP; local dev is HTTP). */
  https: boolean;
  /** Extra origins forms may post (or be redirected) to: PayPal's checkout. */
  formActionOrigins: readonly string[];
}

export function pageContentSecurityPolicy(nonce: string, formActionOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "media-src 'self'",
    `form-action ${["'self'", ...formActionOrigins].join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For answers that are not pages: nothing runs, nothing loads but inline style and our own images (SVG files). */
export const resourceContentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

export const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

export const strictTransportSecurity = "max-age=31536000; includeSubDomains";

/** Sets the headers on an answer's (mutable) headers; the policy depends on whether the answer is a page. */
export function setSecurityHeaders(headers: Headers, options: SecurityHeaderOptions): void {
  const html = (headers.get("content-type") ?? "").toLowerCase().startsWith("text/html");
  headers.set("Content-Security-Policy", html ? pageContentSecurityPolicy(options.nonce, options.formActionOrigins) : resourceContentSecurityPolicy);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  // A page may ask for less (the PayPal return says no-referrer, the payment page same-origin): keep it.
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", permissionsPolicy);
  if (options.https) headers.set("Strict-Transport-Security", strictTransportSecurity);
  else headers.delete("Strict-Transport-Security");
}

/** A fresh nonce per response: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * PayPal's checkout origin for form-action, from the REST base of the configuration: the approval
 * page lives on www.(sandbox.)paypal.com while the API is api-m.(sandbox.)paypal.com. A local
 * stand-in (tests, development) serves both from one origin. Null when PayPal is not configured.
 */
export function paypalCheckoutOrigin(apiBase: string | null | undefined): string | null {
  if (!apiBase) return null;
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    return null;
  }
  if (url.hostname === "api-m.paypal.com" || url.hostname === "api.paypal.com") return "https://www.paypal.com";
  if (url.hostname === "api-m.sandbox.paypal.com" || url.hostname === "api.sandbox.paypal.com") return "https://www.sandbox.paypal.com";
  return url.origin;
}

/**
 * A page from the page cache (workers/page-cache.ts) was rendered for an earlier visitor, with that
 * response's nonce. Rather than keep one nonce for a page's cache lifetime (a nonce must not be
 * predictable from an earlier answer), every element carrying a nonce gets this response's nonce as
 * the page streams out (HTMLRewriter). The cache stays a plain copy of bytes; only hits pay for the
 * rewrite, which is streaming and cheap next to a render.
 */
export function withFreshNonce(page: Response, nonce: string): Response {
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(page);
}
