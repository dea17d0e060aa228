import { describe, expect, it } from "vitest";
import { CahnHilliard } from "./cahnHilliard.ts";
import { areaAbove, FIT_MIN_WIDTHS, fitCircleLaw, grainRadius, leastSquaresSlope, precipitateRadius, sharpInterfaceLifetime, sharpInterfaceRadius } from "./circleRadius.ts";
import { circle, concentrationCircle } from "./initial.ts";

const n = 64;
const dx = 1e-7;

describe("the circle's radius", () => {
  it("reads a tanh-profiled disc's radius within 0.03 cells wherever its rim falls between cell centres (0.05 if ξ < dx)", () => {
    for (const [xiCells, bound] of [[0.7, 0.05], [1, 0.03], [2, 0.03]]) {
      for (let r = 6; r <= 26; r += 0.13) {
        const measured = grainRadius(circle(n, 1, r, xiCells), n, dx) / dx;
        expect(Math.abs(measured - r), `ξ = ${xiCells} cells, R = ${r} cells`).toBeLessThan(bound);
      }
    }
  });

  it("counts whole cells for a disc without a profile: the area of the cells inside", () => {
    const u = new Float64Array(n * n);
    let inside = 0;
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const isIn = Math.hypot(x + 0.5 - n / 2, y + 0.5 - n / 2) < 10.3;
        u[y * n + x] = isIn ? 1 : -1;
        inside += isIn ? 1 : 0;
      }
    expect(areaAbove(u, n, dx, 0)).toBeCloseTo(inside * dx * dx, 25);
  });

  it("measures a grain of η₁ in η₂ and a droplet of c as it does one order parameter", () => {
    const r = 13.4;
    const one = grainRadius(circle(n, 1, r, 1), n, dx);
    expect(grainRadius(circle(n, 4, r, 1), n, dx)).toBeCloseTo(one, 20);
    expect(precipitateRadius(concentrationCircle(n, r, 1), n, dx)).toBeCloseTo(one, 20);
  });
});

describe("the sharp-interface law and its fit", () => {
  const L = 1e-6;
  const kappa = 1e-8;
  const barrier = 1e6; // ξ = dx: the fit stops at 4·2√2 = 11.3 cells
  const r0 = 24 * dx;

  it("shrinks R² linearly at 2Lκ and stays at 0 once the circle is gone", () => {
    const end = sharpInterfaceLifetime(r0, L, kappa);
    expect(sharpInterfaceRadius(r0, L, kappa, end / 2) ** 2).toBeCloseTo((r0 * r0) / 2, 25);
    expect(sharpInterfaceRadius(r0, L, kappa, end)).toBe(0);
    expect(sharpInterfaceRadius(r0, L, kappa, 2 * end)).toBe(0);
  });

  it("fits the slope of R² against −2Lκ over the points where R is at least four interface widths", () => {
    expect(leastSquaresSlope([0, 1, 2, 3], [5, 3, 1, -1])).toBeCloseTo(-2, 14);
    // A circle 1 % slower than the law, sampled until it has gone: the fit stops at the bound and finds −1 %.
    const time = Array.from({ length: 300 }, (_, i) => i);
    const radius = time.map((t) => sharpInterfaceRadius(r0, 0.99 * L, kappa, t));
    const fit = fitCircleLaw(time, radius, { mobility: L, kappa, barrier })!;
    expect(fit.relativeError).toBeCloseTo(-0.01, 12);
    expect(fit.lawSlope).toBe(-2 * L * kappa);
    const bound = FIT_MIN_WIDTHS * 2 * Math.SQRT2 * dx;
    expect(radius[fit.points - 1]).toBeGreaterThanOrEqual(bound);
    expect(radius[fit.points]).toBeLessThan(bound);
    expect(fit.untilS).toBe(time[fit.points - 1]);
  });

  it("gives no fit for a circle that starts too small to be a sharp interface", () => {
    const radius = [10, 9.9, 9.8, 9.7].map((r) => r * dx);
    expect(fitCircleLaw([0, 1, 2, 3], radius, { mobility: L, kappa, barrier })).toBeNull();
  });
});

describe("a Cahn–Hilliard precipitate", () => {
  it("gives up solute to the matrix until the Gibbs–Thomson composition, then holds its radius", () => {
    // 64², ξ = dx = 1 nm, R₀ = 16 nm; the stabilized scheme's steady state does not depend on Δt, so large steps.
    const c = concentrationCircle(n, 16, 1);
    const ch = new CahnHilliard({ n, dx: 1e-9, dt: 5, mobility: 1e-26, kappa: 1e-10, barrier: 1e8, stabilization: 2e8 }, c);
    const r0 = precipitateRadius(c, n, 1);
    const radii: number[] = [];
    for (let s = 0; s < 400; s++) {
      ch.step();
      if (s % 50 === 49) radii.push(precipitateRadius(c, n, 1));
    }
    // Gibbs–Thomson: μ = σ/R with σ = √(2κW)/6 for W·c²(1 − c)², so both phases move up by δc = μ/f″ = √2·ξ/(12R)
    // (ξ = 1 cell); the conserved mass then takes ΔA = −N²·δc from the precipitate.
    let predicted = r0;
    for (let k = 0; k < 20; k++) predicted = Math.sqrt(r0 * r0 - (n * n * Math.SQRT2) / (12 * predicted) / Math.PI);
    const final = radii.at(-1)!;
    console.log(`precipitate: R ${r0.toFixed(4)} → ${final.toFixed(4)} cells, Gibbs–Thomson and mass balance ${predicted.toFixed(4)}`);
    expect(Math.abs(final - predicted) / (r0 - predicted)).toBeLessThan(0.05);
    // It has settled: the last points differ by less than 1e-3 cells.
    expect(Math.abs(radii.at(-1)! - radii.at(-3)!)).toBeLessThan(1e-3);
  });
});
