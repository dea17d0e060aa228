import type { CallArgs } from "./upstream.server.ts";
import { api } from "./upstream.server.ts";

/** The web's own QR route for the service account; drawn for whatever host the browser used. */
export const OWN_WX_QR = "/site-qr/wxservice";
const TTL_MS = 5 * 60 * 1000;
let cached: { url: string; at: number } | null = null;

const counts = { hits: 0, misses: 0 };

/** For /systemManage/cacheManage (this web server's `wxService`). */
export const wxServiceCache = {
  stats: () => ({ entries: cached ? 1 : 0, bytes: cached ? Buffer.byteLength(cached.url) : 0, hits: counts.hits, misses: counts.misses }),
  clear: () => {
    cached = null;
  },
};

/** The image last answered (the page's CSP names its host), without asking the API. */
export const currentWxServiceImg = (): string => cached?.url ?? OWN_WX_QR;

/**
 * Pointing at our own QR route, the API's answer names the host in WEB_PUBLIC_URL; a relative path works
 * on every host the site is reached by. Other URLs (a real account's image) pass as given, http(s) only.
 */
function usable(raw: unknown): string | null {
  if (typeof raw !== "string" || !raw) return null;
  try {
    const u = new URL(raw, "http://relative.invalid");
    if (u.pathname === OWN_WX_QR && !u.search) return OWN_WX_QR;
    return u.protocol === "http:" || u.protocol === "https:" ? (u.host === "relative.invalid" ? null : u.href) : null;
  } catch {
    return null;
  }
}

/**
 * The WeChat service QR image for the footer and the floating panel (attachment/GetWXServiceImg), held in
 * this process for five minutes: every page shows it, and it changes only with the settings. When the API
 * cannot be reached the web's own QR is shown.
 */
export async function wxServiceImg(args: CallArgs): Promise<string> {
  if (cached && Date.now() - cached.at < TTL_MS) {
    counts.hits++;
    return cached.url;
  }
  counts.misses++;
  try {
    const url = usable(await api(args, "attachment/GetWXServiceImg")) ?? OWN_WX_QR;
    cached = { url, at: Date.now() };
    return url;
  } catch {
    return cached?.url ?? OWN_WX_QR;
  }
}
