import type { DatabaseContent } from "./content.types.ts";

/**
 * Parsed databases kept for browsing: a database's pages (functions, parameters, page after page) would
 * otherwise parse the same file again for every click. Keyed by what identifies the text (a shipped id, or an
 * upload's id and hash), least recently used out first.
 */
const MAX_ENTRIES = 16;
const cache = new Map<string, DatabaseContent>();
const counts = { hits: 0, misses: 0 };

export async function cachedContent(key: string, load: () => Promise<DatabaseContent>): Promise<DatabaseContent> {
  const hit = cache.get(key);
  if (hit) {
    counts.hits++;
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  counts.misses++;
  const content = await load();
  cache.set(key, content);
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return content;
}

export function forgetContent(prefix: string): void {
  for (const k of [...cache.keys()]) if (k.startsWith(prefix)) cache.delete(k);
}

/** For /systemManage/cacheManage (the `tdbContent` cache); sizes are not measured (a parse is a large object graph). */
export const tdbContentCache = {
  stats: () => ({ entries: cache.size, bytes: null, hits: counts.hits, misses: counts.misses }),
  clear: () => cache.clear(),
};
