import { AllenCahn } from "./allenCahn.ts";
import { CahnHilliard } from "./cahnHilliard.ts";
import { divergingImage, grainImage } from "./colour.ts";
import { countGrains, meanGrainDiameter } from "./grains.ts";
import { fitCircleLaw, grainRadius, precipitateRadius, type CircleLawFit } from "./circleRadius.ts";
import { circle, concentrationCircle, noisyConcentration, randomNuclei } from "./initial.ts";
import type { ResolvedPhaseField } from "./params.ts";

/** One recorded point of the run's history. */
export interface HistoryPoint {
  step: number;
  timeS: number;
  /** Domain-average free energy density, J/m³. */
  energy: number;
  /**
   * Random nuclei (Allen–Cahn): mean grain diameter; noise (Cahn–Hilliard): 2π/⟨k⟩ of the structure factor. m.
   * Not for a circle run, where neither means anything (one grain in a matrix of another; one droplet).
   */
  length?: number;
  /** Random nuclei only: grains counted. */
  grains?: number;
  /** Circle runs only: the circle's radius √(A/π) (circleRadius.ts), m. */
  radius?: number;
  /** Cahn–Hilliard only: mean concentration. */
  mean?: number;
}

/** A snapshot handed to the caller: the state as an n×n RGB picture. */
export interface Snapshot {
  index: number;
  step: number;
  timeS: number;
  n: number;
  rgb: Uint8Array;
}

export interface SimulationHooks {
  onHistory?(point: HistoryPoint, fraction: number): void;
  onSnapshot?(snapshot: Snapshot): void;
}

export interface SimulationResult {
  history: HistoryPoint[];
  /** The final field: Allen–Cahn's order parameters, Cahn–Hilliard's concentration. */
  fields: Float64Array[];
  /** Allen–Cahn circle runs only: R² against t fitted and set against the sharp-interface law (null: too few points). */
  circleLaw?: CircleLawFit | null;
}

/** Steps at which snapshots are taken: `count` evenly spaced from 0 to the last step, without repeats. */
export function snapshotSteps(steps: number, count: number): number[] {
  const out = new Set<number>();
  for (let k = 0; k < count; k++) out.add(Math.round((k * steps) / (count - 1)));
  return [...out].sort((a, b) => a - b);
}

/** Runs one phase-field simulation with resolved params; deterministic for a given seed. */
export function simulate(p: ResolvedPhaseField, hooks: SimulationHooks = {}): SimulationResult {
  const { n, dx, dt, steps } = p;
  const stabilization = p.stabilization * p.barrier;
  const xiCells = Math.sqrt(p.kappa / p.barrier) / dx;
  let model: { step(): void; energy(): number };
  // What each history point measures besides the energy: the circle's radius, or the run's length scale.
  let measure: () => Omit<HistoryPoint, "step" | "timeS" | "energy">;
  let picture: () => Uint8Array;
  let fields: Float64Array[];
  if (p.model === "allen-cahn") {
    const eta = p.initial === "circle" ? circle(n, p.orderParameters, p.radius / dx, xiCells) : randomNuclei(n, p.orderParameters, p.nuclei, p.seed);
    const ac = new AllenCahn({ n, dx, dt, mobility: p.mobility, kappa: p.kappa, barrier: p.barrier, gamma: p.gamma, stabilization }, eta);
    model = ac;
    fields = eta;
    measure =
      p.initial === "circle"
        ? () => ({ radius: grainRadius(eta, n, dx) })
        : () => {
            const { grains } = countGrains(eta, n);
            return { length: meanGrainDiameter(grains, n, dx), grains };
          };
    picture = () => grainImage(eta, n);
  } else {
    const c = p.initial === "circle" ? concentrationCircle(n, p.radius / dx, xiCells) : noisyConcentration(n, p.c0, p.noise, p.seed);
    const ch = new CahnHilliard({ n, dx, dt, mobility: p.mobility, kappa: p.kappa, barrier: p.barrier, stabilization }, c);
    model = ch;
    fields = [c];
    measure = p.initial === "circle" ? () => ({ radius: precipitateRadius(c, n, dx), mean: ch.mean() }) : () => ({ length: ch.length(), mean: ch.mean() });
    // Fixed colour range (the wells 0 and 1) so frames of the film compare.
    picture = () => divergingImage(c, 0, 1);
  }
  const shots = snapshotSteps(steps, p.snapshots);
  const every = Math.max(1, Math.round(steps / 200));
  const history: HistoryPoint[] = [];
  let shot = 0;
  for (let s = 0; ; s++) {
    if (s % every === 0 || s === steps) {
      const point = { step: s, timeS: s * dt, energy: model.energy(), ...measure() };
      history.push(point);
      hooks.onHistory?.(point, s / steps);
    }
    if (shots[shot] === s) {
      hooks.onSnapshot?.({ index: shot, step: s, timeS: s * dt, n, rgb: picture() });
      shot++;
    }
    if (s === steps) break;
    model.step();
  }
  if (p.model === "allen-cahn" && p.initial === "circle") {
    return { history, fields, circleLaw: fitCircleLaw(history.map((h) => h.timeS), history.map((h) => h.radius!), p) };
  }
  return { history, fields };
}
