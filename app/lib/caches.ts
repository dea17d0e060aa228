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
