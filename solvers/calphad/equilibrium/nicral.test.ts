/**
 * Robustness on the shipped Ni–Cr–Al database (kwn/NiCrAl.tdb: 23 phases for these components, BCC_B2 with
 * vacancies on both ordering sublattices, L12/A1 and B2/A2 order–disorder). A sweep over the Ni-rich half of
 * the triangle at 900 K and 1500 K checks each result for what any equilibrium must satisfy — converged,
 * fractions in [0, 1] summing to 1, mass balance, GM = Σ x·μ, no metastable phase above the tangent plane —
 * and that GM is not above a dense lower convex hull of every phase's own sample at that composition (the
 * hull of sampled states bounds the true minimum from above, so a solver result above it has missed a
 * phase or settled on a saddle). Before the fixes in newton.ts and start.ts, 18 of 132 points of such a
 * sweep at 1500 K returned converged: false, two of them with wrong energies.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildPhaseModels } from "../models/index.ts";
import { parseTdb } from "../tdb/index.ts";
import { DEFAULT_PRESSURE } from "./conditions.ts";
import { DEFAULT_GRID_POINTS, phaseGrid } from "./grid.ts";
import { lowerHull } from "./hull.ts";
import { phaseContext } from "./phase.ts";
import { equilibrium, type EquilibriumResult } from "./solve.ts";

const db = parseTdb(readFileSync(new URL("../databases/kwn/NiCrAl.tdb", import.meta.url), "utf8"));
const models = buildPhaseModels(db, ["AL", "CR", "NI"]);
const components = models[0].components;
const P = DEFAULT_PRESSURE;

/** Points per phase of the hull's sample: ten times the solver's own start grid. */
const HULL_POINTS = 20000;

/** GM of the lower convex hull of every phase sampled at T (`points` per phase), at overall composition X. */
function hullAt(T: number, points = HULL_POINTS): (X: Record<string, number>) => number {
  const grids = models.map((m) => phaseGrid(phaseContext(m, components), T, P, points));
  const count = grids.reduce((s, g) => s + g.count, 0);
  const x = new Float64Array(count * components.length);
  const g = new Float64Array(count);
  let at = 0;
  for (const grid of grids) {
    x.set(grid.x, at * components.length);
    g.set(grid.g, at);
    at += grid.count;
  }
  return (X) => {
    const target = Float64Array.from(components, (c) => X[c]);
    const hull = lowerHull(x, g, count, target);
    return components.reduce((s, _, c) => s + target[c] * hull.mu[c], 0);
  };
}

/** Everything an equilibrium at X must satisfy, whatever its phases. */
function expectConsistent(r: EquilibriumResult, X: Record<string, number>, hullGM: number, where: string) {
  expect(r.converged, where).toBe(true);
  let total = 0;
  for (const p of r.phases) {
    expect(p.fraction, where).toBeGreaterThanOrEqual(0);
    expect(p.fraction, where).toBeLessThanOrEqual(1);
    total += p.fraction;
  }
  expect(Math.abs(total - 1), where).toBeLessThan(1e-9);
  for (const c of components) {
    const held = r.phases.reduce((s, p) => s + p.fraction * p.composition[c], 0);
    expect(Math.abs(held - X[c]), `${where} mass balance of ${c}`).toBeLessThan(1e-9);
  }
  const planeGM = components.reduce((s, c) => s + X[c] * r.MU[c], 0);
  expect(Math.abs(r.GM - planeGM), `${where} GM = Σ x·μ`).toBeLessThan(1e-6 * Math.abs(r.GM));
  for (const [phase, df] of Object.entries(r.drivingForces)) expect(df, `${where} driving force of ${phase}`).toBeLessThanOrEqual(1e-6);
  // The hull of sampled states lies on or above the true minimum; the solver's GM may not exceed it.
  expect(r.GM, `${where} against the dense hull`).toBeLessThanOrEqual(hullGM + 1e-6 * Math.abs(hullGM));
}

/** The Ni-rich half of the triangle (x_Ni ≥ 0.5), off the edges: x_Al, x_Cr on a 0.08 lattice from 0.01. */
function niRichHalf(): Record<string, number>[] {
  const out: Record<string, number>[] = [];
  for (let i = 0; i < 7; i++) {
    for (let j = 0; i + j < 7; j++) {
      const AL = 0.01 + 0.08 * i;
      const CR = 0.01 + 0.08 * j;
      if (AL + CR > 0.5 + 1e-12) continue;
      out.push({ AL, CR, NI: 1 - AL - CR });
    }
  }
  return out;
}

/**
 * Points the sweep above steps over where Newton used to fail at 1500 K: γ + γ′ inside FCC_L12 (the γ set
 * started on a partially ordered grid point), BCC_B2 with its vacancy fraction near 1e-8, B2 + L12 and
 * B2 + B2 (ordering variants and the A2/B2 pair).
 */
