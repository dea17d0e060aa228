/**
 * The compound energy formalism for one phase, per formula unit:
 *   F = Σ_endmembers (Π y) °G + R·T·Σ_s a_s Σ_i y_si ln y_si + Σ interactions (Redlich–Kister, reciprocal,
 *       Muggianu ternary) + R·T·ln(β + 1)·g(τ)   [magnetic phases]
 * and the atoms per formula unit N = Σ_s a_s Σ_i atoms(i) y_si (vacancies count 0). pycalphad's GM, per mole of
 * atoms, is F/N. Which parameters enter which sum follows pycalphad's Model: the reference term takes G
 * parameters of order 0 with one constituent per sublattice, the excess G and L parameters with an
 * interaction; TC and BMAGN take every parameter whose constituents are active.
 */
import { R } from "../model.ts";
import type { TdbEvaluator } from "../tdb/evaluate.ts";
import type { Database, MagneticHint, TdbParameter, TdbPhase } from "../tdb/types.ts";
import { ihjMagnetic, type MagneticPartials } from "./magnetic.ts";
import { arrayValid, buildTerms, evaluateTerms, isInteraction, isPure, ParameterValues, type SiteLayout, type Term } from "./terms.ts";

/** Below this a site fraction's ln is taken at the floor (the y ln y term itself is 0 at y = 0). */
const LN_FLOOR = 1e-30;

export class CefEnergy {
  readonly layout: SiteLayout;
  readonly ratios: number[];
  /** Atoms per species at each y position. */
  readonly atoms: Float64Array;
  readonly size: number;
  private readonly sublatticeOf: Int32Array;
  private readonly ref: Term[];
  private readonly xs: Term[];
  private readonly tc: Term[];
  private readonly beta: Term[];
  private readonly magnetic?: MagneticHint;
  private readonly values: ParameterValues;
  private readonly tcGrad: Float64Array;
  private readonly betaGrad: Float64Array;
  private readonly partials: MagneticPartials = { dTC: 0, dBeta: 0 };

  /** `constituents`: the active constituents per sublattice (sorted), already filtered by the caller. */
  constructor(db: Database, evaluator: TdbEvaluator, readonly phase: TdbPhase, readonly constituents: string[][]) {
    this.ratios = phase.siteRatios.slice();
    const index: Map<string, number>[] = [];
    const positions: number[][] = [];
    const atoms: number[] = [];
    const sublatticeOf: number[] = [];
    let k = 0;
    constituents.forEach((s, si) => {
      const m = new Map<string, number>();
      const pos: number[] = [];
      for (const sp of s) {
        m.set(sp, k);
        pos.push(k);
        atoms.push(Object.values(db.species[sp]?.constituents ?? {}).reduce((a, b) => a + b, 0));
        sublatticeOf.push(si);
        k++;
      }
      index.push(m);
      positions.push(pos);
    });
    this.layout = { index, positions };
    this.size = k;
    this.atoms = Float64Array.from(atoms);
    this.sublatticeOf = Int32Array.from(sublatticeOf);
    this.values = new ParameterValues((p) => evaluator.piecewise(p.value));
    this.tcGrad = new Float64Array(k);
    this.betaGrad = new Float64Array(k);

    const mine = db.parameters.filter((p) => p.phase === phase.name && !p.diffusingSpecies && arrayValid(p, this.layout));
    const ofType = (...types: string[]) => mine.filter((p) => types.includes(p.type));
    const terms = (ps: TdbParameter[], type: string[]) => buildTerms(ps, this.layout, this.values.index, db.parameters.filter((p) => p.phase === phase.name && type.includes(p.type)));
    this.ref = terms(ofType("G").filter((p) => p.order === 0 && isPure(p)), ["G"]);
    this.xs = terms(ofType("G", "L").filter(isInteraction), ["G", "L"]);
    this.magnetic = phase.magnetic;
    this.tc = this.magnetic ? terms(ofType("TC"), ["TC"]) : [];
    this.beta = this.magnetic ? terms(ofType("BMAGN"), ["BMAGN"]) : [];
  }

  /** Atoms per formula unit at y; its gradient is `atoms[i] · ratio of i's sublattice`. */
  moles(y: ArrayLike<number>): number {
    let n = 0;
    for (let i = 0; i < this.size; i++) n += this.ratios[this.sublatticeOf[i]] * this.atoms[i] * y[i];
    return n;
  }

  molesGradient(i: number): number {
    return this.ratios[this.sublatticeOf[i]] * this.atoms[i];
  }

  /** F per formula unit at (T, P, y); when `grad` is given, ∂F/∂y is ADDED into it times `scale`. */
  energy(T: number, P: number, y: ArrayLike<number>, grad: Float64Array | null, scale = 1): number {
    const v = this.values.at(T, P);
    let G = evaluateTerms(this.ref, v, y, grad, scale) + evaluateTerms(this.xs, v, y, grad, scale);
    const RT = R * T;
    let mix = 0;
    for (let i = 0; i < this.size; i++) {
      const yi = y[i];
      const a = this.ratios[this.sublatticeOf[i]];
      if (yi > 0) mix += a * yi * Math.log(yi);
      if (grad) grad[i] += scale * RT * a * (Math.log(yi > LN_FLOOR ? yi : LN_FLOOR) + 1);
    }
    G += RT * mix;
    if (this.magnetic) {
      this.tcGrad.fill(0);
      this.betaGrad.fill(0);
      const tcSum = evaluateTerms(this.tc, v, y, grad ? this.tcGrad : null);
      const betaSum = evaluateTerms(this.beta, v, y, grad ? this.betaGrad : null);
      G += ihjMagnetic(T, tcSum, betaSum, this.magnetic.afm, this.magnetic.p, this.partials);
      if (grad) {
        const { dTC, dBeta } = this.partials;
        for (let i = 0; i < this.size; i++) grad[i] += scale * (dTC * this.tcGrad[i] + dBeta * this.betaGrad[i]);
      }
    }
    return G;
  }

  /** The magnetic sums TC and β at y (raw, before the AFM division), for reports and tests. */
  magneticSums(T: number, P: number, y: ArrayLike<number>): { tc: number; beta: number } {
    const v = this.values.at(T, P);
    return { tc: evaluateTerms(this.tc, v, y, null), beta: evaluateTerms(this.beta, v, y, null) };
  }
}
