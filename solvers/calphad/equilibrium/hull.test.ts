import { describe, expect, it } from "vitest";
import { lowerHull } from "./hull.ts";

describe("lower convex hull (revised simplex)", () => {
  it("picks the two points whose tie-line lies lowest under X, with their duals as potentials", () => {
    // Binary points at x_B = 0, 0.25, 0.5, 0.75, 1; the point at 0.5 lies above the 0.25–0.75 chord.
    const xs = [0, 0.25, 0.5, 0.75, 1];
    const g = Float64Array.from([0, -1000, -500, -1200, 0]);
    const x = new Float64Array(xs.flatMap((b) => [1 - b, b]));
    const r = lowerHull(x, g, xs.length, Float64Array.from([0.6, 0.4]));
    const used = r.points.filter((_, i) => r.amounts[i] > 1e-12).sort();
    expect(used).toEqual([1, 3]);
    // Chord through (0.25, −1000) and (0.75, −1200): slope −400, so μ_B − μ_A = −400 and GM(0.4) = −1060.
    expect(r.mu[1] - r.mu[0]).toBeCloseTo(-400, 9);
    expect(0.6 * r.mu[0] + 0.4 * r.mu[1]).toBeCloseTo(-1060, 9);
    expect(r.amounts.reduce((s, a) => s + a, 0)).toBeCloseTo(1, 12);
  });

  it("ends on a single point when X is one of them", () => {
    const x = Float64Array.from([1, 0, 0.5, 0.5, 0, 1]);
    const g = Float64Array.from([0, -3000, 0]);
    const r = lowerHull(x, g, 3, Float64Array.from([0.5, 0.5]));
    const used = r.points.filter((_, i) => r.amounts[i] > 1e-12);
    expect(used).toEqual([1]);
  });
});
