import { describe, expect, it } from "vitest";
import { percentOf, presetRanges, statsHref, statsQuery } from "./statistics.ts";

describe("data statistics page helpers", () => {
  it("reads the range leniently and writes it back", () => {
    expect(statsQuery(new URLSearchParams("from=2026-10-01&to=banana"))).toEqual({ from: "2026-10-01", to: null });
    expect(statsHref({ from: "2026-10-01", to: "2026-10-31" })).toBe("/systemManage/dataStatistics?from=2026-10-01&to=2026-10-31");
    expect(statsHref({ from: null, to: null }, "/x.csv", { table: "logins" })).toBe("/x.csv?table=logins");
  });
  it("offers the last 7, 30 and 90 days and the year so far", () => {
    expect(presetRanges("2026-11-25")).toEqual([
      { key: "7", from: "2026-11-19", to: "2026-11-25" },
      { key: "30", from: "2026-10-27", to: "2026-11-25" },
      { key: "90", from: "2026-08-28", to: "2026-11-25" },
      { key: "year", from: "2026-01-01", to: "2026-11-25" },
    ]);
  });
  it("gives shares only of something", () => {
    expect([percentOf(3, 8), percentOf(0, 0)]).toEqual(["38 %", "—"]);
  });
});
