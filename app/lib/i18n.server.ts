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
    rememberPlainTexts(inst);
    byLanguage.set(lng, inst);
  }
  return inst;
}

const MAX_REMEMBERED = 20_000;

/**
 * Every page translates a few hundred fixed texts (the menu, the header and footer, labels), each through
 * i18next's whole resolution: measured as 6% of a logged-in page's render. An instance's language and tables
 * never change (a reload of the translations makes new instances), so each t() it hands out (one per language,
 * namespace and prefix, as react-i18next asks for them on every render) remembers the texts it resolved without
 * values (none, or only a default). Anything with values, count or context is resolved on every call. Bounded,
 * since keys and defaults can come from data.
 */
function rememberPlainTexts(inst: ReturnType<typeof createInstance>): void {
  const makeFixedT = inst.getFixedT.bind(inst);
  const handedOut = new Map<string, TFunction>();
  inst.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown) => {
    const id = [lng, ns, keyPrefix].map((v) => (Array.isArray(v) ? v.join(",") : String(v ?? ""))).join("|");
    let t = handedOut.get(id);
    if (!t) {
      type Untyped = ((...a: unknown[]) => unknown) & { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };
      const resolve = makeFixedT(lng as never, ns as never, keyPrefix as never) as unknown as Untyped;
      const known = new Map<string, unknown>();
      const remembering = (key: unknown, options?: unknown, ...rest: unknown[]) => {
        const plain = typeof key === "string" && rest.length === 0 && (options === undefined || isOnlyDefault(options));
        if (!plain) return resolve(key, options, ...rest);
        const fallback = (options as { defaultValue?: unknown } | undefined)?.defaultValue;
        const memo = fallback === undefined ? (key as string) : `${key as string}\u0000${String(fallback)}`;
        if (known.has(memo)) return known.get(memo);
        const text = resolve(key, options);
        if (known.size >= MAX_REMEMBERED) known.clear();
        known.set(memo, text);
        return text;
      };
      t = Object.assign(remembering, { lng: resolve.lng, lngs: resolve.lngs, ns: resolve.ns, keyPrefix: resolve.keyPrefix }) as unknown as TFunction;
      handedOut.set(id, t);
    }
    return t;
  }) as typeof inst.getFixedT;
}

const isOnlyDefault = (o: unknown): boolean => {
  if (typeof o !== "object" || o === null) return false;
  for (const name in o) if (name !== "defaultValue" && (o as Record<string, unknown>)[name] !== undefined) return false;
  return true;
};

/** A server-side t() for loaders and actions (page titles, toasts, errors), in the request's language. */
export async function getT(request: Request, ns = "common"): Promise<TFunction> {
  return instanceFor(await i18next.getLocale(request)).getFixedT(null, ns);
}
