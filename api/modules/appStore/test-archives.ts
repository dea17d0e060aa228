import { open } from "node:fs/promises";
import { crc32, createDeflateRaw, createGzip, deflateRawSync } from "node:zlib";
import { Header } from "tar";

/**
 * Writers for the app-store tests: real zip and tar.gz files, including the hostile ones no well-behaved
 * archiver makes (`../evil`, absolute names, symlink modes, sizes that lie). Zero-filled bodies are deflated
 * as a stream, so a 300 MiB bomb costs a few hundred KB of memory, never 300 MiB.
 */

export type Body = Buffer | string | { zeros: number };

export interface ZipSpec {
  name: string;
  body?: Body;
  /** Unix mode with type bits (0o120777 for a symlink); stored in the external attributes' upper half. */
  mode?: number;
  /** The uncompressed size the headers claim; the real one when absent. */
  declaredSize?: number;
}

const CHUNK = 1024 * 1024;

/** Feeds `n` zero bytes through a compressor in 1 MiB chunks, honouring back-pressure; returns the crc of the input. */
async function feedZeros(n: number, sink: NodeJS.WritableStream & { once: (ev: string, cb: () => void) => unknown }): Promise<number> {
  const zeros = Buffer.alloc(Math.min(CHUNK, Math.max(n, 1)));
  let crc = 0;
  for (let left = n; left > 0; ) {
    const piece = left >= zeros.length ? zeros : zeros.subarray(0, left);
    crc = crc32(piece, crc);
    left -= piece.length;
    if (!sink.write(piece)) await new Promise<void>((r) => sink.once("drain", r));
  }
  return crc;
}

async function deflateBody(body: Body): Promise<{ data: Buffer; crc: number; size: number }> {
  if (Buffer.isBuffer(body) || typeof body === "string") {
    const buf = Buffer.from(body);
    return { data: deflateRawSync(buf), crc: crc32(buf), size: buf.length };
  }
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (c: Buffer) => out.push(c));
  const ended = new Promise<void>((r) => deflate.on("end", () => r()));
  const crc = await feedZeros(body.zeros, deflate);
  deflate.end();
  await ended;
  return { data: Buffer.concat(out), crc, size: body.zeros };
}

/** Writes a zip file (deflate, no zip64) with exactly the given names, modes and declared sizes. */
export async function writeZip(path: string, entries: ZipSpec[]): Promise<void> {
  const fh = await open(path, "w");
  const central: Buffer[] = [];
  let offset = 0;
  const put = async (buf: Buffer) => {
    await fh.write(buf, 0, buf.length, offset);
    offset += buf.length;
  };
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const isDir = e.name.endsWith("/");
    const { data, crc, size } = isDir ? { data: Buffer.alloc(0), crc: 0, size: 0 } : await deflateBody(e.body ?? "");
    const method = isDir ? 0 : 8;
    const declared = e.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const headerAt = offset;
    await put(Buffer.concat([local, name]));
    await put(data);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the mode in the external attributes counts
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x0800, 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt16LE(0, 12);
    cd.writeUInt16LE(0x21, 14);
    cd.writeUInt32LE(crc >>> 0, 16);
    cd.writeUInt32LE(data.length, 20);
    cd.writeUInt32LE(declared, 24);
    cd.writeUInt16LE(name.length, 28);
    const mode = e.mode ?? (isDir ? 0o040755 : 0o100644);
    cd.writeUInt32LE(((mode << 16) | (isDir ? 0x10 : 0)) >>> 0, 38);
    cd.writeUInt32LE(headerAt, 42);
    central.push(Buffer.concat([cd, name]));
  }
  const cdStart = offset;
  const cdBuf = Buffer.concat(central);
  await put(cdBuf);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBuf.length, 12);
  end.writeUInt32LE(cdStart, 16);
  await put(end);
  await fh.close();
}

export interface TarSpec {
  name: string;
  body?: Body;
  type?: "File" | "Directory" | "SymbolicLink" | "Link" | "CharacterDevice" | "FIFO";
  linkpath?: string;
}

/** Writes a gzip-compressed tar; bodies of zeros (and `trailingZeros` after the end) are streamed through gzip, never held whole. */
export async function writeTarGz(path: string, entries: TarSpec[], trailingZeros = 0): Promise<void> {
  const fh = await open(path, "w");
  const gz = createGzip({ level: 9 });
  const out = fh.createWriteStream();
  gz.pipe(out);
  const closed = new Promise<void>((r) => out.on("close", () => r()));
  const write = async (buf: Buffer) => {
    if (!gz.write(buf)) await new Promise<void>((r) => gz.once("drain", () => r()));
  };
  for (const e of entries) {
    const type = e.type ?? (e.name.endsWith("/") ? "Directory" : "File");
    const body = e.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(e.body) || typeof e.body === "string" ? Buffer.from(e.body) : null;
    const size = type === "File" ? (body ? body.length : (e.body as { zeros: number }).zeros) : 0;
    const h = new Header({ path: e.name, type, size, mode: type === "Directory" ? 0o755 : 0o644, uid: 0, gid: 0, mtime: new Date(0), linkpath: e.linkpath, devmaj: 0, devmin: 0 });
    const block = Buffer.alloc(512);
    h.encode(block, 0);
    await write(block);
    if (type !== "File") continue;
    if (body) await write(body);
    else await feedZeros(size, gz);
    if (size % 512) await write(Buffer.alloc(512 - (size % 512)));
  }
  await write(Buffer.alloc(1024));
  // Zero blocks after the end-of-archive marker: legal padding, and a gzip bomb's favourite filler.
  if (trailingZeros) await feedZeros(trailingZeros, gz);
  gz.end();
  await closed;
}
