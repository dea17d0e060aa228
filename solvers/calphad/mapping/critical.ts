/**
 * The critical point of a miscibility gap in a phase mixing two constituents on one sublattice: the highest
 * T at which G(x) has a non-convex stretch, i.e. where the smallest curvature min_x G''(x) reaches zero.
 * Phases with internal degrees of freedom are left to the scan (their gap closes at its last tie-line).
 */
import type { PhaseContext } from "../equilibrium/phase.ts";
import { illinois } from "./roots.ts";

function mixingSublattice(ctx: PhaseContext): number {
  const mixing = ctx.model.sublattices.map((l, s) => ({ s, k: l.constituents.length })).filter((l) => l.k > 1);
  return mixing.length === 1 && mixing[0].k === 2 ? mixing[0].s : -1;
}

/** Smallest G''(x) (J/mol of atoms) between x0 and x1 and where it is. */
function minCurvature(ctx: PhaseContext, s: number, T: number, P: number, x0: number, x1: number): { c: number; x: number } {
  const y = new Float64Array(ctx.nY).fill(1);
  const at = ctx.subStart[s];
  const ratio = ctx.model.sublattices[s].ratio;
  const g = (x: number) => {
    y[at] = 1 - x;
    y[at + 1] = x;
    return ctx.model.gibbs(T, P, y) / ratio;
  };
  const h = 1e-4;
  const curv = (x: number) => (g(x + h) - 2 * g(x) + g(x - h)) / (h * h);
  let best = { c: Infinity, x: x0 };
  const lo = Math.max(2 * h, x0);
  const hi = Math.min(1 - 2 * h, x1);
  for (let i = 0; i <= 50; i++) {
    const x = lo + ((hi - lo) * i) / 50;
    const c = curv(x);
    if (c < best.c) best = { c, x };
  }
  // Golden-section refinement of the minimum's position.
  let a = Math.max(lo, best.x - (hi - lo) / 50);
  let b = Math.min(hi, best.x + (hi - lo) / 50);
  for (let i = 0; i < 30; i++) {
    const m1 = b - 0.618 * (b - a);
    const m2 = a + 0.618 * (b - a);
    if (curv(m1) < curv(m2)) b = m2;
    else a = m1;
  }
  const x = 0.5 * (a + b);
  return { c: curv(x), x };
}

/**
 * Critical point above Tbelow (where the gap spans xl to xr), looked for up to 64 `step`s higher: the scan
 * loses a gap a little below its critical point, where the hump is too flat to tell from rounding. Null for
 * other phase models.
 */
export function criticalPoint(ctx: PhaseContext, Tbelow: number, step: number, P: number, xl: number, xr: number): { T: number; x: number } | null {
  const s = mixingSublattice(ctx);
  // Only a phase whose atoms all sit on the mixing sublattice has x equal to its site fraction there.
  if (s < 0 || ctx.model.sublattices.some((l, k) => k !== s && l.constituents.some((c) => c !== "VA"))) return null;
  const span = Math.max(0.1, xr - xl);
  const x0 = Math.max(0, xl - span);
  const x1 = Math.min(1, xr + span);
  const f = (T: number) => minCurvature(ctx, s, T, P, x0, x1).c;
  const fb = f(Tbelow);
  if (!(fb < 0)) return null;
  let Tabove = Tbelow;
  let fa = fb;
  for (let d = step; d <= 64 * step && !(fa > 0); d *= 2) {
    Tabove = Tbelow + d;
    fa = f(Tabove);
  }
  if (!(fa > 0)) return null;
  const T = illinois(f, Tabove, Tbelow, fa, fb, 1e-4);
  return { T, x: minCurvature(ctx, s, T, P, x0, x1).x };
}
