import { projectPath } from "../../../../common/project-path.ts";
import {
  parsePhaseFieldDeck,
  PhaseFieldParamsError,
  phaseFieldExample,
  phaseFieldParamsSchema,
  renderPhaseFieldDeck,
  validatePhaseFieldParams,
  type PhaseFieldParams,
} from "../../../../solvers/phasefield/params.ts";
import { asAppInput, type AppDefinition, type JobScriptContext } from "../types.ts";
import { phaseFieldDoc } from "./doc.ts";
import { phaseFieldFieldLabels } from "./form.ts";
import { readPhaseFieldProgress, readPhaseFieldResult } from "./output.ts";
import { solverCliJobScript } from "../../job-shell.ts";

// Resolved from the project root, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
const SOLVER_CLI = projectPath("solvers/phasefield/cli.ts");

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
  validateParams: (raw) => asAppInput(() => validatePhaseFieldParams(raw), PhaseFieldParamsError),
  fieldLabels: phaseFieldFieldLabels,
  example: phaseFieldExample,
  doc: phaseFieldDoc,
  mainInput: "phasefield.in",
  defaultResources: { cores: 1, walltimeMin: 30 },
  renderDeck: (params) => ({ files: { "phasefield.in": renderPhaseFieldDeck(params) } }),
  parseDeck: (text) => asAppInput(() => parsePhaseFieldDeck(text), PhaseFieldParamsError),
  jobScript: (ctx: JobScriptContext) => solverCliJobScript(SOLVER_CLI, ctx),
  parseOutput: (workDir) => readPhaseFieldResult(workDir),
  progress: (workDir) => readPhaseFieldProgress(workDir),
};
