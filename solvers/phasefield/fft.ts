/**
 * Radix-2 complex FFT on split Float64Arrays (re, im), and its 2-D form on an n×n row-major grid.
 * Convention: forward X_k = Σ_j x_j·e^{−2πi·jk/n} (unnormalized); inverse uses e^{+2πi·jk/n} and divides by n
 * (n² in 2-D), so inverse(forward(x)) = x. Twiddles and the bit-reversal permutation are computed once per size.
 */
export class Fft {
  readonly n: number;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly rev: Uint32Array;

  constructor(n: number) {
    if (!Number.isInteger(n) || n < 2 || (n & (n - 1)) !== 0) throw new Error(`FFT size must be a power of two ≥ 2, got ${n}`);
    this.n = n;
    this.cos = new Float64Array(n / 2);
    this.sin = new Float64Array(n / 2);
    for (let k = 0; k < n / 2; k++) {
      this.cos[k] = Math.cos((2 * Math.PI * k) / n);
      this.sin[k] = Math.sin((2 * Math.PI * k) / n);
    }
    const bits = Math.log2(n);
    this.rev = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.rev[i] = r;
    }
  }

  /** In place on n values starting at `offset` (stride 1); unnormalized in both directions. */
  private line(re: Float64Array, im: Float64Array, offset: number, inverse: boolean): void {
    const { n, rev, cos, sin } = this;
    for (let i = 0; i < n; i++) {
      const j = rev[i];
      if (j > i) {
        const a = offset + i;
        const b = offset + j;
        let t = re[a];
        re[a] = re[b];
        re[b] = t;
        t = im[a];
        im[a] = im[b];
        im[b] = t;
      }
    }
    const sign = inverse ? 1 : -1;
    for (let size = 2; size <= n; size <<= 1) {
      const half = size >> 1;
      const stride = n / size;
      for (let k = 0; k < half; k++) {
        const wr = cos[k * stride];
        const wi = sign * sin[k * stride];
        for (let start = offset + k; start < offset + n; start += size) {
          const b = start + half;
          const tr = wr * re[b] - wi * im[b];
          const ti = wr * im[b] + wi * re[b];
          re[b] = re[start] - tr;
          im[b] = im[start] - ti;
          re[start] += tr;
          im[start] += ti;
        }
      }
    }
  }

  /** 1-D transform of the first n values, in place. */
  transform(re: Float64Array, im: Float64Array, inverse = false): void {
    this.line(re, im, 0, inverse);
    if (inverse) scale(re, im, 1 / this.n, this.n);
  }

  /**
   * 2-D transform of an n×n grid (index y·n + x), in place: every row, then every column. The columns are done
   * as butterflies between whole rows, so the inner loop runs over contiguous memory instead of striding by n.
   */
  transform2d(re: Float64Array, im: Float64Array, inverse = false): void {
    const { n, rev, cos, sin } = this;
    for (let y = 0; y < n; y++) this.line(re, im, y * n, inverse);
    for (let i = 0; i < n; i++) {
      const j = rev[i];
      if (j > i) {
        const a = i * n;
        const b = j * n;
        for (let x = 0; x < n; x++) {
          let t = re[a + x];
          re[a + x] = re[b + x];
          re[b + x] = t;
          t = im[a + x];
          im[a + x] = im[b + x];
          im[b + x] = t;
        }
      }
    }
    const sign = inverse ? 1 : -1;
    for (let size = 2; size <= n; size <<= 1) {
      const half = size >> 1;
      const stride = n / size;
      for (let k = 0; k < half; k++) {
        const wr = cos[k * stride];
        const wi = sign * sin[k * stride];
        for (let start = k; start < n; start += size) {
          const a = start * n;
          const b = (start + half) * n;
          for (let x = 0; x < n; x++) {
            const rb = re[b + x];
            const ib = im[b + x];
            const tr = wr * rb - wi * ib;
            const ti = wr * ib + wi * rb;
            re[b + x] = re[a + x] - tr;
            im[b + x] = im[a + x] - ti;
            re[a + x] += tr;
            im[a + x] += ti;
          }
        }
      }
    }
    if (inverse) scale(re, im, 1 / (n * n), n * n);
  }
}

function scale(re: Float64Array, im: Float64Array, s: number, count: number): void {
  for (let i = 0; i < count; i++) {
    re[i] *= s;
    im[i] *= s;
  }
}

/**
 * |k|² of every grid mode (same layout as the transform's output) for an n×n periodic grid of spacing dx:
 * k = 2π·m/(n·dx) with m taken in [−n/2, n/2), the aliasing-correct wavenumber of each FFT index.
 */
export function wavenumbersSquared(n: number, dx: number): Float64Array {
  const k1 = new Float64Array(n);
  for (let m = 0; m < n; m++) k1[m] = ((2 * Math.PI) / (n * dx)) * (m < n / 2 ? m : m - n);
  const k2 = new Float64Array(n * n);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) k2[y * n + x] = k1[x] * k1[x] + k1[y] * k1[y];
  return k2;
}
