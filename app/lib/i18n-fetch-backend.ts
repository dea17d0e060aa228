import type { BackendModule, ReadCallback } from "i18next";

/**
 * The browser's i18next backend: one namespace from the web's /locales route with the browser's own fetch.
 * i18next-http-backend did the same and carried a fetch polyfill (about 6 KiB gzip) into every page.
 */
export const fetchBackend: BackendModule = {
  type: "backend",
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    fetch(`/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`translations ${lng}/${ns}: HTTP ${r.status}`))))
      .then(
        (table) => callback(null, table),
        (e: Error) => callback(e, false),
      );
  },
};
