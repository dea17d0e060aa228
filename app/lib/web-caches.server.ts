import { reloadTranslations, translationStats } from "./i18n.server.ts";
import { qrImageCache } from "./qr-images.server.ts";
import { forgetSiteConstants, siteConstantsStats } from "./site-constants.server.ts";
import { wxServiceCache } from "./wxservice.server.ts";
import type { CacheRow } from "./caches.ts";

/**
 * The caches of this web server process (/systemManage/cacheManage lists them beside the API's). They are
 * per process: with several web servers, a clear here reaches this one; the others' expire on their own
 * (constants 30 s, the WeChat image 5 min) or hold what only a release changes (translations, QR images).
 */
const WEB_CACHES: Record<string, { stats: () => Omit<CacheRow, "Name" | "Hits" | "Misses"> & { hits?: number; misses?: number }; clear: () => void }> = {
  translations: {
    stats: () => {
      const s = translationStats();
      return { Entries: s.entries, Bytes: s.bytes };
    },
    clear: reloadTranslations,
  },
  webConstants: {
    stats: () => {
      const s = siteConstantsStats();
      return { Entries: s.entries, Bytes: s.bytes, hits: s.hits, misses: s.misses };
    },
    clear: forgetSiteConstants,
  },
  wxService: {
    stats: () => {
      const s = wxServiceCache.stats();
      return { Entries: s.entries, Bytes: s.bytes, hits: s.hits, misses: s.misses };
    },
    clear: wxServiceCache.clear,
  },
  qrImages: {
    stats: () => {
      const s = qrImageCache.stats();
      return { Entries: s.entries, Bytes: s.bytes, hits: s.hits, misses: s.misses };
    },
    clear: qrImageCache.clear,
  },
};

export const WEB_CACHE_NAMES = Object.keys(WEB_CACHES);

export function webCaches(): CacheRow[] {
  return Object.entries(WEB_CACHES).map(([name, c]) => {
    const s = c.stats();
    return { Name: name, Entries: s.Entries, Bytes: s.Bytes, Hits: s.hits ?? null, Misses: s.misses ?? null };
  });
}

export function clearWebCache(name: string | null): string[] {
  const names = name === null ? WEB_CACHE_NAMES : WEB_CACHE_NAMES.filter((n) => n === name);
  for (const n of names) WEB_CACHES[n].clear();
  return names;
}
