/** The data statistics page's address and shapes (System/GetDataStatistics); pure, shared with its tests. */
export const STATS_PATH = "/systemManage/dataStatistics";

export type { DataStatistics, Usage } from "../../common/statistics.ts";

/** The tables a CSV can be asked for (`?table=`). */
export const STATS_TABLES = ["logins", "people", "categories", "apps", "departments", "notices"] as const;
export type StatsTable = (typeof STATS_TABLES)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string | null) => (v && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : null);

/** The range in the address (`from`, `to`), leniently: a value that is not a date is absent (the API's default). */
export function statsQuery(search: URLSearchParams): { from: string | null; to: string | null } {
  return { from: validDay(search.get("from")), to: validDay(search.get("to")) };
}

export function statsHref(range: { from: string | null; to: string | null }, path = STATS_PATH, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  if (range.from) p.set("from", range.from);
  if (range.to) p.set("to", range.to);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

/** The quick ranges beside the form: the last n days up to `today`, and this year so far. */
export function presetRanges(today: string): Array<{ key: string; from: string; to: string }> {
  const back = (days: number) => new Date(Date.parse(today) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return [
    { key: "7", from: back(7), to: today },
    { key: "30", from: back(30), to: today },
    { key: "90", from: back(90), to: today },
    { key: "year", from: `${today.slice(0, 4)}-01-01`, to: today },
  ];
}

/** "38 %" of people, or "—" when there is nobody to count. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)} %` : "—");
