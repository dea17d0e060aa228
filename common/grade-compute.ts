/**
 * From a grade's composition ranges to the inputs of a calculation (the grade page's "calculate" buttons):
 * a nominal composition, its mole fractions, and the CALPHAD components a shipped database can take.
 *
 * Nominal composition: the middle of a range that has both ends, the minimum of a "≥" limit; an element with
 * only a maximum ("P ≤ 0.035", "C ≤ 0.08") is an impurity or a cap, not an addition, and is left out. The
 * page shows what was used, so nobody mistakes it for a measured analysis.
 */
import type { ElementRangeView } from "./steel-grades.ts";

/** Standard atomic weights (IUPAC 2021, abridged values), g/mol, of the elements steel tables list, and Fe. */
export const ATOMIC_WEIGHT: Readonly<Record<string, number>> = {
  Fe: 55.845,
  C: 12.011,
  Si: 28.085,
  Mn: 54.938,
  P: 30.974,
  S: 32.06,
  Cr: 51.996,
  Ni: 58.693,
  Mo: 95.95,
  V: 50.942,
  W: 183.84,
  Co: 58.933,
  Cu: 63.546,
  Al: 26.982,
  Ti: 47.867,
  Nb: 92.906,
  N: 14.007,
  B: 10.81,
};

/** wt% per element, iron (the balance) not listed. */
export type Nominal = Record<string, number>;

export function nominalComposition(ranges: readonly ElementRangeView[]): Nominal {
  const out: Nominal = {};
  for (const r of ranges) {
    if (r.Element === "Fe") continue;
    const v = r.Min !== null && r.Max !== null ? (r.Min + r.Max) / 2 : r.Min;
    if (v !== null && v > 0) out[r.Element] = round(v, 4);
  }
  return out;
}

/** A composition as the pages write it: "C 0.42 · Si 0.26 · Mn 0.72" (wt%), in its own order. */
export const compositionLine = (c: Nominal) =>
  Object.entries(c)
    .map(([el, wt]) => `${el} ${wt}`)
    .join(" · ");

/** Mole fractions of the listed elements, iron the balance; null when an element's weight is not known. */
export function moleFractions(nominal: Nominal): Record<string, number> | null {
  let fe = 100;
  const moles: Record<string, number> = {};
  for (const [el, wt] of Object.entries(nominal)) {
    const m = ATOMIC_WEIGHT[el];
    if (!m) return null;
    moles[el] = wt / m;
    fe -= wt;
  }
  if (fe <= 0) return null;
  const total = Object.values(moles).reduce((a, b) => a + b, 0) + fe / ATOMIC_WEIGHT.Fe;
  return Object.fromEntries(Object.entries(moles).map(([el, n]) => [el, round(n / total, 6)]));
}

/** A shipped database as the grade page needs it: its id, title and (upper-case) elements. */
export interface ThermoSystem {
  id: string;
  name: string;
  elements: string[];
}

/** What an equilibrium or step calculation of this grade in one database takes, and what it leaves out. */
export interface CalphadInputs {
  database: string;
  databaseName: string;
  components: string; // "FE,CR,NI"
  composition: string; // mass fractions of all but Fe: "CR=0.19,NI=0.0925"
  used: string[];
  leftOut: string[];
}

/**
 * The databases that hold iron and at least one of the grade's alloying elements, each with the grade's
 * composition restricted to what it can describe (a Fe–Cr–Ni database takes a stainless steel's Cr and Ni,
 * not its C or Mn). Sorted by how much of the alloy content they cover.
 */
export function calphadInputs(nominal: Nominal, systems: readonly ThermoSystem[]): CalphadInputs[] {
  const out: (CalphadInputs & { covered: number })[] = [];
  for (const s of systems) {
    const upper = new Set(s.elements.map((e) => e.toUpperCase()));
    if (!upper.has("FE")) continue;
    const used = Object.keys(nominal).filter((el) => upper.has(el.toUpperCase()));
    if (!used.length) continue;
    const leftOut = Object.keys(nominal).filter((el) => !upper.has(el.toUpperCase()));
    out.push({
      database: s.id,
      databaseName: s.name,
      components: ["FE", ...used.map((e) => e.toUpperCase())].join(","),
      composition: used.map((el) => `${el.toUpperCase()}=${round(nominal[el]! / 100, 6)}`).join(","),
      used,
      leftOut,
      covered: used.reduce((a, el) => a + nominal[el]!, 0),
    });
  }
  return out.sort((a, b) => b.covered - a.covered).map(({ covered: _c, ...rest }) => rest);
}

/** The elements a KWN precipitation run can take as the solute, in the grade, with their mole fraction. */
export const PRECIPITATE_FORMERS = ["Cu", "V", "Nb", "Ti", "Mo", "Cr", "Al"] as const;

function round(v: number, digits: number) {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
