import { describe, expect, it } from "vitest";
import { valueAt, type PlotAxes } from "./PlotImage";

const axes: PlotAxes = {
  width: 800,
  height: 560,
  plot: { left: 70, top: 40, width: 700, height: 460 },
  x: { min: 0, max: 1, label: "x(SN)" },
  y: { min: 300, max: 650, label: "T (K)" },
  open: null,
};

describe("reading a plot under the pointer", () => {
  it("maps the plot area's corners to the axes' ranges, whatever size the picture is shown at", () => {
    // Shown at half size at (100, 50) on the page.
    const rect = { left: 100, top: 50, width: 400, height: 280 };
    expect(valueAt(axes, rect, 100 + 35, 50 + 20)).toEqual({ x: 0, y: 650 });
    const p = valueAt(axes, rect, 100 + 35 + 350, 50 + 20 + 230)!;
    expect(p.x).toBeCloseTo(1, 12);
    expect(p.y).toBeCloseTo(300, 9);
    const mid = valueAt(axes, rect, 100 + 35 + 175, 50 + 20 + 115)!;
    expect(mid.x).toBeCloseTo(0.5, 12);
    expect(mid.y).toBeCloseTo(475, 9);
  });

  it("is nothing over the margins, axes and titles", () => {
    const rect = { left: 0, top: 0, width: 800, height: 560 };
    expect(valueAt(axes, rect, 20, 300)).toBeNull();
    expect(valueAt(axes, rect, 400, 530)).toBeNull();
  });
});
