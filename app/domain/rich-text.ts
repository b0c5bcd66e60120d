/**
 * The one gate for HTML that staff write in the back office (activity, policy and home content
 * bodies): `sanitizeRichText` keeps an allow-list of tags and attributes and drops everything else,
 * so what the storefront renders with innerHTML can neither run script nor load anything but our
 * own media or https images.
 *
 * Why a tokenizer of our own: workerd has no DOMParser, HTMLRewriter is missing from Node's unit
 * tests, and the project takes no new packages. The tokenizer follows the HTML tokenizer where it
 * matters for safety (tag names end at whitespace, `/` or `>` — so `<scr<script>ipt>` is one odd
 * tag; an unterminated tag or quoted value at the end is dropped; raw-text elements such as
 * <script> swallow everything to their end tag; entities are decoded before URLs are checked), and
 * the writer always escapes text and attribute values and closes every element it opened, so the
 * output is well formed and sanitising it again changes nothing.
 */

/** The image widths the editor offers (spec §9: 50, 75, original). */
export const richImageSizes = ["50", "75", "original"] as const;
export type RichImageSize = (typeof richImageSizes)[number];

/** Upper bound on what one body may hold before sanitising (the forms check it too). */
export const maxRichTextLength = 100_000;

type Token =
  { kind: "text"; text: string } | { kind: "start"; name: string; attributes: Map<string, string>; selfClosing: boolean } | { kind: "end"; name: string };

/** Elements whose content the HTML parser does not read as markup; we drop them with their content. */
const rawTextElements = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext"]);
/** Elements dropped together with everything inside them (foreign content, inert templates, forms). */
const droppedSubtrees = new Set(["svg", "math", "template", "object", "select", "head", "button", "form"]);

const voidElements = new Set(["br", "img"]);
const allowedElements = new Set([
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "blockquote",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);
/** Tags we keep under another name: headings outside h2–h4 fold into the nearest one. */
const renamedElements: Record<string, string> = { h1: "h2", h5: "h4", h6: "h4", strike: "s", del: "s", ins: "u" };
/** Starting one of these closes an open paragraph, as the HTML parser would. */
const closesParagraph = new Set(["p", "h2", "h3", "h4", "ul", "ol", "blockquote", "figure", "table"]);

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  copy: "©",
  reg: "®",
  trade: "™",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  bull: "•",
  middot: "·",
  times: "×",
  divide: "÷",
  deg: "°",
  euro: "€",
  pound: "£",
  yen: "¥",
  laquo: "«",
  raquo: "»",
  shy: "\u00ad",
  colon: ":",
  tab: "\t",
  newline: "\n",
  lpar: "(",
  rpar: ")",
};

function codePointText(codePoint: number): string {
  if (!Number.isFinite(codePoint) || codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return "\ufffd";
  return String.fromCodePoint(codePoint);
}

/** Decodes character references the way browsers do for our purposes (numeric ones even without `;`). */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#[xX]([0-9a-fA-F]{1,8});?|#(\d{1,10});?|([a-zA-Z][a-zA-Z0-9]{1,31});)/g, (match, hex?: string, decimal?: string, name?: string) => {
    if (hex !== undefined) return codePointText(Number.parseInt(hex, 16));
    if (decimal !== undefined) return codePointText(Number.parseInt(decimal, 10));
    return namedEntities[name!] ?? namedEntities[name!.toLowerCase()] ?? match;
  });
}

function escapeText(text: string): string {
  return text.replace(/[&<>\u00a0]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\u00a0": "&nbsp;" })[char]!);
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"\u00a0]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\u00a0": "&nbsp;" })[char]!);
}

/** NUL and the C0/C1 controls other than tab and newlines have no place in text. */
function withoutControls(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, "");
}

const isSpace = (char: string | undefined) => char === " " || char === "\t" || char === "\n" || char === "\r" || char === "\f";

/**
 * Splits HTML into text, start-tag and end-tag tokens. Comments, doctypes and processing
 * instructions disappear; a tag cut off by the end of the input disappears too.
 */
