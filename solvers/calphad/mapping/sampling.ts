/**
 * The discovery grid of a binary diagram: every phase sampled once in site fractions, sorted by composition,
 * so that at each temperature only the energies change. A phase mixing on one sublattice is sampled finer
 * than the equilibrium solver's start grid, and geometrically towards the pure ends: dilute solubility limits
 * and the narrow two-phase fields next to a melting point are what a T–x scan has to see.
 */
import type { PhaseModel } from "../model.ts";
import type { CalphadPhaseModel } from "../models/index.ts";
import { sitePoints } from "../equilibrium/grid.ts";
import { molesOf, phaseContext, Y_MIN, type PhaseContext } from "../equilibrium/phase.ts";

export interface SampledPhase {
  ctx: PhaseContext;
  /** Site fractions, point after point. */
  y: Float64Array;
  /** Mole fraction of the second component per point. */
  x: Float64Array;
  /** Atoms per formula unit per point. */
  atoms: Float64Array;
  /** Sample family per point (see samplePoints). */
  family: Uint8Array;
  count: number;
}

/** All points of all phases merged and sorted by x: owner phase and point index. */
export interface MergedGrid {
  phases: SampledPhase[];
  owner: Int32Array;
  point: Int32Array;
  /** owner·2 + the point's sample family: the hump test compares points of one family only. */
  family: Int32Array;
  x: Float64Array;
  /** Energies per mole of atoms at the current temperature, in merged order. */
  g: Float64Array;
  count: number;
}

/** x values for one binary mixing sublattice: uniform 1/400, plus 1e-6…1e-2 geometric at both ends. */
function binaryFractions(): number[] {
  const xs = new Set<number>();
  for (let i = 0; i <= 400; i++) xs.add(i / 400);
  for (let e = -6; e < -2; e += 0.25) {
    xs.add(10 ** e);
    xs.add(1 - 10 ** e);
  }
  return [...xs].sort((a, b) => a - b);
}

/**
 * A phase's sample points and the family of each: 0 for the phase's lattice, 1 for an ordered phase's
 * disordered line. Two hull vertices of one family with that family's points above the chord between them
 * are a gap; vertices of two families are a two-phase candidate the refinement confirms or drops.
 */
function samplePoints(ctx: PhaseContext, budget: number): { y: Float64Array; family: Uint8Array } {
  const mixing = ctx.model.sublattices.map((l, s) => ({ s, k: l.constituents.length })).filter((l) => l.k > 1);
  if (mixing.length === 1 && mixing[0].k === 2) {
    const s = mixing[0].s;
    const fr = binaryFractions();
    const y = new Float64Array(fr.length * ctx.nY);
    fr.forEach((f, p) => {
      for (let j = 0; j < ctx.nY; j++) y[p * ctx.nY + j] = 1; // single-constituent sublattices
      const at = ctx.subStart[s];
      y[p * ctx.nY + at] = Math.max(1 - f, Y_MIN);
      y[p * ctx.nY + at + 1] = Math.max(f, Y_MIN);
    });
    return { y, family: new Uint8Array(fr.length) };
  }
  const base = sitePoints(ctx, budget).y;
  const disordered = disorderedLine(ctx);
  if (!disordered) return { y: base, family: new Uint8Array(base.length / ctx.nY) };
  // The lattice's own disordered points duplicate the line's: kept, they would tie with it on the hull.
  const degree = (ctx.model as CalphadPhaseModel).orderingDegree;
  const kept: number[] = [];
  for (let k = 0; k < base.length / ctx.nY; k++) {
    const yk = base.subarray(k * ctx.nY, (k + 1) * ctx.nY);
    if (degree(yk) > 1e-9) for (const v of yk) kept.push(v);
  }
  const y = new Float64Array(kept.length + disordered.length);
  y.set(kept);
  y.set(disordered, kept.length);
  const family = new Uint8Array(y.length / ctx.nY);
  family.fill(1, kept.length / ctx.nY);
  return { y, family };
}

