import { describe, expect, it } from "vitest";

import { decodeEntities, htmlToParagraphs, isSafeUrl, looksLikeHtml, plainTextExcerpt, stripUnsafeHtml } from "./html-text";

const rel = 'rel="noopener noreferrer"';

describe("stripUnsafeHtml", () => {
  it.each([
    ["plain paragraphs", "<p>Hello <strong>world</strong></p>", "<p>Hello <strong>world</strong></p>"],
    ["a script with its code", "<p>a</p><script>alert(1)</script><p>b</p>", "<p>a</p><p>b</p>"],
    ["a script in capitals with attributes", '<SCRIPT type="text/javascript">alert(1)</SCRIPT>ok', "ok"],
    ["a style sheet", "<style>body{display:none}</style><p>x</p>", "<p>x</p>"],
    ["an iframe", '<iframe src="https://evil.example"></iframe>x', "x"],
    ["an svg with an onload", '<svg onload="alert(1)"><circle/></svg>y', "y"],
    ["an inline event handler", '<p onclick="alert(1)">hi</p>', "<p>hi</p>"],
    ["an unquoted event handler", "<img src=/media/a.png onerror=alert(1)>", '<img src="/media/a.png">'],
    ["a javascript: link", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ["a javascript: link in capitals with spaces", '<a href="  JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ["a javascript: link hidden by a tab entity", '<a href="jav&#x09;ascript:alert(1)">x</a>', "<a>x</a>"],
    ["a javascript: link hidden by &colon;", '<a href="javascript&colon;alert(1)">x</a>', "<a>x</a>"],
    ["a vbscript: link", "<a href='vbscript:msgbox(1)'>x</a>", "<a>x</a>"],
    ["a data: page link", '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', "<a>x</a>"],
    ["a tel: link (not a web or mail link)", '<a href="tel:+6621234567">x</a>', "<a>x</a>"],
    ["a data: image", '<img src="data:image/png;base64,iVBORw0KGgo=">', "<img>"],
    ["an image over plain http", '<img src="http://cdn.example/a.png">', "<img>"],
    [
      "an image of the shop's media with the editor's size",
      '<img src="/media/gallery/a.png" alt="Team" class="rich-image-50" style="width:50%">',
      '<img src="/media/gallery/a.png" alt="Team" class="rich-image-50">',
    ],
    [
      "an https image with an unknown class",
      '<img src="https://img.example/a.png" class="x rich-image-75">',
      '<img src="https://img.example/a.png" class="rich-image-75">',
    ],
    ["a web link", '<a href="https://pryde.test/shop?a=1&amp;b=2">x</a>', `<a href="https://pryde.test/shop?a=1&amp;b=2" ${rel}>x</a>`],
    [
      "a relative link and a mail link",
      '<a href="/shop">s</a><a href="mailto:hello@pryde.test">m</a>',
      `<a href="/shop" ${rel}>s</a><a href="mailto:hello@pryde.test" ${rel}>m</a>`,
    ],
    ["a protocol-relative link", '<a href="//evil.example/x">x</a>', "<a>x</a>"],
    ["a new-tab link", '<a href="https://x.test" target="_blank" rel="opener">x</a>', `<a href="https://x.test" ${rel} target="_blank">x</a>`],
    ["a link into another named window", '<a href="https://x.test" target="other">x</a>', `<a href="https://x.test" ${rel}>x</a>`],
    ["a harmless-looking style", '<p style="text-align: center">x</p>', "<p>x</p>"],
    [
      "a full-page position:fixed overlay",
      '<div style="position:fixed;inset:0;z-index:9999;background:#fff"><a href="https://evil.example/login">Sign in again</a></div>',
      `<div><a href="https://evil.example/login" ${rel}>Sign in again</a></div>`,
    ],
    ["a form with a button", '<form action="/x"><button formaction="javascript:alert(1)">go</button></form>', "go"],
    ["an unknown element", "<marquee>wow</marquee>", "wow"],
    ["a comment", "<p>a<!-- <script>alert(1)</script> --></p>", "<p>a</p>"],
    ["a broken tag that would swallow the page", '<img src=x onerror="alert(1)"', '&lt;img src=x onerror="alert(1)"'],
    ["a lone less-than sign", "1 < 2 and 3 > 2", "1 &lt; 2 and 3 &gt; 2"],
    ["a quoted attribute holding a >", '<a title="a>b" href="/x">x</a>', `<a title="a&gt;b" href="/x" ${rel}>x</a>`],
    ["a meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">x', "x"],
    [
      "table cells with spans",
      '<table><tr><th scope="col" colspan="2">h</th><td rowspan="99" width="9">d</td></tr></table>',
      '<table><tr><th scope="col" colspan="2">h</th><td>d</td></tr></table>',
    ],
    ["Thai text", "<p>ไพรด์ร่วมสนับสนุน</p>", "<p>ไพรด์ร่วมสนับสนุน</p>"],
  ])("given %s, should keep only the safe part", (_case, input, expected) => {
    expect(stripUnsafeHtml(input)).toBe(expected);
  });

  it("given its own output, should change nothing more", () => {
    const once = stripUnsafeHtml('<p onclick="x">a <a href="/b" target="_blank">b</a> &amp; c</p><script>d</script>');
    expect(stripUnsafeHtml(once)).toBe(once);
  });
});

/** Every tag left in the output, with its attribute names: what a browser would build from it. */
function tagsOf(html: string): { tag: string; attributes: Record<string, string> }[] {
  return [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/g)].map((match) => ({
    tag: match[1]!.toLowerCase(),
    attributes: Object.fromEntries(
      [...match[2]!.matchAll(/\s+([^\s=>]+)(?:="([^"]*)")?/g)].map((attribute) => [attribute[1]!.toLowerCase(), attribute[2] ?? ""]),
    ),
  }));
}

const allowedAttributes: Record<string, string[]> = {
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "class"],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
};
const allowedTags = new Set([
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "del",
  "ins",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "blockquote",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "caption",
  "div",
  "span",
  "hr",
  "code",
  "pre",
  "sub",
  "sup",
  "small",
  "mark",
  "a",
  "img",
  "th",
  "td",
]);

/**
 * The vectors of the OWASP XSS Filter Evasion Cheat Sheet (cheatsheetseries.owasp.org), one per
 * technique. Whatever the sanitizer makes of them, the output may only hold allowed tags with
 * allowed attributes, links to http(s)/mailto/this site and images from /media or https — and no
 * `<` a browser could read as the start of anything else.
 */
const owaspVectors: [string, string][] = [
  ["basic script", "<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>"],
  [
    "polyglot",
    "jaVasCript:/*-/*`/*\\`/*'/*\"/**/(/* */oNcliCk=alert() )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=alert()//>\\x3e",
  ],
  ["img javascript", "<IMG SRC=\"javascript:alert('XSS');\">"],
  ["img no quotes no semicolon", "<IMG SRC=javascript:alert('XSS')>"],
  ["img case-insensitive", "<IMG SRC=JaVaScRiPt:alert('XSS')>"],
  ["html entities", "<IMG SRC=javascript:alert(&quot;XSS&quot;)>"],
  ["grave accent", "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>"],
  ["malformed a tag", '\\<a onmouseover="alert(document.cookie)"\\>xxs link\\</a\\>'],
  ["malformed a tag, no quotes", "\\<a onmouseover=alert(document.cookie)\\>xxs link\\</a\\>"],
  ["malformed img", '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>'],
  ["fromCharCode", "<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>"],
  ["default src onerror", "<IMG SRC=# onmouseover=\"alert('xxs')\">"],
  ["empty src", "<IMG SRC= onmouseover=\"alert('xxs')\">"],
  ["no src", "<IMG onmouseover=\"alert('xxs')\">"],
  ["on error alert", '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>'],
  [
    "onerror encoded",
    '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  ],
  [
    "decimal references",
    "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>",
  ],
  [
    "decimal without semicolons",
    "<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>",
  ],
  ["hex without semicolons", "<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>"],
  ["embedded tab", "<IMG SRC=\"jav\tascript:alert('XSS');\">"],
  ["embedded encoded tab", "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">"],
  ["embedded newline", "<IMG SRC=\"jav&#x0A;ascript:alert('XSS');\">"],
  ["embedded carriage return", "<IMG SRC=\"jav&#x0D;ascript:alert('XSS');\">"],
  ["null breaks up javascript", '<IMG SRC=java\u0000script:alert("XSS")>'],
  ["spaces and meta chars", "<IMG SRC=\" &#14;  javascript:alert('XSS');\">"],
  ["non-alpha-non-digit", '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>'],
  ["non-alpha-non-digit body", '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>'],
  ["extraneous open brackets", '<<SCRIPT>alert("XSS");//\\<</SCRIPT>'],
  ["no closing script tag", "<SCRIPT SRC=http://xss.rocks/xss.js?< B >"],
  ["protocol resolution in script", "<SCRIPT SRC=//xss.rocks/.j>"],
  ["half open html/javascript", "<IMG SRC=\"`<javascript:alert>`('XSS')\""],
  ["double open angle brackets", "<iframe src=http://xss.rocks/scriptlet.html <"],
  ["end title tag", '</TITLE><SCRIPT>alert("XSS");</SCRIPT>'],
  ["input image", '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">'],
  ["body image", "<BODY BACKGROUND=\"javascript:alert('XSS')\">"],
  ["img dynsrc", "<IMG DYNSRC=\"javascript:alert('XSS')\">"],
  ["img lowsrc", "<IMG LOWSRC=\"javascript:alert('XSS')\">"],
  ["list-style-image", "<STYLE>li {list-style-image: url(\"javascript:alert('XSS')\");}</STYLE><UL><LI>XSS</br>"],
  ["vbscript in an image", "<IMG SRC='vbscript:msgbox(\"XSS\")'>"],
  ["svg object tag", "<svg/onload=alert('XSS')>"],
  ["body onload", "<BODY ONLOAD=alert('XSS')>"],
  ["bgsound", "<BGSOUND SRC=\"javascript:alert('XSS');\">"],
  ["link stylesheet", '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">'],
  ["style tag with import", "<STYLE>@import'http://xss.rocks/xss.css';</STYLE>"],
  ["meta refresh", '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">'],
  ["meta refresh with data", '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">'],
  ["iframe", "<IFRAME SRC=\"javascript:alert('XSS');\"></IFRAME>"],
  ["iframe event", '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>'],
  ["table background", "<TABLE BACKGROUND=\"javascript:alert('XSS')\">"],
  ["td background", "<TABLE><TD BACKGROUND=\"javascript:alert('XSS')\">"],
  ["div background-image", "<DIV STYLE=\"background-image: url(javascript:alert('XSS'))\">"],
  ["div expression", "<DIV STYLE=\"width: expression(alert('XSS'));\">"],
  ["img style expression", "<IMG STYLE=\"xss:expr/*XSS*/ession(alert('XSS'))\">"],
  ["base tag", "<BASE HREF=\"javascript:alert('XSS');//\">"],
  ["object tag", '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>'],
  [
    "embed svg",
    '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  ],
  ["xss in a comment condition", "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->"],
  ["a href with encoded scheme", '<A HREF="h\ntt\tp://6\t6.000146.0x7.147/">XSS</A>'],
  ["a href javascript entity", '<a href="&#x6A;avascript:alert(1)">x</a>'],
  ["a with data uri", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ["a with onmouseover and good href", '<a href="https://x.test" onmouseover="alert(1)">x</a>'],
  ["form action", '<form><button formaction="javascript:alert(1)">X</button></form>'],
  ["details ontoggle", "<details open ontoggle=alert(1)>"],
  ["style position fixed overlay", '<p style="position:fixed;top:0;left:0;width:100%;height:100%;background:red">Overlay</p>'],
];

describe("stripUnsafeHtml against the OWASP XSS filter-evasion vectors", () => {
  it.each(owaspVectors)("given %s, should leave only allowed tags, attributes and addresses", (_name, vector) => {
    const output = stripUnsafeHtml(vector);
    // Every "<" left starts an allowed tag; any other became &lt;.
    expect(output.match(/</g)?.length ?? 0).toBe((output.match(/<\/?[a-z][a-z0-9]*(?:\s[^>]*)?\/?>/g) ?? []).length);
    for (const { tag, attributes } of tagsOf(output)) {
      expect(allowedTags.has(tag), `${tag} in ${output}`).toBe(true);
      for (const [name, value] of Object.entries(attributes)) {
        expect(allowedAttributes[tag] ?? [], `${tag} ${name} in ${output}`).toContain(name);
        if (name === "href") expect(value).toMatch(/^(?:https?:|mailto:|\/(?!\/)|#|[^:]*$)/i);
        if (name === "src") expect(value).toMatch(/^(?:\/media\/|https:\/\/)/i);
      }
    }
    // No scheme but the allowed ones anywhere inside a tag (text outside tags is escaped and inert).
    const insideTags = (output.match(/<[^>]*>/g) ?? []).join(" ").toLowerCase();
    expect(insideTags).not.toMatch(/style=|javascript:|vbscript:|data:|\son[a-z]+=/);
  });
});

describe("isSafeUrl", () => {
  it.each([
    ["https://pryde.test", true],
    ["http://pryde.test", true],
    ["/activities/x", true],
    ["#top", true],
    ["?page=2", true],
    ["photo.png", true],
    ["mailto:hello@pryde.test", true],
    ["tel:+6621234567", true],
    ["javascript:alert(1)", false],
    [" javascript:alert(1)", false],
    ["java\u0000script:alert(1)", false],
    ["data:text/html,x", false],
    ["file:///etc/passwd", false],
    ["\\\\evil\\share", false],
    ["", false],
  ])("given %j, should answer %s", (url, safe) => {
    expect(isSafeUrl(url)).toBe(safe);
  });
});

describe("htmlToParagraphs", () => {
  it.each([
    ["plain text with blank lines", "First line\nstill first\n\nSecond", ["First line still first", "Second"]],
    ["Windows line ends", "One\r\n\r\nTwo", ["One", "Two"]],
    ["HTML paragraphs", "<p>One</p><p>Two <b>bold</b></p>", ["One", "Two bold"]],
    ["a line break", "One<br>Two", ["One", "Two"]],
    ["a list", "<ul><li>a</li><li>b</li></ul>", ["a", "b"]],
    ["entities", "<p>Fish &amp; chips &lt;3 &#3652;&#x0E1E;</p>", ["Fish & chips <3 ไพ"]],
    ["a script", "<p>a</p><script>alert(1)</script>", ["a"]],
    ["empty paragraphs", "<p> </p><p>x</p><p></p>", ["x"]],
    ["nothing", "", []],
    ["whitespace only", "  \n\n  ", []],
    ["Thai plain text", "ผลิตในไทย\n\nสวมใส่อย่างภาคภูมิใจ", ["ผลิตในไทย", "สวมใส่อย่างภาคภูมิใจ"]],
  ])("given %s, should give the paragraphs", (_case, input, expected) => {
    expect(htmlToParagraphs(input)).toEqual(expected);
  });
});

describe("looksLikeHtml", () => {
  it.each([
    ["<p>x</p>", true],
    ["a<br/>b", true],
    ["1 < 2", false],
    ["plain", false],
  ])("given %j, should answer %s", (value, expected) => {
    expect(looksLikeHtml(value)).toBe(expected);
  });
});

describe("decodeEntities", () => {
  it.each([
    ["&amp;&lt;&gt;&quot;&#39;", "&<>\"'"],
    ["&#x1F600;", "😀"],
    ["&#0;", "\ufffd"],
    ["&#xD800;", "\ufffd"],
    ["&unknown;", "&unknown;"],
    ["AT&T", "AT&T"],
  ])("given %j, should give %j", (value, expected) => {
    expect(decodeEntities(value)).toBe(expected);
  });
});

describe("plainTextExcerpt", () => {
  it("given a short text, should keep it whole", () => {
    expect(plainTextExcerpt("<p>Short</p><p>text</p>")).toBe("Short text");
  });

  it("given a long English text, should cut at a space and add an ellipsis", () => {
    const excerpt = plainTextExcerpt(`<p>${"word ".repeat(60)}</p>`, 50);
    expect(excerpt.endsWith("word…")).toBe(true);
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(50);
  });

  it("given a long Thai text without spaces, should cut by characters", () => {
    const excerpt = plainTextExcerpt("ก".repeat(300), 20);
    expect(excerpt).toBe(`${"ก".repeat(19)}…`);
  });

  it("given emoji, should never split one", () => {
    const excerpt = plainTextExcerpt("😀".repeat(30), 10);
    expect(excerpt).toBe(`${"😀".repeat(9)}…`);
  });
});
