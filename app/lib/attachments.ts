/**
 * Attachments as pages hold them: pure helpers shared by the server modules, the form field and the
 * read-only list (no server imports, so components can use them).
 */
export interface AttachmentValue {
  /** The AttachmentPath: the stored name the API gave on upload. */
  path: string;
  name: string;
  size: number;
  /** The MIME type the API stored. */
  type: string;
}

/** Exactly the API's stored names; anything else is never sent on. */
export const ATTACHMENT_PATH = /^[a-f0-9]{32}\.[a-z0-9]{1,5}$/;

export const isAttachmentPath = (p: unknown): p is string => typeof p === "string" && ATTACHMENT_PATH.test(p);

/** Where the browser fetches an attachment: the web's authenticated download route. */
export const attachmentUrl = (path: string) => `/attachment/${path}`;

/** A byte count as people read it: "2 GB", "10 MB", "512 KB", "300 B"; an unknown size (null) is "—". The one formatter of sizes. */
export function formatSize(n: number | null): string {
  if (n === null) return "—";
  const MB = 1024 * 1024;
  if (n >= 1024 * MB) return `${Number((n / (1024 * MB)).toFixed(1))} GB`;
  if (n >= MB) return `${Number((n / MB).toFixed(1))} MB`;
  if (n >= 1024) return `${Number((n / 1024).toFixed(1))} KB`;
  return `${n} B`;
}

export type FileKind = "pdf" | "word" | "excel" | "powerpoint" | "image" | "archive" | "text" | "other";

const BY_EXTENSION: Record<string, FileKind> = {
  pdf: "pdf",
  doc: "word",
  docx: "word",
  xls: "excel",
  xlsx: "excel",
  ppt: "powerpoint",
  pptx: "powerpoint",
  jpg: "image",
  jpeg: "image",
  png: "image",
  gif: "image",
  bmp: "image",
  webp: "image",
  zip: "archive",
  rar: "archive",
  "7z": "archive",
  gz: "archive",
  tar: "archive",
  txt: "text",
  csv: "text",
};

/** Which icon a file gets: by the name's extension, else by its MIME type. */
export function fileKind(name: string, type = ""): FileKind {
  const dot = name.lastIndexOf(".");
  const byExt = dot >= 0 ? BY_EXTENSION[name.slice(dot + 1).toLowerCase()] : undefined;
  if (byExt) return byExt;
  const t = type.toLowerCase();
  if (t.startsWith("image/")) return "image";
  if (t === "application/pdf") return "pdf";
  if (t.includes("wordprocessing") || t === "application/msword") return "word";
  if (t.includes("spreadsheet") || t === "application/vnd.ms-excel") return "excel";
  if (t.includes("presentation") || t === "application/vnd.ms-powerpoint") return "powerpoint";
  if (t.includes("zip") || t.includes("compressed")) return "archive";
  if (t.startsWith("text/")) return "text";
  return "other";
}

/** The web route that streams the client download (JHAppServer/DownLoad) for the logged-in user. */
export const CLIENT_DOWNLOAD_ROUTE = "/download/client";
