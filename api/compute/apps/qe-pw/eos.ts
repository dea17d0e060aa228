/**
 * Third-order Birch–Murnaghan equation of state fitted by least squares.
 *
 * E(V) = E0 + 9V0B0/16 · { [(V0/V)^{2/3} − 1]³ B0' + [(V0/V)^{2/3} − 1]² [6 − 4(V0/V)^{2/3}] }
 * is exactly a cubic polynomial in x = V^{−2/3}; its four coefficients and (E0, V0, B0, B0') determine each
 * other. So the least-squares fit is a linear one (normal equations on a centred, scaled x for conditioning),
 * and E0, V0, B0, B0' follow from the polynomial: V0 where dE/dx = 0, B0 = V d²E/dV², B0' = dB/dP.
 */
export interface BirchMurnaghanFit {
  e0: number;
  v0: number;
  /** In the energy unit per volume unit given (Ry/bohr³ for pw.x). */
  b0: number;
  b0Prime: number;
  /** Root mean square of the residuals, energy unit. */
  rms: number;
  energyAt(v: number): number;
}

/** 1 Ry/bohr³ in GPa. */
export const RY_PER_BOHR3_GPA = 14710.507848260711;

/** Solves A·c = b (small dense system) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r][col]) > Math.abs(m[piv][col])) piv = r;
    if (Math.abs(m[piv][col]) < 1e-300) throw new Error("EOS fit: singular system (points too close together)");
    [m[col], m[piv]] = [m[piv], m[col]];
    for (let r = col + 1; r < n; r++) {
      const f = m[r][col] / m[col][col];
      for (let c = col; c <= n; c++) m[r][c] -= f * m[col][c];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let c = r + 1; c < n; c++) s -= m[r][c] * x[c];
    x[r] = s / m[r][r];
  }
  return x;
}

/** Fits E(V) through at least 5 points (4 parameters and one more to judge the fit). */
export function fitBirchMurnaghan(volumes: number[], energies: number[]): BirchMurnaghanFit {
  const n = volumes.length;
  if (n !== energies.length || n < 5) throw new Error(`EOS fit needs at least 5 (V, E) points, got ${Math.min(n, energies.length)}`);
  const xs = volumes.map((v) => v ** (-2 / 3));
  const xMean = xs.reduce((s, x) => s + x, 0) / n;
  const xSpread = Math.max(...xs.map((x) => Math.abs(x - xMean))) || 1;
  const ts = xs.map((x) => (x - xMean) / xSpread);
  const eRef = energies.reduce((s, e) => s + e, 0) / n;
  // Normal equations of E − eRef = c0 + c1 t + c2 t² + c3 t³.
  const ata = Array.from({ length: 4 }, () => new Array<number>(4).fill(0));
  const atb = new Array<number>(4).fill(0);
  ts.forEach((t, i) => {
    const pw = [1, t, t * t, t * t * t];
    for (let r = 0; r < 4; r++) {
      atb[r] += pw[r] * (energies[i] - eRef);
      for (let c = 0; c < 4; c++) ata[r][c] += pw[r] * pw[c];
    }
  });
  const [c0, c1, c2, c3] = solve(ata, atb);
  const eOfT = (t: number) => eRef + c0 + t * (c1 + t * (c2 + t * c3));
  const energyAt = (v: number) => eOfT((v ** (-2 / 3) - xMean) / xSpread);

  // dE/dt = c1 + 2c2 t + 3c3 t² = 0: the minimum is the root where d²E/dt² > 0 (x grows as V shrinks, and
  // d²E/dV² > 0 there too since dE/dx = 0), nearest the data.
  const roots: number[] = [];
  if (Math.abs(c3) < 1e-14 * (Math.abs(c2) + Math.abs(c1))) {
    if (c2 !== 0) roots.push(-c1 / (2 * c2));
  } else {
    const disc = 4 * c2 * c2 - 12 * c3 * c1;
    if (disc >= 0) for (const sgn of [1, -1]) roots.push((-2 * c2 + sgn * Math.sqrt(disc)) / (6 * c3));
  }
  const minima = roots.filter((t) => 2 * c2 + 6 * c3 * t > 0 && xMean + t * xSpread > 0).sort((a, b) => Math.abs(a) - Math.abs(b));
  if (!minima.length) throw new Error("EOS fit has no energy minimum: the scan does not bracket the equilibrium volume");
  const t0 = minima[0];
  const x0 = xMean + t0 * xSpread;
  const v0 = x0 ** (-3 / 2);

  // d²E/dV² in closed form from x(V): dE/dV = E_x x', d²E/dV² = E_xx x'² + E_x x''.
  const ex = (x: number) => {
    const t = (x - xMean) / xSpread;
    return (c1 + 2 * c2 * t + 3 * c3 * t * t) / xSpread;
  };
  const exx = (x: number) => (2 * c2 + 6 * c3 * ((x - xMean) / xSpread)) / (xSpread * xSpread);
  const bulk = (v: number) => {
    const x = v ** (-2 / 3);
    const xp = (-2 / 3) * v ** (-5 / 3);
    const xpp = (10 / 9) * v ** (-8 / 3);
    return v * (exx(x) * xp * xp + ex(x) * xpp);
  };
  const b0 = bulk(v0);
  // B' = dB/dP = −(dB/dV) / (d²E/dV²) = −V (dB/dV) / B, by a central difference on the closed-form B(V).
  const h = 1e-4 * v0;
  const b0Prime = (-v0 * (bulk(v0 + h) - bulk(v0 - h))) / (2 * h) / b0;
  const rms = Math.sqrt(volumes.reduce((s, v, i) => s + (energyAt(v) - energies[i]) ** 2, 0) / n);
  return { e0: eOfT(t0), v0, b0, b0Prime, rms, energyAt };
}

/** Birch–Murnaghan E(V) itself, for tests and for anyone checking the fit. */
export function birchMurnaghanEnergy(v: number, e0: number, v0: number, b0: number, b0Prime: number): number {
  const eta = (v0 / v) ** (2 / 3) - 1;
  return e0 + ((9 * v0 * b0) / 16) * (eta ** 3 * b0Prime + eta ** 2 * (6 - 4 * (eta + 1)));
}
