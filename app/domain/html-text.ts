/**
 * Staff-written text on its way to a storefront page.
 *
 * Rich text (activity bodies, policies) is sanitised by the back office when it is saved; the
 * storefront renders it as HTML only after `stripUnsafeHtml`, a second, deliberately strict line of
 * defence for rows written another way (an import, an old row, a bug in the editor). It is a small
 * tokenizer with allow-lists, not a full HTML parser: whatever it does not recognise as a well-formed
 * tag is escaped as text, so a broken tag can never swallow the page's own markup.
 *
 * Short texts (home content areas, meta descriptions) are shown as plain text: `htmlToParagraphs`
 * turns stored HTML or blank-line separated text into paragraphs of text React escapes.
 */

/** Elements dropped together with everything inside them (their content is code or raw text). */
const droppedWithContent = [
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "textarea",
  "title",
  "xmp",
  "plaintext",
  "svg",
  "math",
  "select",
  "head",
];

/** Elements kept (with allowed attributes); any other tag is removed and its text kept. */
const allowedTags = new Set([
  "a",
  "abbr",
  "b",
  "blockquote",
  "br",
  "caption",
  "code",
  "col",
  "colgroup",
  "dd",
  "del",
  "div",
  "dl",
  "dt",
  "em",
  "figcaption",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "img",
  "ins",
  "li",
  "mark",
  "ol",
  "p",
  "picture",
  "pre",
  "q",
  "s",
  "small",
  "source",
  "span",
  "strong",
  "sub",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "u",
  "ul",
]);

const voidTags = new Set(["br", "col", "hr", "img", "source"]);

const allowedAttributes = new Set([
  "alt",
  "class",
  "colspan",
  "height",
  "href",
  "lang",
  "loading",
  "rel",
  "rowspan",
  "scope",
  "src",
  "srcset",
  "style",
  "target",
  "title",
  "width",
  "dir",
  "start",
  "type",
  "cite",
  "datetime",
]);

const urlAttributes = new Set(["href", "src", "cite"]);

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  colon: ":",
  tab: "\t",
  newline: "\n",
  sol: "/",
  lpar: "(",
  rpar: ")",
  period: ".",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  bull: "•",
  copy: "©",
  reg: "®",
  trade: "™",
};

/** Decodes numeric and common named character references (unknown names stay as written). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});?/g, (match, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
    }
    const named = namedEntities[body.toLowerCase()];
    return named ?? match;
  });
}

function escapeText(value: string): string {
  return value.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);
}

/**
 * A link or image address a page may use: http(s), mailto and tel, or a relative address. Entities
 * and the whitespace/control characters browsers ignore inside a scheme are taken into account
 * (`jav&#x09;ascript:` is refused like `javascript:`).
 */
export function isSafeUrl(value: string, options: { allowDataImage?: boolean } = {}): boolean {
  // eslint-disable-next-line no-control-regex
  const normalised = decodeEntities(value).replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u200b-\u200d\u2028\u2029\ufeff]/g, "");
  if (normalised === "") return false;
  const scheme = /^([^:/?#]*):/.exec(normalised);
  if (!scheme) return !normalised.startsWith("\\") && !normalised.startsWith("/\\");
  const name = scheme[1]!.toLowerCase();
  if (name === "http" || name === "https" || name === "mailto" || name === "tel") return true;
  return Boolean(options.allowDataImage) && name === "data" && /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=]*$/i.test(normalised);
}