const FORMER_FAILURES_1500: Record<string, number>[] = [
  [0.2, 0.0001],
  [0.205, 0.0001],
  [0.3, 0.05],
  [0.35, 0.1],
  [0.15, 0.25],
  [0.2, 0.3],
  [0.25, 0.2],
  [0.25, 0.25],
  [0.3, 0.15],
].map(([AL, CR]) => ({ AL, CR, NI: 1 - AL - CR }));

describe("equilibrium on NiCrAl.tdb: the Ni-rich half of the triangle", () => {
  // Some hundred equilibria each: 12–15 s alone, more on a loaded runner. The limit only catches a hang; bench/calphad.ts measures speed.
  it.each([900, 1500])("%i K: every point consistent and not above the dense hull", { timeout: 60_000 }, (T) => {
    const hull = hullAt(T);
    const points = T === 1500 ? [...niRichHalf(), ...FORMER_FAILURES_1500] : niRichHalf();
    for (const X of points) {
      const r = equilibrium(models, { T, X: { AL: X.AL, CR: X.CR } });
      expectConsistent(r, X, hull(X), `${T} K, x_Al = ${X.AL}, x_Cr = ${X.CR}`);
    }
  });

  it("beyond the Ni-rich half: points whose phases the coarse BCC_B2 grid or two B2 ordering variants used to hide", { timeout: 15000 }, () => {
    // 900 K: the vacancy-rich B2 NiAl well between grid points at quarters; 1273 K and 1500 K: the start took
    // two B2 points of opposite ordering variants for two sets.
    const cases: [number, number, number][] = [
      [900, 0.4, 0.4],
      [900, 0.4, 0.15],
      [1273, 0.35, 0.2],
      [1500, 0.45, 0.2],
    ];
    const hulls = new Map<number, (X: Record<string, number>) => number>();
    for (const [T, AL, CR] of cases) {
      if (!hulls.has(T)) hulls.set(T, hullAt(T));
      const X = { AL, CR, NI: 1 - AL - CR };
      expectConsistent(equilibrium(models, { T, X: { AL, CR } }), X, hulls.get(T)!(X), `${T} K, x_Al = ${AL}, x_Cr = ${CR}`);
    }
  });

  // Its own start grid is a dense one: seconds on a loaded 2-core machine, past vitest's default 5 s.
  it("a run Newton cannot finish (one iteration allowed) still returns fractions in [0, 1], the mass balance and GM not above its start grid's hull", { timeout: 30_000 }, () => {
    const T = 1500;
    // The fallback is the solver's own start, so the bound is the hull of its own grid, not the dense one.
    const hull = hullAt(T, DEFAULT_GRID_POINTS);
    for (const X of FORMER_FAILURES_1500.slice(0, 4)) {
      const r = equilibrium(models, { T, X: { AL: X.AL, CR: X.CR } }, { maxIterations: 1 });
      const where = `${T} K, x_Al = ${X.AL}, x_Cr = ${X.CR}, one iteration`;
      expect(r.converged, where).toBe(false);
      let total = 0;
      for (const p of r.phases) {
        expect(p.fraction, where).toBeGreaterThanOrEqual(0);
        expect(p.fraction, where).toBeLessThanOrEqual(1);
        total += p.fraction;
      }
      expect(Math.abs(total - 1), where).toBeLessThan(1e-9);
      for (const c of components) {
        const held = r.phases.reduce((s, p) => s + p.fraction * p.composition[c], 0);
        expect(Math.abs(held - X[c]), `${where} mass balance of ${c}`).toBeLessThan(1e-9);
      }
      expect(r.GM, where).toBeLessThanOrEqual(hull(X) + 1e-6 * Math.abs(r.GM));
    }
  });

  it("1273 K: γ at Ni-10Al-10Cr, γ + γ′ (FCC_L12 disordered + ordered) a few per cent Al beyond it", () => {
    const T = 1273;
    const hull = hullAt(T);
    const gamma = { AL: 0.1, CR: 0.1, NI: 0.8 };
    const r = equilibrium(models, { T, X: { AL: gamma.AL, CR: gamma.CR } });
    expectConsistent(r, gamma, hull(gamma), "Ni-10Al-10Cr");
    for (const X of [
      { AL: 0.13, CR: 0.1, NI: 0.77 },
      { AL: 0.15, CR: 0.05, NI: 0.8 },
    ]) {
      const two = equilibrium(models, { T, X: { AL: X.AL, CR: X.CR } });
      expectConsistent(two, X, hull(X), `1273 K, x_Al = ${X.AL}, x_Cr = ${X.CR}`);
      expect(two.phases.map((p) => p.name)).toEqual(["FCC_L12", "FCC_L12"]);
      // γ has equal fractions on the two substitutional sublattices, γ′ puts Al on the 0.25 sublattice.
      const order = two.phases.map((p) => p.siteFractions[1][0] - p.siteFractions[0][0]).sort((a, b) => a - b);
      expect(Math.abs(order[0])).toBeLessThan(1e-6);
      expect(order[1]).toBeGreaterThan(0.5);
      const [lean, rich] = two.phases.map((p) => p.composition.AL).sort((a, b) => a - b);
      expect(lean).toBeLessThan(X.AL);
      expect(rich).toBeGreaterThan(X.AL);
    }
  });
});
