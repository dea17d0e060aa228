import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TaggedText } from "./TaggedText.tsx";

const html = (template: string, values: Record<string, string>) =>
  renderToStaticMarkup(<TaggedText template={template} parts={{ code: <code />, back: <a href="/x" /> }} values={values} />);

describe("TaggedText", () => {
  it("puts the parts where the language puts them, with their values", () => {
    expect(html("Step <code>{{id}}</code> of workflow <back>{{name}}</back>", { id: "eq", name: "Chain" })).toBe('Step <code>eq</code> of workflow <a href="/x">Chain</a>');
    expect(html("工作流 <back>{{name}}</back> 的步骤 <code>{{id}}</code>", { id: "eq", name: "链" })).toBe('工作流 <a href="/x">链</a> 的步骤 <code>eq</code>');
  });

  it("keeps values as text: a title with markup stays text", () => {
    expect(html("<back>{{name}}</back>", { name: '<code>x</code><img src=x onerror="y">' })).toBe(
      '<a href="/x">&lt;code&gt;x&lt;/code&gt;&lt;img src=x onerror=&quot;y&quot;&gt;</a>',
    );
  });

  it("leaves unknown tags and placeholders as they are", () => {
    expect(html("a <b>c</b> {{missing}}", {})).toBe("a &lt;b&gt;c&lt;/b&gt; {{missing}}");
  });
});
