/** One cache as /systemManage/cacheManage shows it (System/GetCacheList, or this web server's own). */
export interface CacheRow {
  Name: string;
  Entries: number;
  /** Approximate bytes, when the cache can tell. */
  Bytes: number | null;
  /** Lookups answered from the cache and those that were not (null: the cache does not count them). */
  Hits: number | null;
  Misses: number | null;
}

export const CACHE_PATH = "/systemManage/cacheManage";

/** "87 %" of lookups answered from the cache, or null when nothing was looked up or it is not counted. */
export function hitRate(c: Pick<CacheRow, "Hits" | "Misses">): number | null {
  if (c.Hits === null || c.Misses === null || c.Hits + c.Misses === 0) return null;
  return Math.round((c.Hits / (c.Hits + c.Misses)) * 100);
}

/** A size for people: 812 B, 12.4 KiB, 3.1 MiB. */
export function formatBytes(n: number | null): string {
  if (n === null) return "—";
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}
