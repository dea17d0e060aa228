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

describe("log axes", () => {
  it("puts an all-positive axis spanning more than three decades on a log scale, x as well as y", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { SeriesChart, wantsLogScale, decadeTicks } = await import("./SeriesChart");
    expect(decadeTicks([0.01, 1.8e6])).toEqual([1e-2, 1e-1, 1, 10, 100, 1e3, 1e4, 1e5, 1e6]);
    expect(decadeTicks([1e-12, 1])).toEqual([1e-12, 1e-10, 1e-8, 1e-6, 1e-4, 1e-2, 1]);
    expect(wantsLogScale([1e-2, 10, 1.8e6])).toBe(true);
    expect(wantsLogScale([0, 10, 1.8e6])).toBe(false);
    expect(wantsLogScale([1, 2, 500])).toBe(false);
    // A precipitation run: time in seconds from 0.01 s to 500 h.
    const times = [0.01, 1, 100, 1e4, 1.8e6];
    const kinetics: ChartSeries = { key: "N", label: "N", chart: null, x: { label: "Time", unit: "s", values: times }, y: { label: "N", unit: "m⁻³", values: [1, 2, 3, 4, 5] } };
    const html = renderToStaticMarkup(createElement(SeriesChart, { group: chartGroups([kinetics])[0] }));
    // Log ticks are written as powers of ten.
    expect(html).toMatch(/>1e\+2</);
    expect(html).toMatch(/>1e\+4</);
  });
});

describe("reference lines", () => {
  it("dashes a reference line (an analytic law), in the plot and its legend swatch, and leaves the computed curve solid", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { SeriesChart } = await import("./SeriesChart");
    const computed = { ...curve("radius", "radius"), label: "phase field" };
    const law: ChartSeries = { ...curve("sharpInterfaceRadius", "radius"), label: "law", reference: true };
    const html = renderToStaticMarkup(createElement(SeriesChart, { group: chartGroups([computed, law])[0] }));
    const paths = [...html.matchAll(/<path[^>]*class="recharts-curve recharts-line-curve"[^>]*>/g)].map((m) => m[0]);
    expect(paths).toHaveLength(2);
    expect(paths[0]).not.toMatch(/stroke-dasharray/);
    expect(paths[1]).toMatch(/stroke-dasharray="6 4"/);
    expect(html.match(/ct-swatch-reference/g)).toHaveLength(1);
  });
});
