import path from "node:path";
import Backend from "i18next-fs-backend";
import { RemixI18Next } from "remix-i18next/server";
import i18n from "../i18n.ts";
import { lngCookie } from "./cookies.server.ts";

/** Translations are plain JSON files per language and namespace under app/locales. */
export const localesDir = path.resolve("app/locales");

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: i18n.supportedLngs,
    fallbackLanguage: i18n.fallbackLng,
    cookie: lngCookie,
    // Only the cookie and Accept-Language decide (no ?lng= so links cannot switch someone's language).
    order: ["cookie", "header"],
  },
  i18next: { ...i18n, backend: { loadPath: path.join(localesDir, "{{lng}}/{{ns}}.json") } },
  plugins: [Backend],
});

/** A server-side t() for loaders and actions (page titles, toasts, errors). */
export async function getT(request: Request, ns = "common") {
  return i18next.getFixedT(request, ns);
}
