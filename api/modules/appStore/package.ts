import { constants as fsc, createReadStream } from "node:fs";
import { chmod, lstat, mkdir, mkdtemp, open, readdir, readFile, rename, rm, rmdir } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { Parser as TarParser, type ReadEntry } from "tar";
import yauzl from "yauzl";
import type { Lang, Texts } from "../../http/messages.ts";
import { appError, mib, type AppStoreError, type Checked } from "./errors.ts";
import { MANIFEST_NAMES, MAX_MANIFEST_BYTES, manifestError, parseManifestText, validateManifest, type AppManifest } from "./manifest.ts";

/**
 * Reading an uploaded app package (zip or tar.gz) into a directory, refusing anything that could write
 * outside it or fill the disk: absolute and `..` paths, links, device files, too many entries, too many bytes
 * (counted while inflating, so a zip bomb stops at the limit whatever its headers declare). Extraction goes
 * to a fresh temp dir beside the destination and is renamed into place only when everything passed; on a
 * refusal the temp dir is removed, so a refused package leaves nothing on disk.
 */

export interface PackageLimits {
  /** The uploaded file itself. */
  maxCompressedBytes: number;
  /** Files and directories together. */
  maxEntries: number;
  /** One file, uncompressed. */
  maxFileBytes: number;
  /** All files, uncompressed. */
  maxTotalBytes: number;
}

export const PACKAGE_LIMITS: PackageLimits = {
  maxCompressedBytes: 20 * 1024 * 1024,
  maxEntries: 2000,
  maxFileBytes: 50 * 1024 * 1024,
  maxTotalBytes: 200 * 1024 * 1024,
};

/** What a readPackage success gives: the package root (destDir, or its single top-level folder), its files. */
export interface ReadPackage {
  root: string;
  /** Files (not directories) relative to root, `/`-separated, sorted. */
  files: string[];
  manifest: AppManifest;
}

