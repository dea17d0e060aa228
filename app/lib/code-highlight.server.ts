import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import python from "highlight.js/lib/languages/python";
import yaml from "highlight.js/lib/languages/yaml";

/**
 * Server-side syntax highlighting of an app package's files for the reviewer's code view (docs/app-store.md):
 * highlight.js, with only the languages a package holds (its runtimes, the manifest, the docs), so nothing of it
 * reaches the browser. Its output escapes the source, so the HTML is safe to show; it is cut into lines here so
 * the page can number them, each line closing the spans it opened and the next reopening them.
 */
const LANGUAGES = { python, bash, javascript, json, markdown, yaml } as const;
for (const [name, lang] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, lang);

const BY_EXTENSION: Record<string, keyof typeof LANGUAGES> = {
  py: "python",
  sh: "bash",
  bash: "bash",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  json: "json",
  md: "markdown",
  yaml: "yaml",
  yml: "yaml",
};

export const languageOf = (path: string): keyof typeof LANGUAGES | null => BY_EXTENSION[path.split(".").pop()?.toLowerCase() ?? ""] ?? null;

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The file's lines as HTML: highlighted when its extension names a known language, else escaped text. */
export function highlightLines(path: string, text: string): string[] {
  const lang = languageOf(path);
  const html = lang ? hljs.highlight(text, { language: lang, ignoreIllegals: true }).value : escape(text);
  const lines: string[] = [];
  let open: string[] = [];
  for (const line of html.replace(/\n$/, "").split("\n")) {
    let out = open.join("");
    for (const m of line.matchAll(/<span[^>]*>|<\/span>/g)) {
      if (m[0] === "</span>") open.pop();
      else open.push(m[0]);
    }
    out += line + "</span>".repeat(open.length);
    lines.push(out);
  }
  return lines;
}
