import { describe, expect, it } from "vitest";
import { erf, erfc } from "./erf.ts";

/** Reference values (17 significant digits, as tabulated by correctly rounded libm implementations). */
const TABLE: Array<[x: number, erf: number, erfc: number]> = [
  [1e-8, 1.1283791670955126e-8, 0.9999999887162083],
  [0.1, 0.1124629160182849, 0.8875370839817152],
  [0.5, 0.5204998778130465, 0.4795001221869535],
  [1, 0.8427007929497149, 0.15729920705028513],
  [1.3, 0.9340079449406524, 0.06599205505934755],
  [1.5, 0.9661051464753108, 0.033894853524689274],
  [2, 0.9953222650189527, 0.004677734981047265],
  [2.44, 0.9994408261164486, 0.0005591738835514215],
  [2.49, 0.9995707121322661, 0.000429287867733913],
  [2.5, 0.999593047982555, 0.0004069520174449589],
  [2.51, 0.9996142945182758, 0.0003857054817242798],
  [3, 0.9999779095030014, 2.2090496998585438e-5],
  [4, 0.9999999845827421, 1.541725790028002e-8],
  [5, 0.9999999999984626, 1.5374597944280351e-12],
  [6, 1, 2.1519736712498916e-17],
  [10, 1, 2.088487583762545e-45],
];

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe("erf", () => {
  it.each(TABLE)("erf(%d) to 1e-13 relative", (x, e) => {
    expect(rel(erf(x), e)).toBeLessThan(1e-13);
  });

  it("is odd and zero at zero", () => {
    expect(erf(0)).toBe(0);
    for (const [x] of TABLE) expect(erf(-x)).toBe(-erf(x));
  });

  it("is continuous across the switch from series to continued fraction", () => {
    const below = erf(2.5 - 1e-12);
    const above = erf(2.5);
    expect(Math.abs(above - below)).toBeLessThan(1e-14);
  });

  it("is monotone on a fine grid and bounded by 1", () => {
    let prev = -1;
    for (let x = -6; x <= 6; x += 0.001) {
      const v = erf(x);
      expect(v).toBeGreaterThanOrEqual(prev);
      expect(Math.abs(v)).toBeLessThanOrEqual(1);
      prev = v;
    }
  });

  it("answers NaN for NaN and ±1 at infinity", () => {
    expect(erf(NaN)).toBeNaN();
    expect(erf(Infinity)).toBe(1);
    expect(erf(-Infinity)).toBe(-1);
  });
});

describe("erfc", () => {
  it("is continuous where it switches from 1 − series to the continued fraction", () => {
    // The step across the switch must be the function's own slope, 2/√π·e^(−1) per unit x, and nothing more.
    const slope = (2 / Math.sqrt(Math.PI)) * Math.exp(-1);
    expect(Math.abs(erfc(1 - 1e-9) - erfc(1) - slope * 1e-9)).toBeLessThan(1e-15);
  });

  it.each(TABLE)("erfc(%d) to 1e-13 relative, including the far tail", (x, _e, ec) => {
    expect(rel(erfc(x), ec)).toBeLessThan(1e-13);
  });

  it("satisfies erfc(−x) = 2 − erfc(x)", () => {
    expect(erfc(-1)).toBeCloseTo(2 - 0.15729920705028513, 15);
    expect(erfc(0)).toBe(1);
  });
});
