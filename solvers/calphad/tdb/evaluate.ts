/**
 * Evaluating a database's functions and parameters at (T, P), with the conventions the assessments are made
 * with: outside the ranges the end ranges extend (pycalphad's Model does the same), at an exact breakpoint
 * the upper range applies, and a function the file never defines (e.g. `ZERO#`) is 0.
 */
import { compileExpr, type TPFunction } from "./expression.ts";
import type { Database, TdbPiecewise } from "./types.ts";

/** Index of the range that applies at T: low ≤ T < high, the end ranges extended. */
export function rangeIndex(pw: TdbPiecewise, T: number): number {
  const n = pw.ranges.length;
  for (let i = 0; i < n - 1; i++) if (T < pw.ranges[i].high) return i;
  return n - 1;
}

const ZERO: TPFunction = () => 0;

/** Compiles piecewise expressions of one database, sharing one closure per function. */
export class TdbEvaluator {
  private readonly compiled = new Map<string, TPFunction>();
  constructor(readonly db: Database) {}

  /** The closure of a FUNCTION by name (case-insensitive); an undefined name gives 0. */
  fn(name: string): TPFunction {
    const key = name.toUpperCase();
    let f = this.compiled.get(key);
    if (!f) {
      const def = this.db.functions[key];
      f = def ? this.piecewise(def.value) : ZERO;
      this.compiled.set(key, f);
    }
    return f;
  }

  /** A closure for any piecewise expression of this database (a parameter's value, say). */
  piecewise(pw: TdbPiecewise): TPFunction {
    const resolve = (name: string) => this.fn(name);
    const parts = pw.ranges.map((r) => compileExpr(r.expr, resolve));
    if (parts.length === 0) return ZERO;
    if (parts.length === 1) return parts[0];
    const highs = pw.ranges.map((r) => r.high);
    const last = parts.length - 1;
    return (T, P) => {
      for (let i = 0; i < last; i++) if (T < highs[i]) return parts[i](T, P);
      return parts[last](T, P);
    };
  }
}

/** One-off evaluation of a named function (tests, browsing); for repeated use keep a TdbEvaluator. */
export function evaluateFunction(db: Database, name: string, T: number, P = 101325): number {
  return new TdbEvaluator(db).fn(name)(T, P);
}