type Params = Record<string, string | number>;
const MESSAGES: Record<string, (p: Params, l: Lang) => string> = {
  "package-too-large": (p, l) => pick(l, `应用包不能超过 ${p.limit}（压缩后）`, `The package cannot be larger than ${p.limit} (compressed)`, `El paquete no puede superar ${p.limit} (comprimido)`, `パッケージは圧縮後 ${p.limit} 以下にしてください`),
  "package-format": (_, l) => pick(l, "应用包必须是 .zip 或 .tar.gz 文件", "The package must be a .zip or .tar.gz file", "El paquete debe ser un archivo .zip o .tar.gz", "パッケージは .zip か .tar.gz ファイルでなければなりません"),
  "package-corrupt": (p, l) => pick(l, `应用包已损坏，无法读取（${p.detail}）`, `The package is damaged and cannot be read (${p.detail})`, `El paquete está dañado y no se puede leer (${p.detail})`, `パッケージが壊れていて読めません（${p.detail}）`),
  "entry-absolute": (p, l) => pick(l, `应用包中的“${p.name}”是绝对路径，不允许`, `"${p.name}" in the package is an absolute path, which is not allowed`, `"${p.name}" del paquete es una ruta absoluta, no permitida`, `パッケージ内の「${p.name}」は絶対パスで、使えません`),
  "entry-traversal": (p, l) => pick(l, `应用包中的“${p.name}”含有 ..，会写到包外，不允许`, `"${p.name}" in the package contains .. and would be written outside it`, `"${p.name}" del paquete contiene .. y se escribiría fuera de él`, `パッケージ内の「${p.name}」は .. を含み、パッケージの外に書き込まれるため使えません`),
  "entry-bad-name": (p, l) => pick(l, `应用包中的文件名“${p.name}”不合法（过长或含控制字符）`, `The name "${p.name}" in the package is not valid (too long or with control characters)`, `El nombre "${p.name}" del paquete no es válido (demasiado largo o con caracteres de control)`, `パッケージ内の名前「${p.name}」が不正です（長すぎるか制御文字を含みます）`),
  "entry-symlink": (p, l) => pick(l, `应用包不能包含符号链接（${p.name}）`, `The package cannot contain symbolic links (${p.name})`, `El paquete no puede contener enlaces simbólicos (${p.name})`, `パッケージにシンボリックリンクは入れられません（${p.name}）`),
  "entry-hardlink": (p, l) => pick(l, `应用包不能包含硬链接（${p.name}）`, `The package cannot contain hard links (${p.name})`, `El paquete no puede contener enlaces duros (${p.name})`, `パッケージにハードリンクは入れられません（${p.name}）`),
  "entry-special": (p, l) => pick(l, `应用包不能包含设备文件、管道或套接字（${p.name}）`, `The package cannot contain device files, pipes or sockets (${p.name})`, `El paquete no puede contener dispositivos, tuberías ni sockets (${p.name})`, `パッケージにデバイスファイル・パイプ・ソケットは入れられません（${p.name}）`),
  "entry-unsupported": (p, l) => pick(l, `应用包中的“${p.name}”类型不受支持（只能是普通文件和目录）`, `"${p.name}" in the package is of an unsupported kind (only files and folders)`, `"${p.name}" del paquete es de un tipo no admitido (solo archivos y carpetas)`, `パッケージ内の「${p.name}」は対応していない種類です（ファイルとフォルダのみ）`),
  "entry-encrypted": (p, l) => pick(l, `应用包不能包含加密文件（${p.name}）`, `The package cannot contain encrypted files (${p.name})`, `El paquete no puede contener archivos cifrados (${p.name})`, `パッケージに暗号化ファイルは入れられません（${p.name}）`),
  "entry-duplicate": (p, l) => pick(l, `应用包中“${p.name}”出现了不止一次`, `"${p.name}" appears more than once in the package`, `"${p.name}" aparece más de una vez en el paquete`, `パッケージ内に「${p.name}」が複数あります`),
  "too-many-entries": (p, l) => pick(l, `应用包最多只能有 ${p.limit} 个文件和目录`, `The package can have at most ${p.limit} files and folders`, `El paquete admite como máximo ${p.limit} archivos y carpetas`, `パッケージのファイルとフォルダは最大 ${p.limit} 個です`),
  "file-too-large": (p, l) => pick(l, `“${p.name}”解压后超过 ${p.limit}`, `"${p.name}" is larger than ${p.limit} uncompressed`, `"${p.name}" supera ${p.limit} sin comprimir`, `「${p.name}」は展開後 ${p.limit} を超えています`),
  "total-too-large": (p, l) => pick(l, `应用包解压后总大小超过 ${p.limit}`, `The package is larger than ${p.limit} uncompressed`, `El paquete supera ${p.limit} sin comprimir`, `パッケージは展開後の合計が ${p.limit} を超えています`),
  "size-mismatch": (p, l) => pick(l, `“${p.name}”的实际大小与包中记录的不符，应用包可能被篡改`, `The real size of "${p.name}" differs from the size recorded in the package, which may have been tampered with`, `El tamaño real de "${p.name}" no coincide con el registrado en el paquete, que puede estar manipulado`, `「${p.name}」の実際のサイズがパッケージの記録と異なります。改ざんされている可能性があります`),
  "manifest-missing": (_, l) => pick(l, `应用包根目录中没有清单文件 ${MANIFEST_NAMES.join(" / ")}`, `The package has no manifest (${MANIFEST_NAMES.join(" / ")}) at its root`, `El paquete no tiene manifiesto (${MANIFEST_NAMES.join(" / ")}) en su raíz`, `パッケージの最上位にマニフェスト（${MANIFEST_NAMES.join(" / ")}）がありません`),
  "manifest-ambiguous": (p, l) => pick(l, `应用包中有多个清单文件（${p.names}），只能保留一个`, `The package has more than one manifest (${p.names}); keep one`, `El paquete tiene más de un manifiesto (${p.names}); deje uno`, `パッケージにマニフェストが複数あります（${p.names}）。1 つにしてください`),
};

function pick(lang: Lang, zh: string, en: string, es: string, ja: string): string {
  return { zh, en, es, ja }[lang];
}

