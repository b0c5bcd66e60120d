import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { decodeEntities, imageSizeOf, richTextPlainText, safeImageUrl, safeLinkUrl, sanitizeRichText } from "./rich-text";

/** True when every tag the output opens is closed in order (void elements aside). */
function isWellFormed(html: string): boolean {
  const stack: string[] = [];
  for (const match of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*>/g)) {
    const [, closing, name] = match;
    if (name === "br" || name === "img") continue;
    if (!closing) stack.push(name!);
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
}

/**
 * Nothing in the output could run script or load something from elsewhere. An event handler counts
 * inside a tag only: "a onerror=b" in the text is words (the sanitizer escapes any "<" there).
 */
function looksSafe(html: string): boolean {
  const lower = html.toLowerCase();
  return (
    !/<(script|style|iframe|svg|math|object|embed|form|input|textarea|link|meta|base)\b/.test(lower) &&
    !/<[^>]*\son[a-z]+\s*=/.test(lower) &&
    !/(href|src)="\s*(javascript|vbscript|data):/.test(lower)
  );
}

describe("sanitizeRichText: what staff write stays", () => {
  it.each([
    ["<p>Hello <strong>world</strong></p>", "<p>Hello <strong>world</strong></p>"],
    ["<p><b>bold</b> <i>italic</i> <em>em</em> <u>under</u> <s>strike</s></p>", "<p><b>bold</b> <i>italic</i> <em>em</em> <u>under</u> <s>strike</s></p>"],
    ["<h2>A</h2><h3>B</h3><h4>C</h4>", "<h2>A</h2><h3>B</h3><h4>C</h4>"],
    ["<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>", "<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>"],
    ["<blockquote><p>quote</p></blockquote>", "<blockquote><p>quote</p></blockquote>"],
    ["<p>line<br>break<br/>again</p>", "<p>line<br>break<br>again</p>"],
    ["<p>ภาษาไทย 😀 &amp; more</p>", "<p>ภาษาไทย 😀 &amp; more</p>"],
    ['<a href="https://pryde.test/shop">shop</a>', '<a href="https://pryde.test/shop" rel="noopener noreferrer">shop</a>'],
    ['<a href="/shop?category=2&amp;page=1">shop</a>', '<a href="/shop?category=2&amp;page=1" rel="noopener noreferrer">shop</a>'],
    ['<a href="mailto:hello@pryde.test" title="Mail us">mail</a>', '<a href="mailto:hello@pryde.test" title="Mail us" rel="noopener noreferrer">mail</a>'],
    ['<a href="#top">top</a>', '<a href="#top" rel="noopener noreferrer">top</a>'],
    [
      '<figure><img src="/media/gallery/a.png" alt="Team"><figcaption>Our team</figcaption></figure>',
      '<figure><img src="/media/gallery/a.png" alt="Team" class="rich-image-original"><figcaption>Our team</figcaption></figure>',
    ],
    [
      '<table><thead><tr><th colspan="2">Size</th></tr></thead><tbody><tr><td>S</td><td rowspan="3">92</td></tr></tbody></table>',
      '<table><thead><tr><th colspan="2">Size</th></tr></thead><tbody><tr><td>S</td><td rowspan="3">92</td></tr></tbody></table>',
    ],
  ])("given %s, should keep it as %s", (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});

describe("sanitizeRichText: image sizes (spec §9: 50, 75, original)", () => {
  it.each([
    ['<img src="/media/a.png" class="rich-image-50">', '<img src="/media/a.png" alt="" class="rich-image-50" style="width:50%">'],
    ['<img src="/media/a.png" class="x rich-image-75">', '<img src="/media/a.png" alt="" class="rich-image-75" style="width:75%">'],
    ['<img src="/media/a.png" width="50%">', '<img src="/media/a.png" alt="" class="rich-image-50" style="width:50%">'],
    ['<img src="/media/a.png" width="75">', '<img src="/media/a.png" alt="" class="rich-image-75" style="width:75%">'],
    ['<img src="/media/a.png" style="width: 75%; border: 1px solid red">', '<img src="/media/a.png" alt="" class="rich-image-75" style="width:75%">'],
    ['<img src="/media/a.png" width="100%">', '<img src="/media/a.png" alt="" class="rich-image-original">'],
    ['<img src="/media/a.png" width="33%">', '<img src="/media/a.png" alt="" class="rich-image-original">'],
    ['<img src="https://cdn.example.com/a.jpg" alt="x">', '<img src="https://cdn.example.com/a.jpg" alt="x" class="rich-image-original">'],
  ])("given %s, should write %s", (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it.each([
    [new Map([["class", "rich-image-50"]]), "50"],
    [new Map([["width", "75.0%"]]), "75"],
    [new Map([["style", "WIDTH:50%"]]), "50"],
    [new Map([["width", "200"]]), "original"],
    [new Map<string, string>(), "original"],
  ])("given attributes %j, imageSizeOf should say %s", (attributes, size) => {
    expect(imageSizeOf(attributes)).toBe(size);
  });
});

describe("sanitizeRichText: known XSS vectors", () => {
  it.each([
    ["<img src=x onerror=alert(1)>", ""],
    ['<img src="/media/a.png" onerror="alert(1)">', '<img src="/media/a.png" alt="" class="rich-image-original">'],
    ["<script>alert(1)</script><p>after</p>", "<p>after</p>"],
    ["<SCRIPT SRC=//evil.example/x.js></SCRIPT>", ""],
    ["<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"],
    ["<scr<script>ipt>alert(1)</scr</script>ipt>", "ipt&gt;alert(1)ipt&gt;"],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href=" &#14;javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="jav\tascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="javascript&colon;alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="https://ok.test" onclick="alert(1)" target="_blank">x</a>', '<a href="https://ok.test" rel="noopener noreferrer">x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ""],
    ['<img src="javascript:alert(1)">', ""],
    ['<img src="http://insecure.example/a.png">', ""],
    ['<img src="/media/../admin">', ""],
    ['<img src="//evil.example/a.png">', ""],
    ["<svg onload=alert(1)><circle></circle></svg><p>x</p>", "<p>x</p>"],
    ["<svg><script>alert(1)</script></svg>", ""],
    ["<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""],
    ['<iframe src="https://evil.example"></iframe>', ""],
    ['<iframe srcdoc="<script>alert(1)</script>">', ""],
    ["<style>body{background:url(javascript:alert(1))}</style>", ""],
    ['<p style="background:url(javascript:alert(1))">x</p>', "<p>x</p>"],
    ["<body onload=alert(1)>x", "x"],
    ["<details open ontoggle=alert(1)>x</details>", "x"],
    ['<object data="javascript:alert(1)"></object>', ""],
    ['<embed src="javascript:alert(1)">', ""],
    ['<form action="javascript:alert(1)"><button>go</button></form>', ""],
    ["<input autofocus onfocus=alert(1)>", ""],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ""],
    ['<base href="javascript:/">', ""],
    ["<!--<img src=x onerror=alert(1)>-->", ""],
    ["<!--[if gte IE 4]><script>alert(1)</script><![endif]-->", ""],
    ["<![CDATA[<script>alert(1)</script>]]>", "alert(1)]]&gt;"],
    ['<p title="</p><script>alert(1)</script>">x</p>', "<p>x</p>"],
    [
      '<a href="/x" title=\'"><script>alert(1)</script>\'>x</a>',
      '<a href="/x" title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" rel="noopener noreferrer">x</a>',
    ],
    ["&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ['<img src="/media/a.png" alt="x" onerror', ""],
    ['<p>unterminated <a href="/x', "<p>unterminated </p>"],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '"&gt;'],
    ["<textarea><script>alert(1)</script></textarea>", ""],
    ["<xmp><img src=x onerror=alert(1)></xmp>", ""],
    ["<plaintext><script>alert(1)", ""],
    ["<template><script>alert(1)</script></template>ok", "ok"],
    [
      '<a href="https://ok.test"><a href="javascript:alert(1)">inner</a></a>',
      '<a href="https://ok.test" rel="noopener noreferrer"></a><a rel="noopener noreferrer">inner</a>',
    ],
    ['<div onmouseover="alert(1)">hover</div>', "hover"],
    ['<span style="x">t</span>', "t"],
    ["\u0000<scr\u0000ipt>alert(1)</script>", "alert(1)"],
  ])("given %s, should write %s", (input, expected) => {
    const output = sanitizeRichText(input);
    expect(output).toBe(expected);
    expect(looksSafe(output)).toBe(true);
  });
});

describe("sanitizeRichText: nesting is repaired, the output is well formed", () => {
  it.each([
    ["<p><strong>open", "<p><strong>open</strong></p>"],
    ["<p>a<p>b", "<p>a</p><p>b</p>"],
    ["<p>para<ul><li>x</ul>", "<p>para</p><ul><li>x</li></ul>"],
    ["<ul><li>a<li>b</ul>", "<ul><li>a</li><li>b</li></ul>"],
    ["<strong><em>x</strong></em>", "<strong><em>x</em></strong>"],
    ["</p></strong>stray closers", "stray closers"],
    ["<table><tr><td>a<td>b<tr><td>c</table>", "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>"],
    ["<h1>Title</h1><h5>Small</h5>", "<h2>Title</h2><h4>Small</h4>"],
    ["a < b > c && d", "a &lt; b &gt; c &amp;&amp; d"],
    ["<p>&copy; 2026&nbsp;Pryde &unknown; &#x1F600; &#0;</p>", "<p>© 2026&nbsp;Pryde &amp;unknown; 😀 \ufffd</p>"],
  ])("given %s, should write %s", (input, expected) => {
    const output = sanitizeRichText(input);
    expect(output).toBe(expected);
    expect(isWellFormed(output)).toBe(true);
  });

  const htmlish = fc.array(
    fc.oneof(
      fc.constantFrom(
        "<p>",
        "</p>",
        "<strong>",
        "</strong>",
        "<ul>",
        "<li>",
        "</ul>",
        '<a href="/x">',
        "</a>",
        '<img src="/media/a.png" width="50%">',
        "<script>",
        "</script>",
        "<svg>",
        "</svg>",
        "<table>",
        "<tr>",
        "<td>",
        "</table>",
        "<!--",
        "-->",
        "<",
        ">",
        "&",
        "&amp;",
        '"',
        "'",
        '<a href="javascript:alert(1)">',
        "<img src=x onerror=alert(1)>",
        "<h1>",
        "<br>",
        "<blockquote>",
        "</blockquote>",
        "<style>",
        "<math>",
        "<scr",
        "ipt>",
        "on",
        "error=",
        "javascript:",
        "<iframe>",
        "<textarea>",
        "</",
        "<!",
        "<?",
        "ก",
        "😀",
      ),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 40 },
  );

  it("given any mix of markup pieces, should write well-formed, safe HTML that a second pass leaves unchanged", () => {
    fc.assert(
      fc.property(htmlish, (pieces) => {
        const output = sanitizeRichText(pieces.join(""));
        expect(isWellFormed(output)).toBe(true);
        expect(looksSafe(output)).toBe(true);
        expect(sanitizeRichText(output)).toBe(output);
      }),
      // Found by a run: words that read like a handler ("! onerror=") are text, not an attribute.
      { numRuns: 500, examples: [[["! ", "on", "error="]]] },
    );
  });

  it("given a large body, should finish quickly (linear work)", () => {
    const body = "<p><strong>x</strong> <script>y</script>".repeat(5000);
    const started = performance.now();
    const output = sanitizeRichText(body);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(output).not.toContain("script");
  });
});

describe("URL rules", () => {
  it.each([
    ["https://pryde.test", "https://pryde.test"],
    ["HTTP://pryde.test", "HTTP://pryde.test"],
    ["mailto:a@b.test", "mailto:a@b.test"],
    ["/shop", "/shop"],
    ["shop/item", "shop/item"],
    ["?page=2", "?page=2"],
    ["  /padded  ", "/padded"],
    ["", null],
    ["javascript:alert(1)", null],
    ["java\nscript:alert(1)", null],
    ["data:text/html,x", null],
    ["tel:+6621234567", null],
    ["foo:bar/baz", null],
  ])("safeLinkUrl(%j) should be %j", (input, expected) => {
    expect(safeLinkUrl(input)).toBe(expected);
  });

  it.each([
    ["/media/gallery/a.png", "/media/gallery/a.png"],
    ["https://cdn.example.com/a.png", "https://cdn.example.com/a.png"],
    ["/media/", null],
    ["/media/a/../../x", null],
    ["/other/a.png", null],
    ["http://cdn.example.com/a.png", null],
    ["https://", null],
    ["/media/a b.png", null],
  ])("safeImageUrl(%j) should be %j", (input, expected) => {
    expect(safeImageUrl(input)).toBe(expected);
  });
});

describe("decodeEntities and richTextPlainText", () => {
  it.each([
    ["&amp;&lt;&gt;&quot;&apos;", "&<>\"'"],
    ["&#65;&#x42;&#67", "ABC"],
    ["&#xD800;", "\ufffd"],
    ["&notanentity;", "&notanentity;"],
    ["AT&T", "AT&T"],
  ])("decodeEntities(%j) should be %j", (input, expected) => {
    expect(decodeEntities(input)).toBe(expected);
  });

  it.each([
    ["<p>Hello <strong>there</strong></p><p>again</p>", "Hello there again"],
    ["<p></p><p> </p><br>", ""],
    ["<script>alert(1)</script>", ""],
    ["<p>a &amp; b</p>", "a & b"],
  ])("richTextPlainText(%j) should be %j", (input, expected) => {
    expect(richTextPlainText(input)).toBe(expected);
  });
});
