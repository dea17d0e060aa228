import { fileTypeFromBuffer } from "file-type";
import type { FileKind } from "./kinds.ts";

// Markup a browser would render as a page or an image with scripts, whatever the name says.
const MARKUP_START = /^\s*<(?:!doctype\s+html|html|head|body|script|svg|\?xml|iframe)\b/i;

/** UTF-8 text without a NUL: what a text file's bytes must be. */
export function isPlainUtf8(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/** Whether the bytes really are what the name's extension says (see FILE_KINDS). */
export async function contentMatches(buf: Buffer, kind: FileKind): Promise<boolean> {
  const sniffed = await fileTypeFromBuffer(buf);
  if (kind.text) {
    if (sniffed) return false;
    if (!isPlainUtf8(buf)) return false;
    const head = buf.subarray(0, 1024).toString("utf8").replace(/^\uFEFF/, "");
    return !MARKUP_START.test(head);
  }
  return !!sniffed && kind.sniff.includes(sniffed.ext);
}
