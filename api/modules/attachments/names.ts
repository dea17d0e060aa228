import crypto from "node:crypto";
import { extensionOf } from "./kinds.ts";

/**
 * The stored name, which is the AttachmentPath clients hold: 32 random hex digits and the extension. A
 * path must match this exactly before it is looked up, so `../`, encoded slashes or absolute paths never
 * come near the file system. (common/sanitize.ts allows `<img src="/attachment/<this>">`.)
 */
export const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{1,5}$/;

export const newStoredName = (ext: string) => `${crypto.randomBytes(16).toString("hex")}.${ext}`;

export const MAX_NAME_LENGTH = 120;

// Control characters and the bidirectional overrides that can make "exe.pdf" read as "fdp.exe".
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The original name as it may be shown and offered again: no directories, no control characters, capped. */
export function sanitiseName(raw: string): string {
  const base = raw.replace(UNSAFE_CHARS, "").split(/[\\/]/).pop()!.trim().replace(/^\.+/, "");
  const chars = Array.from(base);
  if (chars.length <= MAX_NAME_LENGTH) return base;
  // Too long: shorten the stem and keep the extension, which decides the type.
  const ext = extensionOf(base);
  const keep = MAX_NAME_LENGTH - (ext ? ext.length + 1 : 0);
  return chars.slice(0, keep).join("").trimEnd() + (ext ? `.${ext}` : "");
}

/** Content-Disposition with an ASCII fallback and the real name in RFC 5987 `filename*`. */
export function contentDisposition(name: string, inline: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
