import { describe, expect, it } from "vitest";
import { countGrains, meanGrainDiameter } from "./grains.ts";

describe("counting grains", () => {
  it("counts a grain cut by the periodic edges once, and two separate grains of one order parameter twice", () => {
    const n = 16;
    const a = new Float64Array(n * n);
    const b = new Float64Array(n * n).fill(1);
    // Order parameter a: one block straddling the left/right and top/bottom edges, one block in the middle.
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const wrapped = (x < 2 || x >= n - 2) && (y < 2 || y >= n - 2);
        const middle = x >= 6 && x < 10 && y >= 6 && y < 10;
        if (wrapped || middle) {
          a[y * n + x] = 1;
          b[y * n + x] = 0;
        }
      }
    // b is the matrix around them: one grain.
    expect(countGrains([a, b], n)).toEqual({ grains: 3, grainCells: n * n });
  });

  it("leaves cells on a boundary (no order parameter above 0.5) out of every grain", () => {
    const n = 8;
    const a = new Float64Array(n * n).fill(0.4);
    expect(countGrains([a], n)).toEqual({ grains: 0, grainCells: 0 });
    expect(meanGrainDiameter(0, n, 1)).toBeNaN();
    // Four grains in a 8×8 box of unit cells: mean area 16, d = 2√(16/π).
    expect(meanGrainDiameter(4, n, 1)).toBeCloseTo(2 * Math.sqrt(16 / Math.PI), 12);
  });
});
