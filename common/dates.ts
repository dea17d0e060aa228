/**
 * Section 9 date helpers, shared by the web and the API. Pure and free of translations: relative time
 * returns an i18n key with a count (keys under `dates.` in common.json), so each language words it itself.
 * All calendar helpers work in the local time zone of the process that calls them.
 */

export type DateInput = Date | number | string;

/** A Date from a Date, epoch milliseconds, epoch seconds (10 digits) or a date string. */
export function toDate(input: DateInput): Date {
  if (input instanceof Date) return new Date(input.getTime());
  if (typeof input === "number") return new Date(input < 1e11 ? input * 1000 : input);
  const s = input.trim();
  if (/^\d+$/.test(s)) return toDate(Number(s));
  // "2026-03-01 08:00:00" is local time; make it ISO-like so every engine reads it the same way.
  const local = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (local) {
    const [, y, m, d, h = "0", i = "0", sec = "0"] = local;
    return new Date(Number(y), Number(m) - 1, Number(d), Number(h), Number(i), Number(sec));
  }
  return new Date(s);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The spec's template: {y}-{m}-{d} {h}:{i}:{s}; month, day and time fields are two digits. */
export const DEFAULT_DATE_TEMPLATE = "{y}-{m}-{d} {h}:{i}:{s}";

/** Formats with {y} {m} {d} {h} {i} {s}; an invalid date gives an empty string. */
export function formatDate(input: DateInput, template = DEFAULT_DATE_TEMPLATE): string {
  const d = toDate(input);
  if (Number.isNaN(d.getTime())) return "";
  const parts: Record<string, string> = {
    y: String(d.getFullYear()),
    m: pad(d.getMonth() + 1),
    d: pad(d.getDate()),
    h: pad(d.getHours()),
    i: pad(d.getMinutes()),
    s: pad(d.getSeconds()),
  };
  return template.replace(/\{([ymdhis])\}/g, (_, k: string) => parts[k]);
}

export type RelativeTime =
  | { key: "dates.justNow"; count?: undefined; date?: undefined }
  | { key: "dates.minutesAgo" | "dates.hoursAgo"; count: number; date?: undefined }
  | { key: "dates.oneDayAgo"; count?: undefined; date?: undefined }
  | { key: null; count?: undefined; date: string };

/**
 * Section 9: under 30 seconds 刚刚; under an hour N分钟前; under a day N小时前; under two days 1天前; else
 * the date (formatted with `template`). Times in the future count as just now.
 */
export function relativeTime(input: DateInput, now: DateInput = Date.now(), template = DEFAULT_DATE_TEMPLATE): RelativeTime {
  const then = toDate(input);
  const diff = (toDate(now).getTime() - then.getTime()) / 1000;
  if (diff < 30) return { key: "dates.justNow" };
  if (diff < 3600) return { key: "dates.minutesAgo", count: Math.max(1, Math.floor(diff / 60)) };
  if (diff < 86400) return { key: "dates.hoursAgo", count: Math.floor(diff / 3600) };
  if (diff < 2 * 86400) return { key: "dates.oneDayAgo" };
  return { key: null, date: formatDate(then, template) };
}

/** relativeTime worded by an i18next-style t (`t("dates.minutesAgo", { count })`). */
export function relativeTimeText(
  t: (key: string, opts?: { count?: number }) => string,
  input: DateInput,
  now: DateInput = Date.now(),
  template = DEFAULT_DATE_TEMPLATE,
): string {
  const r = relativeTime(input, now, template);
  if (r.key === null) return r.date;
  return r.count === undefined ? t(r.key) : t(r.key, { count: r.count });
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const endOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);

/** Monday 00:00:00.000 of the date's week (weeks start on Monday). */
export function weekStart(input: DateInput = Date.now()): Date {
  const d = toDate(input);
  const back = (d.getDay() + 6) % 7;
  return startOfDay(new Date(d.getFullYear(), d.getMonth(), d.getDate() - back));
}

/** Sunday 23:59:59.999 of the date's week. */
export function weekEnd(input: DateInput = Date.now()): Date {
  const s = weekStart(input);
  return endOfDay(new Date(s.getFullYear(), s.getMonth(), s.getDate() + 6));
}

export function monthStart(input: DateInput = Date.now()): Date {
  const d = toDate(input);
  return new Date(d.getFullYear(), d.getMonth(), 1);
}

export function monthEnd(input: DateInput = Date.now()): Date {
  const d = toDate(input);
  // Day 0 of the next month is the last day of this one.
  return endOfDay(new Date(d.getFullYear(), d.getMonth() + 1, 0));
}

export function yearStart(input: DateInput = Date.now()): Date {
  return new Date(toDate(input).getFullYear(), 0, 1);
}

export function yearEnd(input: DateInput = Date.now()): Date {
  return endOfDay(new Date(toDate(input).getFullYear(), 11, 31));
}
