/**
 * From a parsed database to PhaseModels for a chosen set of components. Each sublattice keeps the species
 * made of those components (vacancies always); a phase with an emptied sublattice, or with nothing but
 * vacancies, is dropped. As in pycalphad's `filter_phases`, the disordered part of an order–disorder pair is
 * dropped when its ordered phase is built: the ordered model covers the disordered states too (at y = x it
 * is exactly the disordered phase), and `orderingDegree` tells the two apart.
 */
import type { PhaseModel, Sublattice } from "../model.ts";
import { TdbEvaluator } from "../tdb/evaluate.ts";
import type { Database, MagneticHint } from "../tdb/types.ts";
import { CefEnergy } from "./cef.ts";
import { PartitionedEnergy } from "./order-disorder.ts";
import { CalphadModelError } from "./terms.ts";

/** A PhaseModel with what the equilibrium code and the reports may want to know about its make-up. */
export interface CalphadPhaseModel extends PhaseModel {
  magnetic?: MagneticHint;
  /** For an ordered phase partitioned with its disordered part: that part's name and the ordering sublattices. */
  orderDisorder?: { disorderedPhase: string; substitutional: number[] };
  /** 0 for a disordered configuration (and for every phase without order–disorder partitioning). */
  orderingDegree(y: ArrayLike<number>): number;
}

/** Moles of atoms per formula unit at y (pycalphad's GM = G / this). */
export function atomsPerFormula(model: PhaseModel, y: ArrayLike<number>): number {
  let n = 0;
  for (const row of model.elementMoles) for (let i = 0; i < row.length; i++) n += row[i] * y[i];
  return n;
}

/** Active constituents of a phase's sublattices for the components (VA always allowed), or undefined if one is emptied. */
function activeConstituents(db: Database, constituents: string[][], components: Set<string>): string[][] | undefined {
  const active = constituents.map((s) => s.filter((sp) => Object.keys(db.species[sp]?.constituents ?? {}).every((el) => components.has(el))));
  return active.some((s) => s.length === 0) ? undefined : active;
}

/**
 * PhaseModels of `phases` (default: every phase of the file) for `components` (element names, any case; VA
 * is implied). Every model's `components` is that list in the caller's order without VA, so all phases share
 * the rows of `elementMoles` (zero rows for elements a phase cannot hold). Energies are per formula unit.
 */
export function buildPhaseModels(db: Database, components: string[], phases?: string[]): CalphadPhaseModel[] {
  const comps = [...new Set(components.map((c) => c.toUpperCase()))].filter((c) => c !== "VA");
  for (const c of comps) {
    if (!db.elements[c] || c === "/-") throw new CalphadModelError("unknown-component", `${c} is not an element of this database`);
  }
  const compSet = new Set(comps);
  const names = phases ? [...new Set(phases.map((p) => p.toUpperCase()))] : Object.keys(db.phases);
  for (const n of names) if (!db.phases[n]) throw new CalphadModelError("unknown-phase", `${n} is not a phase of this database`);
  const evaluator = new TdbEvaluator(db);
  const out: CalphadPhaseModel[] = [];
  for (const name of names) {
    const phase = db.phases[name];
    if (phase.orderedPhase && names.includes(phase.orderedPhase)) continue;
    const active = activeConstituents(db, phase.constituents, compSet);
    if (!active) continue;
    const cef = new CefEnergy(db, evaluator, phase, active);
    if (cef.atoms.every((a) => a === 0)) continue;
    let partitioned: PartitionedEnergy | undefined;
    if (phase.disorderedPhase) {
      const dis = db.phases[phase.disorderedPhase];
      const disActive = activeConstituents(db, dis.constituents, compSet);
      if (!disActive) throw new CalphadModelError("bad-order-disorder", `${name}: its disordered part ${dis.name} has an empty sublattice for ${comps.join("-")}`);
      partitioned = new PartitionedEnergy(cef, new CefEnergy(db, evaluator, dis, disActive), phase.constituents, dis.constituents);
    }
    out.push(makeModel(db, cef, active, comps, partitioned));
  }
  return out;
}

function makeModel(db: Database, cef: CefEnergy, active: string[][], comps: string[], partitioned?: PartitionedEnergy): CalphadPhaseModel {
  const sublattices: Sublattice[] = active.map((constituents, s) => ({ ratio: cef.ratios[s], constituents: constituents.slice() }));
  const flat = active.flatMap((s, si) => s.map((sp) => ({ sp, ratio: cef.ratios[si] })));
  const elementMoles = comps.map((c) => flat.map(({ sp, ratio }) => ratio * (db.species[sp]?.constituents[c] ?? 0)));
  const n = cef.size;
  const model: CalphadPhaseModel = {
    name: cef.phase.name,
    sublattices,
    components: comps.slice(),
    elementMoles,
    gibbs: partitioned ? (T, P, y) => partitioned.energy(T, P, y, null) : (T, P, y) => cef.energy(T, P, y, null),
    gibbsGradient: (T, P, y, grad) => {
      for (let i = 0; i < n; i++) grad[i] = 0;
      return partitioned ? partitioned.energy(T, P, y, grad) : cef.energy(T, P, y, grad);
    },
    orderingDegree: partitioned ? (y) => partitioned.orderingDegree(y) : () => 0,
  };
  if (cef.phase.magnetic) model.magnetic = cef.phase.magnetic;
  if (partitioned) model.orderDisorder = { disorderedPhase: partitioned.disordered.phase.name, substitutional: partitioned.substitutional.slice() };
  return model;
}
