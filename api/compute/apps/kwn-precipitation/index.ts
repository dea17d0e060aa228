import { projectPath } from "../../../../common/project-path.ts";
import {
  kwnExample,
  KwnParamsError,
  kwnParamsSchema,
  parseKwnDeck,
  renderKwnDeck,
  validateKwnParams,
  type KwnParams,
} from "../../../../solvers/precipitation/params.ts";
import { asAppInput, type AppDefinition, type JobScriptContext } from "../types.ts";
import { kwnDoc } from "./doc.ts";
import { kwnFieldLabels } from "./form.ts";
import { readKwnProgress, readKwnResult } from "./output.ts";
import { solverCliJobScript } from "../../job-shell.ts";

// Resolved from the project root, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
const SOLVER_CLI = projectPath("solvers/precipitation/cli.ts");

export const KWN_DECK = "kwn.in";

/**
 * Precipitation kinetics (KWN): nucleation, growth and coarsening of one precipitate on a size distribution,
 * isothermal or along a temperature–time schedule, with CALPHAD or simple thermodynamics. The solver runs as
 * its own process (solvers/precipitation/cli.ts), never on the API's event loop.
 */
export const kwnPrecipitationApp: AppDefinition<KwnParams> = {
  id: "kwn-precipitation",
  names: { zh: "析出动力学（KWN）", en: "Precipitation kinetics (KWN)", es: "Cinética de precipitación (KWN)", ja: "析出動力学（KWN）" },
  category: "Precipitation",
  version: "1.0",
  modes: ["graphical", "instruction"],
  paramsSchema: kwnParamsSchema,
  validateParams: (raw) => asAppInput(() => validateKwnParams(raw), KwnParamsError),
  fieldLabels: kwnFieldLabels,
  example: kwnExample,
  doc: kwnDoc,
  mainInput: KWN_DECK,
  defaultResources: { cores: 1, walltimeMin: 30 },
  renderDeck: (params) => ({ files: { [KWN_DECK]: renderKwnDeck(params) } }),
  parseDeck: (text) => asAppInput(() => parseKwnDeck(text), KwnParamsError),
  jobScript: (ctx: JobScriptContext) => solverCliJobScript(SOLVER_CLI, ctx),
  parseOutput: (workDir) => readKwnResult(workDir),
  progress: (workDir) => readKwnProgress(workDir),
};
