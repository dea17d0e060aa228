/**
 * From a checked CalphadCase and its database to what the models and the equilibrium take: the components
 * (with VA where the database has it), the phases, and T, P and mole fractions (mass fractions converted
 * with the database's own element masses, so the conversion matches the assessment's).
 */
import { massToMole, type EquilibriumConditions } from "../equilibrium/conditions.ts";
import { shippedDatabase } from "../databases/index.ts";
import type { Database } from "../tdb/types.ts";
import type { CalphadCase, DatabaseInfo } from "./params.ts";

/** Not elements a user picks: the vacancy and the electron. */
const PSEUDO_ELEMENTS = new Set(["VA", "/-"]);

/** A parsed TDB's elements and phases, as the params checks need them. */
export function databaseInfo(db: Database): DatabaseInfo {
  return { elements: Object.keys(db.elements).filter((e) => !PSEUDO_ELEMENTS.has(e)), phases: Object.keys(db.phases) };
}

/** A shipped database's elements and phases from the catalogue (its test checks them against the file). */
export function shippedDatabaseInfo(id: string): DatabaseInfo | undefined {
  const d = shippedDatabase(id);
  return d && { elements: d.elements, phases: d.phases };
}

/** The components the models are built for: the case's, plus VA when the database declares it. */
export function modelComponents(c: CalphadCase, db: Database): string[] {
  return db.elements.VA ? [...c.components, "VA"] : c.components.slice();
}

/** T, P and the overall mole fractions of all components but the balance one. */
export function equilibriumConditions(c: CalphadCase, db: Database): EquilibriumConditions {
  if (c.compositionUnit === "X") return { T: c.T, P: c.P, X: { ...c.fractions } };
  const masses = Object.fromEntries(c.components.map((el) => [el, db.elements[el]?.mass ?? NaN]));
  const x = massToMole(c.fractions, masses, c.components);
  // The equilibrium takes all components but one; leaving out the balance keeps its sum exactly 1.
  const balance = c.components.find((el) => !(el in c.fractions)) ?? c.components[c.components.length - 1];
  return { T: c.T, P: c.P, X: Object.fromEntries(Object.entries(x).filter(([el]) => el !== balance)) };
}
