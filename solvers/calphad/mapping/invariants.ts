/**
 * Invariant reactions of a binary, found where the scan's two-phase fields change between two temperatures
 * and refined to the exact temperature. For three phases p < q < r (in composition) the middle one, q, is
 * stable against the p–r tangent on one side of the invariant and not on the other, so its driving force at
 * that tangent changes sign there: a one-dimensional root in T, whatever the kind of reaction.
 */
import type { PhaseContext } from "../equilibrium/phase.ts";
import { illinois } from "./roots.ts";
import { phaseAt, refineTieLine, type PhaseState } from "./tieline.ts";
import type { Invariant, InvariantKind } from "./types.ts";

/** How close the invariant temperature is pinned, K. */
export const INVARIANT_TOLERANCE = 1e-4;

const isLiquid = (name: string) => /^(LIQUID|LIQ|IONIC_LIQ)/i.test(name);

export interface ThreePhaseStart {
  left: PhaseState;
  middle: PhaseState;
  right: PhaseState;
  names: [string, string, string];
  mu: [number, number];
  /** The middle phase is stable above (it decomposes on cooling: eutectic-like) or below (peritectic-like). */
  middleStableAbove: boolean;
  Thi: number;
  Tlo: number;
}

/** Reaction kind from which side the middle phase lives on and which phases are liquid. */
export function classify(names: [string, string, string], middleStableAbove: boolean): InvariantKind {
  const [p, q, r] = names.map(isLiquid);
  if (middleStableAbove) {
    if (q) return p || r ? "monotectic" : "eutectic";
    return p || r ? "metatectic" : "eutectoid";
  }
  if (p && r) return "syntectic";
  return p || r || q ? "peritectic" : "peritectoid";
}

/** Phase keys of a reaction: a phase appearing twice is NAME#1 (poorer in the second component) and NAME#2. */
export function phaseKeys(names: string[]): string[] {
  return names.map((n, i) => (names.filter((m) => m === n).length > 1 ? `${n}#${names.slice(0, i + 1).filter((m) => m === n).length}` : n));
}

const label = (name: string) => (isLiquid(name) ? "L" : name);

export function reactionText(keys: string[], middleStableAbove: boolean): string {
  const [p, q, r] = keys.map(label);
  return middleStableAbove ? `${q} = ${p} + ${r}` : `${p} + ${r} = ${q}`;
}

/** Refines a three-phase invariant bracketed by two scans; null when the construction fails at both ends. */
export function refineThreePhase(s: ThreePhaseStart, P: number): Invariant | null {
  let mu: [number, number] = [s.mu[0], s.mu[1]];
  let left = s.left;
  let right = s.right;
  let middleY: ArrayLike<number> = s.middle.y;
  const sign = s.middleStableAbove ? 1 : -1;
  const f = (T: number): number => {
    const t = refineTieLine(left, right, T, P, mu);
    if (!t) return NaN;
    const m = phaseAt(s.middle.ctx, T, P, t.mu, middleY);
    // The middle phase sliding onto an outer one's composition is not the middle state any more.
    if (Math.abs(m.x - t.left.x) < 1e-5 || Math.abs(m.x - t.right.x) < 1e-5) return NaN;
    mu = t.mu;
    left = t.left;
    right = t.right;
    middleY = m.y;
    return m.drivingForce;
  };
  // The scans that bracket the change may both lie on one side by a hair (a metastable tie-line within the
  // stability check's tolerance): widen the bracket until the middle phase's driving force changes sign.
  let Thi = s.Thi;
  let Tlo = s.Tlo;
  let fhi = f(Thi);
  let flo = f(Tlo);
  const width = Math.max(Thi - Tlo, 1e-3);
  for (let w = width; w <= 64 * width && !(Math.sign(fhi) === sign); w *= 2) fhi = f((Thi = s.Thi + w));
  for (let w = width; w <= 64 * width && !(Math.sign(flo) === -sign); w *= 2) flo = f((Tlo = s.Tlo - w));
  let T: number;
  if (Math.sign(fhi) === sign && Math.sign(flo) === -sign) {
    T = illinois(f, Thi, Tlo, fhi, flo, INVARIANT_TOLERANCE);
  } else {
    T = 0.5 * (s.Thi + s.Tlo);
  }
  if (Number.isNaN(f(T))) return null;
  const m = phaseAt(s.middle.ctx, T, P, mu, middleY);
  const keys = phaseKeys(s.names);
  return {
    T,
    reaction: reactionText(keys, s.middleStableAbove),
    kind: classify(s.names, s.middleStableAbove),
    phases: { [keys[0]]: left.x, [keys[1]]: m.x, [keys[2]]: right.x },
  };
}

/** A pure component's transition between two phases (melting, allotropy): where their pure energies cross. */
export function refinePureTransition(
  a: { ctx: PhaseContext; y: ArrayLike<number>; atoms: number; name: string },
  b: { ctx: PhaseContext; y: ArrayLike<number>; atoms: number; name: string },
  Thi: number,
  Tlo: number,
  P: number,
  x: number,
): Invariant {
  const f = (T: number) => a.ctx.model.gibbs(T, P, a.y) / a.atoms - b.ctx.model.gibbs(T, P, b.y) / b.atoms;
  const T = illinois(f, Thi, Tlo, f(Thi), f(Tlo), INVARIANT_TOLERANCE);
  const liquid = isLiquid(a.name) || isLiquid(b.name);
  return {
    T,
    reaction: `${label(a.name)} = ${label(b.name)}`,
    kind: liquid ? "melting" : "allotropic",
    phases: { [a.name]: x, [b.name]: x },
  };
}
