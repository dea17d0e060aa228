import QRCode from "qrcode";

/** Drawn QR images (SVG) by their text: the layout's few codes, drawn once each. */
const MAX_ENTRIES = 50;
const cache = new Map<string, string>();
const counts = { hits: 0, misses: 0 };

export async function qrSvg(text: string): Promise<string> {
  const hit = cache.get(text);
  if (hit) {
    counts.hits++;
    return hit;
  }
  counts.misses++;
  const svg = await QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#1b2a3a", light: "#ffffff" } });
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(text, svg);
  return svg;
}

/** For /systemManage/cacheManage (this web server's `qrImages`). */
export const qrImageCache = {
  stats: () => ({ entries: cache.size, bytes: [...cache.values()].reduce((n, s) => n + s.length, 0), hits: counts.hits, misses: counts.misses }),
  clear: () => cache.clear(),
};
