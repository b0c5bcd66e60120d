import { FilterXSS } from "xss";

/**
 * Staff-written text on its way to a storefront page.
 *
 * Rich text (activity bodies, policies) is sanitised by the back office when it is saved; the
 * storefront renders it as HTML only after `stripUnsafeHtml`, a second, deliberately strict line of
 * defence for rows written another way (an import, an old row, a bug in the editor): an allow-list
 * of tags and attributes applied by js-xss; whatever it does not recognise as a well-formed tag is
 * escaped as text, so a broken tag can never swallow the page's own markup.
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

const droppedBlockPattern = new RegExp(`<(${droppedWithContent.join("|")})\\b[^>]*>[\\s\\S]*?(?:<\\/\\1\\s*>|$)`, "gi");

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

/**
 * What staff-written rich text may contain on a storefront page: the elements the back-office editor
 * writes (`sanitizeRichText` in ./rich-text) plus a few plain ones older or imported rows carry —
 * none with a `style` (a `position:fixed` overlay over the whole page is "harmless" CSS), event
 * handler or any attribute besides those listed here.
 */
const allowList: Record<string, string[]> = {
  ...Object.fromEntries(
    ["p", "br", "strong", "b", "em", "i", "u", "s", "del", "ins", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "figure", "figcaption"]
      .concat(["table", "thead", "tbody", "tfoot", "tr", "caption", "div", "span", "hr", "code", "pre", "sub", "sup", "small", "mark"])
      .map((tag) => [tag, []]),
  ),
  a: ["href", "title", "target"],
  img: ["src", "alt", "class"],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
};

/** Links: http(s), mailto, or a path/anchor on this site (no scheme at all). */
// Characters browsers skip when they read a URL's scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex
const invisibleInUrls = /[\u0000-\u0020\u007f-\u009f\u00a0\u200b-\u200d\u2028\u2029\ufeff]/g;

function isAllowedLink(value: string): boolean {
  if (!isSafeUrl(value)) return false;
  const normalised = decodeEntities(value).replace(invisibleInUrls, "").toLowerCase();
  const scheme = /^([^:/?#]*):/.exec(normalised)?.[1];
  if (scheme === undefined) return !normalised.startsWith("//");
  return scheme === "http" || scheme === "https" || scheme === "mailto";
}

/** Images: the shop's own media (/media/…) or any https address. */
function isAllowedImage(value: string): boolean {
  const decoded = decodeEntities(value).trim();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(decoded)) return false;
  return decoded.startsWith("/media/") || /^https:\/\/[^/]/i.test(decoded);
}

function escapeAttrValue(value: string): string {
  return value.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);
}

const numberBetween = (value: string, low: number, high: number) => /^\d{1,3}$/.test(value.trim()) && Number(value) >= low && Number(value) <= high;

/**
 * Why js-xss (the `xss` package) and not a tokenizer of our own or sanitize-html: it is a small,
 * long-maintained allow-list sanitizer written for this (no DOM, so it runs in workerd as in Node),
 * while sanitize-html pulls in a full HTML parser and PostCSS, several times the bundle for a job that
 * needs no CSS at all. The hand-written tokenizer this replaces kept `style` attributes.
 */
const filter = new FilterXSS({
  whiteList: allowList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: droppedWithContent,
  allowCommentTag: false,
  css: false,
  onTagAttr(tag, name, value) {
    const decoded = decodeEntities(value);
    if (tag === "a" && name === "href") {
      // Every link opens with rel="noopener noreferrer": harmless without target, required with target="_blank".
      // Written as the URL parser reads it (tabs and newlines inside an address are ignored by browsers).
      return isAllowedLink(value) ? `href="${escapeAttrValue(decoded.replace(/[\t\n\r]/g, "").trim())}" rel="noopener noreferrer"` : "";
    }
    if (tag === "a" && name === "target") return decoded === "_blank" ? 'target="_blank"' : "";
    if (tag === "img" && name === "src") return isAllowedImage(value) ? `src="${escapeAttrValue(decoded.trim())}"` : "";
    if (tag === "img" && name === "class") {
      const sizes = decoded.split(/\s+/).filter((name) => /^rich-image-(?:50|75|original)$/.test(name));
      return sizes.length > 0 ? `class="${sizes[0]}"` : "";
    }
    if (name === "colspan" || name === "rowspan") return numberBetween(decoded, 1, 20) ? `${name}="${decoded.trim()}"` : "";
    if (name === "scope") return ["row", "col", "rowgroup", "colgroup"].includes(decoded) ? `scope="${decoded}"` : "";
    if (name === "title" || name === "alt") return `${name}="${escapeAttrValue(decoded.slice(0, 300))}"`;
    return undefined;
  },
});

/**
 * Stored rich text made safe to render as HTML, by the allow-list above: no scripts, style sheets,
 * `style` attributes, frames or forms, no event handlers, links only to http(s), mailto or this
 * site, images only from /media or https; anything else loses its tag and keeps its text.
 */
export function stripUnsafeHtml(html: string): string {
  // A "<" that cannot start a tag is text to a browser; js-xss would read "< 2 and 3 >" as a tag and drop it.
  return filter.process(html.replace(/<(?![a-zA-Z/!?])/g, "&lt;"));
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
