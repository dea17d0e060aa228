import fs from "node:fs/promises";
import path from "node:path";
import { projectPath } from "../../../../common/project-path.ts";
import {
  CarburizingParamsError,
  carburizingParamsSchema,
  parseCarburizingDeck,
  renderCarburizingDeck,
  validateCarburizingParams,
  type CarburizingParams,
} from "../../../../solvers/diffusion/params.ts";
import { asAppInput, type AppDefinition, type JobScriptContext } from "../types.ts";
import { carburizingExample } from "../../../../solvers/diffusion/params.ts";
import { carburizingDoc } from "./doc.ts";
import { carburizingFieldLabels } from "./form.ts";
import { readCarburizingResult } from "./output.ts";
import { solverCliJobScript } from "../../job-shell.ts";

// Resolved from the project root, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
const SOLVER_CLI = projectPath("solvers/diffusion/cli.ts");

export const carburizingApp: AppDefinition<CarburizingParams> = {
  id: "carburizing",
  names: { zh: "渗碳", en: "Carburizing", es: "Cementación", ja: "浸炭" },
  category: "Spread",
  version: "1.0",
  modes: ["graphical", "instruction"],
  paramsSchema: carburizingParamsSchema,
  validateParams: (raw) => asAppInput(() => validateCarburizingParams(raw), CarburizingParamsError),
  fieldLabels: carburizingFieldLabels,
  example: carburizingExample,
  doc: carburizingDoc,
  mainInput: "carburize.in",
  defaultResources: { cores: 1, walltimeMin: 10 },
  renderDeck: (params) => ({ files: { "carburize.in": renderCarburizingDeck(params) } }),
  parseDeck: (text) => asAppInput(() => parseCarburizingDeck(text), CarburizingParamsError),
  jobScript: (ctx: JobScriptContext) => solverCliJobScript(SOLVER_CLI, ctx),
  parseOutput: (workDir) => readCarburizingResult(workDir, async (p) => (await fs.stat(path.join(workDir, p))).size),
};
