import { describe, expect, it } from "vitest";
import { CahnHilliard } from "./cahnHilliard.ts";
import { noisyConcentration } from "./initial.ts";

/**
 * Acceptance: spinodal decomposition of c₀ = 0.5 (inside the spinodal of W·c²(1 − c)²) conserves the mean
 * concentration to 1e-10 and never raises the free energy, at the default Δt and at ten times it (the
 * stabilization S = 2W is what makes the larger one safe). The pattern coarsens: its length grows.
 */
const base = { n: 64, dx: 1e-9, mobility: 1e-26, kappa: 1e-10, barrier: 1e8 };

function run(dt: number, steps: number) {
  const c = noisyConcentration(base.n, 0.5, 0.05, 2);
  const ch = new CahnHilliard({ ...base, dt }, c);
  const m0 = ch.mean();
  const energies = [ch.energy()];
  const lengths = [ch.length()];
  let drift = 0;
  for (let s = 1; s <= steps; s++) {
    ch.step();
    drift = Math.max(drift, Math.abs(ch.mean() - m0));
    if (s % 10 === 0) {
      energies.push(ch.energy());
      lengths.push(ch.length());
    }
  }
  const rises = energies.slice(1).filter((e, i) => e > energies[i]).length;
  return { m0, drift, energies, lengths, rises, c };
}

describe("Cahn–Hilliard spinodal decomposition", () => {
  it("conserves the mean to 1e-10 and the energy never rises (Δt = 0.1 s)", () => {
    const r = run(0.1, 3000);
    console.log(`CH: mean drift ${r.drift.toExponential(2)}, energy ${r.energies[0].toPrecision(5)} → ${r.energies.at(-1)!.toPrecision(5)} J/m³, length ${r.lengths[0].toExponential(2)} → ${r.lengths.at(-1)!.toExponential(2)} m`);
    expect(Math.abs(r.m0 - 0.5)).toBeLessThan(1e-12);
    expect(r.drift).toBeLessThan(1e-10);
    expect(r.rises).toBe(0);
    expect(r.energies.at(-1)!).toBeLessThan(0.5 * r.energies[0]);
    expect(r.lengths.at(-1)!).toBeGreaterThan(2 * r.lengths[1]);
    // Separated into the two wells: most cells within 0.1 of 0 or 1 (the rest are the interfaces, ξ = dx wide).
    const separated = r.c.filter((v) => v < 0.1 || v > 0.9).length / r.c.length;
    expect(separated).toBeGreaterThan(0.55);
  }, 60_000);

  it("stays energy-stable and conservative at ten times the step (Δt = 1 s)", () => {
    const r = run(1, 600);
    expect(r.drift).toBeLessThan(1e-10);
    expect(r.rises).toBe(0);
    expect(r.energies.every(Number.isFinite)).toBe(true);
  }, 60_000);
});
