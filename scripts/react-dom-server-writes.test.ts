import { readFileSync } from "node:fs";
import Module from "node:module";
import { dirname } from "node:path";

import { createElement as h, type ReactNode, Suspense, use } from "react";
import { describe, expect, it } from "vitest";

import { reactDomServerPath as reactModulePath, rewriteReactDomServer } from "./react-dom-server-writes";

type Renderer = { renderToReadableStream: (children: ReactNode, options?: object) => Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }> };

/** React DOM's streaming renderer as the build ships it: its own code, or rewritten. */
function loadRenderer(rewrite: boolean): Renderer {
  const source = readFileSync(reactModulePath, "utf8");
  const loaded = new Module(reactModulePath);
  loaded.filename = reactModulePath;
  loaded.paths = (Module as unknown as { _nodeModulePaths(path: string): string[] })._nodeModulePaths(dirname(reactModulePath));
  (loaded as unknown as { _compile(code: string, filename: string): void })._compile(rewrite ? rewriteReactDomServer(source) : source, reactModulePath);
  return loaded.exports as Renderer;
}

async function render(renderer: Renderer, page: ReactNode): Promise<Uint8Array> {
  const stream = await renderer.renderToReadableStream(page);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The chunks the response's stream is handed, each one a write into the runtime's stream. */
async function chunksOf(renderer: Renderer, page: ReactNode): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of (await renderer.renderToReadableStream(page)) as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk.slice());
  return chunks;
}

const thai = "เสื้อยืดโลโก้คลาสสิก สีดำ / M";
const longClass = "flex flex-wrap items-center gap-2 rounded-md border border-current px-2 py-0.5 text-xs font-semibold hover:bg-surface-muted";

/** Many short chunks of every kind: ASCII and Thai text and attributes, emoji, strings of many lengths. */
function catalogue(lines: number): ReactNode {
  return h(
    "ul",
    { className: "divide-y" },
    Array.from({ length: lines }, (_, index) =>
      h(
        "li",
        { key: index, className: longClass.slice(0, (index * 7) % longClass.length), "data-line": index, title: index % 3 === 0 ? thai : `line ${index}` },
        h("a", { href: `/shop/classic-logo-tee?variant=${index}` }, index % 2 === 0 ? thai : "Classic logo tee"),
        h("span", null, "x".repeat(index % 300), index % 5 === 0 ? " 👕 ✓" : ""),
        h("input", { type: "hidden", name: "lineId", value: String(index) }),
      ),
    ),
  );
}

/** Renders text only: the test's React is the development build, React DOM's renderer the production one, and elements made during render would need both the same. */
function Later({ promise }: { promise: Promise<string> }) {
  return use(promise);
}

describe("React DOM's server writes, as the Workers' build rewrites them (scripts/react-dom-server-writes.ts)", () => {
  it("should find each of React's writes it rewrites in the installed react-dom (the build fails otherwise)", () => {
    const source = readFileSync(reactModulePath, "utf8");
    const rewritten = rewriteReactDomServer(source);
    expect(rewritten).not.toContain("Buffer.byteLength");
    expect(rewritten).not.toContain("return textEncoder.encode(content)");
    expect(rewritten).toContain("gatheredText += chunk");
    // Its three calls: when the text reaches the limit, before a chunk of bytes, and where React hands the stream what it has.
    expect(rewritten.match(/(?<!function )writeGatheredText\(destination\)/g)).toHaveLength(3);
  });

  it("should throw, naming the file, when React's code no longer has the shape it rewrites", () => {
    expect(() => rewriteReactDomServer("function writeChunk() {}")).toThrow(/react-dom-server-writes\.ts: expected/);
  });

  it.each([1, 50, 400])("should write the same bytes as React's own code for a page of %i lines", async (lines) => {
    const page = h("html", { lang: "th" }, h("body", null, h("h1", null, thai), catalogue(lines), h("script", null, "x".repeat(5000))));
    const [own, rewritten] = await Promise.all([render(loadRenderer(false), page), render(loadRenderer(true), page)]);
    expect(rewritten.byteLength).toBeGreaterThan(lines * 40);
    expect(Buffer.from(rewritten).equals(Buffer.from(own))).toBe(true);
    expect(new TextDecoder().decode(rewritten)).toContain(thai);
  });

  it.each([
    ["ASCII", "x".repeat(1_000)],
    ["ASCII, past React's own direct-write length", "y".repeat(2_000)],
    ["ASCII, 20,000 units", "z".repeat(20_000)],
    ["ASCII, past the text gathered before a write", "w".repeat(70_000)],
    ["Thai, 21,000 units", thai.repeat(700)],
    ["Thai, past the text gathered before a write", thai.repeat(2_500)],
  ])("should write the same bytes as React's own code around a long string (%s)", async (_, text) => {
    const page = h("html", null, h("body", null, catalogue(120), h("p", { title: text.slice(0, 3_000) }, text), catalogue(40), h("script", null, text)));
    const [own, rewritten] = await Promise.all([render(loadRenderer(false), page), render(loadRenderer(true), page)]);
    expect(Buffer.from(rewritten).equals(Buffer.from(own))).toBe(true);
  });

  it("should hand the stream a 160 KB page in chunks of 64 Ki characters, where React's own code hands it one per 4 KiB", async () => {
    const page = h("html", null, h("body", null, catalogue(400)));
    const [own, rewritten] = await Promise.all([chunksOf(loadRenderer(false), page), chunksOf(loadRenderer(true), page)]);
    const bytes = (chunks: Uint8Array[]) => chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    expect(bytes(rewritten)).toBe(bytes(own));
    expect(bytes(own)).toBeGreaterThan(160_000);
    expect(own.length).toBeGreaterThan(40);
    // ASCII: 64 Ki characters are 64 KiB; and the document's closing tags, written after React's last flush of the body.
    expect(rewritten.length).toBeLessThanOrEqual(Math.ceil(bytes(own) / 65_536) + 1);
  });

  it("should stream a Suspense boundary that finishes after the shell the same way", async () => {
    const page = () =>
      h(
        "html",
        null,
        h(
          "body",
          null,
          catalogue(300),
          h(
            Suspense,
            { fallback: h("i", null, "…") },
            h(Later, { promise: new Promise<string>((resolve) => setTimeout(() => resolve("ready ".repeat(200)), 5)) }),
          ),
        ),
      );
    const [own, rewritten] = await Promise.all([render(loadRenderer(false), page()), render(loadRenderer(true), page())]);
    const html = new TextDecoder().decode(rewritten);
    expect(html).toContain("ready ready");
    expect(html).toContain("<!--$?-->");
    expect(html).toBe(new TextDecoder().decode(own));
  });
});
