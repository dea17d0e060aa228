import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { shippedDatabases } from "../databases/index.ts";
import type { PhaseModel } from "../model.ts";
import { parseTdb } from "../tdb/parse.ts";
import { buildPhaseModels } from "./build.ts";

const P = 101325;

/** A small deterministic generator, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Random site fractions, each sublattice summing to 1, every fraction at least `floor`. */
function randomY(m: PhaseModel, next: () => number, floor: number): number[] {
  return m.sublattices.flatMap((s) => {
    const r = s.constituents.map(() => floor + next());
    const sum = r.reduce((a, b) => a + b, 0);
    return r.map((v) => v / sum);
  });
}

/**
 * Worst mismatch between the analytic gradient and central differences (h = 1e-6 in each y, unconstrained:
 * the models are defined off the simplex too), relative to max(|∂G/∂y|, R·T).
 */
function worstMismatch(m: PhaseModel, T: number, y: number[]): number {
  const g = new Float64Array(y.length);
  const G = m.gibbsGradient(T, P, y, g);
  expect(G).toBeCloseTo(m.gibbs(T, P, y), 9);
  let worst = 0;
  const h = 1e-6;
  for (let i = 0; i < y.length; i++) {
    const up = y.slice(); up[i] += h;
    const dn = y.slice(); dn[i] -= h;
    const fd = (m.gibbs(T, P, up) - m.gibbs(T, P, dn)) / (2 * h);
    worst = Math.max(worst, Math.abs(fd - g[i]) / Math.max(Math.abs(g[i]), 8.3145 * T));
  }
  return worst;
}

describe("gibbsGradient is the exact derivative (checked against central differences)", () => {
  for (const d of shippedDatabases) {
    it(`every phase of ${d.id} at 400, 1043 and 1800 K, at random interior points`, () => {
      const db = parseTdb(readFileSync(d.path, "utf8"));
      const next = rng(d.id.length * 7919);
      for (const m of buildPhaseModels(db, d.elements)) {
        for (const T of [400, 1043, 1800]) {
          for (let k = 0; k < 3; k++) {
            const y = randomY(m, next, 0.02);
            const worst = worstMismatch(m, T, y);
            if (worst > 2e-7) throw new Error(`${d.id} ${m.name} at ${T} K, y = ${y.map((v) => v.toFixed(3))}: relative mismatch ${worst}`);
          }
        }
      }
    });
  }

  it("near the magnetic transition and in strongly ordered B2 (alfe.tdb)", () => {
    const db = parseTdb(readFileSync(shippedDatabases.find((x) => x.id === "alfe")!.path, "utf8"));
    const [b2] = buildPhaseModels(db, ["AL", "FE"], ["B2_BCC"]);
    for (const T of [1000, 1040, 1050]) {
      expect(worstMismatch(b2, T, [0.02, 0.98, 0.03, 0.97, 1])).toBeLessThan(2e-7);
      expect(worstMismatch(b2, T, [0.05, 0.95, 0.9, 0.1, 1])).toBeLessThan(2e-7);
    }
  });
});
