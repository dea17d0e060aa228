/**
 * Colours of the snapshots: grains by their dominant order parameter (hues spread by the golden angle, so
 * neighbouring indices differ), darkened where Σηᵢ² drops (grain boundaries); a concentration by a
 * blue–white–red diverging map centred on the middle of its range.
 */
function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)];
}

export function grainPalette(p: number): Array<[number, number, number]> {
  return Array.from({ length: p }, (_, i) => hsl((i * 137.508) % 360, 0.65, 0.58));
}

/** RGB of an Allen–Cahn state: cell colour = dominant grain's hue × brightness from Σηᵢ² (1 inside, ~0.5 on a boundary). */
export function grainImage(eta: Float64Array[], n: number): Uint8Array {
  const palette = grainPalette(eta.length);
  const rgb = new Uint8Array(n * n * 3);
  for (let i = 0; i < n * n; i++) {
    let best = 0;
    let max = -Infinity;
    let sumSq = 0;
    for (let g = 0; g < eta.length; g++) {
      const e = eta[g][i];
      sumSq += e * e;
      if (e > max) {
        max = e;
        best = g;
      }
    }
    // For one order parameter (a circle) the "other phase" is η = −1: shade by η itself instead.
    const shade = eta.length === 1 ? null : Math.max(0, Math.min(1, (sumSq - 0.45) / 0.5));
    const [r, g, b] = eta.length === 1 ? (max > 0 ? palette[0] : [0.93, 0.93, 0.93]) : palette[best];
    const v = shade ?? Math.min(1, Math.abs(max));
    rgb[i * 3] = Math.round(255 * r * v);
    rgb[i * 3 + 1] = Math.round(255 * g * v);
    rgb[i * 3 + 2] = Math.round(255 * b * v);
  }
  return rgb;
}

/** Diverging blue (low) – white – red (high) for c over [lo, hi]. */
export function divergingImage(c: Float64Array, lo: number, hi: number): Uint8Array {
  const rgb = new Uint8Array(c.length * 3);
  const blue = [59, 76, 192];
  const white = [242, 242, 242];
  const red = [180, 4, 38];
  for (let i = 0; i < c.length; i++) {
    const t = Math.max(0, Math.min(1, (c[i] - lo) / (hi - lo || 1)));
    const [a, b, u] = t < 0.5 ? [blue, white, t * 2] : [white, red, (t - 0.5) * 2];
    for (let k = 0; k < 3; k++) rgb[i * 3 + k] = Math.round(a[k] + (b[k] - a[k]) * u);
  }
  return rgb;
}
