import { describe, expect, it } from "vitest";
import { escapeHtml, htmlToText, isBlankHtml, richTextFrom, textToHtml } from "./rich-text.ts";

function form(entries: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

describe("richTextFrom", () => {
  it("passes HTML from the editor through as it came", () => {
    const html = "<p>Hello <strong>world</strong></p><ul><li>one</li></ul>";
    expect(richTextFrom(form({ Content: html, ContentFormat: "html" }), "Content")).toBe(html);
  });

  it("treats an emptied editor as no content", () => {
    expect(richTextFrom(form({ Content: "<p></p>", ContentFormat: "html" }), "Content")).toBe("");
    expect(richTextFrom(form({ Content: "<p><br></p>", ContentFormat: "html" }), "Content")).toBe("");
  });

  it("escapes plain text from the textarea, so markup typed there stays text", () => {
    const out = richTextFrom(form({ Content: `<script>alert("x")</script> & 'q'`, ContentFormat: "text" }), "Content");
    expect(out).toBe("<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</p>");
  });

  it("makes a paragraph per blank line and keeps single line breaks", () => {
    const out = richTextFrom(form({ Content: "line one\r\nline two\r\n\r\n\r\nsecond para\n  \nthird", ContentFormat: "text" }), "Content");
    expect(out).toBe("<p>line one<br>line two</p><p>second para</p><p>third</p>");
  });

  it("reads a missing or unknown format as plain text, never as HTML", () => {
    expect(richTextFrom(form({ Content: "<b>x</b>" }), "Content")).toBe("<p>&lt;b&gt;x&lt;/b&gt;</p>");
    expect(richTextFrom(form({ Content: "<b>x</b>", ContentFormat: "markdown" }), "Content")).toBe("<p>&lt;b&gt;x&lt;/b&gt;</p>");
  });

  it("gives an empty string for a missing or blank field", () => {
    expect(richTextFrom(form({}), "Content")).toBe("");
    expect(richTextFrom(form({ Content: "  \n\n ", ContentFormat: "text" }), "Content")).toBe("");
  });

  it("uses the field's own name for its format", () => {
    const fd = form({ Reply: "<em>hi</em>", ReplyFormat: "html", Content: "x", ContentFormat: "text" });
    expect(richTextFrom(fd, "Reply")).toBe("<em>hi</em>");
    expect(richTextFrom(fd, "Content")).toBe("<p>x</p>");
  });
});

describe("helpers", () => {
  it("escapeHtml covers the five characters that matter in text and attributes", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
  it("textToHtml of nothing is nothing", () => {
    expect(textToHtml("")).toBe("");
  });
  it("isBlankHtml sees text and images as content", () => {
    expect(isBlankHtml("<p>&nbsp;</p>")).toBe(true);
    expect(isBlankHtml("<p>a</p>")).toBe(false);
    expect(isBlankHtml('<p><img src="/x.png"></p>')).toBe(false);
  });
});

describe("htmlToText (the no-JS textarea's view of stored HTML)", () => {
  it("turns blocks into paragraphs, <br> into line breaks and list items into lines", () => {
    const html = "<h2>Title</h2><p>one<br>two</p><ul><li>a</li><li>b</li></ul><p>x &amp; y &lt;z&gt; &#39;q&#39; &#x4e2d;</p>";
    expect(htmlToText(html)).toBe("Title\n\none\ntwo\n\n- a\n- b\n\nx & y <z> 'q' 中");
  });
  it("round-trips plain text typed in the textarea", () => {
    const text = "first line\nsecond <line>\n\nnext paragraph";
    expect(htmlToText(textToHtml(text))).toBe(text);
  });
  it("drops tags and keeps unknown entities as written", () => {
    expect(htmlToText('<p><strong>b</strong> <a href="/x">link</a> &bogus;</p>')).toBe("b link &bogus;");
  });
});
