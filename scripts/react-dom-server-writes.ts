import { fileURLToPath } from "node:url";

import { replaceExpected, type RewriteSite, workersBuildRewrite } from "./lib/package-rewrite.ts";

/** The streaming renderer the built Workers use (vite.config.ts's alias of react-dom/server). */
export const reactDomServerPath = fileURLToPath(new URL("../node_modules/react-dom/cjs/react-dom-server.node.production.js", import.meta.url));

/** React hands the response's stream what it has gathered once it reaches this many UTF-16 units (its own: 4 KiB of bytes). */
const gatheredTextLimit = 65_536;

const site: RewriteSite = { rewrite: "scripts/react-dom-server-writes.ts", file: "React DOM's server renderer", packageName: "React" };

/**
 * React DOM's writes cost more on workerd than the work they do (issue 19; docs/performance.md, "React DOM's
 * server writes" and "React's writes gathered as text"):
 *
 * - `writeChunk` copied every chunk into a 4 KiB buffer of bytes: a string (a tag's attribute value, a
 *   text) through `TextEncoder.encodeInto` — a call into the runtime's C++ for a few bytes — and each piece
 *   of markup React encodes once at start-up (`stringToPrecomputedChunk`: `<div`, ` class="`, `"`) through a
 *   typed array's `set`. A 50-line cart is ~40,000 such writes. Now the markup stays a string and
 *   `writeChunk` only appends to the text it gathers; the text is encoded in one call when it reaches
 *   {@link gatheredTextLimit} units and where React hands the stream what it has (`completeWriting`, at the
 *   shell and each streamed Suspense boundary), so nothing arrives later than before, and a page goes out
 *   in one to three chunks instead of one per 4 KiB. A chunk of bytes (React's own code writes none once
 *   its markup is text) still takes React's path, after the text gathered before it.
 * - `byteLengthOfChunk` measured each string with `Buffer.byteLength` (nodejs_compat's Buffer, through a
 *   global getter). React sums it per segment only to decide when a finished Suspense boundary is sent
 *   out of line (past 500 bytes, and past the first 12,800 of the page: isEligibleForOutlining,
 *   progressiveChunkSize); the string's length is used instead. It differs only for non-ASCII text, by
 *   at most 3×, and every page of this shop is past 12,800 bytes before its first boundary (React
 *   Router's streamed data), so the choice is the same. React's markup is ASCII, so its length is its
 *   byte length as before.
 *
 * Rewritten as text, so the build fails here if React's code changes shape (a new React version must
 * be looked at again); scripts/react-dom-server-writes.test.ts renders the same pages through React's
 * module and the rewritten one and compares the bytes.
 */
export function rewriteReactDomServer(code: string): string {
  const measured = replaceExpected(site, code, /\? Buffer\.byteLength\(chunk, "utf8"\)/, "? chunk.length", "byteLengthOfChunk's Buffer.byteLength");
  const markupAsText = replaceExpected(
    site,
    measured,
    /function stringToPrecomputedChunk\(content\) \{\n(\s*)return textEncoder\.encode\(content\);/,
    "function stringToPrecomputedChunk(content) {\n$1return content;",
    "stringToPrecomputedChunk's encode",
  );
  const gathered = replaceExpected(
    site,
    markupAsText,
    /\nfunction writeChunk\(destination, chunk\) \{\n(\s*)if \("string" === typeof chunk\) \{/,
    [
      "",
      'var gatheredText = "";',
      "function writeGatheredText(destination) {",
      "$1if (0 !== gatheredText.length) {",
      "$1  var bytes = textEncoder.encode(gatheredText);",
      '$1  gatheredText = "";',
      "$1  writeToDestination(destination, bytes);",
      "$1}",
      "}",
      "function writeChunk(destination, chunk) {",
      '$1if ("string" === typeof chunk) {',
      "$1  gatheredText += chunk;",
      `$1  ${gatheredTextLimit} <= gatheredText.length && writeGatheredText(destination);`,
      "$1  return;",
      "$1}",
      "$1writeGatheredText(destination);",
      '$1if ("string" === typeof chunk) {',
    ].join("\n"),
    "writeChunk's string path",
  );
  const handedOver = replaceExpected(
    site,
    gathered,
    /\nfunction completeWriting\(destination\) \{\n(\s*)/,
    "\nfunction completeWriting(destination) {\n$1writeGatheredText(destination);\n$1",
    "completeWriting",
  );
  return replaceExpected(
    site,
    handedOver,
    /\nfunction flushCompletedQueues\(request, destination\) \{\n(\s*)currentView = new Uint8Array\(4096\);/,
    '\nfunction flushCompletedQueues(request, destination) {\n$1gatheredText = "";\n$1currentView = new Uint8Array(4096);',
    "flushCompletedQueues' fresh buffer",
  );
}

/** Vite plugin: applies {@link rewriteReactDomServer} to the Workers' build of React DOM's streaming renderer. */
export const reactDomServerWrites = () => workersBuildRewrite("pryde:react-dom-server-writes", reactDomServerPath, rewriteReactDomServer);
