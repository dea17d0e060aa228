import { reloadTranslations, translationStats } from "./i18n.server.ts";
import { qrImageCache } from "./qr-images.server.ts";
import { forgetSiteConstants, siteConstantsStats } from "./site-constants.server.ts";
import { wxServiceCache } from "./wxservice.server.ts";
import type { CacheRow } from "./caches.ts";

interface WebCache {
  /** Hits and misses are absent for a cache that does not count lookups (the translations, read at start). */
  stats(): { entries: number; bytes: number; hits?: number; misses?: number };
  clear(): void;
}

/**
 * The caches of this web server process (/systemManage/cacheManage lists them beside the API's). They are
 * per process: with several web servers, a clear here reaches this one; the others' expire on their own
 * (constants 30 s, the WeChat image 5 min) or hold what only a release changes (translations, QR images).
 */
const WEB_CACHES: Record<string, WebCache> = {
  translations: { stats: translationStats, clear: reloadTranslations },
  webConstants: { stats: siteConstantsStats, clear: forgetSiteConstants },
  wxService: wxServiceCache,
  qrImages: qrImageCache,
};

export const WEB_CACHE_NAMES = Object.keys(WEB_CACHES);

export function webCaches(): CacheRow[] {
  return Object.entries(WEB_CACHES).map(([name, c]) => {
    const s = c.stats();
    return { Name: name, Entries: s.entries, Bytes: s.bytes, Hits: s.hits ?? null, Misses: s.misses ?? null };
  });
}

export function clearWebCache(name: string | null): string[] {
  const names = name === null ? WEB_CACHE_NAMES : WEB_CACHE_NAMES.filter((n) => n === name);
  for (const n of names) WEB_CACHES[n].clear();
  return names;
}
