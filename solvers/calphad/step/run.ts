/**
 * One calphad-step run from its script: the database (the deck's TDB or a shipped one), the models, the
 * step over T, and the record result.json carries. Each point is also reported through `onPoint` as the
 * CLI's `point …` line, which the app's progress reader turns into curves while the run goes on.
 */
import { buildPhaseModels } from "../models/index.ts";
import { CalphadInputError, databaseInfo, equilibriumConditions, modelComponents, valueTexts } from "../script/index.ts";
import { loadDatabase, type DeckReader } from "../script/run.ts";
import { parseStepScript } from "./script.ts";
import { stepTemperature } from "./step.ts";
import type { StepPoint, StepResult } from "./types.ts";

export interface StepRunResult extends StepResult {
  solver: "calphad-step";
  /** The shipped id, or the uploaded file's name. */
  database: string;
  /** K. */
  Tmin: number;
  Tmax: number;
  dT: number;
}

export interface StepRunOptions {
  onProgress?: (fraction: number, note: string) => void;
  onPoint?: (point: StepPoint) => void;
}

/** The `point` line of the log: T, the four properties, then phase:fraction pairs. Read back by pointFromLine. */
export function pointLine(p: StepPoint): string {
  const num = (v: number | null) => (v === null ? "nan" : String(+v.toPrecision(10)));
  return `point T=${num(p.T)} GM=${num(p.GM)} HM=${num(p.HM)} SM=${num(p.SM)} CPM=${num(p.CPM)} ${p.phases.map((q) => `${q.name}:${num(q.fraction)}`).join(" ")}`;
}

export interface LoggedPoint {
  T: number;
  GM: number;
  HM: number;
  SM: number;
  CPM: number | null;
  fractions: Record<string, number>;
}

/** A `point` line back into numbers; null for any other line (or a half-written one). */
export function pointFromLine(line: string): LoggedPoint | null {
  const m = /^point T=(\S+) GM=(\S+) HM=(\S+) SM=(\S+) CPM=(\S+)((?: [^\s:]+:\S+)*)\s*$/.exec(line);
  if (!m) return null;
  const [T, GM, HM, SM] = m.slice(1, 5).map(Number);
  if (![T, GM, HM, SM].every(Number.isFinite)) return null;
  const cp = Number(m[5]);
  const fractions: Record<string, number> = {};
  for (const pair of m[6].trim().split(" ").filter(Boolean)) {
    const i = pair.lastIndexOf(":");
    const v = Number(pair.slice(i + 1));
    if (!Number.isFinite(v)) return null;
    fractions[pair.slice(0, i)] = v;
  }
  return { T, GM, HM, SM, CPM: Number.isFinite(cp) ? cp : null, fractions };
}

/** Throws CalphadInputError (the user's to fix) or Error (the solver's). */
export function runStepScript(script: string, read: DeckReader, options: StepRunOptions = {}): StepRunResult {
  const progress = options.onProgress ?? (() => {});
  const first = parseStepScript(script);
  const { db, name } = loadDatabase({ ...first.case, T: first.case.Tmin }, read, first.lines.get("database"));
  const { case: c } = parseStepScript(script, databaseInfo(db));
  progress(0.02, `database ${name}: ${Object.keys(db.phases).length} phases, ${db.parameters.length} parameters`);
  const models = buildPhaseModels(db, modelComponents({ ...c, T: c.Tmin }, db), c.phases ?? undefined);
  if (models.length === 0) throw new CalphadInputError([{ field: "phases", line: first.lines.get("phases"), text: valueTexts.phasesEmpty }]);
  const { X, P } = equilibriumConditions({ ...c, T: c.Tmin }, db);
  progress(0.05, `${models.length} phases for ${c.components.join("-")}: ${models.map((m) => m.name).join(", ")}; T = ${c.Tmin} … ${c.Tmax} K by ${c.dT} K, P = ${c.P} Pa, X = ${JSON.stringify(X)}`);
  const r = stepTemperature(models, {
    X,
    P,
    Tmin: c.Tmin,
    Tmax: c.Tmax,
    dT: c.dT,
    onPoint: (p, k, total) => {
      options.onPoint?.(p);
      // Points arrive in batches as the global checks confirm them; progress runs from 0.05 to 1 over them.
      if (k % Math.max(1, Math.floor(total / 50)) === 0 || k === total - 1) progress(0.05 + (0.95 * (k + 1)) / total, `T = ${p.T} K: ${p.phases.map((q) => `${q.name} ${q.fraction.toFixed(4)}`).join(" + ")}`);
    },
  });
  return { solver: "calphad-step", database: name, Tmin: c.Tmin, Tmax: c.Tmax, dT: c.dT, ...r };
}
