import { gunzipSync, gzipSync } from "node:zlib";

/**
 * The files an instruction-mode form uploads beside the main input (pseudopotentials, a .geo, a data file, or
 * a whole case as a .tar / .tar.gz archive with its folders), read into the deck the API takes: relative path →
 * text. Only text files: a deck is the code's input, and binary content is refused here with its name.
 */

/** The API's limits on a deck (api/compute/tasks/input.ts), checked here first so nothing large is unpacked. */
export const DECK_MAX_BYTES = 1024 * 1024;
export const DECK_MAX_FILES = 100;

export type DeckFiles = Record<string, string>;
export type DeckRefusal = { reason: "tooLarge" | "tooMany" | "notText" | "badArchive"; name: string };

const ARCHIVE = /\.(tar|tar\.gz|tgz)$/i;
const isGzip = (b: Uint8Array) => b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;

/** Text is UTF-8 without NUL bytes; anything else (an executable, a compressed file) is not a deck file. */
function asText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const cString = (b: Uint8Array, from: number, len: number) => {
  const end = b.subarray(from, from + len).indexOf(0);
  return new TextDecoder().decode(b.subarray(from, end < 0 ? from + len : from + end));
};

/** Entries of a POSIX (ustar, pax or GNU) tar: regular files only, with their paths; null when it is not a tar. */
export function untar(archive: Uint8Array, maxBytes = DECK_MAX_BYTES): Array<{ path: string; bytes: Uint8Array }> | null {
  const out: Array<{ path: string; bytes: Uint8Array }> = [];
  let at = 0;
  let longName: string | null = null;
  let total = 0;
  while (at + 512 <= archive.length) {
    const h = archive.subarray(at, at + 512);
    if (h.every((x) => x === 0)) break;
    const size = parseInt(cString(h, 124, 12).trim() || "0", 8);
    if (!Number.isFinite(size) || size < 0) return null;
    const type = String.fromCharCode(h[156] || 48);
    const body = archive.subarray(at + 512, at + 512 + size);
    if (body.length < size) return null;
    at += 512 + Math.ceil(size / 512) * 512;
    if (type === "x" || type === "L") {
      // pax extended header ("len path=value\n" records) or GNU long name: the next entry's real path.
      const text = new TextDecoder().decode(body);
      longName = type === "L" ? text.replace(/\0+$/, "") : (/(?:^|\n)\d+ path=([^\n]*)\n/.exec(text)?.[1] ?? null);
      continue;
    }
    const prefix = cString(h, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${cString(h, 0, 100)}` : cString(h, 0, 100));
    longName = null;
    if (type !== "0" && type !== "\0" && type !== "7") continue; // folders, links, devices: not deck files
    total += size;
    if (total > maxBytes) throw Object.assign(new Error("tar too large"), { tooLarge: true });
    out.push({ path: name.replace(/^\.\//, ""), bytes: body });
  }
  return out;
}

/**
 * A case archived with its folder (`tar czf cavity.tgz cavity`) has every path under `cavity/`: that folder
 * is dropped so the paths are the case's own (`system/controlDict`).
 */
function dropCommonFolder(paths: string[]): (p: string) => string {
  const first = paths[0]?.split("/")[0];
  const common = first !== undefined && paths.length > 0 && paths.every((p) => p.includes("/") && p.split("/")[0] === first);
  return common ? (p) => p.slice(first!.length + 1) : (p) => p;
}

/** Reads uploaded files (plain text files keep their base name; archives their paths) into one deck. */
export async function readDeckFiles(uploads: File[]): Promise<{ files: DeckFiles } | { refused: DeckRefusal }> {
  const files: DeckFiles = {};
  let total = 0;
  const add = (name: string, bytes: Uint8Array): DeckRefusal | null => {
    const text = asText(bytes);
    if (text === null) return { reason: "notText", name };
    total += bytes.length;
    if (total > DECK_MAX_BYTES) return { reason: "tooLarge", name };
    files[name] = text;
    return Object.keys(files).length > DECK_MAX_FILES ? { reason: "tooMany", name } : null;
  };
  for (const upload of uploads) {
    if (upload.size === 0) continue;
    if (upload.size > DECK_MAX_BYTES) return { refused: { reason: "tooLarge", name: upload.name } };
    const raw = new Uint8Array(await upload.arrayBuffer());
    const baseName = upload.name.split(/[\\/]/).pop() ?? upload.name;
    if (!ARCHIVE.test(baseName)) {
      const refused = add(baseName, raw);
      if (refused) return { refused };
      continue;
    }
    let entries: ReturnType<typeof untar>;
    try {
      // A gzip bomb stops at the limit: the output is capped before it is inflated any further.
      const tar = isGzip(raw) ? new Uint8Array(gunzipSync(raw, { maxOutputLength: DECK_MAX_BYTES + 512 * (DECK_MAX_FILES + 2) * 2 })) : raw;
      entries = untar(tar);
    } catch (e) {
      const tooLarge = (e as { tooLarge?: boolean; code?: string }).tooLarge || (e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE";
      return { refused: { reason: tooLarge ? "tooLarge" : "badArchive", name: baseName } };
    }
    if (!entries) return { refused: { reason: "badArchive", name: baseName } };
    // Hidden entries (macOS's ._ files, .git) are never a code's input.
    const visible = entries.filter((e) => !e.path.split("/").some((seg) => seg.startsWith(".")));
    const strip = dropCommonFolder(visible.map((e) => e.path));
    for (const e of visible) {
      const refused = add(strip(e.path), e.bytes);
      if (refused) return { refused };
    }
  }
  return { files };
}

/** One ustar header of a regular file ("0") or a pax extended header ("x"). */
function tarHeader(name: string, size: number, mtime: number, type: "0" | "x" = "0"): Uint8Array {
  const h = new Uint8Array(512);
  const put = (text: string, at: number, len: number) => h.set(new TextEncoder().encode(text).subarray(0, len), at);
  const octal = (n: number, len: number) => n.toString(8).padStart(len - 1, "0") + "\0";
  put(name, 0, 100);
  put(octal(0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(mtime, 12), 136, 12);
  put("        ", 148, 8); // the checksum counts its own field as spaces
  h[156] = type.charCodeAt(0);
  put("ustar\0", 257, 6);
  put("00", 263, 2);
  const sum = h.reduce((a, b) => a + b, 0);
  put(sum.toString(8).padStart(6, "0") + "\0 ", 148, 8);
  return h;
}

/** A pax record "<len> path=<name>\n", whose length counts its own digits. */
function paxPath(name: string): Uint8Array {
  const rest = ` path=${name}\n`;
  let len = new TextEncoder().encode(rest).length;
  while (String(len).length + new TextEncoder().encode(rest).length !== len) len = String(len).length + new TextEncoder().encode(rest).length;
  return new TextEncoder().encode(`${len}${rest}`);
}

const padding = (n: number) => new Uint8Array((512 - (n % 512)) % 512);

/**
 * A deck as a .tar.gz whose paths sit under one folder (`<folder>/system/controlDict`), as `tar czf` of a case
 * folder would make it: unpacked by hand it is a case, and uploaded again readDeckFiles drops the folder.
 */
export function deckTarGz(folder: string, files: DeckFiles, mtime = Math.floor(Date.now() / 1000)): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  for (const [rel, text] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const name = `${folder}/${rel}`;
    const body = new TextEncoder().encode(text);
    if (new TextEncoder().encode(name).length > 100) {
      // Longer than ustar's name field: a pax header carries the whole path first.
      const pax = paxPath(name);
      parts.push(tarHeader("PaxHeader", pax.length, mtime, "x"), pax, padding(pax.length));
    }
    parts.push(tarHeader(name, body.length, mtime), body, padding(body.length));
  }
  parts.push(new Uint8Array(1024)); // two zero blocks end the archive
  return new Uint8Array(gzipSync(Buffer.concat(parts)));
}
