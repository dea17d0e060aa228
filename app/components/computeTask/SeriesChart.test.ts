import { describe, expect, it } from "vitest";
import { chartGroups, type ChartSeries } from "./SeriesChart";

const curve = (key: string, chart?: string): ChartSeries => ({
  key,
  label: key,
  chart: chart ? { key: chart, label: `${chart} plot` } : null,
  x: { label: "T", unit: "K", values: [1, 2] },
  y: { label: "f", unit: "", values: [0, 1] },
});

describe("plots of a result", () => {
  it("draws curves sharing a chart key together, in order of first appearance, and the rest alone", () => {
    const groups = chartGroups([curve("fraction:LIQUID", "fractions"), curve("HM"), curve("fraction:FCC_A1", "fractions"), curve("x:FCC:ZN", "x:ZN")]);
    expect(groups.map((g) => [g.key, g.title, g.lines.map((l) => l.key)])).toEqual([
      ["fractions", "fractions plot", ["fraction:LIQUID", "fraction:FCC_A1"]],
      ["HM", "HM", ["HM"]],
      ["x:ZN", "x:ZN plot", ["x:FCC:ZN"]],
    ]);
  });
});