function packageError(path: string, code: string, params: Params = {}): AppStoreError {
  const fn = MESSAGES[code];
  const text = (l: Lang) => fn(params, l);
  return appError(path, code, { zh: text("zh"), en: text("en"), es: text("es"), ja: text("ja") } satisfies Texts);
}

/** Thrown inside extraction to stop it with the refusal to report. */
class Refused extends Error {
  constructor(readonly error: AppStoreError) {
    super(error.message.en);
  }
}
const refuse = (path: string, code: string, params: Params = {}): never => {
  throw new Refused(packageError(path, code, params));
};

const MAX_PATH = 1024;
const MAX_SEGMENT_BYTES = 255;

/**
 * An entry's name as segments under the package root, or a refusal: absolute paths (also `C:/`), `..`
 * anywhere, NUL and control characters, over-long names. `.` and empty segments are dropped, so `./a//b`
 * is `a/b`; an entry that names the root itself gives [].
 */
export function entrySegments(name: string): string[] {
  const shown = name.slice(0, 200);
  if (name.startsWith("/") || /^[A-Za-z]:[\\/]/.test(name)) refuse(shown, "entry-absolute", { name: shown });
  if (/[\u0000-\u001f\u007f]/.test(name) || name.length > MAX_PATH) refuse(shown.replace(/[\u0000-\u001f\u007f]/g, "?"), "entry-bad-name", { name: shown.replace(/[\u0000-\u001f\u007f]/g, "?") });
  const segs = name.split("/").filter((s) => s !== "" && s !== ".");
  if (segs.includes("..")) refuse(shown, "entry-traversal", { name: shown });
  if (segs.some((s) => Buffer.byteLength(s) > MAX_SEGMENT_BYTES)) refuse(shown, "entry-bad-name", { name: shown });
  return segs;
}

/** Writes the entries of one package into `dir`, keeping every count the limits need. */
class Extraction {
  private entries = 0;
  private total = 0;
  private readonly seen = new Map<string, "file" | "dir">();
  readonly files: string[] = [];

  constructor(
    private readonly dir: string,
    private readonly limits: PackageLimits,
  ) {}

  count(name: string): void {
    if (++this.entries > this.limits.maxEntries) refuse(name, "too-many-entries", { limit: this.limits.maxEntries });
  }

  /** A directory entry (also implied by a file's parents). */
  async directory(segs: string[]): Promise<void> {
    for (let i = 1; i <= segs.length; i++) {
      const rel = segs.slice(0, i).join("/");
      const kind = this.seen.get(rel);
      if (kind === "file") refuse(rel, "entry-duplicate", { name: rel });
      if (kind) continue;
      this.seen.set(rel, "dir");
      await mkdir(join(this.dir, ...segs.slice(0, i)), { mode: 0o755 });
    }
  }

  /**
   * A regular file: created exclusively (O_EXCL | O_NOFOLLOW; nothing in the temp dir is a link anyway) and
   * filled from `source`, counting every inflated byte against the file and total limits.
   */
  async file(segs: string[], openSource: () => Readable | ReadEntry | Promise<Readable | ReadEntry>): Promise<void> {
    const rel = segs.join("/");
    if (this.seen.has(rel)) refuse(rel, "entry-duplicate", { name: rel });
    await this.directory(segs.slice(0, -1));
    this.seen.set(rel, "file");
    const target = join(this.dir, ...segs);
    if (relative(this.dir, target).startsWith("..")) refuse(rel, "entry-traversal", { name: rel });
    const fh = await open(target, fsc.O_WRONLY | fsc.O_CREAT | fsc.O_EXCL | fsc.O_NOFOLLOW, 0o644);
    const limits = this.limits;
    let own = 0;
    const counter = new Transform({
      transform: (chunk: Buffer, _enc, cb) => {
        own += chunk.length;
        this.total += chunk.length;
        if (own > limits.maxFileBytes) return cb(new Refused(packageError(rel, "file-too-large", { name: rel, limit: mib(limits.maxFileBytes) })));
        if (this.total > limits.maxTotalBytes) return cb(new Refused(packageError(rel, "total-too-large", { limit: mib(limits.maxTotalBytes) })));
        cb(null, chunk);
      },
    });
    this.files.push(rel);
    // The source is opened only now and piped at once: yauzl's stream starts inflating (and may fail its size
    // check) as soon as it exists, and an error with nobody listening would escape as an uncaught exception.
    const source = await openSource();
    await pipeline(source as Readable, counter, fh.createWriteStream());
  }

