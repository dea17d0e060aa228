import { FILE_KINDS, type FileKind } from "../attachments/kinds.ts";

/**
 * How a document is shown: `pdf` page by page as images rendered on the server, `office` the same after one
 * conversion to PDF, `image` as itself, `text` escaped in the page, `other` offered for download only.
 */
export type DocumentKind = "pdf" | "office" | "image" | "text" | "other";

const OFFICE = new Set(["doc", "docx", "xls", "xlsx", "ppt", "pptx"].filter((e) => e in FILE_KINDS));

/**
 * Files a task writes that are plain text whatever their extension (logs, decks, tables); shown as text when
 * their bytes are valid UTF-8, else offered for download.
 */
const TASK_TEXT = new Set(["log", "in", "out", "json", "dat", "md", "inp", "geo", "xyz", "tdb", "yaml", "yml"]);

export interface KindOf {
  kind: DocumentKind;
  /** What the content must be sniffed as (an upload's kind); null when the extension claims nothing. */
  claim: FileKind | null;
  mime: string;
}

/** The kind of a document by its name's extension (lowercase, no dot). */
export function kindOf(ext: string): KindOf {
  const known = FILE_KINDS[ext];
  if (ext === "pdf") return { kind: "pdf", claim: known!, mime: known!.mime };
  if (OFFICE.has(ext)) return { kind: "office", claim: known!, mime: known!.mime };
  if (known?.inline) return { kind: "image", claim: known, mime: known.mime };
  if (known?.text) return { kind: "text", claim: known, mime: known.mime };
  if (known) return { kind: "other", claim: known, mime: known.mime };
  if (TASK_TEXT.has(ext)) return { kind: "text", claim: null, mime: "text/plain; charset=utf-8" };
  return { kind: "other", claim: null, mime: "application/octet-stream" };
}
