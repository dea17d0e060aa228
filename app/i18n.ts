/** i18next settings shared by the server render and the browser. */
export const supportedLngs = ["zh", "en", "es", "ja"] as const;
export type Lng = (typeof supportedLngs)[number];

export default {
  supportedLngs: [...supportedLngs],
  // The spec: cookie, then browser language, else English.
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

export const lngNames: Record<Lng, string> = { zh: "中文", en: "English", es: "Español", ja: "日本語" };
