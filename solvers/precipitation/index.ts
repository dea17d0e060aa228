/**
 * The KWN precipitation solver's library entry: params (params.ts) → thermodynamic tables → runKwn (kwn.ts) →
 * the result the CLI writes as result.json and the app reads.
 */
import { runKwn, type KwnProgress, type KwnState, type PsdSnapshot, type ThermoSource } from "./kwn.ts";
import { GB_ENERGY, psdTimesOf, scheduleOf, type KwnParams } from "./params.ts";
import type { Schedule } from "./schedule.ts";
import { blendTables, simpleTable, type ThermoTable } from "./thermo.ts";
import { calphadDrivingForce, calphadTable, loadCalphadSystem } from "./thermo-calphad.ts";

export { runKwn, type KwnInput, type KwnProgress, type KwnResult, type KwnState, type PsdSnapshot, type ThermoSource } from "./kwn.ts";
export { kwnExample, kwnFeCTemperingPreset, kwnParamsSchema, parseKwnDeck, renderKwnDeck, validateKwnParams, KwnParamsError, type KwnParams, type KwnInputParams } from "./params.ts";
export { Schedule, parseSchedule } from "./schedule.ts";

/** Spacing of the CALPHAD temperature nodes on a non-isothermal path; tables in between are blended linearly. */
export const CALPHAD_NODE_K = 10;
/** Lowest matrix solute fraction tabulated from the database (solubilities of interest lie well above). */
const CALPHAD_X_LO = 1e-10;

/** Simple thermodynamics: the dilute table is exact and cheap, so it is made at every temperature met. */
function simpleSource(p: KwnParams): ThermoSource {
  const s = { solubilityA: p.solubilityA!, solubilityQ: p.solubilityQ!, precipitateX: p.precipitateX! };
  const cache = new Map<number, ThermoTable>();
  return {
    table(T) {
      let t = cache.get(T);
      if (!t) {
        if (cache.size > 5000) cache.clear();
        t = simpleTable(s, T);
        cache.set(T, t);
      }
      return t;
    },
  };
}

/**
 * CALPHAD thermodynamics: one table at the hold temperature of an isothermal run, else tables at every
 * CALPHAD_NODE_K on the path's range (made when first needed) blended linearly in T.
 */
function calphadSource(p: KwnParams, schedule: Schedule, log: (line: string) => void): ThermoSource {
  const sys = loadCalphadSystem(p.database, p.solvent, p.solute, p.matrixPhase, p.precipitatePhase);
  // The table must end below the precipitate's composition (where ΔG peaks): take it at the start.
  const T0 = schedule.temperature(0);
  const xBeta = calphadDrivingForce(sys, T0, p.x0).xBeta;
  if (!(xBeta > p.x0)) throw new Error(`${p.precipitatePhase} is not richer in ${p.solute} than the matrix at x0 = ${p.x0}: not a solute-rich precipitate`);
  const xHi = Math.min(0.9 * xBeta, 0.5);
  const nodes = new Map<number, ThermoTable>();
  const node = (T: number) => {
    let t = nodes.get(T);
    if (!t) {
      const started = performance.now();
      t = calphadTable(sys, T, CALPHAD_X_LO, xHi);
      log(`thermodynamic table at ${T} K: ${t.lnx.length} points in ${((performance.now() - started) / 1000).toFixed(2)} s`);
      nodes.set(T, t);
    }
    return t;
  };
  if (schedule.isothermal) return { table: () => node(T0) };
  const blended = new Map<number, ThermoTable>();
  return {
    table(T) {
      let t = blended.get(T);
      if (t) return t;
      const lo = Math.floor(T / CALPHAD_NODE_K) * CALPHAD_NODE_K;
      t = lo === T ? node(lo) : blendTables(node(lo), node(lo + CALPHAD_NODE_K), T);
      if (blended.size > 5000) blended.clear();
      blended.set(T, t);
      return t;
    },
  };
}