export function tokenizeHtml(html: string): Token[] {
  const tokens: Token[] = [];
  const length = html.length;
  let position = 0;
  let textStart = 0;

  const flushText = (end: number) => {
    if (end > textStart) tokens.push({ kind: "text", text: html.slice(textStart, end) });
  };

  while (position < length) {
    const lt = html.indexOf("<", position);
    if (lt === -1) break;
    const next = html[lt + 1];
    if (next === "!" || next === "?" || (next === "/" && html[lt + 2] !== undefined && !/[a-zA-Z]/.test(html[lt + 2]!))) {
      // Markup declaration, processing instruction or a bogus end tag: skipped to its end.
      flushText(lt);
      let end: number;
      if (html.startsWith("<!--", lt)) {
        const close = html.indexOf("-->", lt + 4);
        end = close === -1 ? length : close + 3;
      } else {
        const close = html.indexOf(">", lt + 1);
        end = close === -1 ? length : close + 1;
      }
      position = textStart = end;
      continue;
    }
    const isEnd = next === "/";
    const nameStart = lt + (isEnd ? 2 : 1);
    if (!/[a-zA-Z]/.test(html[nameStart] ?? "")) {
      // A "<" that starts no tag is text.
      position = lt + 1;
      continue;
    }
    flushText(lt);
    let cursor = nameStart;
    while (cursor < length && !isSpace(html[cursor]) && html[cursor] !== "/" && html[cursor] !== ">") cursor += 1;
    const name = html.slice(nameStart, cursor).toLowerCase();
    const attributes = new Map<string, string>();
    let selfClosing = false;
    let closed = false;
    while (cursor < length) {
      const char = html[cursor]!;
      if (char === ">") {
        closed = true;
        cursor += 1;
        break;
      }
      if (isSpace(char)) {
        cursor += 1;
        continue;
      }
      if (char === "/") {
        selfClosing = html[cursor + 1] === ">";
        cursor += 1;
        continue;
      }
      const attributeStart = cursor;
      cursor += 1; // the first character may be "=" (the HTML tokenizer takes it as part of the name)
      while (cursor < length && !isSpace(html[cursor]) && html[cursor] !== "/" && html[cursor] !== ">" && html[cursor] !== "=") cursor += 1;
      const attributeName = html.slice(attributeStart, cursor).toLowerCase();
      let value = "";
      let probe = cursor;
      while (isSpace(html[probe])) probe += 1;
      if (html[probe] === "=") {
        probe += 1;
        while (isSpace(html[probe])) probe += 1;
        const quote = html[probe];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, probe + 1);
          if (close === -1) {
            cursor = length;
            break;
          }
          value = html.slice(probe + 1, close);
          cursor = close + 1;
        } else {
          const valueStart = probe;
          while (probe < length && !isSpace(html[probe]) && html[probe] !== ">") probe += 1;
          value = html.slice(valueStart, probe);
          cursor = probe;
        }
      }
      if (!attributes.has(attributeName)) attributes.set(attributeName, decodeEntities(value));
    }
    if (!closed) {
      // EOF inside a tag: the HTML parser drops the tag, and so do we (with the rest of the input).
      position = textStart = length;
      break;
    }
    tokens.push(isEnd ? { kind: "end", name } : { kind: "start", name, attributes, selfClosing });
    position = textStart = cursor;

    if (!isEnd && rawTextElements.has(name)) {
      // Everything up to </name is text to the HTML parser: skip it (plaintext never ends).
      const endTag = new RegExp(`</${name}`, "gi");
      endTag.lastIndex = cursor;
      const close = name === "plaintext" ? -1 : (endTag.exec(html)?.index ?? -1);
      if (close === -1) {
        position = textStart = length;
        break;
      }
      const closeEnd = html.indexOf(">", close);
      tokens.push({ kind: "end", name });
      position = textStart = closeEnd === -1 ? length : closeEnd + 1;
    }
  }
  flushText(length);
  return tokens;
}

/** URLs without the characters browsers ignore inside them (tabs, newlines) and leading controls/spaces. */
function normalizedUrl(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
}

