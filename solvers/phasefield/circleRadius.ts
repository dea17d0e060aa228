/**
 * What the `circle` initial state is for: the circle's radius as the run goes on and, for Allen–Cahn, the
 * sharp-interface law it is checked against (docs/phasefield.md, "The circle case").
 *
 * R = √(A/π), A the area where the field is above the level halfway between its two phases' values: η > 0 for one
 * order parameter (wells at ±1), η₁ − η₂ > 0 for a grain of η₁ inside one of η₂, c > ½ for a precipitate (wells at
 * 0 and 1). A threshold rather than the integral of a phase fraction: Cahn–Hilliard conserves ∫c, so its phase
 * fraction's area could not move, while the c = ½ line does (the precipitate gives up solute to the matrix).
 */

/**
 * Area (m²) where u > level, to a fraction of a cell. A cell the level line crosses counts the part of it on the
 * high side of a straight line perpendicular to the local gradient, at signed distance (u − level)/|∇u| from the
 * cell's centre: ½ + that distance in cells, clamped to [0, 1]; a cell far from the line counts whole or not at
 * all. Counting whole cells would make R(t) a staircase (±0.2 cells on a 16-cell circle); this keeps a tanh-profiled
 * disc's radius within 0.03 cells of the true one wherever the rim falls between cell centres (0.05 with the
 * interface under-resolved, ξ = 0.7 dx). Periodic grid.
 */
export function areaAbove(u: Float64Array, n: number, dx: number, level: number): number {
  let cells = 0;
  for (let y = 0; y < n; y++) {
    const up = ((y + 1) % n) * n;
    const down = ((y + n - 1) % n) * n;
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      const gx = (u[y * n + ((x + 1) % n)] - u[y * n + ((x + n - 1) % n)]) / 2;
      const gy = (u[up + x] - u[down + x]) / 2;
      const g = Math.hypot(gx, gy);
      const inside = g > 0 ? 0.5 + (u[i] - level) / g : u[i] > level ? 1 : 0;
      cells += Math.min(1, Math.max(0, inside));
    }
  }
  return cells * dx * dx;
}

/** The radius of the circle of area A. */
export const equivalentRadius = (area: number) => Math.sqrt(area / Math.PI);

/**
 * The circular grain of an Allen–Cahn `circle` run (initial.ts): η > 0 with one order parameter, η₁ > η₂ with
 * several (the others stay 0, so the grain is η₁ and the matrix η₂).
 */
export function grainRadius(eta: Float64Array[], n: number, dx: number): number {
  if (eta.length === 1) return equivalentRadius(areaAbove(eta[0], n, dx, 0));
  const difference = eta[0].map((e, i) => e - eta[1][i]);
  return equivalentRadius(areaAbove(difference, n, dx, 0));
}

/** The precipitate of a Cahn–Hilliard `circle` run: c above ½, halfway between the wells at 0 and 1. */
export function precipitateRadius(c: Float64Array, n: number, dx: number): number {
  return equivalentRadius(areaAbove(c, n, dx, 0.5));
}

/**
 * Motion by curvature in the sharp-interface limit, v = −Lκ/R with κ/2 in F (allenCahn.ts): R² = R₀² − 2Lκt, so
 * R = √(R₀² − 2Lκt) until the circle is gone (then 0).
 */
export function sharpInterfaceRadius(r0: number, mobility: number, kappa: number, timeS: number): number {
  return Math.sqrt(Math.max(0, r0 * r0 - 2 * mobility * kappa * timeS));
}

/** When the sharp-interface circle of radius R₀ is gone: R₀²/(2Lκ). */
export const sharpInterfaceLifetime = (r0: number, mobility: number, kappa: number) => (r0 * r0) / (2 * mobility * kappa);

/** Least-squares slope of y against x. */
export function leastSquaresSlope(x: number[], y: number[]): number {
  const mx = x.reduce((a, b) => a + b, 0) / x.length;
  const my = y.reduce((a, b) => a + b, 0) / y.length;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
  }
  return sxy / sxx;
}

/** The law's fit over one Allen–Cahn circle run. */
export interface CircleLawFit {
  /** Fitted dR²/dt, m²/s. */
  slope: number;
  /** The law's −2Lκ, m²/s. */
  lawSlope: number;
  /** slope / lawSlope − 1: negative when the circle shrinks slower than the law. */
  relativeError: number;
  /** History points fitted, and the time of the last: the fit stops where R falls under the bound. */
  points: number;
  untilS: number;
}

/**
 * Below this many interface widths (2√2·ξ each, ξ = √(κ/W): tanh(x/(√2ξ)) goes from −0.76 to 0.76 over one) the
 * circle is no longer thin-walled and shrinks faster than the sharp-interface law; the fit leaves that part out.
 */
export const FIT_MIN_WIDTHS = 4;

/**
 * The slope of R² against t, least squares over the run's points from the start until R first falls under
 * FIT_MIN_WIDTHS interface widths, against the law's −2Lκ. Null when fewer than three points qualify (a circle
 * started too small, or a run of one or two history points).
 */
export function fitCircleLaw(timeS: number[], radius: number[], p: { mobility: number; kappa: number; barrier: number }): CircleLawFit | null {
  const bound = FIT_MIN_WIDTHS * 2 * Math.SQRT2 * Math.sqrt(p.kappa / p.barrier);
  let points = 0;
  while (points < radius.length && radius[points] >= bound) points++;
  if (points < 3) return null;
  const t = timeS.slice(0, points);
  const slope = leastSquaresSlope(t, radius.slice(0, points).map((r) => r * r));
  const lawSlope = -2 * p.mobility * p.kappa;
  return { slope, lawSlope, relativeError: slope / lawSlope - 1, points, untilS: t[points - 1] };
}
