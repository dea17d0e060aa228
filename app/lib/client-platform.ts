import type { ClientPlatform } from "./app-store.ts";

/**
 * The desktop platform a browser says it runs on, for the client download; null for phones, tablets and
 * anything unrecognised (the API then serves the newest client of any platform).
 */
export function platformOf(userAgent: string): Exclude<ClientPlatform, "any"> | null {
  if (/Android|iPhone|iPad|iPod/i.test(userAgent)) return null;
  if (/Windows NT/i.test(userAgent)) return "windows";
  if (/Macintosh|Mac OS X/i.test(userAgent)) return "macos";
  if (/Linux|X11|CrOS/i.test(userAgent)) return "linux";
  return null;
}
