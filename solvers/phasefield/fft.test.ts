import { describe, expect, it } from "vitest";
import { Fft, wavenumbersSquared } from "./fft.ts";
import { seededRandom } from "./random.ts";

/** The definition, O(n²): X_k = Σ_j x_j·e^{−2πi·jk/n}. */
function naiveDft(re: Float64Array, im: Float64Array): [Float64Array, Float64Array] {
  const n = re.length;
  const outRe = new Float64Array(n);
  const outIm = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    for (let j = 0; j < n; j++) {
      const a = (-2 * Math.PI * j * k) / n;
      outRe[k] += re[j] * Math.cos(a) - im[j] * Math.sin(a);
      outIm[k] += re[j] * Math.sin(a) + im[j] * Math.cos(a);
    }
  }
  return [outRe, outIm];
}

const randomArray = (n: number, rand: () => number) => Float64Array.from({ length: n }, () => rand() * 2 - 1);
const maxDiff = (a: Float64Array, b: Float64Array) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);

describe("radix-2 FFT", () => {
  it("matches the naive DFT in 1-D for every power of two up to 256", () => {
    const rand = seededRandom(7);
    for (let n = 2; n <= 256; n *= 2) {
      const re = randomArray(n, rand);
      const im = randomArray(n, rand);
      const [wr, wi] = naiveDft(re, im);
      new Fft(n).transform(re, im);
      expect(maxDiff(re, wr)).toBeLessThan(1e-11 * n);
      expect(maxDiff(im, wi)).toBeLessThan(1e-11 * n);
    }
  });

  it("matches a naive 2-D DFT (rows then columns) on a 16×16 grid", () => {
    const n = 16;
    const rand = seededRandom(3);
    const re = randomArray(n * n, rand);
    const im = randomArray(n * n, rand);
    // Naive 2-D: X(kx, ky) = Σ x(x, y)·e^{−2πi(x·kx + y·ky)/n}
    const wr = new Float64Array(n * n);
    const wi = new Float64Array(n * n);
    for (let ky = 0; ky < n; ky++)
      for (let kx = 0; kx < n; kx++)
        for (let y = 0; y < n; y++)
          for (let x = 0; x < n; x++) {
            const a = (-2 * Math.PI * (x * kx + y * ky)) / n;
            const i = y * n + x;
            wr[ky * n + kx] += re[i] * Math.cos(a) - im[i] * Math.sin(a);
            wi[ky * n + kx] += re[i] * Math.sin(a) + im[i] * Math.cos(a);
          }
    new Fft(n).transform2d(re, im);
    expect(maxDiff(re, wr)).toBeLessThan(1e-10);
    expect(maxDiff(im, wi)).toBeLessThan(1e-10);
  });

  it("inverts itself: inverse(forward(x)) = x to rounding on 512×512", () => {
    const n = 512;
    const rand = seededRandom(11);
    const re = randomArray(n * n, rand);
    const im = randomArray(n * n, rand);
    const re0 = re.slice();
    const im0 = im.slice();
    const fft = new Fft(n);
    fft.transform2d(re, im);
    fft.transform2d(re, im, true);
    expect(maxDiff(re, re0)).toBeLessThan(1e-13);
    expect(maxDiff(im, im0)).toBeLessThan(1e-13);
  });

  it("puts a single cosine mode at ±k and gives its |k|²", () => {
    const n = 32;
    const dx = 0.5;
    const re = new Float64Array(n * n);
    const im = new Float64Array(n * n);
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) re[y * n + x] = Math.cos((2 * Math.PI * 3 * x) / n);
    new Fft(n).transform2d(re, im);
    expect(re[3]).toBeCloseTo((n * n) / 2, 9);
    expect(re[n - 3]).toBeCloseTo((n * n) / 2, 9);
    const k2 = wavenumbersSquared(n, dx);
    expect(k2[3]).toBeCloseTo(((2 * Math.PI * 3) / (n * dx)) ** 2, 12);
    expect(k2[n - 3]).toBeCloseTo(k2[3], 12);
  });

  it("refuses sizes that are not powers of two", () => {
    expect(() => new Fft(96)).toThrow(/power of two/);
  });
});
