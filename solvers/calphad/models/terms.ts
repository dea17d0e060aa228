/**
 * Sums of parameter terms over site fractions, as pycalphad's `redlich_kister_sum` builds them: each TDB
 * parameter becomes value(T, P) × Π(site fractions it names) × an optional mixing factor — (y_A − y_B)^k for a
 * binary Redlich–Kister order k, (y_A − y_B) on one sublattice for reciprocal L1/L2, or Muggianu's
 * v_m = y_m + (1 − y_A − y_B − y_C)/3 for a ternary. A `*` sublattice contributes Σ y over its constituents.
 * Value and gradient are evaluated together, exactly (the terms are polynomials in y).
 */
import type { TPFunction } from "../tdb/expression.ts";
import type { TdbParameter } from "../tdb/types.ts";

export class CalphadModelError extends Error {
  constructor(readonly code: "unknown-component" | "unknown-phase" | "unsupported-parameter" | "bad-order-disorder", message: string) {
    super(message);
    this.name = "CalphadModelError";
  }
}

type Extra =
  | { kind: "none" }
  | { kind: "diff"; a: number; b: number; power: number }
  | { kind: "muggianu"; m: number; all: [number, number, number] };

export interface Term {
  /** Index of the term's value in the evaluated parameter array. */
  value: number;
  /** One entry per factor: the y indices whose sum is the factor (one index, or a wildcard's whole sublattice). */
  factors: number[][];
  extra: Extra;
}

/** Where each active constituent sits in the flat y vector. */
export interface SiteLayout {
  /** index[s].get(species) = position in y. */
  index: Map<string, number>[];
  /** All positions of sublattice s. */
  positions: number[][];
}

/** A parameter's constituent array is usable when every sublattice names active constituents (or is `*`). */
export function arrayValid(p: TdbParameter, layout: SiteLayout): boolean {
  if (p.constituents.length !== layout.index.length) return false;
  return p.constituents.every((s, i) => (s[0] === "*" && s.length === 1) || s.every((sp) => layout.index[i].has(sp)));
}

export const isPure = (p: TdbParameter) => p.constituents.every((s) => s.length === 1);
export const isInteraction = (p: TdbParameter) => p.constituents.some((s) => s.length > 1);

/**
 * Terms of a list of parameters. `valueOf` registers a parameter's (T, P) closure and returns its index.
 * `all` is every parameter of the same phase and type, for pycalphad's rule that a lone ternary L0 implies
 * L1 = L2 = L0 (which makes the three Muggianu terms add up to L0 itself).
 */
export function buildTerms(params: TdbParameter[], layout: SiteLayout, valueOf: (p: TdbParameter) => number, all: TdbParameter[]): Term[] {
  const terms: Term[] = [];
  for (const p of params) {
    const dof = p.constituents.map((s) => s.length);
    const mixing = dof.flatMap((d, i) => (d > 1 ? [i] : []));
    const what = `${p.type}(${p.phase},${p.constituents.map((s) => s.join(",")).join(":")};${p.order}) on line ${p.line}`;
    if (mixing.length > 1 && Math.max(...dof) > 2) {
      throw new CalphadModelError("unsupported-parameter", `${what}: mixing on several sublattices is supported for binary interactions only`);
    }
    const factors: number[][] = p.constituents.map((s, i) => (s[0] === "*" ? [layout.positions[i]] : s.map((sp) => [layout.index[i].get(sp)!]))).flat();
    const value = valueOf(p);
    const ternaryOrders = (sub: number) => {
      const species = p.constituents[sub];
      const idx = species.map((sp) => layout.index[sub].get(sp)!) as [number, number, number];
      return { idx };
    };
    if (mixing.length === 1 && dof[mixing[0]] === 2 && p.order > 0) {
      const [a, b] = p.constituents[mixing[0]].map((sp) => layout.index[mixing[0]].get(sp)!);
      terms.push({ value, factors, extra: { kind: "diff", a, b, power: p.order } });
    } else if (mixing.length === 2 && p.order > 0) {
      if (p.order > 2) throw new CalphadModelError("unsupported-parameter", `${what}: reciprocal parameters have orders 0, 1 or 2`);
      // Order 1 acts on the second mixing sublattice, order 2 on the first (Lukas, Fries, Sundman eq. 5.99; pycalphad).
      const sub = mixing[mixing.length - p.order];
      const [a, b] = p.constituents[sub].map((sp) => layout.index[sub].get(sp)!);
      terms.push({ value, factors, extra: { kind: "diff", a, b, power: 1 } });
    } else if (mixing.length > 2 && p.order > 0) {
      throw new CalphadModelError("unsupported-parameter", `${what}: orders above 0 need mixing on one or two sublattices`);
    } else if (mixing.length === 1 && dof[mixing[0]] === 3) {
      if (p.order > 2) throw new CalphadModelError("unsupported-parameter", `${what}: ternary parameters have orders 0, 1 or 2`);
      const { idx } = ternaryOrders(mixing[0]);
      const alone = p.order === 0 && all.filter((q) => q.phase === p.phase && q.type === p.type && sameArray(q, p)).length === 1;
      const orders = alone ? [0, 1, 2] : [p.order];
      for (const k of orders) terms.push({ value, factors, extra: { kind: "muggianu", m: idx[k], all: idx } });
    } else {
      terms.push({ value, factors, extra: { kind: "none" } });
    }
  }
  return terms;
}

