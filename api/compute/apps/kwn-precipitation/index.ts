import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  kwnExample,
  KwnParamsError,
  kwnParamsSchema,
  parseKwnDeck,
  renderKwnDeck,
  validateKwnParams,
  type KwnParams,
} from "../../../../solvers/precipitation/params.ts";
import { AppInputError, type AppDefinition, type JobScriptContext } from "../types.ts";
import { kwnDoc } from "./doc.ts";
import { kwnFieldLabels } from "./form.ts";
import { readKwnProgress, readKwnResult } from "./output.ts";

// Resolved from this module, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
const SOLVER_CLI = fileURLToPath(new URL("../../../../solvers/precipitation/cli.ts", import.meta.url));
// The repository's own tsx (a dependency), as `npm start` runs TypeScript; bare "tsx" would resolve from the work dir.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** Single-quoted for bash, so any path (spaces, quotes) reaches node as one argument. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The solver's refusals become the platform's: same fields, lines and four-language texts. */
function asAppInput<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof KwnParamsError) throw new AppInputError(e.issues);
    throw e;
  }
}

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
  validateParams: (raw) => asAppInput(() => validateKwnParams(raw)),
  fieldLabels: kwnFieldLabels,
  example: kwnExample,
  doc: kwnDoc,
  mainInput: KWN_DECK,
  defaultResources: { cores: 1, walltimeMin: 30 },
  renderDeck: (params) => ({ files: { [KWN_DECK]: renderKwnDeck(params) } }),
  parseDeck: (text) => asAppInput(() => parseKwnDeck(text)),
  jobScript: (ctx: JobScriptContext) =>
    [
      "#!/usr/bin/env bash",
      "set -euo pipefail",
      `cd ${shellQuote(ctx.workDir)}`,
      // exec: the solver replaces bash, so a cancel's SIGTERM reaches it at once (it is in the job's process group too).
      `exec ${shellQuote(process.execPath)} --import ${shellQuote(TSX_LOADER)} ${shellQuote(SOLVER_CLI)} ${shellQuote(ctx.mainInput)}`,
      "",
    ].join("\n"),
  parseOutput: (workDir) => readKwnResult(workDir),
  progress: (workDir) => readKwnProgress(workDir),
};
