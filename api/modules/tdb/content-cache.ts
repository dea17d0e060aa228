import type { DatabaseContent } from "./content.types.ts";

/**
 * Parsed databases kept for browsing: a database's pages (functions, parameters, page after page) would
 * otherwise parse the same file again for every click. Keyed by what identifies the text (a shipped id, or an
 * upload's id and hash), least recently used out first.
 */
const MAX_ENTRIES = 16;
const cache = new Map<string, DatabaseContent>();

export async function cachedContent(key: string, load: () => Promise<DatabaseContent>): Promise<DatabaseContent> {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const content = await load();
  cache.set(key, content);
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return content;
}

export function forgetContent(prefix: string): void {
  for (const k of [...cache.keys()]) if (k.startsWith(prefix)) cache.delete(k);
}