  declared(rel: string, size: number): void {
    if (size > this.limits.maxFileBytes) refuse(rel, "file-too-large", { name: rel, limit: mib(this.limits.maxFileBytes) });
  }
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

async function extractZip(file: string, ex: Extraction, limits: PackageLimits): Promise<void> {
  // decodeStrings off: yauzl would reject bad names with a bare error; we decode and judge them ourselves.
  const zip = await yauzl.openPromise(file, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: true, strictFileNames: false });
  try {
    if (zip.entryCount > limits.maxEntries) refuse("", "too-many-entries", { limit: limits.maxEntries });
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        const onEntry = (e: yauzl.Entry) => (cleanup(), resolve(e));
        const onEnd = () => (cleanup(), resolve(null));
        const onError = (e: Error) => (cleanup(), reject(e));
        const cleanup = () => (zip.off("entry", onEntry), zip.off("end", onEnd), zip.off("error", onError));
        zip.on("entry", onEntry).on("end", onEnd).on("error", onError);
        zip.readEntry();
      });
      if (!entry) return;
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw as unknown as Buffer, entry.extraFields, false);
      ex.count(name);
      const segs = entrySegments(name);
      // The upper 16 bits of the external attributes are the Unix mode when the archiver wrote one.
      const mode = (entry.externalFileAttributes >>> 16) & 0xffff;
      const type = mode & S_IFMT;
      if (type === S_IFLNK) refuse(name, "entry-symlink", { name });
      if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) refuse(name, "entry-special", { name });
      if (name.endsWith("/") || type === S_IFDIR) {
        await ex.directory(segs);
        continue;
      }
      if (segs.length === 0) refuse(name, "entry-bad-name", { name });
      if (entry.generalPurposeBitFlag & 0x1) refuse(name, "entry-encrypted", { name });
      ex.declared(segs.join("/"), entry.uncompressedSize);
      const open = () => new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))));
      try {
        await ex.file(segs, open);
      } catch (e) {
        // yauzl's own check of the inflated length against the declared one: a crafted or damaged entry.
        if (!(e instanceof Refused) && /bytes in the stream/.test(String((e as Error).message))) refuse(name, "size-mismatch", { name });
        throw e;
      }
    }
  } finally {
    zip.close();
  }
}

