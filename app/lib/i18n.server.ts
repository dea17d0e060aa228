import fs from "node:fs";
import path from "node:path";
import { createInstance, type Resource, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import i18n from "../i18n.ts";
import { lngCookie } from "./cookies.server.ts";

/** Translations are plain JSON files per language and namespace under app/locales. */
export const localesDir = path.resolve("app/locales");

/**
 * All translations, read once at start (a few dozen small files). Reading them from disk for every
 * render cost more than rendering the page.
 */
function loadResources(): Resource {
  const out: Resource = {};
  for (const lng of i18n.supportedLngs) {
    out[lng] = {};
    for (const file of fs.readdirSync(path.join(localesDir, lng)).filter((f) => f.endsWith(".json"))) {
      out[lng][file.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join(localesDir, lng, file), "utf8"));
    }
  }
  return out;
}
export const resources = loadResources();

/**
 * Reads the translation files again (the translations cache of /systemManage/cacheManage: after a fix to a
 * locale file on a running server). The table is changed in place, so every holder of it sees the new texts.
 */
export function reloadTranslations(): void {
  const fresh = loadResources();
  for (const lng of Object.keys(resources)) delete resources[lng];
  Object.assign(resources, fresh);
  byLanguage.clear();
}

/** The translations as /systemManage/cacheManage shows them: one entry per language and namespace. */
export function translationStats() {
  let entries = 0;
  let bytes = 0;
  for (const lng of Object.keys(resources)) {
    for (const ns of Object.keys(resources[lng])) {
      entries++;
      bytes += Buffer.byteLength(JSON.stringify(resources[lng][ns]));
    }
  }
  return { entries, bytes };
}

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: i18n.supportedLngs,
    fallbackLanguage: i18n.fallbackLng,
    cookie: lngCookie,
    // Only the cookie and Accept-Language decide (no ?lng= so links cannot switch someone's language).
    order: ["cookie", "header"],
  },
  i18next: { ...i18n, resources },
});

// One ready i18next instance per language, with every namespace: creating and initialising one per render
// or per call showed up in page-render profiles. They are never switched to another language.
const byLanguage = new Map<string, ReturnType<typeof createInstance>>();
export function instanceFor(lng: string) {
  let inst = byLanguage.get(lng);
  if (!inst) {
    inst = createInstance();
    void inst.init({ ...i18n, lng, ns: Object.keys(resources[lng] ?? {}), resources, initImmediate: false });
    byLanguage.set(lng, inst);
  }
  return inst;
}

/** A server-side t() for loaders and actions (page titles, toasts, errors), in the request's language. */
export async function getT(request: Request, ns = "common"): Promise<TFunction> {
  return instanceFor(await i18next.getLocale(request)).getFixedT(null, ns);
}
