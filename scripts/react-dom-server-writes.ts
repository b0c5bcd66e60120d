import { fileURLToPath } from "node:url";

import { replaceExpected, type RewriteSite, workersBuildRewrite } from "./lib/package-rewrite.ts";

/** The streaming renderer the built Workers use (vite.config.ts's alias of react-dom/server). */
export const reactDomServerPath = fileURLToPath(new URL("../node_modules/react-dom/cjs/react-dom-server.node.production.js", import.meta.url));

/** Strings up to this many UTF-16 units are copied by the loop below; longer ones still go to encodeInto. */
const copiedStringLength = 128;

/** The bytes React gathers before it hands a chunk to the stream (its own: 4 KiB). */
export const reactViewSize = 65_536;

const site: RewriteSite = { rewrite: "scripts/react-dom-server-writes.ts", file: "React DOM's server renderer", packageName: "React" };

/**
 * Two of React DOM's writes cost more on workerd than the work they do, because each is a call into the
 * runtime's C++ for a few bytes (issue 19; docs/performance.md, "React DOM's server writes"): on a cart of
 * 50 lines they were 4.2 ms of react-dom's 5.9 ms of its own time per render (profiled), 2.2 ms after.
 *
 * - `writeChunk` encodes every string chunk — a tag's attribute value, a text — with
 *   `TextEncoder.encodeInto` into React's buffer. A short string that is all ASCII is now copied
 *   there by a JavaScript loop instead; the bytes are the same (ASCII is its own UTF-8). Any other string,
 *   or one that does not fit what is left of the buffer, takes React's own path.
 * - `byteLengthOfChunk` measured each string with `Buffer.byteLength` (nodejs_compat's Buffer, through a
 *   global getter). React sums it per segment only to decide when a finished Suspense boundary is sent
 *   out of line (past 500 bytes, and past the first 12,800 of the page: isEligibleForOutlining,
 *   progressiveChunkSize); the string's length is used instead. It differs only for non-ASCII text, by
 *   at most 3×, and every page of this shop is past 12,800 bytes before its first boundary (React
 *   Router's streamed data), so the choice is the same.
 *
 * - React hands the response's stream a chunk each time its 4 KiB buffer is full: ~20 for `/shop`'s 80 KB,
 *   ~45 for a 50-line cart, each crossing into workerd's stream and its HTTP writer. Its buffer is now
 *   64 KiB ({@link reactViewSize}): the same bytes in a chunk or two. A chunk still ends where React
 *   flushes (the shell, each streamed Suspense boundary), so nothing arrives later than before. CPU per
 *   request (`PROFILE_COMPARE`): `/shop` 14.4 → 13.2 ms, the 50-line cart 18.6 → 15.6.
 *
 * Rewritten as text, so the build fails here if React's code changes shape (a new React version must
 * be looked at again); scripts/react-dom-server-writes.test.ts renders the same pages through React's
 * module and the rewritten one and compares the bytes.
 */
export function rewriteReactDomServer(code: string): string {
  // $1: React's own encodeInto of the string, kept after the copy for what the copy leaves; $2: its indent.
  const copyShortAscii = [
    "",
    `$2if (${copiedStringLength} >= chunk.length && currentView.length - writtenBytes >= chunk.length) {`,
    "$2  for (var copied = 0, unit; copied < chunk.length && 128 > (unit = chunk.charCodeAt(copied)); copied++) currentView[writtenBytes + copied] = unit;",
    "$2  if (copied === chunk.length) {",
    "$2    writtenBytes += copied;",
    `$2    ${reactViewSize} === writtenBytes && (writeToDestination(destination, currentView), (currentView = new Uint8Array(${reactViewSize})), (writtenBytes = 0));`,
    "$2    return;",
    "$2  }",
    "$2}$1",
  ].join("\n");
  const measured = replaceExpected(site, code, /\? Buffer\.byteLength\(chunk, "utf8"\)/, "? chunk.length", "byteLengthOfChunk's Buffer.byteLength");
  // Every use of the buffer's size: its allocations, "full", the longest byte chunk and string (×3, UTF-8's worst) it takes in.
  const resized = [
    { pattern: /new Uint8Array\(4096\)/g, count: 8, replacement: `new Uint8Array(${reactViewSize})` },
    { pattern: /4096 === writtenBytes/g, count: 2, replacement: `${reactViewSize} === writtenBytes` },
    { pattern: /4096 < chunk\.byteLength/g, count: 1, replacement: `${reactViewSize} < chunk.byteLength` },
    { pattern: /4096 < 3 \* chunk\.length/g, count: 1, replacement: `${reactViewSize} < 3 * chunk.length` },
  ].reduce(
    (text, { pattern, count, replacement }) => replaceExpected(site, text, pattern, replacement, `React's 4096-byte buffer (${pattern.source})`, count),
    measured,
  );
  return replaceExpected(
    site,
    resized,
    /(\n(\s*)var target = currentView;\s*\n\s*0 < writtenBytes && \(target = currentView\.subarray\(writtenBytes\)\);\s*\n\s*target = textEncoder\.encodeInto\(chunk, target\);)/,
    copyShortAscii,
    "writeChunk's encodeInto of a string",
  );
}

/** Vite plugin: applies {@link rewriteReactDomServer} to the Workers' build of React DOM's streaming renderer. */
export const reactDomServerWrites = () => workersBuildRewrite("pryde:react-dom-server-writes", reactDomServerPath, rewriteReactDomServer);
