/**
 * Enthalpy, entropy and heat capacity of an equilibrium state from its Gibbs energy.
 *
 * S = −∂G/∂T with the stable phases' site fractions and amounts held: at equilibrium G is stationary in them
 * (under the fixed overall composition), so the total derivative dG/dT equals this partial one — the
 * envelope theorem. The partial derivative is a finite difference of the models' G at fixed y with a 0.01 K
 * step: truncation (h²/6·∂³G/∂T³) and rounding (ε|G|/h) both stay below 1e-8 J/(mol·K).
 *
 * H = G + TS.
 *
 * Cp = dH/dT along the equilibrium, which is where it differs from −T∂²G/∂T² at fixed y: in a two-phase
 * field the phases' amounts and compositions shift with T and that shift carries enthalpy. Done as a finite
 * difference of H over equilibria at T ± 0.05 K and T ± 0.1 K, each solved by Newton from this state with
 * the assemblage held, so a transition just beside T does not leak its latent heat into Cp. (The analytic
 * alternative needs the equilibrium's sensitivity dy/dT, dn/dT through the full Hessian; the difference gets
 * the same number to ~1e-6 J/(mol·K) for four Newton solves of a few iterations each.) Where a transition
 * lies within 0.1 K, the side that stays in the phase field gives a one-sided difference.
 */
import { gibbsOf, warmState, type StepState, type StepSystem } from "./state.ts";

const S_STEP = 0.01;
const CP_STEP = 0.05;

/**
 * df/dT at x0 from values at x0 − 2h … x0 + 2h (null where unknown). A TDB function changes expression at
 * its breakpoints and the assessed pieces do not join exactly (GHSERAL and GALLIQ jump by ~0.05 J at
 * 933.6 K): a stencil straddling such a jump would turn it into a spurious 2600 J of enthalpy. So the
 * one-sided second-order stencil whose second difference is smaller — the side without the jump — is used
 * (where T sits exactly on a breakpoint, that is the upper range, which is the range the TDB applies there).
 */
export function smoothDerivative(f: (number | null)[], h: number): number | null {
  const [m2, m1, f0, p1, p2] = f;
  if (f0 === null) return null;
  const forward = p1 !== null && p2 !== null ? { d: (-3 * f0 + 4 * p1 - p2) / (2 * h), jump: Math.abs(f0 - 2 * p1 + p2) } : null;
  const backward = m1 !== null && m2 !== null ? { d: (3 * f0 - 4 * m1 + m2) / (2 * h), jump: Math.abs(f0 - 2 * m1 + m2) } : null;
  if (forward && backward) {
    // Both smooth (second differences alike): the central difference, the most accurate of the three.
    if (p1 !== null && m1 !== null && Math.abs(forward.jump - backward.jump) <= 0.5 * Math.max(forward.jump, backward.jump) + 1e-12 * Math.abs(f0)) {
      return (p1 - m1) / (2 * h);
    }
    return forward.jump <= backward.jump ? forward.d : backward.d;
  }
  if (forward) return forward.d;
  if (backward) return backward.d;
  if (p1 !== null) return (p1 - f0) / h;
  if (m1 !== null) return (f0 - m1) / h;
  return null;
}

export function entropyOf(sys: StepSystem, s: StepState): number {
  const f = [-2, -1, 0, 1, 2].map((k) => gibbsOf(sys, s, s.T + k * S_STEP));
  return -smoothDerivative(f, S_STEP)!;
}

export function enthalpyOf(sys: StepSystem, s: StepState): number {
  return gibbsOf(sys, s) + s.T * entropyOf(sys, s);
}

/** The same sets in the same number: the assemblage did not change under Newton. */
const sameAssemblage = (a: StepState, b: StepState) => a.sets.length === b.sets.length && a.sets.every((x, i) => x.ctx === b.sets[i].ctx);

export function heatCapacityOf(sys: StepSystem, s: StepState, H = enthalpyOf(sys, s)): number | null {
  const side = (dT: number) => {
    const t = warmState(sys, s, s.T + dT, false);
    return t && sameAssemblage(s, t) ? enthalpyOf(sys, t) : null;
  };
  return smoothDerivative([side(-2 * CP_STEP), side(-CP_STEP), H, side(CP_STEP), side(2 * CP_STEP)], CP_STEP);
}

export interface StateProperties {
  GM: number;
  HM: number;
  SM: number;
  CPM: number | null;
}

export function propertiesOf(sys: StepSystem, s: StepState): StateProperties {
  const GM = gibbsOf(sys, s);
  const SM = entropyOf(sys, s);
  const HM = GM + s.T * SM;
  return { GM, HM, SM, CPM: heatCapacityOf(sys, s, HM) };
}
