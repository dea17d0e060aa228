/**
 * Phase appearance and disappearance temperatures: between two neighbouring points of the step whose phase
 * fields differ, the temperature is bisected with the global equilibrium at each midpoint (Newton from
 * either side would carry its own assemblage across the boundary), until the bracket is narrower than the
 * tolerance. When more than one boundary lies between the two points (the field just above the first one is
 * not the upper point's), the search goes on from that boundary up.
 */
import { enthalpyOf } from "./properties.ts";
import { assemblageKey, freshState, type StepState, type StepSystem } from "./state.ts";
import type { Transition, TransitionKind } from "./types.ts";

const isLiquid = (name: string) => /LIQ/i.test(name);

export function transitionKind(below: string[], above: string[]): TransitionKind {
  const liquidBelow = below.some(isLiquid);
  const liquidAbove = above.some(isLiquid);
  const onlyLiquidAbove = above.length > 0 && above.every(isLiquid);
  if (!liquidBelow && onlyLiquidAbove) return "melting";
  if (!liquidBelow && liquidAbove) return "solidus";
  if (liquidBelow && onlyLiquidAbove) return "liquidus";
  if (liquidBelow || liquidAbove) return "liquid";
  return "solvus";
}

/** Names in `a` not matched in `b`, counting a phase with two sets twice. */
function minus(a: string[], b: string[]): string[] {
  const rest = b.slice();
  return a.filter((n) => {
    const i = rest.indexOf(n);
    if (i < 0) return true;
    rest.splice(i, 1);
    return false;
  });
}

const names = (s: StepState) => s.sets.map((x) => x.ctx.name).sort();

export interface BisectionCount {
  equilibria: number;
}

/** Every boundary between `lo` and `hi` (lo.T < hi.T, different phase fields), lowest first. */
export function locateTransitions(sys: StepSystem, lo: StepState, hi: StepState, tolerance: number, count: BisectionCount): Transition[] {
  const out: Transition[] = [];
  let left = lo;
  const target = assemblageKey(hi);
  // Each pass finds the first boundary above `left`; a bound on passes guards against a field that flickers.
  for (let pass = 0; pass < 8 && assemblageKey(left) !== target; pass++) {
    const key = assemblageKey(left);
    let a = left;
    let b = hi;
    while (b.T - a.T > tolerance) {
      const mid = freshState(sys, 0.5 * (a.T + b.T));
      count.equilibria++;
      if (assemblageKey(mid) === key) a = mid;
      else b = mid;
    }
    const below = names(a);
    const above = names(b);
    out.push({
      T: 0.5 * (a.T + b.T),
      kind: transitionKind(below, above),
      below,
      above,
      appearing: minus(above, below),
      disappearing: minus(below, above),
      deltaH: enthalpyOf(sys, b) - enthalpyOf(sys, a),
      bracket: b.T - a.T,
    });
    if (b === hi) break;
    left = b;
  }
  return out;
}