/** Link targets: http(s), mailto, or a path/anchor on this site. Null when not allowed. */
export function safeLinkUrl(value: string): string | null {
  const url = normalizedUrl(value);
  if (url === "") return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(url)) return null;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url);
  if (scheme) return ["http", "https", "mailto"].includes(scheme[1]!.toLowerCase()) ? url : null;
  // No scheme: relative. A colon before the first / ? # would make some parsers see a scheme.
  const beforePath = url.split(/[/?#]/, 1)[0]!;
  return beforePath.includes(":") ? null : url;
}

/** Image sources: our own media (/media/…) or any https image. Null when not allowed. */
export function safeImageUrl(value: string): string | null {
  const url = normalizedUrl(value);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f\\]/.test(url)) return null;
  if (/^\/media\/[^/]/.test(url) && !url.split(/[?#]/, 1)[0]!.split("/").includes("..")) return url;
  if (/^https:\/\/[^/?#]+/i.test(url)) return url;
  return null;
}

/** The size an image asks for through its class, width or style; "original" when none. */
export function imageSizeOf(attributes: ReadonlyMap<string, string>): RichImageSize {
  const classes = (attributes.get("class") ?? "").split(/\s+/);
  for (const size of ["50", "75"] as const) {
    if (classes.includes(`rich-image-${size}`)) return size;
  }
  if (classes.includes("rich-image-original")) return "original";
  const width = (attributes.get("width") ?? "").trim();
  const style = /(?:^|;)\s*width\s*:\s*([\d.]+%)/i.exec(attributes.get("style") ?? "")?.[1];
  for (const candidate of [width, style ?? ""]) {
    const percent = /^(50|75)%?$/.exec(candidate.replace(/\.0+%$/, "%"))?.[1];
    if (percent === "50" || percent === "75") return percent;
  }
  return "original";
}

function imageTag(attributes: ReadonlyMap<string, string>): string | null {
  const src = safeImageUrl(attributes.get("src") ?? "");
  if (!src) return null;
  const alt = withoutControls(attributes.get("alt") ?? "").slice(0, 300);
  const size = imageSizeOf(attributes);
  const sizing = size === "original" ? ' class="rich-image-original"' : ` class="rich-image-${size}" style="width:${size}%"`;
  return `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}"${sizing}>`;
}

function startTag(name: string, attributes: ReadonlyMap<string, string>): string | null {
  switch (name) {
    case "a": {
      const href = safeLinkUrl(attributes.get("href") ?? "");
      const title = withoutControls(attributes.get("title") ?? "").slice(0, 300);
      return `<a${href ? ` href="${escapeAttribute(href)}"` : ""}${title ? ` title="${escapeAttribute(title)}"` : ""} rel="noopener noreferrer">`;
    }
    case "img":
      return imageTag(attributes);
    case "td":
    case "th": {
      const span = (attribute: string) => {
        const value = /^\s*([1-9]\d?)\s*$/.exec(attributes.get(attribute) ?? "")?.[1];
        return value && Number(value) <= 20 ? ` ${attribute}="${value}"` : "";
      };
      return `<${name}${span("colspan")}${span("rowspan")}>`;
    }
    default:
      return `<${name}>`;
  }
}

/** Allow-listed HTML, well formed; anything else is removed (its text is kept unless it is script-like). */
export function sanitizeRichText(html: string): string {
  const output: string[] = [];
  const open: string[] = [];
  let dropping: { name: string; depth: number } | null = null;

  const closeUntil = (index: number) => {
    while (open.length > index) output.push(`</${open.pop()!}>`);
  };
  const lastIndexOf = (name: string, stopAt: readonly string[] = []) => {
    for (let index = open.length - 1; index >= 0; index -= 1) {
      if (open[index] === name) return index;
      if (stopAt.includes(open[index]!)) return -1;
    }
    return -1;
  };

  for (const token of tokenizeHtml(html)) {
    if (dropping) {
      if (token.kind === "start" && token.name === dropping.name && !token.selfClosing) dropping.depth += 1;
      if (token.kind === "end" && token.name === dropping.name) {
        dropping.depth -= 1;
        if (dropping.depth === 0) dropping = null;
      }
      continue;
    }
    if (token.kind === "text") {
      output.push(escapeText(withoutControls(decodeEntities(token.text))));
      continue;
    }
    if (rawTextElements.has(token.name)) continue; // the tokenizer already skipped their content
    const name = renamedElements[token.name] ?? token.name;
    if (token.kind === "start") {
      if (droppedSubtrees.has(name)) {
        if (!token.selfClosing) dropping = { name, depth: 1 };
        continue;
      }
      if (!allowedElements.has(name)) continue;
      const tag = startTag(name, token.attributes);
      if (tag === null) continue;
      if (closesParagraph.has(name)) {
        const paragraph = lastIndexOf("p", ["li", "td", "th", "blockquote", "figure", "figcaption"]);
        if (paragraph !== -1) closeUntil(paragraph);
      }
      if (name === "a") {
        const link = lastIndexOf("a");
        if (link !== -1) closeUntil(link);
      }
      if (name === "li") {
        const item = lastIndexOf("li", ["ul", "ol"]);
        if (item !== -1) closeUntil(item);
      }
      if (name === "tr") {
        const row = lastIndexOf("tr", ["table"]);
        if (row !== -1) closeUntil(row);
      }
      if (name === "td" || name === "th") {
        const cell = Math.max(lastIndexOf("td", ["tr", "table"]), lastIndexOf("th", ["tr", "table"]));
        if (cell !== -1) closeUntil(cell);
      }
      output.push(tag);
      if (!voidElements.has(name)) open.push(name);
      continue;
    }
    if (voidElements.has(name) || !allowedElements.has(name)) continue;
    const index = lastIndexOf(name);
    if (index !== -1) closeUntil(index);
  }
  closeUntil(0);
  return output.join("").trim();
}

/** The text a sanitised body shows, for "is it empty?" checks and summaries. */
export function richTextPlainText(html: string): string {
  return decodeEntities(
    sanitizeRichText(html)
      .replace(/<br>|<\/(?:p|h[2-4]|li|blockquote|figcaption|tr)>/g, " ")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
}