/**
 * For an ordered phase partitioned with its disordered part (B2 over A2): the disordered states, every
 * substitutional sublattice at the same binary fractions, as finely as a one-sublattice phase. The coarse
 * multi-sublattice lattice alone leaves the disordered curve jagged, and each jag looks like a gap.
 */
function disorderedLine(ctx: PhaseContext): Float64Array | null {
  const od = (ctx.model as Partial<CalphadPhaseModel>).orderDisorder;
  if (!od) return null;
  const subs = od.substitutional;
  if (!subs.every((s) => ctx.model.sublattices[s].constituents.filter((c) => c !== "VA").length === 2)) return null;
  if (ctx.model.sublattices.some((l, s) => !subs.includes(s) && l.constituents.length > 1)) return null;
  const [A, B] = ctx.model.components;
  const fr = binaryFractions();
  const y = new Float64Array(fr.length * ctx.nY);
  fr.forEach((f, p) => {
    ctx.model.sublattices.forEach((l, s) => {
      l.constituents.forEach((c, j) => {
        const i = p * ctx.nY + ctx.subStart[s] + j;
        if (!subs.includes(s)) y[i] = 1;
        else y[i] = c === A ? Math.max(1 - f, Y_MIN) : c === B ? Math.max(f, Y_MIN) : Y_MIN;
      });
    });
  });
  return y;
}

export function samplePhases(models: PhaseModel[], components: [string, string], budget = 2000): MergedGrid {
  const phases: SampledPhase[] = models.map((m) => {
    const ctx = phaseContext(m, components);
    const { y: all, family: fam } = samplePoints(ctx, budget);
    const total = all.length / ctx.nY;
    const keepY: number[] = [];
    const xs: number[] = [];
    const atoms: number[] = [];
    const families: number[] = [];
    const moles = new Float64Array(2);
    for (let k = 0; k < total; k++) {
      const yk = all.subarray(k * ctx.nY, (k + 1) * ctx.nY);
      const n = molesOf(ctx, yk, moles);
      if (!(n > 1e-10)) continue; // all vacancies: no atoms to place on a T–x diagram
      for (const v of yk) keepY.push(v);
      xs.push(moles[1] / n);
      atoms.push(n);
      families.push(fam[k]);
    }
    return { ctx, y: Float64Array.from(keepY), x: Float64Array.from(xs), atoms: Float64Array.from(atoms), family: Uint8Array.from(families), count: xs.length };
  });
  const refs: { o: number; p: number; x: number }[] = [];
  phases.forEach((ph, o) => {
    for (let p = 0; p < ph.count; p++) refs.push({ o, p, x: ph.x[p] });
  });
  refs.sort((a, b) => a.x - b.x);
  return {
    phases,
    owner: Int32Array.from(refs.map((r) => r.o)),
    point: Int32Array.from(refs.map((r) => r.p)),
    family: Int32Array.from(refs.map((r) => r.o * 2 + phases[r.o].family[r.p])),
    x: Float64Array.from(refs.map((r) => r.x)),
    g: new Float64Array(refs.length),
    count: refs.length,
  };
}

/** Fills grid.g with every point's Gibbs energy per mole of atoms at T, P. */
export function evaluateGrid(grid: MergedGrid, T: number, P: number): void {
  for (let i = 0; i < grid.count; i++) {
    const ph = grid.phases[grid.owner[i]];
    const p = grid.point[i];
    const nY = ph.ctx.nY;
    grid.g[i] = ph.ctx.model.gibbs(T, P, ph.y.subarray(p * nY, (p + 1) * nY)) / ph.atoms[p];
  }
}

export function sitesOf(grid: MergedGrid, i: number): Float64Array {
  const ph = grid.phases[grid.owner[i]];
  const nY = ph.ctx.nY;
  return ph.y.subarray(grid.point[i] * nY, (grid.point[i] + 1) * nY);
}
