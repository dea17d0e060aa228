import fs from "node:fs";
import path from "node:path";

/**
 * Disk used by each compute task's files (<data dir>/tasks/<task id>), for the data statistics. Walking every
 * task's directory is the only way to know, and it is slow for many tasks, so the sizes are kept for ten
 * minutes (the `taskStorage` cache of /systemManage/cacheManage). Symbolic links are counted as links, never
 * followed.
 */
const TTL_MS = 10 * 60 * 1000;

interface Memo {
  at: number;
  sizes: Promise<Map<string, number>>;
  /** Tasks measured, once the walk is done. */
  tasks: number;
}
const memos = new Map<string, Memo>();
const counts = { hits: 0, misses: 0 };

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return 0; // removed meanwhile
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) total += await dirBytes(p);
    else total += await fs.promises.lstat(p).then((s) => s.size, () => 0);
  }
  return total;
}

async function measure(dataDir: string): Promise<Map<string, number>> {
  const root = path.join(dataDir, "tasks");
  const sizes = new Map<string, number>();
  let dirs: fs.Dirent[];
  try {
    dirs = await fs.promises.readdir(root, { withFileTypes: true });
  } catch {
    return sizes; // no task yet
  }
  for (const d of dirs) if (d.isDirectory()) sizes.set(d.name, await dirBytes(path.join(root, d.name)));
  return sizes;
}

/** Bytes per task id (the directory's name). */
export function taskFileSizes(dataDir: string): Promise<Map<string, number>> {
  const hit = memos.get(dataDir);
  if (hit && Date.now() - hit.at < TTL_MS) {
    counts.hits++;
    return hit.sizes;
  }
  counts.misses++;
  const memo: Memo = { at: Date.now(), sizes: measure(dataDir), tasks: 0 };
  memos.set(dataDir, memo);
  memo.sizes.then(
    (m) => (memo.tasks = m.size),
    () => memos.get(dataDir) === memo && memos.delete(dataDir),
  );
  return memo.sizes;
}

export const taskStorageCache = (dataDir: string) => ({
  stats: () => ({ entries: memos.get(dataDir)?.tasks ?? 0, bytes: null, hits: counts.hits, misses: counts.misses }),
  clear: () => {
    memos.delete(dataDir);
  },
});
