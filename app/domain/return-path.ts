/**
 * The one reading of a "where to go next" parameter (`redirectTo` after sign-in, `next` of the
 * language and currency switchers, the return of social sign-in): only a path of this site, else
 * the fallback. DESIGN §4.15.
 *
 * Why the WHATWG URL parser and not prefix checks: browsers read a Location with the same parser,
 * which drops tabs and newlines and treats `\` as `/`, so `/\t/evil.example` and `/\evil.example`
 * both become `//evil.example` — another site. We resolve the value against a fixed origin, keep
 * it only if it stays on that origin, and answer the parser's own serialisation (path, query,
 * fragment), so what we send is exactly what the browser will follow.
 *
 * Refused besides another origin: control characters and backslashes, raw or percent-encoded
 * (a later decode must not turn a kept path into `//host`), a path that decodes to `//…`, values
 * not starting with `/`, and anything longer than a real page address.
 */
const base = "https://return-path.invalid";
const maxLength = 2000;
// C0 controls, DEL, C1 controls and the backslash, in the value as given.
// eslint-disable-next-line no-control-regex
const unsafeCharacter = /[\u0000-\u001f\u007f-\u009f\\]/;
// The same after percent-decoding, byte by byte (so only ASCII: a Thai letter's UTF-8 bytes are ≥ 0x80).
// eslint-disable-next-line no-control-regex
const unsafeDecodedByte = /[\u0000-\u001f\u007f\\]/;

export function safeReturnPath(value: string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value === "" || value.length > maxLength) return fallback;
  if (!value.startsWith("/") || unsafeCharacter.test(value)) return fallback;
  const decoded = percentDecodedBytes(value);
  if (unsafeDecodedByte.test(decoded) || decoded.startsWith("//")) return fallback;

  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The parser's serialisation must itself be a plain local path (belt and braces against parser quirks).
  if (path.startsWith("//") || percentDecodedBytes(url.pathname).startsWith("//")) return fallback;
  return path;
}

/**
 * `%XX` escapes turned into their bytes (as code points 0–255), repeated while anything changes so
 * double encoding (`%252F`) is seen through. Tolerant: a lone `%` (a search for "100%") stays.
 */
function percentDecodedBytes(value: string): string {
  let current = value;
  for (let round = 0; round < 5; round += 1) {
    const next = current.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * The page a request was made for, as an address to come back to (`redirectTo` of a sign-in, where
 * a list goes after a bulk action): a hydrated page fetches its loaders and actions at `<path>.data`
 * (`/_root.data` for `/`, `/th.data` for `/th`) with React Router's `_routes` and `index` in the
 * query. A shopper sent there after signing in would get the raw data, or a 404.
 */
export function pageAddressOf(url: URL): string {
  // The query as written (`?new` stays `?new`), less React Router's own parameters.
  const query = url.search
    .slice(1)
    .split("&")
    .filter((part) => part !== "" && !/^(?:_routes|index)(?:=|$)/.test(part))
    .join("&");
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  return `${path}${query ? `?${query}` : ""}`;
}
