/**
 * One calphad-ternary-section run from its script: the database read (the deck's TDB, or a shipped one by
 * id), the models built for the three components and the phases, the section computed, and the record
 * result.json carries. Kept apart from the CLI so tests run it in process.
 */
import { databaseInfo, modelComponents } from "../script/conditions.ts";
import { CalphadInputError } from "../script/params.ts";
import { loadDatabase, type DeckReader } from "../script/run.ts";
import { buildPhaseModels } from "../models/index.ts";
import { parseSectionScript } from "./script.ts";
import { ternarySection } from "./section.ts";
import { sectionTexts } from "./texts.ts";
import type { TernarySection } from "./types.ts";

export interface SectionResult extends TernarySection {
  solver: "calphad-ternary-section";
  /** The shipped id, or the uploaded file's name. */
  database: string;
  /** The phases the section was computed with. */
  phases: string[];
  density: number;
}

export interface SectionRunOptions {
  onProgress?: (fraction: number, note: string) => void;
}

/** The whole run; throws CalphadInputError for what the user has to fix. */
export function runSectionScript(script: string, read: DeckReader, options: SectionRunOptions = {}): SectionResult {
  const progress = options.onProgress ?? (() => {});
  const first = parseSectionScript(script);
  const { db, name } = loadDatabase({ ...first.case, fractions: {}, compositionUnit: "X" }, read, first.lines.get("database"));
  // Checked again now the database's elements and phases are known (an uploaded TDB could not be before).
  const { case: c } = parseSectionScript(script, databaseInfo(db));
  const models = buildPhaseModels(db, modelComponents({ ...c, fractions: {}, compositionUnit: "X" }, db), c.phases ?? undefined);
  if (models.length === 0) throw new CalphadInputError([{ field: "phases", line: first.lines.get("phases"), text: sectionTexts.noPhases }]);
  progress(0.05, `database ${name}: ${models.length} phases for ${c.components.join("-")} (${models.map((m) => m.name).join(", ")}); T = ${c.T} K, P = ${c.P} Pa, density ${c.density}`);
  const section = ternarySection(models, { components: c.components, T: c.T, P: c.P, density: c.density, onProgress: (f, note) => progress(0.05 + 0.95 * f, note) });
  return { solver: "calphad-ternary-section", database: name, phases: models.map((m) => m.name), density: c.density, ...section };
}
