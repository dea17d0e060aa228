/**
 * The document viewer's addresses (/DocumentView, docs/documents.md), pure so pages and components share them:
 * which document a URL names, the page images, the file itself and the "view" links of the lists.
 */

export const DOCUMENT_PATH = "/DocumentView";
/** How many page images one view of a long document shows; `?page=` moves through the views. */
export const PAGES_PER_VIEW = 10;

/** A document as the API names it: an upload by its stored name, a file of a task's work dir, a test report, or an instrument file. */
export type DocumentSource = { src: "attachment"; id: string } | { src: "task"; task: string; path: string } | { src: "report"; id: string } | { src: "instrument"; id: string };

const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{1,5}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The document a URL's search params name, or null when they name none (leniently: no error page for junk). */
export function documentSource(q: URLSearchParams): DocumentSource | null {
  const src = q.get("src");
  if (src === "attachment") {
    const id = q.get("id") ?? "";
    return STORED_NAME.test(id) ? { src, id } : null;
  }
  if (src === "task") {
    const task = q.get("task") ?? "";
    const path = q.get("path") ?? "";
    return UUID.test(task) && path && path.length <= 1000 ? { src, task: task.toLowerCase(), path } : null;
  }
  if (src === "report" || src === "instrument") {
    const id = q.get("id") ?? "";
    return UUID.test(id) ? { src, id: id.toLowerCase() } : null;
  }
  return null;
}

/** The source as query parameters, in a fixed order (equal documents, equal addresses). */
export function sourceParams(s: DocumentSource): Record<string, string> {
  return s.src === "task" ? { src: s.src, task: s.task, path: s.path } : { src: s.src, id: s.id };
}

const withQuery = (base: string, params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  return `${base}?${q}`;
};

/** The viewer's address for a document, at view `page` (left out when it is the first). */
export const documentHref = (s: DocumentSource, page = 1) => withQuery(DOCUMENT_PATH, { ...sourceParams(s), page: page > 1 ? page : undefined });

/** The "view" link of an upload (a notice's or a feedback's attachment). */
export const attachmentViewHref = (storedName: string) => documentHref({ src: "attachment", id: storedName });

/** The "view" link of an instrument file (FileTransferAdmin, or the readers of its sample's order). */
export const instrumentViewHref = (id: string) => documentHref({ src: "instrument", id });

/** The "view" link of a test report's version (the PDF as issued). */
export const reportViewHref = (id: string) => documentHref({ src: "report", id });

/** The "view" link of a file of a task's work dir. */
export const taskFileViewHref = (task: string, path: string) => documentHref({ src: "task", task, path });

/** One page's image (1-based), through the web's resource route; `version` changes with the content. */
export const pageImageHref = (s: DocumentSource, n: number, version: string | null) =>
  withQuery(`${DOCUMENT_PATH}/page`, { ...sourceParams(s), n, v: version ?? undefined });

/** The file itself: a download, or (images only) shown inline. */
export const documentFileHref = (s: DocumentSource, inline = false) => withQuery(`${DOCUMENT_PATH}/file`, { ...sourceParams(s), inline: inline ? 1 : undefined });

/** `?page=` read leniently: anything that is not a whole number from 1 is the first view. */
export function viewNumber(q: URLSearchParams): number {
  const raw = q.get("page") ?? "";
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}

/** The pages view `view` shows of a document of `pages` pages (a view past the end shows the last one). */
export function viewRange(pages: number, view: number, per = PAGES_PER_VIEW): { view: number; views: number; first: number; last: number } {
  const views = Math.max(1, Math.ceil(pages / per));
  const v = Math.min(Math.max(1, view), views);
  const first = (v - 1) * per + 1;
  return { view: v, views, first, last: Math.min(pages, first + per - 1) };
}

const VIEWABLE = new Set(["pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "jpg", "jpeg", "png", "gif", "bmp", "webp", "txt", "csv", "log", "in", "out", "json", "dat", "md", "inp", "geo", "xyz", "tdb", "yaml", "yml"]);

/** Whether a list offers "view" for a file of this name: the viewer shows it as pages, an image or text. */
export function isViewable(name: string): boolean {
  const dot = name.lastIndexOf(".");
  return dot > 0 && VIEWABLE.has(name.slice(dot + 1).toLowerCase());
}
