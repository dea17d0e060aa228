import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  parsePhaseFieldDeck,
  PhaseFieldParamsError,
  phaseFieldExample,
  phaseFieldParamsSchema,
  renderPhaseFieldDeck,
  validatePhaseFieldParams,
  type PhaseFieldParams,
} from "../../../../solvers/phasefield/params.ts";
import { AppInputError, type AppDefinition, type JobScriptContext } from "../types.ts";
import { phaseFieldDoc } from "./doc.ts";
import { phaseFieldFieldLabels } from "./form.ts";
import { readPhaseFieldProgress, readPhaseFieldResult } from "./output.ts";

// Resolved from this module, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
const SOLVER_CLI = fileURLToPath(new URL("../../../../solvers/phasefield/cli.ts", import.meta.url));
// The repository's own tsx (a dependency), as `npm start` runs TypeScript; bare "tsx" would resolve from the work dir.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** Single-quoted for bash, so any path (spaces, quotes) reaches node as one argument. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The solver's refusals become the platform's: same fields, lines and four-language texts. */
function asAppInput<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof PhaseFieldParamsError) throw new AppInputError(e.issues);
    throw e;
  }
}

/**
 * Phase-field microstructure evolution (docs/phasefield.md): Allen–Cahn grain growth or Cahn–Hilliard spinodal
 * decomposition on a periodic 2-D grid, run by solvers/phasefield/cli.ts in its own process. The snapshots are
 * frames of one film on the task page; progress.csv feeds the live curves while it runs.
 */
export const phaseFieldApp: AppDefinition<PhaseFieldParams> = {
  id: "phase-field",
  names: { zh: "相场模拟", en: "Phase field", es: "Campo de fase", ja: "フェーズフィールド" },
  category: "Multiphase",
  version: "1.0",
  modes: ["graphical", "instruction"],
  paramsSchema: phaseFieldParamsSchema,
  validateParams: (raw) => asAppInput(() => validatePhaseFieldParams(raw)),
  fieldLabels: phaseFieldFieldLabels,
  example: phaseFieldExample,
  doc: phaseFieldDoc,
  mainInput: "phasefield.in",
  defaultResources: { cores: 1, walltimeMin: 30 },
  renderDeck: (params) => ({ files: { "phasefield.in": renderPhaseFieldDeck(params) } }),
  parseDeck: (text) => asAppInput(() => parsePhaseFieldDeck(text)),
  jobScript: (ctx: JobScriptContext) =>
    [
      "#!/usr/bin/env bash",
      "set -euo pipefail",
      `cd ${shellQuote(ctx.workDir)}`,
      // exec: the solver replaces bash, so a cancel's SIGTERM reaches it at once (it is in the job's process group too).
      `exec ${shellQuote(process.execPath)} --import ${shellQuote(TSX_LOADER)} ${shellQuote(SOLVER_CLI)} ${shellQuote(ctx.mainInput)}`,
      "",
    ].join("\n"),
  parseOutput: (workDir) => readPhaseFieldResult(workDir),
  progress: (workDir) => readPhaseFieldProgress(workDir),
};
