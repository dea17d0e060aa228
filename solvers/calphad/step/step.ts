/**
 * A step (property) calculation: the equilibrium at a fixed overall composition from Tmin to Tmax. Each
 * point is started from the previous one by Newton (a few iterations instead of a global grid), accepted
 * only if no other phase has a positive driving force at its potentials; every `globalEvery` points a fresh
 * global start checks it, and if that finds another phase field or a lower G, the points since the last
 * check are recomputed from global starts. Between neighbouring points in different phase fields the
 * boundary is bisected (transitions.ts).
 */
import type { PhaseModel } from "../model.ts";
import { DEFAULT_PRESSURE, moleFractions, systemComponents } from "../equilibrium/conditions.ts";
import { molesOf } from "../equilibrium/phase.ts";
import { propertiesOf } from "./properties.ts";
import { assemblageKey, freshState, gibbsOf, stepSystem, warmState, type StepState, type StepSystem } from "./state.ts";
import { locateTransitions } from "./transitions.ts";
import type { StepOptions, StepPhase, StepPoint, StepResult, Transition } from "./types.ts";

/** More points than this is a step far finer than any diagram needs, and minutes of work. */
export const MAX_STEP_POINTS = 20_000;

/** The temperatures of the step: Tmin, Tmin + dT, … and Tmax itself (the last interval may be shorter). */
export function stepTemperatures(Tmin: number, Tmax: number, dT: number): number[] {
  if (!(Tmin > 0) || !(Tmax >= Tmin)) throw new Error(`step: need 0 < Tmin ≤ Tmax (got ${Tmin}, ${Tmax})`);
  if (!(dT > 0)) throw new Error(`step: the temperature step must be positive (got ${dT})`);
  const n = Math.floor((Tmax - Tmin) / dT + 1e-9);
  if (n + 2 > MAX_STEP_POINTS) throw new Error(`step: ${n + 2} points, more than ${MAX_STEP_POINTS}`);
  // Multiples of dT from Tmin rather than repeated sums, so 300 + 5k stays exact.
  const out = Array.from({ length: n + 1 }, (_, k) => +(Tmin + k * dT).toPrecision(12));
  if (Tmax - out[n] > 1e-9 * Math.max(1, Tmax)) out.push(Tmax);
  return out;
}

/** The sets as the result lists them: fractions, compositions, and "#1"/"#2" for two sets of one phase (poorest in the last component first). */
function phasesOf(sys: StepSystem, s: StepState): StepPhase[] {
  const moles = new Float64Array(sys.components.length);
  const last = sys.components.length - 1;
  const rows = s.sets.map((x) => {
    const N = molesOf(x.ctx, x.y, moles);
    return {
      name: x.ctx.name,
      fraction: x.n * N,
      composition: Object.fromEntries(sys.components.map((c, i) => [c, moles[i] / N])),
    };
  });
  rows.sort((a, b) => (a.name === b.name ? a.composition[sys.components[last]] - b.composition[sys.components[last]] : a.name < b.name ? -1 : 1));
  const count = new Map<string, number>();
  for (const r of rows) count.set(r.name, (count.get(r.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return rows.map((r) => {
    if (count.get(r.name) === 1) return r;
    const k = (seen.get(r.name) ?? 0) + 1;
    seen.set(r.name, k);
    return { ...r, name: `${r.name}#${k}` };
  });
}

function pointOf(sys: StepSystem, s: StepState): StepPoint {
  return { T: s.T, phases: phasesOf(sys, s), ...propertiesOf(sys, s) };
}

/** A global start that lies lower than the warm state, or in another field, means the warm path went astray. */
function differs(sys: StepSystem, warm: StepState, fresh: StepState): boolean {
  return assemblageKey(warm) !== assemblageKey(fresh) || gibbsOf(sys, fresh) < gibbsOf(sys, warm) - 1e-6;
}

export function stepTemperature(models: PhaseModel[], options: StepOptions): StepResult {
  const started = performance.now();
  const components = systemComponents(models);
  const X = moleFractions(components, options.X);
  const P = options.P ?? DEFAULT_PRESSURE;
  const sys = stepSystem(models, components, X, options.X, P);
  const temperatures = stepTemperatures(options.Tmin, options.Tmax, options.dT);
  const every = Math.max(1, Math.floor(options.globalEvery ?? 10));
  const tolerance = options.transitionTolerance ?? 1e-4;
  const stats = { global: 0, warm: 0, corrected: 0, seconds: 0 };
  const fresh = (T: number) => {
    stats.global++;
    return freshState(sys, T);
  };

  const states: StepState[] = [];
  const points: StepPoint[] = [];
  const transitions: Transition[] = [];
  const count = { equilibria: 0 };
  // Points are made (properties, transitions below them) and reported once a global check has confirmed
  // them, so a run's progress never shows a point that a correction later replaces.
  const confirm = (upTo: number) => {
    for (let k = points.length; k <= upTo; k++) {
      const s = states[k];
      if (k > 0 && assemblageKey(states[k - 1]) !== assemblageKey(s)) transitions.push(...locateTransitions(sys, states[k - 1], s, tolerance, count));
      const p = pointOf(sys, s);
      points.push(p);
      options.onPoint?.(p, k, temperatures.length);
    }
  };
  let lastChecked = 0;
  for (let k = 0; k < temperatures.length; k++) {
    const T = temperatures[k];
    const redo = (from: number, to: number) => {
      stats.corrected++;
      for (let j = from; j < to; j++) states[j] = fresh(temperatures[j]);
    };
    let s: StepState | null = k === 0 ? null : warmState(sys, states[k - 1], T);
    if (s) stats.warm++;
    else {
      s = fresh(T);
      // The warm path failing here may be a metastable path ending (a phase it should have taken up earlier
      // finally forced in): the previous point, if warm and unchecked, is checked now.
      if (k - 1 > lastChecked && differs(sys, states[k - 1], fresh(temperatures[k - 1]))) redo(lastChecked + 1, k);
      lastChecked = k;
    }
    if (k > 0 && k !== lastChecked && (k % every === 0 || k === temperatures.length - 1)) {
      const check = fresh(T);
      if (differs(sys, s, check)) {
        // The warm path missed something between the last check and here: redo that stretch globally.
        redo(lastChecked + 1, k);
        s = check;
      }
      lastChecked = k;
    }
    states.push(s);
    if (lastChecked === k) confirm(k);
  }
  confirm(states.length - 1);
  stats.global += count.equilibria;
  stats.seconds = (performance.now() - started) / 1000;
  return {
    components,
    X: Object.fromEntries(components.map((c, i) => [c, X[i]])),
    P,
    points,
    transitions,
    stats,
  };
}
