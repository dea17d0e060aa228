import { describe, expect, it } from "vitest";
import {
  formatDate,
  monthEnd,
  monthStart,
  relativeTime,
  relativeTimeText,
  toDate,
  weekEnd,
  weekStart,
  yearEnd,
  yearStart,
} from "./dates.ts";

// Local-time constructors throughout, so the tests hold in any time zone.
const at = (y: number, m: number, d: number, h = 0, i = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, i, s, ms);

describe("formatDate", () => {
  it("fills the spec's template with two-digit fields", () => {
    expect(formatDate(at(2026, 3, 5, 7, 8, 9))).toBe("2026-03-05 07:08:09");
  });

  it("takes other templates", () => {
    expect(formatDate(at(2026, 12, 31, 23, 59, 1), "{y}/{m}/{d}")).toBe("2026/12/31");
    expect(formatDate(at(2026, 1, 2, 13, 4), "{h}:{i}")).toBe("13:04");
  });

  it("accepts milliseconds, seconds, numeric strings and local date strings", () => {
    const d = at(2025, 6, 1, 10, 20, 30);
    expect(formatDate(d.getTime())).toBe("2025-06-01 10:20:30");
    expect(formatDate(Math.floor(d.getTime() / 1000))).toBe("2025-06-01 10:20:30");
    expect(formatDate(String(d.getTime()))).toBe("2025-06-01 10:20:30");
    expect(formatDate("2025-06-01 10:20:30")).toBe("2025-06-01 10:20:30");
    expect(formatDate("2025-06-01")).toBe("2025-06-01 00:00:00");
  });

  it("gives an empty string for an invalid date", () => {
    expect(formatDate("not a date")).toBe("");
  });

  it("does not change the date it was given", () => {
    const d = at(2025, 1, 1);
    toDate(d).setFullYear(1999);
    expect(d.getFullYear()).toBe(2025);
  });
});

describe("relativeTime (section 9)", () => {
  const now = at(2026, 5, 10, 12, 0, 0);
  const ago = (sec: number) => new Date(now.getTime() - sec * 1000);

  it("is just now under 30 seconds", () => {
    expect(relativeTime(ago(0), now)).toEqual({ key: "dates.justNow" });
    expect(relativeTime(ago(29), now)).toEqual({ key: "dates.justNow" });
    expect(relativeTime(ago(-60), now)).toEqual({ key: "dates.justNow" });
  });

  it("counts minutes under an hour", () => {
    expect(relativeTime(ago(30), now)).toEqual({ key: "dates.minutesAgo", count: 1 });
    expect(relativeTime(ago(5 * 60 + 10), now)).toEqual({ key: "dates.minutesAgo", count: 5 });
    expect(relativeTime(ago(3599), now)).toEqual({ key: "dates.minutesAgo", count: 59 });
  });

  it("counts hours under a day", () => {
    expect(relativeTime(ago(3600), now)).toEqual({ key: "dates.hoursAgo", count: 1 });
    expect(relativeTime(ago(86399), now)).toEqual({ key: "dates.hoursAgo", count: 23 });
  });

  it("is one day ago under two days, then the date", () => {
    expect(relativeTime(ago(86400), now)).toEqual({ key: "dates.oneDayAgo" });
    expect(relativeTime(ago(2 * 86400 - 1), now)).toEqual({ key: "dates.oneDayAgo" });
    expect(relativeTime(ago(2 * 86400), now)).toEqual({ key: null, date: "2026-05-08 12:00:00" });
    expect(relativeTime(ago(3 * 86400), now, "{m}-{d}")).toEqual({ key: null, date: "05-07" });
  });

  it("is worded by the caller's t, with the Chinese texts of the spec", () => {
    const zh: Record<string, string> = {
      "dates.justNow": "刚刚",
      "dates.minutesAgo": "{{count}}分钟前",
      "dates.hoursAgo": "{{count}}小时前",
      "dates.oneDayAgo": "1天前",
    };
    const t = (k: string, o?: { count?: number }) => zh[k].replace("{{count}}", String(o?.count ?? ""));
    expect(relativeTimeText(t, ago(3), now)).toBe("刚刚");
    expect(relativeTimeText(t, ago(600), now)).toBe("10分钟前");
    expect(relativeTimeText(t, ago(7200), now)).toBe("2小时前");
    expect(relativeTimeText(t, ago(100000), now)).toBe("1天前");
    expect(relativeTimeText(t, ago(5 * 86400), now)).toBe("2026-05-05 12:00:00");
  });
});

describe("week, month and year bounds", () => {
  it("starts weeks on Monday and ends them on Sunday night", () => {
    // 2026-05-13 is a Wednesday.
    expect(weekStart(at(2026, 5, 13, 15, 30))).toEqual(at(2026, 5, 11));
    expect(weekEnd(at(2026, 5, 13, 15, 30))).toEqual(at(2026, 5, 17, 23, 59, 59, 999));
  });

  it("puts a Sunday in the week that began the Monday before", () => {
    expect(weekStart(at(2026, 5, 17, 22))).toEqual(at(2026, 5, 11));
    expect(weekStart(at(2026, 5, 11, 0, 0, 1))).toEqual(at(2026, 5, 11));
  });

  it("crosses month and year boundaries", () => {
    // 2026-01-01 is a Thursday: its week began on Monday 2025-12-29.
    expect(weekStart(at(2026, 1, 1))).toEqual(at(2025, 12, 29));
    expect(weekEnd(at(2025, 12, 30))).toEqual(at(2026, 1, 4, 23, 59, 59, 999));
  });

  it("gives month bounds, leap years included", () => {
    expect(monthStart(at(2024, 2, 17, 9))).toEqual(at(2024, 2, 1));
    expect(monthEnd(at(2024, 2, 17))).toEqual(at(2024, 2, 29, 23, 59, 59, 999));
    expect(monthEnd(at(2025, 2, 1))).toEqual(at(2025, 2, 28, 23, 59, 59, 999));
    expect(monthEnd(at(2025, 12, 31))).toEqual(at(2025, 12, 31, 23, 59, 59, 999));
  });

  it("gives year bounds", () => {
    expect(yearStart(at(2026, 7, 4, 12))).toEqual(at(2026, 1, 1));
    expect(yearEnd(at(2026, 7, 4))).toEqual(at(2026, 12, 31, 23, 59, 59, 999));
  });
});
