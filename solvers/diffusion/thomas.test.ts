import { describe, expect, it } from "vitest";
import { allocateFactors, factorTridiagonal, solveTridiagonal, substituteTridiagonal } from "./thomas.ts";

/** A diagonally dominant system with a known solution, built by multiplying it out. */
function system(n: number) {
  const sub = new Float64Array(n);
  const diag = new Float64Array(n);
  const sup = new Float64Array(n);
  const exact = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    sub[i] = i > 0 ? -0.3 - 0.01 * (i % 7) : 0;
    sup[i] = i < n - 1 ? -0.5 + 0.02 * (i % 5) : 0;
    diag[i] = 1 + Math.abs(sub[i]) + Math.abs(sup[i]) + 0.1 * (i % 3);
    exact[i] = Math.sin(i) + 2;
  }
  const rhs = new Float64Array(n);
  for (let i = 0; i < n; i++) rhs[i] = diag[i] * exact[i] + (i > 0 ? sub[i] * exact[i - 1] : 0) + (i < n - 1 ? sup[i] * exact[i + 1] : 0);
  return { sub, diag, sup, rhs, exact };
}

describe("Thomas algorithm", () => {
  it.each([1, 2, 3, 50, 1000])("solves a %i-row diagonally dominant system to rounding", (n) => {
    const { sub, diag, sup, rhs, exact } = system(n);
    const x = new Float64Array(n);
    solveTridiagonal(sub, diag, sup, rhs, x, n);
    for (let i = 0; i < n; i++) expect(Math.abs(x[i] - exact[i])).toBeLessThan(1e-13);
  });

  it("reuses one factorisation for several right-hand sides, writing into a view", () => {
    const n = 200;
    const { sub, diag, sup, rhs, exact } = system(n);
    const f = allocateFactors(n);
    factorTridiagonal(sub, diag, sup, n, f);
    const out = new Float64Array(n + 1);
    substituteTridiagonal(sub, f, rhs, out.subarray(1), n);
    for (let i = 0; i < n; i++) expect(Math.abs(out[i + 1] - exact[i])).toBeLessThan(1e-13);
    const doubled = rhs.map((v) => 2 * v);
    substituteTridiagonal(sub, f, doubled, out.subarray(1), n);
    for (let i = 0; i < n; i++) expect(Math.abs(out[i + 1] - 2 * exact[i])).toBeLessThan(1e-12);
    expect(out[0]).toBe(0);
  });
});
