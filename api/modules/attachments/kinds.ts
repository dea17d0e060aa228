/**
 * The file kinds an upload may be, by the name's extension: the type stored and answered on download, and
 * what the content must be sniffed as (file-type's `ext`). The old binary Office formats all sniff as
 * `cfb`; the Office Open XML ones as themselves, and also pass for `.zip` since they are zip archives.
 * `text`: no signature; valid UTF-8 without NUL bytes instead. SVG and HTML are deliberately absent: a
 * browser runs their scripts, so no setting can allow them.
 */
export interface FileKind {
  mime: string;
  sniff: readonly string[];
  text?: true;
  /** Shown inline in the browser (images only); everything else downloads as an attachment. */
  inline?: true;
}

export const FILE_KINDS: Readonly<Record<string, FileKind>> = {
  jpg: { mime: "image/jpeg", sniff: ["jpg"], inline: true },
  jpeg: { mime: "image/jpeg", sniff: ["jpg"], inline: true },
  png: { mime: "image/png", sniff: ["png", "apng"], inline: true },
  gif: { mime: "image/gif", sniff: ["gif"], inline: true },
  bmp: { mime: "image/bmp", sniff: ["bmp"], inline: true },
  webp: { mime: "image/webp", sniff: ["webp"], inline: true },
  pdf: { mime: "application/pdf", sniff: ["pdf"] },
  doc: { mime: "application/msword", sniff: ["cfb"] },
  xls: { mime: "application/vnd.ms-excel", sniff: ["cfb"] },
  ppt: { mime: "application/vnd.ms-powerpoint", sniff: ["cfb"] },
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", sniff: ["docx"] },
  xlsx: { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", sniff: ["xlsx"] },
  pptx: { mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", sniff: ["pptx"] },
  zip: { mime: "application/zip", sniff: ["zip", "docx", "xlsx", "pptx"] },
  txt: { mime: "text/plain; charset=utf-8", sniff: [], text: true },
  csv: { mime: "text/csv; charset=utf-8", sniff: [], text: true },
};

export const DEFAULT_ATTACHMENT_TYPES = "jpg,jpeg,png,gif,bmp,webp,pdf,doc,docx,xls,xlsx,ppt,pptx,zip,txt,csv";
export const DEFAULT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The extension of a file name, lowercased, or "" when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

/** A byte count as people read it in a message: "10 MB", "512 KB", "300 bytes". */
export function formatBytes(n: number): string {
  const MB = 1024 * 1024;
  if (n >= MB) return `${Number((n / MB).toFixed(1))} MB`;
  if (n >= 1024) return `${Number((n / 1024).toFixed(1))} KB`;
  return `${n} bytes`;
}
