import { Marked } from "marked";
import { sanitizeRichText } from "../../../common/sanitize.ts";

/**
 * An app's documentation (its package's Markdown file) as HTML a page may show: `marked` renders CommonMark
 * and GitHub's tables, then the platform's one sanitiser (common/sanitize.ts) keeps only the formatting rich
 * text may have. Raw HTML in the Markdown goes through the same sanitiser, so a script or an outside image
 * written by the author never reaches a reader.
 */
const marked = new Marked({ gfm: true, async: false });

/** At most this much Markdown is rendered (a documentation page, not a book). */
export const DOCS_MAX_CHARS = 200_000;

export function renderDocs(markdown: string): string {
  return sanitizeRichText(marked.parse(markdown.slice(0, DOCS_MAX_CHARS)) as string);
}
