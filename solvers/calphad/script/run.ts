/**
 * One calphad-equilibrium run from its condition script: the database read (the deck's TDB, or a shipped
 * one by id), the models built for the components and phases, the equilibrium solved, and the result in
 * the shape of issue 6 — {phases: [{name, fraction, composition, siteFractions}], GM, MU, drivingForces} —
 * plus the conditions it was computed at. Kept apart from the CLI so tests run it in process.
 */
import fs from "node:fs";
import { equilibrium, type EquilibriumResult } from "../equilibrium/index.ts";
import { shippedDatabase } from "../databases/index.ts";
import { buildPhaseModels } from "../models/index.ts";
import { parseTdb } from "../tdb/index.ts";
import type { Database } from "../tdb/types.ts";
import { databaseInfo, equilibriumConditions, modelComponents } from "./conditions.ts";
import { CalphadInputError, type CalphadCase } from "./params.ts";
import { parseCalphadScript } from "./script.ts";
import { valueTexts } from "./texts.ts";

export interface CalphadPhaseResult {
  name: string;
  /** Moles of atoms of this phase per mole of atoms of the system. */
  fraction: number;
  /** Mole fractions of the components in this phase. */
  composition: Record<string, number>;
  /** One record per sublattice: constituent → site fraction. */
  siteFractions: Array<Record<string, number>>;
}

export interface CalphadEquilibriumResult {
  solver: "calphad-equilibrium";
  /** The shipped id, or the uploaded file's name. */
  database: string;
  components: string[];
  /** K and Pa. */
  T: number;
  P: number;
  /** Overall mole fractions of every component (mass fractions converted). */
  X: Record<string, number>;
  phases: CalphadPhaseResult[];
  /** J per mole of atoms. */
  GM: number;
  /** J/mol. */
  MU: Record<string, number>;
  /** J per mole of atoms: 0 for the stable phases, negative for the metastable ones. */
  drivingForces: Record<string, number>;
  converged: boolean;
  iterations: number;
  /** Wall time of the equilibrium alone, s. */
  seconds: number;
}

/** The equilibrium did not converge: the numbers would look like a result and not be one. */
export class CalphadSolveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CalphadSolveError";
  }
}

/** Reads a file of the deck by its relative path; throws when absent. */
export type DeckReader = (path: string) => string;

/** The database a case names, parsed: the deck's file, else the shipped file of that id. */
export function loadDatabase(c: CalphadCase, read: DeckReader, line?: number): { db: Database; name: string } {
  if (c.database.kind === "file") {
    const path = c.database.path;
    let text: string;
    try {
      text = read(path);
    } catch {
      throw new CalphadInputError([{ field: "databaseFile", line, text: valueTexts.databaseFileMissing(path) }]);
    }
    return { db: parseTdbOrRefuse(text, path, line), name: path };
  }
  const shipped = shippedDatabase(c.database.id);
  if (!shipped) throw new CalphadInputError([{ field: "database", line, text: valueTexts.database(c.database.id, []) }]);
  // A hand-written script may name a shipped database instead of carrying it: read from the library's folder.
  return { db: parseTdbOrRefuse(fs.readFileSync(shipped.path, "utf8"), shipped.file, line), name: shipped.id };
}

function parseTdbOrRefuse(text: string, name: string, line?: number): Database {
  try {
    return parseTdb(text);
  } catch (e) {
    const err = e as { line?: number; detail?: string; message: string };
    if (typeof err.line === "number") throw new CalphadInputError([{ field: "databaseFile", line, text: valueTexts.databaseUnreadable(name, err.line, err.detail ?? err.message) }]);
    throw e;
  }
}

const round = (v: number) => +v.toPrecision(12);

/** The solver's result in the shape result.json carries. */
export function resultRecord(r: EquilibriumResult, c: CalphadCase, database: string, X: Record<string, number>, subl: Map<string, string[][]>, seconds: number): CalphadEquilibriumResult {
  const drivingForces: Record<string, number> = {};
  // A phase that cannot form from these components has no driving force to report (−∞ is not JSON).
  for (const [name, df] of Object.entries(r.drivingForces)) if (Number.isFinite(df)) drivingForces[name] = df;
  return {
    solver: "calphad-equilibrium",
    database,
    components: r.components,
    T: c.T,
    P: c.P,
    X: Object.fromEntries(r.components.map((el) => [el, round(X[el] ?? 1 - Object.values(X).reduce((s, v) => s + v, 0))])),
    phases: r.phases.map((p) => ({
      name: p.name,
      fraction: p.fraction,
      composition: p.composition,
      siteFractions: p.siteFractions.map((ys, s) => Object.fromEntries(ys.map((y, i) => [subl.get(p.name)![s][i], y]))),
    })),
    GM: r.GM,
    MU: r.MU,
    drivingForces,
    converged: r.converged,
    iterations: r.iterations,
    seconds,
  };
}

export interface RunOptions {
  /** Progress lines as the CLI prints them (fraction 0..1, and a sentence). */
  onProgress?: (fraction: number, note: string) => void;
}

/**
 * The whole run from the script's text. Throws CalphadInputError (bad script, TDB or names: the user's to
 * fix) or CalphadSolveError (no converged equilibrium).
 */
export function runCalphadScript(script: string, read: DeckReader, options: RunOptions = {}): CalphadEquilibriumResult {
  const progress = options.onProgress ?? (() => {});
  const first = parseCalphadScript(script);
  const dbLine = first.lines.get("database");
  const { db, name } = loadDatabase(first.case, read, dbLine);
  // Checked again now the database's elements and phases are known (an uploaded TDB could not be before).
  const { case: c } = parseCalphadScript(script, databaseInfo(db));
  progress(0.1, `database ${name}: ${Object.keys(db.phases).length} phases, ${db.parameters.length} parameters`);
  const models = buildPhaseModels(db, modelComponents(c, db), c.phases ?? undefined);
  if (models.length === 0) throw new CalphadInputError([{ field: "phases", line: first.lines.get("phases"), text: valueTexts.phasesEmpty }]);
  const conditions = equilibriumConditions(c, db);
  progress(0.2, `${models.length} phases for ${c.components.join("-")}: ${models.map((m) => m.name).join(", ")}; T = ${c.T} K, P = ${c.P} Pa, X = ${JSON.stringify(conditions.X)}`);
  const started = performance.now();
  const r = equilibrium(models, conditions);
  const seconds = (performance.now() - started) / 1000;
  if (!r.converged) throw new CalphadSolveError(`the equilibrium did not converge after ${r.iterations} Newton iterations (last assemblage: ${r.phases.map((p) => p.name).join(" + ")})`);
  progress(1, `equilibrium in ${seconds.toFixed(3)} s, ${r.iterations} iterations: ${r.phases.map((p) => `${p.name} ${p.fraction.toFixed(4)}`).join(" + ")}`);
  const subl = new Map(models.map((m) => [m.name, m.sublattices.map((s) => s.constituents)]));
  return resultRecord(r, c, name, conditions.X, subl, seconds);
}
