import { describe, expect, it } from "vitest";
import { decodeEntities, htmlToParagraphs, isSafeUrl, looksLikeHtml, plainTextExcerpt, stripUnsafeHtml } from "./html-text";

describe("stripUnsafeHtml", () => {
  it.each([
    ["plain paragraphs", "<p>Hello <strong>world</strong></p>", "<p>Hello <strong>world</strong></p>"],
    ["a script with its code", "<p>a</p><script>alert(1)</script><p>b</p>", "<p>a</p><p>b</p>"],
    ["a script in capitals with attributes", '<SCRIPT type="text/javascript">alert(1)</SCRIPT>ok', "ok"],
    ["an unclosed script", "<p>a</p><script>alert(1)", "<p>a</p>"],
    ["a style sheet", "<style>body{display:none}</style><p>x</p>", "<p>x</p>"],
    ["an iframe", '<iframe src="https://evil.example"></iframe>x', "x"],
    ["an svg with an onload", '<svg onload="alert(1)"><circle/></svg>y', "y"],
    ["an inline event handler", '<p onclick="alert(1)">hi</p>', "<p>hi</p>"],
    ["an unquoted event handler", "<img src=/a.png onerror=alert(1)>", '<img src="/a.png">'],
    ["an event handler after a slash", '<img/src="/a.png"/onerror="alert(1)">', '<img src="/a.png">'],
    ["a javascript: link", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ["a javascript: link in capitals with spaces", '<a href="  JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ["a javascript: link hidden by a tab entity", '<a href="jav&#x09;ascript:alert(1)">x</a>', "<a>x</a>"],
    ["a javascript: link hidden by &colon;", '<a href="javascript&colon;alert(1)">x</a>', "<a>x</a>"],
    ["a vbscript: link", "<a href='vbscript:msgbox(1)'>x</a>", "<a>x</a>"],
    ["a data: page link", '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', "<a>x</a>"],
    ["a data: svg image", '<img src="data:image/svg+xml;base64,PHN2Zz4=">', "<img>"],
    ["a data: png image", '<img src="data:image/png;base64,iVBORw0KGgo=">', '<img src="data:image/png;base64,iVBORw0KGgo=">'],
    ["a web link", '<a href="https://pryde.test/shop?a=1&amp;b=2">x</a>', '<a href="https://pryde.test/shop?a=1&amp;b=2">x</a>'],
    ["a relative link and a mail link", '<a href="/shop">s</a><a href="mailto:hello@pryde.test">m</a>', '<a href="/shop">s</a><a href="mailto:hello@pryde.test">m</a>'],
    ["a new-tab link", '<a href="https://x.test" target="_blank" rel="opener">x</a>', '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>'],
    ["a style with a url()", '<p style="background:url(javascript:alert(1))">x</p>', "<p>x</p>"],
    ["a harmless style", '<p style="text-align: center">x</p>', '<p style="text-align: center">x</p>'],
    ["a form with a button", '<form action="/x"><button formaction="javascript:alert(1)">go</button></form>', "go"],
    ["an unknown element", "<marquee>wow</marquee>", "wow"],
    ["a comment", "<p>a<!-- <script>alert(1)</script> --></p>", "<p>a</p>"],
    ["a broken tag that would swallow the page", '<img src=x onerror="alert(1)"', "&lt;img src=x onerror=\"alert(1)\""],
    ["a lone less-than sign", "1 < 2 and 3 > 2", "1 &lt; 2 and 3 &gt; 2"],
    ["a script split around a dropped one", "<scr<script></script>ipt>alert(1)</script>", "alert(1)"],
    ["a quoted attribute holding a >", '<a title="a>b" href="/x">x</a>', '<a title="a&gt;b" href="/x">x</a>'],
    ["a meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">x', "x"],
    ["a duplicated attribute", '<a href="/ok" href="javascript:alert(1)">x</a>', '<a href="/ok">x</a>'],
    ["Thai text", "<p>ไพรด์ร่วมสนับสนุน</p>", "<p>ไพรด์ร่วมสนับสนุน</p>"],
  ])("given %s, should keep only the safe part", (_case, input, expected) => {
    expect(stripUnsafeHtml(input)).toBe(expected);
  });

  it("given its own output, should change nothing more", () => {
    const once = stripUnsafeHtml('<p onclick="x">a <a href="/b" target="_blank">b</a> &amp; c</p><script>d</script>');
    expect(stripUnsafeHtml(once)).toBe(once);
  });

  it("given any output, should contain no script, event handler or javascript: address", () => {
    const nasty = [
      '<div><img src="x" onerror="alert(1)"><a href="java\nscript:alert(1)">a</a></div>',
      "<<script>script>alert(1)<</script>/script>",
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
      "<body onload=alert(1)>",
      '<video><source onerror="alert(1)"></video>',
    ];
    for (const input of nasty) {
      const output = stripUnsafeHtml(input).toLowerCase();
      expect(output).not.toMatch(/<script|\son[a-z]+=|javascript:/);
    }
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