async function extractTarGz(file: string, ex: Extraction, limits: PackageLimits): Promise<void> {
  // The whole inflated tar stream is bounded too (headers, padding, skipped entries), not just file bodies.
  const streamCap = limits.maxTotalBytes + (limits.maxEntries + 16) * 1024 + 1024 * 1024;
  let inflated = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      // node-tar would quietly inflate a second layer (gzip or zstd inside the gzip), past our byte counts.
      if (inflated === 0 && chunk.length >= 4 && ((chunk[0] === 0x1f && chunk[1] === 0x8b) || chunk.readUInt32LE(0) === 0xfd2fb528)) {
        return cb(new Refused(packageError("", "package-format")));
      }
      inflated += chunk.length;
      if (inflated > streamCap) return cb(new Refused(packageError("", "total-too-large", { limit: mib(limits.maxTotalBytes) })));
      cb(null, chunk);
    },
  });
  // strict: a bad checksum or other malformed header is an error, not a warning skipped past.
  const parser = new TarParser({ strict: true });
  let failure: unknown = null;
  let pending: Promise<void> = Promise.resolve();
  const source = createReadStream(file);
  const gunzip = createGunzip();
  let stop: (e: unknown) => void = () => undefined;
  const onEntry = async (entry: ReadEntry): Promise<void> => {
    const name = entry.path;
    ex.count(name);
    const segs = entrySegments(name);
    switch (entry.type) {
      case "Directory":
        entry.resume();
        return ex.directory(segs);
      case "File":
      case "OldFile":
      case "ContiguousFile":
        if (segs.length === 0) refuse(name, "entry-bad-name", { name });
        ex.declared(segs.join("/"), entry.size ?? 0);
        return ex.file(segs, () => entry);
      case "SymbolicLink":
        return refuse(name, "entry-symlink", { name });
      case "Link":
        return refuse(name, "entry-hardlink", { name });
      case "CharacterDevice":
      case "BlockDevice":
      case "FIFO":
        return refuse(name, "entry-special", { name });
      default:
        return refuse(name, "entry-unsupported", { name });
    }
  };
  const done = new Promise<void>((resolve, reject) => {
    stop = (e: unknown) => {
      if (failure) return;
      failure = e;
      source.destroy();
      gunzip.destroy();
      cap.destroy();
      reject(e);
    };
    for (const s of [source, gunzip, cap]) s.on("error", (e: Error) => stop(e));
    parser.on("error", (e: unknown) => stop(e));
    // The parser emits its end once it has seen the archive's end and every entry was consumed.
    parser.on("end", () => resolve());
  });
  // Nothing after the end-of-archive blocks matters, so reading stops there: node-tar would keep appending
  // what follows to one buffer (quadratic copying, all of it in memory), which a gzip of zeros makes endless.
  parser.on("eof", () => {
    if (failure) return;
    cap.unpipe(parser as unknown as NodeJS.WritableStream);
    source.destroy();
    gunzip.destroy();
    cap.destroy();
    parser.end();
  });
  parser.on("entry", (entry: ReadEntry) => {
    if (failure) return entry.resume();
    // Entries come one at a time (the parser waits for this one's end), so the chain keeps their order.
    pending = pending.then(() => onEntry(entry)).catch((e) => {
      entry.resume();
      stop(e);
    });
  });
  parser.on("ignoredEntry", (entry: ReadEntry) => {
    if (failure) return;
    try {
      ex.count(entry.path);
      refuse(entry.path, "entry-unsupported", { name: entry.path.slice(0, 200) });
    } catch (e) {
      stop(e);
    }
  });
  source.pipe(gunzip).pipe(cap).pipe(parser as unknown as NodeJS.WritableStream);
  try {
    await done;
  } finally {
    // A file still being written when the archive ended (or failed) finishes or fails before we look at the dir.
    await pending.catch(() => undefined);
  }
  if (failure) throw failure;
}

async function magic(file: string): Promise<"zip" | "gzip" | null> {
  const fh = await open(file, fsc.O_RDONLY | fsc.O_NOFOLLOW);
  try {
    const buf = Buffer.alloc(4);
    await fh.read(buf, 0, 4, 0);
    if (buf[0] === 0x50 && buf[1] === 0x4b && ((buf[2] === 3 && buf[3] === 4) || (buf[2] === 5 && buf[3] === 6))) return "zip";
    if (buf[0] === 0x1f && buf[1] === 0x8b) return "gzip";
    return null;
  } finally {
    await fh.close();
  }
}

/** The folder the manifest is in: the extraction dir itself, or its only top-level folder (a zipped folder). */
async function findRoot(dir: string): Promise<{ root: string; prefix: string } | null> {
  const top = (await readdir(dir, { withFileTypes: true })).filter((d) => d.name !== "__MACOSX");
  if (top.some((d) => d.isFile() && (MANIFEST_NAMES as readonly string[]).includes(d.name))) return { root: dir, prefix: "" };
  if (top.length === 1 && top[0].isDirectory()) {
    const inner = join(dir, top[0].name);
    const names = await readdir(inner);
    if (names.some((n) => (MANIFEST_NAMES as readonly string[]).includes(n))) return { root: inner, prefix: `${top[0].name}/` };
  }
  return null;
}

