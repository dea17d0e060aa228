/**
 * Congruent points of a binary: two fields of the same pair of phases meeting at one composition, at a
 * maximum (a compound or solution melting congruently) or a minimum of the field. There both phases have
 * the same composition and energy, so the temperature is the root of min_x [G_q(x) − G_p(x)], with each
 * energy taken at fixed composition. Phases whose energy at fixed x is not a single evaluation (several
 * mixing sublattices in an ordered state) are reported at the scan's bracket midpoint instead.
 */
import type { PhaseContext } from "../equilibrium/phase.ts";
import type { CalphadPhaseModel } from "../models/index.ts";
import { illinois } from "./roots.ts";
import type { PhaseState } from "./tieline.ts";

/** Site fractions of a phase at overall composition x, where they follow from x alone; null elsewhere. */
export function sitesAtComposition(ctx: PhaseContext, x: number): Float64Array | null {
  const subs = ctx.model.sublattices;
  const y = new Float64Array(ctx.nY);
  const B = (s: number) => subs[s].constituents.map((c, j) => ({ c, j: ctx.subStart[s] + j }));
  const mixing = subs.map((l, s) => s).filter((s) => subs[s].constituents.filter((c) => c !== "VA").length > 1);
  const atomsOn = (s: number) => ctx.model.components.some((_, row) => ctx.model.elementMoles[row].slice(ctx.subStart[s], ctx.subStart[s + 1]).some((v) => v > 0));
  // Single-species sublattices are fixed; a vacancy-only one too.
  subs.forEach((l, s) => {
    if (l.constituents.length === 1) y[ctx.subStart[s]] = 1;
  });
  if (mixing.length === 0) {
    const moles = [0, 1].map((c) => ctx.model.elementMoles[c].reduce((a, v, i) => a + v * y[i], 0));
    const xc = moles[1] / (moles[0] + moles[1]);
    return Math.abs(xc - x) < 1e-9 ? y : null;
  }
  const m = ctx.model as Partial<CalphadPhaseModel>;
  const sameOnAll = m.orderDisorder ? new Set(m.orderDisorder.substitutional) : null;
  const targets = sameOnAll ? mixing.filter((s) => sameOnAll.has(s)) : mixing;
  if (targets.length !== mixing.length) return null;
  // Every other sublattice must hold no atoms (vacancies only), so the mixing ones alone set x.
  if (subs.some((l, s) => !mixing.includes(s) && l.constituents.length === 1 && l.constituents[0] !== "VA" && atomsOn(s))) return null;
  for (const s of mixing) {
    const cs = B(s).filter((e) => e.c !== "VA");
    if (cs.length !== 2) return null;
    const [a, b] = ctx.model.components;
    const ia = cs.find((e) => e.c === a);
    const ib = cs.find((e) => e.c === b);
    if (!ia || !ib) return null;
    y[ia.j] = Math.max(1 - x, 1e-14);
    y[ib.j] = Math.max(x, 1e-14);
    for (const e of B(s)) if (e.c === "VA") y[e.j] = 1e-14;
  }
  return y;
}

function gAt(ctx: PhaseContext, T: number, P: number, x: number): number {
  const y = sitesAtComposition(ctx, x);
  if (!y) return NaN;
  let atoms = 0;
  for (const row of ctx.model.elementMoles) for (let i = 0; i < row.length; i++) atoms += row[i] * y[i];
  return ctx.model.gibbs(T, P, y) / atoms;
}

/**
 * The congruent point of phases p (outer) and q (middle) bracketed by Thi and Tlo, near composition x0.
 * Returns the temperature and composition, or null when the energies cannot be taken at fixed x.
 */
export function congruentPoint(p: PhaseState, q: PhaseState, Thi: number, Tlo: number, P: number, x0: number): { T: number; x: number } | null {
  const fixed = sitesAtComposition(q.ctx, q.x) && !q.ctx.model.sublattices.some((l) => l.constituents.length > 1) ? q.x : null;
  const xs = fixed !== null ? [fixed] : Array.from({ length: 81 }, (_, i) => x0 - 0.04 + i * 0.001).filter((x) => x > 0 && x < 1);
  let at = xs[0];
  const f = (T: number) => {
    let best = Infinity;
    for (const x of xs) {
      const d = gAt(q.ctx, T, P, x) - gAt(p.ctx, T, P, x);
      if (d < best) {
        best = d;
        at = x;
      }
    }
    return best;
  };
  let hi = Thi;
  let lo = Tlo;
  let fhi = f(hi);
  let flo = f(lo);
  if (!Number.isFinite(fhi) || !Number.isFinite(flo)) return null;
  const width = Math.max(Thi - Tlo, 1e-3);
  for (let w = width; w <= 64 * width && Math.sign(fhi) === Math.sign(flo); w *= 2) {
    hi = Thi + w;
    lo = Tlo - w;
    fhi = f(hi);
    flo = f(lo);
  }
  if (Math.sign(fhi) === Math.sign(flo)) return null;
  const T = illinois(f, hi, lo, fhi, flo, 1e-4);
  f(T);
  return { T, x: at };
}
