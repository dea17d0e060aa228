import busboy from "busboy";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sanitiseName } from "../attachments/names.ts";

/**
 * An instrument file as it arrives (docs/instrument-data.md): the multipart body is read as a stream, the `file`
 * part written to a `.part-` file beside its final place and hashed on the way, so a file of gigabytes passes
 * through a few buffers of memory. The small fields (SampleId, Sha256) may come before or after the file.
 */
export interface Received {
  partPath: string;
  fileName: string;
  size: number;
  sha256: string;
  fields: Record<string, string>;
}

export type ReceiveFailure = "noFile" | "tooLarge" | "cutShort";

export const PART_PREFIX = ".part-";

export async function receiveFile(req: IncomingMessage, dir: string, maxBytes: number): Promise<Received | { failed: ReceiveFailure }> {
  const contentType = String(req.headers["content-type"] ?? "");
  if (!/^multipart\/form-data/i.test(contentType)) return { failed: "noFile" };
  if (Number(req.headers["content-length"] ?? 0) > maxBytes + 64 * 1024) return { failed: "tooLarge" };
  await fs.promises.mkdir(dir, { recursive: true });
  let bb: busboy.Busboy;
  try {
    // Browsers send UTF-8 names; busboy's default for them is latin1.
    bb = busboy({ headers: { "content-type": contentType }, defParamCharset: "utf8", limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024 } });
  } catch {
    return { failed: "noFile" };
  }
  const fields: Record<string, string> = {};
  // Set by busboy's callback (a holder, so the compiler does not take it for null after the await).
  const got: { file: { partPath: string; fileName: string; size: number; hash: ReturnType<typeof createHash>; truncated: boolean; written: Promise<void> } | null } = { file: null };
  const parsed = new Promise<void>((resolve, reject) => {
    bb.on("file", (name, stream, info) => {
      if (name !== "file" || got.file) return stream.resume();
      const partPath = path.join(dir, `${PART_PREFIX}${randomUUID()}`);
      const f = { partPath, fileName: sanitiseName(info.filename ?? "") || "file", size: 0, hash: createHash("sha256"), truncated: false, written: Promise.resolve() };
      // Hashed and counted as it passes to the disk, with the disk's backpressure.
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          f.hash.update(chunk);
          f.size += chunk.length;
          done(null, chunk);
        },
      });
      stream.on("limit", () => (f.truncated = true));
      f.written = pipeline(stream, tap, fs.createWriteStream(partPath, { flags: "wx", mode: 0o640 }));
      // Seen by the caller through `written`; unheard, a stream error would take the API down.
      f.written.catch(() => {});
      got.file = f;
    });
    bb.on("field", (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });
    bb.on("close", () => resolve());
    bb.on("error", reject);
    req.on("aborted", () => reject(new Error("aborted")));
  });
  const remove = () => (got.file ? fs.promises.rm(got.file.partPath, { force: true }) : Promise.resolve());
  try {
    req.pipe(bb);
    await parsed;
    const f = got.file;
    if (!f) return { failed: "noFile" };
    await f.written;
    if (f.truncated || f.size === 0) {
      await remove();
      return { failed: f.truncated ? "tooLarge" : "noFile" };
    }
    return { partPath: f.partPath, fileName: f.fileName, size: f.size, sha256: f.hash.digest("hex"), fields };
  } catch {
    await remove();
    return { failed: "cutShort" };
  }
}

/** Removes `.part-` files older than an hour: an upload that died with its API (another may be writing now). */
export async function removeStaleParts(dir: string, olderThanMs = 3600_000): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.startsWith(PART_PREFIX))) {
    const p = path.join(dir, name);
    const st = await fs.promises.stat(p).catch(() => null);
    if (st && Date.now() - st.mtimeMs > olderThanMs) {
      await fs.promises.rm(p, { force: true });
      removed++;
    }
  }
  return removed;
}
