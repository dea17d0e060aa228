import { seededRandom } from "./random.ts";

/** Shortest periodic distance between two coordinates on a ring of length n. */
const ringDistance = (a: number, b: number, n: number) => {
  const d = Math.abs(a - b) % n;
  return Math.min(d, n - d);
};

/**
 * Random nuclei for grain growth: `count` seeds at random cells, the Voronoi cell of each (periodic distance)
 * becomes one grain with ηᵢ = 1. Each seed takes an order parameter no seed within two mean spacings already
 * has when one is free, so that neighbouring grains of the same ηᵢ do not merge at once (Krill & Chen's
 * re-use of order parameters); otherwise the least used.
 */
export function randomNuclei(n: number, p: number, count: number, seed: number): Float64Array[] {
  const rand = seededRandom(seed);
  const seeds = Array.from({ length: count }, () => ({ x: rand() * n, y: rand() * n, op: 0 }));
  const spacing = n / Math.sqrt(count);
  const used = new Array<number>(p).fill(0);
  seeds.forEach((s, k) => {
    const near = new Set<number>();
    for (let j = 0; j < k; j++) {
      const o = seeds[j];
      if (Math.hypot(ringDistance(s.x, o.x, n), ringDistance(s.y, o.y, n)) < 2 * spacing) near.add(o.op);
    }
    const free = [...Array(p).keys()].filter((g) => !near.has(g));
    s.op = free.length ? free[Math.floor(rand() * free.length)] : used.indexOf(Math.min(...used));
    used[s.op]++;
  });
  const eta = Array.from({ length: p }, () => new Float64Array(n * n));
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      let best = 0;
      let dmin = Infinity;
      for (let k = 0; k < seeds.length; k++) {
        const dx = ringDistance(x + 0.5, seeds[k].x, n);
        const dy = ringDistance(y + 0.5, seeds[k].y, n);
        const d = dx * dx + dy * dy;
        if (d < dmin) {
          dmin = d;
          best = k;
        }
      }
      eta[seeds[best].op][y * n + x] = 1;
    }
  }
  return eta;
}

/**
 * A circular grain of radius r (grid cells) centred in the box, with the equilibrium profile of the double well
 * W/4·(1 − η²)²: η = tanh((r − ρ)/(√2·ξ)), ξ = √(κ/W) in cells. One order parameter: η = +1 inside, −1 outside.
 * Several: η₁ = (1 + tanh)/2 inside, η₂ = (1 − tanh)/2 outside (the others 0).
 */
export function circle(n: number, p: number, radiusCells: number, xiCells: number): Float64Array[] {
  const eta = Array.from({ length: p }, () => new Float64Array(n * n));
  const c = n / 2;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const rho = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      const t = Math.tanh((radiusCells - rho) / (Math.SQRT2 * xiCells));
      if (p === 1) eta[0][y * n + x] = t;
      else {
        eta[0][y * n + x] = (1 + t) / 2;
        eta[1][y * n + x] = (1 - t) / 2;
      }
    }
  }
  return eta;
}

/** c₀ plus uniform noise of amplitude ±a, its own mean removed so the mean is c₀ exactly (to rounding). */
export function noisyConcentration(n: number, c0: number, amplitude: number, seed: number): Float64Array {
  const rand = seededRandom(seed);
  const c = new Float64Array(n * n);
  let mean = 0;
  for (let i = 0; i < c.length; i++) {
    c[i] = amplitude * (2 * rand() - 1);
    mean += c[i];
  }
  mean /= c.length;
  for (let i = 0; i < c.length; i++) c[i] += c0 - mean;
  return c;
}

/** A droplet of c = 1 of radius r (cells) in c = 0, with the profile (1 + tanh((r − ρ)/(√2·ξ)))/2 of W·c²(1 − c)². */
export function concentrationCircle(n: number, radiusCells: number, xiCells: number): Float64Array {
  const c = new Float64Array(n * n);
  const m = n / 2;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const rho = Math.hypot(x + 0.5 - m, y + 0.5 - m);
      c[y * n + x] = (1 + Math.tanh((radiusCells - rho) / (Math.SQRT2 * xiCells))) / 2;
    }
  }
  return c;
}