/** A stylesheet declaration list without anything that can load or run code. */
function isHarmlessStyle(value: string): boolean {
  const decoded = decodeEntities(value).toLowerCase();
  return !/url\s*\(|expression|javascript|vbscript|@import|behavior|-moz-binding|\\|<|>/.test(decoded);
}

const attributePattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function cleanAttributes(tag: string, source: string): string {
  const kept: string[] = [];
  const seen = new Set<string>();
  let opensNewWindow = false;
  for (const match of source.matchAll(attributePattern)) {
    const name = match[1]!.toLowerCase();
    if (seen.has(name) || !allowedAttributes.has(name)) continue;
    seen.add(name);
    const raw = match[2] ?? match[3] ?? match[4] ?? "";
    const value = decodeEntities(raw);
    if (urlAttributes.has(name) && !isSafeUrl(value, { allowDataImage: tag === "img" && name === "src" })) continue;
    if (name === "srcset" && !value.split(",").every((candidate) => isSafeUrl(candidate.trim().split(/\s+/)[0] ?? ""))) continue;
    if (name === "style" && !isHarmlessStyle(value)) continue;
    if (name === "target") {
      if (value !== "_blank" && value !== "_self") continue;
      opensNewWindow = value === "_blank";
    }
    if (name === "rel") continue;
    kept.push(` ${name}="${escapeText(value)}"`);
  }
  // A page opened in a new tab must not be able to reach back into this one.
  if (tag === "a" && opensNewWindow) kept.push(' rel="noopener noreferrer"');
  return kept.join("");
}

const droppedBlockPattern = new RegExp(`<(${droppedWithContent.join("|")})\\b[^>]*>[\\s\\S]*?(?:<\\/\\1\\s*>|$)`, "gi");
// Browsers also take "/" between attributes as a separator (`<img/src=x/onerror=…>`).
const openingTagPattern = /<([a-zA-Z][a-zA-Z0-9:-]*)((?:[\s/]+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)[\s/]*>/y;
const closingTagPattern = /<\/([a-zA-Z][a-zA-Z0-9:-]*)\s*>/y;
const commentPattern = /<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>/y;

/**
 * Stored rich text made safe to render as HTML: no scripts, styles sheets, frames or forms, no event
 * handler attributes, no `javascript:` (or other non-web) addresses, only a list of text-formatting
 * elements and attributes; stray `<` become text. Links opening a new tab get `rel="noopener noreferrer"`.
 */
export function stripUnsafeHtml(html: string): string {
  const source = html.replace(droppedBlockPattern, "");
  let output = "";
  let index = 0;
  while (index < source.length) {
    const next = source.indexOf("<", index);
    if (next === -1) {
      output += source.slice(index).replace(/>/g, "&gt;");
      break;
    }
    output += source.slice(index, next).replace(/>/g, "&gt;");
    index = next;

    commentPattern.lastIndex = index;
    const comment = commentPattern.exec(source);
    if (comment) {
      index += comment[0].length;
      continue;
    }
    closingTagPattern.lastIndex = index;
    const closing = closingTagPattern.exec(source);
    if (closing) {
      const tag = closing[1]!.toLowerCase();
      if (allowedTags.has(tag) && !voidTags.has(tag)) output += `</${tag}>`;
      index += closing[0].length;
      continue;
    }
    openingTagPattern.lastIndex = index;
    const opening = openingTagPattern.exec(source);
    if (opening) {
      const tag = opening[1]!.toLowerCase();
      if (allowedTags.has(tag)) output += `<${tag}${cleanAttributes(tag, opening[2] ?? "")}>`;
      index += opening[0].length;
      continue;
    }
    output += "&lt;";
    index += 1;
  }
  return output;
}

const blockBoundary = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote|tr|table|section|article|header|footer|figure|figcaption|pre|hr|dd|dt|dl)\b[^>]*>/gi;

/** Whether a stored text contains markup (rather than plain text with blank-line paragraphs). */
export function looksLikeHtml(value: string): boolean {
  return /<\/?[a-zA-Z][^>]*>|<!--/.test(value);
}

/**
 * A stored text as plain paragraphs: HTML loses its tags (block elements and `<br>` end a
 * paragraph; scripts and styles go with their content; entities are decoded); plain text is split on
 * blank lines. Whitespace inside a paragraph is collapsed; empty paragraphs are dropped.
 */
export function htmlToParagraphs(value: string): string[] {
  let text = value.replace(/\r\n?/g, "\n");
  if (looksLikeHtml(text)) {
    text = text
      .replace(droppedBlockPattern, "")
      .replace(/<!--[\s\S]*?(?:-->|$)/g, "")
      .replace(/\n/g, " ")
      .replace(blockBoundary, "\n\n")
      .replace(/<\/?[a-zA-Z][^>]*>/g, "");
    text = decodeEntities(text);
  }
  return text
    .split(/\n[ \t\u00a0]*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter((paragraph) => paragraph !== "");
}

/**
 * A plain-text excerpt of stored text for a meta description: paragraphs joined, cut at `maxLength`
 * characters (code points, so Thai and emoji are never split) with an ellipsis, at a space when one
 * is near the end.
 */
export function plainTextExcerpt(value: string, maxLength = 160): string {
  const text = htmlToParagraphs(value).join(" ");
  const characters = Array.from(text);
  if (characters.length <= maxLength) return text;
  let cut = characters.slice(0, maxLength - 1).join("");
  const space = cut.lastIndexOf(" ");
  if (space > cut.length * 0.7) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}
