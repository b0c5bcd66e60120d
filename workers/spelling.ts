/**
 * One spelling per address (DESIGN §4.3): React Router matches without regard to case or
 * percent-encoding, so `//backend//user` and `/TH/shop` would otherwise answer something else than
 * `/backend/user` and `/th/shop` — the first no route or another one, the second the Thai page in
 * English (the language is read from the `/th` prefix as written) under an English canonical link.
 * Returns the one spelling, or the path itself when it is already that.
 */
export function canonicalPathname(pathname: string): string {
  const path = pathname.includes("//") ? pathname.replace(/\/{2,}/g, "/") : pathname;
  const segment = /^\/([^/]*)/.exec(path)?.[1] ?? "";
  const dot = segment.indexOf(".");
  const name = dot === -1 ? segment : segment.slice(0, dot);
  if (name === "th" || name.length < 2 || name.length > 9) return path;
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    return path;
  }
  return decoded.toLowerCase() === "th" ? `/th${path.slice(1 + name.length)}` : path;
}