export interface KwnRunResult {
  solver: "kwn";
  params: KwnParams;
  final: { timeS: number; temperatureK: number; numberDensity: number; meanRadiusM: number; volumeFraction: number; matrixX: number; criticalRadiusM: number; drivingForce: number };
  initialDrivingForce: number;
  /** R* at the first moment nucleation had a driving force (the start of the run, usually). */
  initialCriticalRadiusM: number;
  equilibrium: { x: number; xBeta: number; volumeFraction: number };
  steps: number;
  /** Wall time of the whole solve, and the part of it spent making thermodynamic tables. */
  runtimeS: number;
  thermoS: number;
  history: KwnState[];
  psd: PsdSnapshot[];
}

/** At most this many states are kept for the curves: log-spaced in time, so every decade reads alike. */
export const HISTORY_POINTS = 400;

/** Thins the states to about `points` spread evenly in log t (the first after t = 0 and the last always kept). */
export function thinHistory(history: KwnState[], points = HISTORY_POINTS): KwnState[] {
  const positive = history.filter((h) => h.timeS > 0);
  if (positive.length <= points) return positive;
  const lo = Math.log(positive[0].timeS);
  const hi = Math.log(positive[positive.length - 1].timeS);
  const out: KwnState[] = [];
  let next = lo;
  const step = (hi - lo) / (points - 1);
  for (const h of positive) {
    if (Math.log(h.timeS) >= next - 1e-12) {
      out.push(h);
      next = Math.log(h.timeS) + step;
    }
  }
  if (out[out.length - 1] !== positive[positive.length - 1]) out.push(positive[positive.length - 1]);
  return out;
}

export interface SolveOptions {
  log?: (line: string) => void;
  onProgress?: (p: KwnProgress) => void;
  /** The time step (kwn.ts): 'euler' by default; 'kawin' to reproduce kawin's integrator. */
  stepper?: "euler" | "kawin";
}

export function solveKwn(p: KwnParams, options: SolveOptions = {}): KwnRunResult {
  const log = options.log ?? (() => {});
  const schedule = scheduleOf(p);
  const started = performance.now();
  const source = p.thermo === "simple" ? simpleSource(p) : calphadSource(p, schedule, log);
  // Time spent making thermodynamic tables (the CALPHAD ones are made when first needed, inside the run).
  let thermoS = 0;
  const thermo: ThermoSource = {
    table(T) {
      const t0 = performance.now();
      const t = source.table(T);
      thermoS += (performance.now() - t0) / 1000;
      return t;
    },
  };
  const r = runKwn({
    x0: p.x0,
    schedule,
    thermo,
    D0: p.D0,
    Qd: p.Qd,
    gamma: p.gamma,
    latticeParameter: p.latticeParameterNm * 1e-9,
    atomsPerCell: p.atomsPerCell,
    site: p.nucleationSite,
    dislocationDensity: p.dislocationDensity,
    grainSizeM: p.grainSizeUm * 1e-6,
    gbEnergy: GB_ENERGY,
    bins: p.bins,
    psdTimesS: psdTimesOf(p, schedule.endS),
    onProgress: options.onProgress,
    stepper: options.stepper,
  });
  const f = r.final;
  const firstR = r.history.find((h) => h.criticalRadiusM > 0)?.criticalRadiusM ?? 0;
  return {
    solver: "kwn",
    params: p,
    final: {
      timeS: f.timeS,
      temperatureK: f.temperatureK,
      numberDensity: f.numberDensity,
      meanRadiusM: f.meanRadiusM,
      volumeFraction: f.volumeFraction,
      matrixX: f.x,
      criticalRadiusM: f.criticalRadiusM,
      drivingForce: f.drivingForce,
    },
    initialDrivingForce: r.initialDrivingForce,
    initialCriticalRadiusM: firstR,
    equilibrium: r.equilibrium,
    steps: r.steps,
    runtimeS: (performance.now() - started) / 1000,
    thermoS,
    history: thinHistory(r.history),
    psd: r.psd.length && r.psd[r.psd.length - 1].timeS >= r.finalPsd.timeS * (1 - 1e-9) ? r.psd : [...r.psd, r.finalPsd],
  };
}
