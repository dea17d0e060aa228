/**
 * One calphad-binary-diagram run from its script: database read (the deck's TDB or a shipped one), models
 * built for the two components, the diagram mapped, and the record result.json carries (issue 6's
 * `invariants: [{T, reaction, phases}]` plus the boundaries and labels the drawing needs).
 */
import { buildPhaseModels } from "../models/index.ts";
import { databaseInfo } from "../script/conditions.ts";
import { CalphadInputError } from "../script/params.ts";
import { loadDatabase, type DeckReader } from "../script/run.ts";
import { binaryDiagram } from "./diagram.ts";
import { parseDiagramScript, type DiagramCase } from "./script.ts";
import { diagramTexts } from "./texts.ts";
import type { BinaryDiagram } from "./types.ts";

export interface BinaryDiagramRecord extends BinaryDiagram {
  solver: "calphad-binary-diagram";
  /** The shipped id, or the uploaded file's name. */
  database: string;
  /** The unit the user asked for; the numbers stay in K. */
  unit: "K" | "°C";
  phasesConsidered: string[];
}

export interface DiagramRunOptions {
  /** Fraction done (0..1) and a sentence for the log. */
  onProgress?: (fraction: number, note: string) => void;
}

export function runDiagramScript(script: string, read: DeckReader, options: DiagramRunOptions = {}): BinaryDiagramRecord {
  const progress = options.onProgress ?? (() => {});
  const first = parseDiagramScript(script);
  const dbLine = first.lines.get("database");
  const c0 = first.case;
  const { db, name } = loadDatabase({ database: c0.database, components: c0.components, phases: c0.phases, T: c0.Tmin, P: c0.P, compositionUnit: "X", fractions: {} }, read, dbLine);
  const { case: c } = parseDiagramScript(script, databaseInfo(db));
  progress(0.02, `database ${name}: ${Object.keys(db.phases).length} phases, ${db.parameters.length} parameters`);
  // VA joins the components where the database has it, as for the equilibrium app (interstitial sublattices).
  const components = db.elements.VA ? [...c.components, "VA"] : [...c.components];
  return mapCase(c, buildPhaseModels(db, components, c.phases ?? undefined), name, first.lines, progress);
}

function mapCase(c: DiagramCase, models: ReturnType<typeof buildPhaseModels>, database: string, lines: Map<string, number>, progress: (f: number, note: string) => void): BinaryDiagramRecord {
  // A phase made of only one of the two components still belongs on the diagram (at its pure end); one with neither does not.
  if (models.length === 0) throw new CalphadInputError([{ field: "phases", line: lines.get("phases"), text: diagramTexts.noPhases }]);
  progress(0.05, `${models.length} phases for ${c.components.join("-")}: ${models.map((m) => m.name).join(", ")}; T ${c.Tmin}–${c.Tmax} K step ${c.step} K, P = ${c.P} Pa`);
  let found = 0;
  let lastReported = 0;
  const d = binaryDiagram(models, {
    components: c.components,
    Tmin: c.Tmin,
    Tmax: c.Tmax,
    P: c.P,
    step: c.step,
    onProgress: (f, ties) => {
      found += ties;
      // A line per ~2% keeps the log short and the live view moving.
      if (f - lastReported >= 0.02 || f === 1) {
        lastReported = f;
        progress(0.05 + 0.9 * f, `T scanned to ${(c.Tmax - f * (c.Tmax - c.Tmin)).toFixed(2)} K: ${found} tie-lines so far`);
      }
    },
  });
  progress(
    1,
    `diagram in ${d.stats.seconds.toFixed(2)} s: ${d.stats.steps} temperatures, ${d.boundaries.length} boundaries, ` +
      `${d.invariants.length} invariants${d.invariants.length ? ": " + d.invariants.map((i) => `${i.reaction} at ${i.T.toFixed(2)} K`).join("; ") : ""}`,
  );
  return { solver: "calphad-binary-diagram", database, unit: c.unit, phasesConsidered: models.map((m) => m.name), ...d };
}
