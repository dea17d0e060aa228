import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The documents' cache under DATA_DIR/documents: one folder per content hash (SHA-256 of the file's bytes) with
 * the converted PDF of an Office file, the page facts and the rendered pages. Keyed by content, so a file
 * replaced under the same name never shows a stale page, and two copies of one file share their pages. Every
 * file is written under a temporary name and renamed into place, so a reader never sees half a page.
 */
export class DocumentCache {
  readonly root: string;
  /** file → the hash of its bytes while its size, mtime and inode stay the same (hashing 10 MB costs ~30 ms). */
  private hashes = new Map<string, { stamp: string; hash: string }>();
  private lastPrune = 0;

  constructor(
    dataDir: string,
    private maxAgeDays: number,
  ) {
    this.root = path.join(dataDir, "documents");
  }

  async contentHash(file: string, stat: fs.Stats): Promise<string> {
    // ctime too: a rewrite that restores the size and the mtime (utimes) still changes it.
    const stamp = `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}`;
    const known = this.hashes.get(file);
    if (known?.stamp === stamp) return known.hash;
    const hash = crypto.createHash("sha256");
    for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
    const out = hash.digest("hex");
    if (this.hashes.size >= 10_000) this.hashes.delete(this.hashes.keys().next().value!);
    this.hashes.set(file, { stamp, hash: out });
    return out;
  }

  dirOf(hash: string): string {
    if (!/^[a-f0-9]{64}$/.test(hash)) throw new Error("not a content hash");
    return path.join(this.root, hash.slice(0, 2), hash);
  }

  /** A fresh folder for a tool's scratch files (a conversion's profile and output), inside the cache's volume. */
  async scratch(): Promise<string> {
    await fs.promises.mkdir(path.join(this.root, "tmp"), { recursive: true });
    return fs.promises.mkdtemp(path.join(this.root, "tmp", "w-"));
  }

  /** Moves a finished file into the cache; its readers see either nothing or all of it. */
  async place(from: string, target: string): Promise<void> {
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(from, target);
    void this.prune();
  }

  /**
   * A document the database holds (a test report's PDF), copied once into its content's folder as
   * `source.<ext>` so the viewer reads it as a file (`bytes` is read only then); the prune removes it with the
   * pages drawn from it, and the next view copies it again.
   */
  async fileOf(hash: string, ext: string, bytes: () => Promise<Buffer>): Promise<string> {
    const target = path.join(this.dirOf(hash), `source.${ext}`);
    if (await fs.promises.stat(target).catch(() => null)) return target;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
    await fs.promises.writeFile(tmp, await bytes());
    await this.place(tmp, target);
    return target;
  }

  async writeJson(target: string, value: unknown): Promise<void> {
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
    await fs.promises.writeFile(tmp, JSON.stringify(value));
    await this.place(tmp, target);
  }

  async readJson<T>(file: string): Promise<T | null> {
    try {
      return JSON.parse(await fs.promises.readFile(file, "utf8")) as T;
    } catch {
      return null;
    }
  }

  /** Marks a document's folder as used (its mtime), so the prune keeps what people still open. */
  async touch(hash: string): Promise<void> {
    const now = new Date();
    await fs.promises.utimes(this.dirOf(hash), now, now).catch(() => undefined);
  }

  /**
   * At most once an hour, after something new was cached: removes the folders not used for DOCUMENT_CACHE_DAYS
   * (0: keep them) and scratch folders a killed process left behind. Never throws; a folder in use is simply made again.
   */
  async prune(now = Date.now()): Promise<void> {
    if (now - this.lastPrune < 3600_000) return;
    this.lastPrune = now;
    const cutoff = now - this.maxAgeDays * 86400_000;
    try {
      for (const shard of await fs.promises.readdir(this.root)) {
        const shardDir = path.join(this.root, shard);
        const scratch = shard === "tmp";
        for (const name of await fs.promises.readdir(shardDir).catch(() => [] as string[])) {
          const dir = path.join(shardDir, name);
          const st = await fs.promises.stat(dir).catch(() => null);
          // Scratch folders live for one conversion (minutes at most).
          const old = scratch ? st && st.mtimeMs < now - 86400_000 : st && this.maxAgeDays > 0 && st.mtimeMs < cutoff;
          if (old) await fs.promises.rm(dir, { recursive: true, force: true });
        }
      }
    } catch {
      // Nothing cached yet.
    }
  }
}
