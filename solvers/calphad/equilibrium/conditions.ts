/**
 * Equilibrium conditions turned into the solver's numbers: the system's components, the overall mole
 * fractions (the one component not given is the balance), and mass fractions converted to mole fractions.
 */
import type { PhaseModel } from "../model.ts";

export interface EquilibriumConditions {
  /** Temperature, K. */
  T: number;
  /** Pressure, Pa (default 101325). */
  P?: number;
  /** Mole fractions of all components but one (the last by difference), or of all of them summing to 1. */
  X: Record<string, number>;
}

export const DEFAULT_PRESSURE = 101325;

/** The system's components: those of the models, vacancies excluded, in the first model's order. */
export function systemComponents(models: PhaseModel[]): string[] {
  const out: string[] = [];
  for (const m of models) for (const c of m.components) if (c !== "VA" && !out.includes(c)) out.push(c);
  return out;
}

/** Overall mole fractions in component order; throws on an unknown component or an impossible sum. */
export function moleFractions(components: string[], X: Record<string, number>): Float64Array {
  for (const [el, v] of Object.entries(X)) {
    if (!components.includes(el)) throw new Error(`condition X(${el}): ${el} is not a component (${components.join(", ")})`);
    if (!(v > 0 && v < 1) && !(components.length === 1 && v === 1)) {
      throw new Error(`condition X(${el}) = ${v}: a mole fraction must lie strictly between 0 and 1 (leave a component out of the models instead of setting it to 0)`);
    }
  }
  const missing = components.filter((c) => !(c in X));
  if (missing.length > 1) throw new Error(`conditions: give X for all components but one (missing ${missing.join(", ")})`);
  const out = new Float64Array(components.length);
  let sum = 0;
  components.forEach((c, i) => {
    if (c in X) {
      out[i] = X[c];
      sum += X[c];
    }
  });
  if (missing.length === 1) {
    const rest = 1 - sum;
    if (!(rest > 0)) throw new Error(`conditions: mole fractions sum to ${sum}, leaving nothing for ${missing[0]}`);
    out[components.indexOf(missing[0])] = rest;
  } else if (Math.abs(sum - 1) > 1e-9) {
    throw new Error(`conditions: mole fractions of all components sum to ${sum}, not 1`);
  }
  return out;
}

/**
 * Mass fractions W (all components but one, the last by difference; or all of them) to mole fractions of
 * every component. `masses` are the molar masses in g/mol, as the database's ELEMENT lines give them.
 */
export function massToMole(W: Record<string, number>, masses: Record<string, number>, components: string[]): Record<string, number> {
  const w = moleFractions(components, W); // same rules for the balance component and the sum
  let total = 0;
  const moles = components.map((c, i) => {
    const m = masses[c];
    if (!(m > 0)) throw new Error(`massToMole: no molar mass for ${c}`);
    const n = w[i] / m;
    total += n;
    return n;
  });
  return Object.fromEntries(components.map((c, i) => [c, moles[i] / total]));
}
