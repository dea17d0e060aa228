import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { shippedDatabase } from "../databases/index.ts";
import { parseTdb } from "../tdb/parse.ts";
import { buildPhaseModels } from "./build.ts";

const N = 100_000;

/** Wall time of N gibbsGradient calls over varying site fractions (T fixed, or T changing every call). */
function time(id: string, phase: string, changeT: boolean): number {
  const d = shippedDatabase(id)!;
  const [m] = buildPhaseModels(parseTdb(readFileSync(d.path, "utf8")), d.elements, [phase]);
  const n = m.sublattices.reduce((a, s) => a + s.constituents.length, 0);
  const y = new Float64Array(n);
  const grad = new Float64Array(n);
  let sink = 0;
  const t0 = performance.now();
  for (let k = 0; k < N; k++) {
    let i = 0;
    for (const s of m.sublattices) {
      const c = s.constituents.length;
      // Walk the composition so no call repeats the previous one.
      for (let j = 0; j < c; j++) y[i + j] = (1 + ((k + 3 * j) % 97)) / 1000 + (j === 0 ? 1 : 0);
      let sum = 0;
      for (let j = 0; j < c; j++) sum += y[i + j];
      for (let j = 0; j < c; j++) y[i + j] /= sum;
      i += c;
    }
    sink += m.gibbsGradient(changeT ? 800 + (k % 500) : 1000, 101325, y, grad) + grad[0];
  }
  const ms = performance.now() - t0;
  expect(Number.isFinite(sink)).toBe(true);
  return ms;
}

describe("gibbsGradient speed (1e5 calls)", () => {
  it.each([
    ["FeCrNi_kawin_matcalc", "FCC_A1", "2 sublattices (Cr,Fe,Ni)(Va), magnetic, ternary RK"],
    ["alzn_mey", "FCC_A1", "1 sublattice, RK to order 2"],
    ["alfe", "B2_BCC", "3 sublattices, order–disorder with magnetic disordered part"],
  ])("%s %s: %s", (id, phase) => {
    const fixed = time(id, phase, false);
    const varying = time(id, phase, true);
    console.log(`${id} ${phase}: ${N} gibbsGradient calls in ${fixed.toFixed(0)} ms at fixed T, ${varying.toFixed(0)} ms with T changing every call`);
    // A generous bound: the point is the printed number, the bound only catches a pathological slowdown.
    expect(fixed).toBeLessThan(3000);
  });
});