/** Finds, parses and validates the manifest of an extracted package against its files. */
async function checkManifest(found: { root: string; prefix: string }, extracted: string[]): Promise<Checked<{ files: string[]; manifest: AppManifest }>> {
  const names = MANIFEST_NAMES.filter((n) => extracted.includes(found.prefix + n));
  if (names.length === 0) return { ok: false, errors: [packageError("", "manifest-missing")] };
  if (names.length > 1) return { ok: false, errors: [packageError("", "manifest-ambiguous", { names: names.join(", ") })] };
  const files = extracted.filter((f) => f.startsWith(found.prefix)).map((f) => f.slice(found.prefix.length)).sort();
  const path = join(found.root, names[0]);
  if ((await lstat(path)).size > MAX_MANIFEST_BYTES) return { ok: false, errors: [manifestError(names[0], "manifest-too-large", { limit: "256 KiB" })] };
  const parsed = parseManifestText(names[0], await readFile(path, "utf8"));
  if (!parsed.ok) return parsed;
  const checked = validateManifest(parsed.raw, new Set(files));
  return checked.ok ? { ok: true, files, manifest: checked.manifest } : checked;
}

/**
 * Reads the package `file` into `destDir` (which must not exist yet, or be empty) and validates its
 * manifest. On any refusal nothing is left: not `destDir`, not the temp dir beside it.
 */
export async function readPackage(file: string, destDir: string, limits: PackageLimits = PACKAGE_LIMITS): Promise<Checked<ReadPackage>> {
  const st = await lstat(file);
  if (!st.isFile()) return { ok: false, errors: [packageError("", "package-format")] };
  if (st.size > limits.maxCompressedBytes) return { ok: false, errors: [packageError("", "package-too-large", { limit: mib(limits.maxCompressedBytes) })] };
  const kind = await magic(file);
  if (!kind) return { ok: false, errors: [packageError("", "package-format")] };
  const existing = await readdir(destDir).catch((e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? null : Promise.reject(e)));
  if (existing && existing.length) throw new Error(`readPackage: ${destDir} is not empty`);

  // Beside destDir, so the final rename stays on one file system; hidden, so a listing does not show it.
  const tmp = await mkdtemp(join(dirname(destDir), `.${basename(destDir)}.partial-`));
  // mkdtemp makes it 0700; the package is read by the sandbox's own uid, so it gets the usual 0755.
  await chmod(tmp, 0o755);
  const ex = new Extraction(tmp, limits);
  let errors: AppStoreError[] = [];
  try {
    if (kind === "zip") await extractZip(file, ex, limits);
    else await extractTarGz(file, ex, limits);
    const found = await findRoot(tmp);
    const checked = found ? await checkManifest(found, ex.files) : { ok: false as const, errors: [packageError("", "manifest-missing")] };
    if (checked.ok) {
      if (existing) await rmdir(destDir);
      await rename(tmp, destDir);
      const root = found!.prefix ? join(destDir, found!.prefix.slice(0, -1)) : destDir;
      return { ok: true, root, files: checked.files, manifest: checked.manifest };
    }
    errors = checked.errors;
  } catch (e) {
    if (e instanceof Refused) errors = [e.error];
    else if (isArchiveError(e)) errors = [packageError("", "package-corrupt", { detail: String((e as Error).message).slice(0, 200) })];
    else {
      await rm(tmp, { recursive: true, force: true });
      throw e;
    }
  }
  await rm(tmp, { recursive: true, force: true });
  return { ok: false, errors };
}

/** Errors that mean the bytes are not a readable archive (as opposed to our own disk failing). */
function isArchiveError(e: unknown): boolean {
  const err = e as NodeJS.ErrnoException & { tarCode?: string };
  if (err?.tarCode || /^(Z_|TAR_)/.test(String(err?.code ?? ""))) return true;
  // A system call failing (disk full, permissions) or a programming error is ours, not the package's.
  if (typeof err?.code === "string" && /^E[A-Z]+$/.test(err.code)) return false;
  if (e instanceof TypeError || e instanceof RangeError || e instanceof ReferenceError) return false;
  // What is left are the archive readers' own complaints (yauzl: bad signatures, truncated records…).
  return e instanceof Error;
}