function sameArray(a: TdbParameter, b: TdbParameter): boolean {
  return a.constituents.length === b.constituents.length && a.constituents.every((s, i) => s.join(",") === b.constituents[i].join(","));
}

/** Σ terms at y with the parameter values `v`; adds the gradient × `scale` into `grad` when given. */
export function evaluateTerms(terms: Term[], v: Float64Array, y: ArrayLike<number>, grad: Float64Array | null, scale = 1): number {
  let total = 0;
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t];
    const c = v[term.value];
    if (c === 0) continue;
    const fs = term.factors;
    const n = fs.length;
    let prod = 1;
    // Factor values are kept for the product rule; n is at most a handful.
    const fv = n <= 8 ? SCRATCH : new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const f = fs[i];
      let s = 0;
      for (let j = 0; j < f.length; j++) s += y[f[j]];
      fv[i] = s;
      prod *= s;
    }
    const ex = term.extra;
    let e = 1;
    let de = 0; // de/dy_a for diff; unused otherwise
    if (ex.kind === "diff") {
      const d = y[ex.a] - y[ex.b];
      e = ex.power === 1 ? d : d ** ex.power;
      de = ex.power === 1 ? 1 : ex.power * d ** (ex.power - 1);
    } else if (ex.kind === "muggianu") {
      e = y[ex.m] + (1 - y[ex.all[0]] - y[ex.all[1]] - y[ex.all[2]]) / 3;
    }
    total += c * prod * e;
    if (!grad) continue;
    const ce = c * e * scale;
    for (let i = 0; i < n; i++) {
      let others = 1;
      for (let j = 0; j < n; j++) if (j !== i) others *= fv[j];
      if (others === 0) continue;
      const f = fs[i];
      for (let j = 0; j < f.length; j++) grad[f[j]] += ce * others;
    }
    if (ex.kind === "diff") {
      const g = c * prod * de * scale;
      grad[ex.a] += g;
      grad[ex.b] -= g;
    } else if (ex.kind === "muggianu") {
      const g = (c * prod * scale) / 3;
      for (const k of ex.all) grad[k] -= g;
      grad[ex.m] += 3 * g;
    }
  }
  return total;
}

const SCRATCH = new Float64Array(8);

/** Registers parameter closures once and evaluates them all at a (T, P), cached until T or P changes. */
export class ParameterValues {
  private readonly fns: TPFunction[] = [];
  private readonly byParam = new Map<TdbParameter, number>();
  values = new Float64Array(0);
  private T = NaN;
  private P = NaN;
  constructor(private readonly compile: (p: TdbParameter) => TPFunction) {}

  index = (p: TdbParameter): number => {
    let i = this.byParam.get(p);
    if (i === undefined) {
      i = this.fns.length;
      this.fns.push(this.compile(p));
      this.byParam.set(p, i);
      this.values = new Float64Array(this.fns.length);
      this.T = NaN;
    }
    return i;
  };

  at(T: number, P: number): Float64Array {
    if (T !== this.T || P !== this.P) {
      for (let i = 0; i < this.fns.length; i++) this.values[i] = this.fns[i](T, P);
      this.T = T;
      this.P = P;
    }
    return this.values;
  }
}
