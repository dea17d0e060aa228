import { describe, expect, it } from "vitest";
import { highlightLines } from "./code-highlight.server.ts";

describe("the code view's highlighting", () => {
  it("highlights Python by its extension, a multi-line string closed and reopened on each line", () => {
    const lines = highlightLines("main.py", 'import json\ns = """a\nb"""\nprint(s)\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('<span class="hljs-keyword">import</span>');
    // The string spans lines 2 and 3: each line is balanced on its own.
    for (const l of lines) expect((l.match(/<span/g) ?? []).length).toBe((l.match(/<\/span>/g) ?? []).length);
    expect(lines[2]).toMatch(/^<span class="hljs-string">b&quot;&quot;&quot;<\/span>|^<span class="hljs-string">b"""<\/span>/);
  });

  it("escapes what it does not know, so a file's markup never reaches the page as markup", () => {
    expect(highlightLines("notes.txt", "<script>alert(1)</script>")).toEqual(["&lt;script&gt;alert(1)&lt;/script&gt;"]);
    expect(highlightLines("run.sh", "echo '<img src=x onerror=alert(1)>'").join("")).not.toContain("<img");
  });
});
