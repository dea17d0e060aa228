import type { App } from "../../app.ts";
import type { CacheStats } from "../../cache/registry.ts";
import { Status } from "../../http/envelope.ts";
import { keyedFieldError } from "../../http/fields.ts";
import { texts } from "../../http/messages.ts";
import { logOperation, type Actor } from "./oplog.ts";

const cacheTexts = {
  cacheUnknown: texts("缓存不存在", "No such cache", "No existe esa caché", "そのキャッシュは存在しません"),
};

export type CacheRow = { Name: string } & { [K in keyof CacheStats as Capitalize<K>]: CacheStats[K] };

/** System/GetCacheList: this instance's caches with their entries, size, hits and misses, by name. */
export function listCaches(app: App): CacheRow[] {
  return app.caches
    .list()
    .map((c) => ({ Name: c.name, Entries: c.entries, Bytes: c.bytes, Hits: c.hits, Misses: c.misses }))
    .sort((a, b) => a.Name.localeCompare(b.Name));
}

/** A cache of the web server's own process (`web.translations`): the web clears it and the API records that. */
const WEB_CACHE = /^web\.[A-Za-z]{1,40}$/;

/**
 * System/ClearCache {Name} (or Name "all"): cleared on every API instance, with an operation-log row. A
 * clear loses nothing (each cache is rebuilt from the database or the machine on its next use). A `web.`
 * name is a web server's cache, which the web clears itself; the call then only records it.
 */
export async function clearCache(app: App, actor: Actor, body: Record<string, unknown>): Promise<{ Cleared: string[] }> {
  const name = typeof body.Name === "string" ? body.Name : "";
  const all = name === "all";
  if (WEB_CACHE.test(name)) {
    await logOperation(app.db, actor, { action: "cache.clear", targetType: "cache", targetId: name, targetName: name, before: null, after: null });
    return { Cleared: [] };
  }
  if (!all && !app.caches.has(name)) throw keyedFieldError("Name", "cacheUnknown", cacheTexts, Status.badRequest);
  const before = listCaches(app).filter((c) => all || c.Name === name);
  await app.caches.clear(all ? null : name);
  await logOperation(app.db, actor, {
    action: "cache.clear",
    targetType: "cache",
    targetId: name,
    targetName: name,
    before: Object.fromEntries(before.map((c) => [c.Name, c.Entries])),
    after: null,
  });
  return { Cleared: before.map((c) => c.Name) };
}
