import { describe, expect, it } from "vitest";
import { hasVisibleContent, sanitizeRichText } from "./sanitize.ts";

describe("sanitizeRichText", () => {
  it("keeps the editor's formatting", () => {
    const html = '<h2 style="text-align: center">标题</h2><p><strong>粗体</strong> <em>斜体</em> <u>下划线</u> <s>删除</s></p><ul><li>一</li></ul><ol start="3"><li>三</li></ol><blockquote>引用</blockquote><pre><code>x=1</code></pre><hr />';
    expect(sanitizeRichText(html)).toBe(html.replace("text-align: center", "text-align:center"));
  });

  it("removes scripts with their text, and event handlers", () => {
    expect(sanitizeRichText('<p>a<script>alert(1)</script>b</p>')).toBe("<p>ab</p>");
    expect(sanitizeRichText('<p onclick="alert(1)" onmouseover="x()">hi</p>')).toBe("<p>hi</p>");
    expect(sanitizeRichText('<svg onload="alert(1)"><circle/></svg><p>ok</p>')).toBe("<p>ok</p>");
    expect(sanitizeRichText('<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">')).toBe("");
    expect(sanitizeRichText("<style>body{display:none}</style><p>t</p>")).toBe("<p>t</p>");
  });

  it("allows only http(s), mailto and tel links, and opens outside links safely", () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="  javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="vbscript:msgbox">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="https://www.example.org/a" target="_self">x</a>')).toBe(
      '<a href="https://www.example.org/a" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:a@b.cn">m</a>')).toBe('<a href="mailto:a@b.cn">m</a>');
    expect(sanitizeRichText('<a href="/infoCenter/index" target="_blank">in</a>')).toBe('<a href="/infoCenter/index">in</a>');
    expect(sanitizeRichText('<a href="//evil.example/x">x</a>')).toBe("<a>x</a>");
  });

  it("keeps only our own attachment images", () => {
    expect(sanitizeRichText('<p><img src="/attachment/5f2c9a.png" alt="图"></p>')).toBe('<p><img src="/attachment/5f2c9a.png" alt="图" /></p>');
    expect(sanitizeRichText('<p><img src="https://tracker.example/p.gif"></p>')).toBe("<p></p>");
    expect(sanitizeRichText('<p><img src="data:image/png;base64,AAAA"></p>')).toBe("<p></p>");
    expect(sanitizeRichText('<p><img src="/attachment/../../etc/passwd"></p>')).toBe("<p></p>");
    expect(sanitizeRichText('<p><img src="x" onerror="alert(1)"></p>')).toBe("<p></p>");
  });

  it("drops every style but text alignment", () => {
    expect(sanitizeRichText('<p style="background:url(javascript:alert(1));text-align:right">r</p>')).toBe('<p style="text-align:right">r</p>');
    expect(sanitizeRichText('<p style="width: expression(alert(1))">e</p>')).toBe("<p>e</p>");
  });
});

describe("hasVisibleContent", () => {
  it("tells empty editor output from real content", () => {
    expect(hasVisibleContent("<p></p>")).toBe(false);
    expect(hasVisibleContent("<p>&nbsp; </p><script>x</script>")).toBe(false);
    expect(hasVisibleContent("<p>内容</p>")).toBe(true);
    expect(hasVisibleContent('<p><img src="/attachment/a1.png"></p>')).toBe(true);
  });
});
