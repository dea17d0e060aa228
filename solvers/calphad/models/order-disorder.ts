/**
 * Order–disorder partitioning (B2/A2 in alfe.tdb, L12/A1 and B2/A2 in NiCrAl.tdb), as pycalphad's
 * `atomic_ordering_energy` (Connetable et al., Calphad 32 (2008) 361, eq. 18) does it, per mole of atoms:
 *   GM = GM_dis(x) + [GM_ord(y) − GM_ord(y with every substitutional sublattice set to x)]
 * where x are the quasi mole fractions x_i = Σ_s a_s y_si / Σ_s a_s over the substitutional sublattices (those
 * whose constituents are the disordered phase's first sublattice's), and the disordered phase's interstitial
 * sublattices take the ordered phase's remaining ones in order. Per formula unit of the ordered phase this is
 *   G = N(y)·F_dis(z)/N_dis(z) + F_ord(y) − N(y)·F_ord(w)/N(w),   z = M·y, w = W·y (both linear in y),
 * so the gradient follows by the chain rule through the two linear maps. In a disordered configuration w = y
 * and the bracket vanishes identically.
 */
import type { CefEnergy } from "./cef.ts";
import { CalphadModelError } from "./terms.ts";

/** A sparse linear map: out[row] = Σ coef·in[col]. */
interface LinearMap {
  rows: number;
  entries: { row: number; col: number; coef: number }[];
}

function apply(map: LinearMap, y: ArrayLike<number>, out: Float64Array) {
  out.fill(0);
  for (const e of map.entries) out[e.row] += e.coef * y[e.col];
}

/** grad_y += scale · Mᵀ g */
function applyTransposed(map: LinearMap, g: Float64Array, grad: Float64Array, scale: number) {
  for (const e of map.entries) grad[e.col] += scale * e.coef * g[e.row];
}

export class PartitionedEnergy {
  /** Ordered sublattices that order (the rest are interstitial). */
  readonly substitutional: number[];
  private readonly toDisordered: LinearMap;
  private readonly toOrderedAtX: LinearMap;
  private readonly z: Float64Array;
  private readonly w: Float64Array;
  private readonly gz: Float64Array;
  private readonly gw: Float64Array;

  constructor(readonly ordered: CefEnergy, readonly disordered: CefEnergy, orderedDbConstituents: string[][], disorderedDbConstituents: string[][]) {
    const first = [...disorderedDbConstituents[0]].sort().join(",");
    this.substitutional = orderedDbConstituents.flatMap((s, i) => ([...s].sort().join(",") === first ? [i] : []));
    const nSub = this.substitutional.length;
    const nInterstitial = orderedDbConstituents.length - nSub;
    const name = `${ordered.phase.name}/${disordered.phase.name}`;
    if (nSub === 0 || nInterstitial !== disorderedDbConstituents.length - 1 || this.substitutional.some((s, k) => s !== k)) {
      throw new CalphadModelError("bad-order-disorder", `${name}: the ordered phase's first sublattices must have the constituents of the disordered phase's first sublattice, and the rest match its other sublattices`);
    }
    const ratioSum = this.substitutional.reduce((a, s) => a + ordered.ratios[s], 0);
    const oIdx = ordered.layout.index;
    const dIdx = disordered.layout.index;

    const toDisordered: LinearMap = { rows: disordered.size, entries: [] };
    for (const [sp, row] of dIdx[0]) {
      for (const s of this.substitutional) {
        const col = oIdx[s].get(sp);
        if (col === undefined) throw new CalphadModelError("bad-order-disorder", `${name}: ${sp} is missing from ordered sublattice ${s + 1}`);
        toDisordered.entries.push({ row, col, coef: ordered.ratios[s] / ratioSum });
      }
    }
    for (let k = 1; k < dIdx.length; k++) {
      for (const [sp, row] of dIdx[k]) {
        const col = oIdx[k + nSub - 1].get(sp);
        if (col === undefined) throw new CalphadModelError("bad-order-disorder", `${name}: ${sp} is missing from ordered sublattice ${k + nSub}`);
        toDisordered.entries.push({ row, col, coef: 1 });
      }
    }
    const toOrderedAtX: LinearMap = { rows: ordered.size, entries: [] };
    oIdx.forEach((m, s) => {
      for (const [sp, row] of m) {
        if (!this.substitutional.includes(s)) { toOrderedAtX.entries.push({ row, col: row, coef: 1 }); continue; }
        for (const t of this.substitutional) toOrderedAtX.entries.push({ row, col: oIdx[t].get(sp)!, coef: ordered.ratios[t] / ratioSum });
      }
    });
    this.toDisordered = toDisordered;
    this.toOrderedAtX = toOrderedAtX;
    this.z = new Float64Array(disordered.size);
    this.w = new Float64Array(ordered.size);
    this.gz = new Float64Array(disordered.size);
    this.gw = new Float64Array(ordered.size);
  }

  /** G per formula unit of the ordered phase; the gradient, when asked, is ADDED into `grad`. */
  energy(T: number, P: number, y: ArrayLike<number>, grad: Float64Array | null): number {
    const { ordered, disordered, z, w, gz, gw } = this;
    apply(this.toDisordered, y, z);
    apply(this.toOrderedAtX, y, w);
    const N = ordered.moles(y);
    const Nd = disordered.moles(z);
    const Nw = ordered.moles(w);
    if (grad) { gz.fill(0); gw.fill(0); }
    const Fd = disordered.energy(T, P, z, grad ? gz : null);
    const Fo = ordered.energy(T, P, y, grad);
    const Fw = ordered.energy(T, P, w, grad ? gw : null);
    const A = Fd / Nd;
    const B = Fw / Nw;
    if (grad) {
      // ∇_z A = (∇F_dis − A ∇N_dis)/N_dis, likewise for B; then through the maps, times N(y).
      for (let i = 0; i < gz.length; i++) gz[i] = (gz[i] - A * disordered.molesGradient(i)) / Nd;
      for (let i = 0; i < gw.length; i++) gw[i] = (gw[i] - B * ordered.molesGradient(i)) / Nw;
      applyTransposed(this.toDisordered, gz, grad, N);
      applyTransposed(this.toOrderedAtX, gw, grad, -N);
      for (let i = 0; i < ordered.size; i++) grad[i] += ordered.molesGradient(i) * (A - B);
    }
    return N * A + Fo - N * B;
  }

  /** The largest |y_si − x_i| over the substitutional sublattices: 0 when the phase is disordered. */
  orderingDegree(y: ArrayLike<number>): number {
    apply(this.toOrderedAtX, y, this.w);
    let d = 0;
    for (const s of this.substitutional) for (const i of this.ordered.layout.positions[s]) d = Math.max(d, Math.abs(y[i] - this.w[i]));
    return d;
  }
}
