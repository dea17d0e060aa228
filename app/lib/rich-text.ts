/**
 * What a RichTextField posts, turned into HTML. The field posts `<name>` and `<name>Format`: "html" when
 * the editor island wrote it, "text" when the plain textarea did (JavaScript off, or before hydration).
 * Plain text becomes paragraphs per blank line with its line breaks kept, every character escaped. HTML
 * passes as it came: the server sanitises whatever it stores and renders, so this is no safety boundary.
 */
export type RichTextFormat = "html" | "text";

import { escapeHtml } from "../../common/html.ts";

export { escapeHtml };

/** Plain text as HTML: a blank line starts a new paragraph, a single line break stays a <br>. */
export function textToHtml(text: string): string {
  const normalised = text.replace(/\r\n?/g, "\n").trim();
  if (!normalised) return "";
  return normalised
    .split(/\n[ \t]*\n+/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${para.split("\n").map(escapeHtml).join("<br>")}</p>`)
    .join("");
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] !== "#") return NAMED[code.toLowerCase()] ?? whole;
    const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
    return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
  });
}

/**
 * Stored HTML as text for the no-JS textarea: blocks become paragraphs (blank lines), <br> a line break,
 * list items lines. Formatting is lost there by necessity; saving the text gives clean paragraphs back.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/\r\n?/g, "\n")
      .replace(/\n/g, " ")
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<li[^>]*>/gi, "- ")
      .replace(/<\/(li|tr)>/gi, "\n")
      .replace(/<\/(p|h[1-6]|blockquote|pre|ul|ol|table|div)>/gi, "\n\n")
      .replace(/<[^>]*>/g, ""),
  )
    .split("\n")
    .map((l) => l.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** An editor that was emptied still posts an empty paragraph; that is no content. */
export function isBlankHtml(html: string): boolean {
  return html.replace(/<(p|br)\s*\/?>|<\/p>|&nbsp;|\s/gi, "") === "";
}

export function richTextFrom(form: FormData, name: string): string {
  const raw = form.get(name);
  const value = typeof raw === "string" ? raw : "";
  const format = form.get(`${name}Format`) === "html" ? "html" : "text";
  if (format === "html") return isBlankHtml(value) ? "" : value.trim();
  return textToHtml(value);
}
