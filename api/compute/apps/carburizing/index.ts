import fs from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  CarburizingParamsError,
  carburizingParamsSchema,
  parseCarburizingDeck,
  renderCarburizingDeck,
  validateCarburizingParams,
  type CarburizingParams,
} from "../../../../solvers/diffusion/params.ts";
import { AppInputError, type AppDefinition, type JobScriptContext } from "../types.ts";
import { carburizingExample } from "../../../../solvers/diffusion/params.ts";
import { carburizingDoc } from "./doc.ts";
import { carburizingFieldLabels } from "./form.ts";
import { readCarburizingResult } from "./output.ts";

// Resolved from this module, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
const SOLVER_CLI = fileURLToPath(new URL("../../../../solvers/diffusion/cli.ts", import.meta.url));
// The repository's own tsx (a dependency), as `npm start` runs TypeScript; bare "tsx" would resolve from the work dir.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** Single-quoted for bash, so any path (spaces, quotes) reaches node as one argument. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The solver's refusals become the platform's: same fields, lines and four-language texts. */
function asAppInput<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof CarburizingParamsError) throw new AppInputError(e.issues);
    throw e;
  }
}

export const carburizingApp: AppDefinition<CarburizingParams> = {
  id: "carburizing",
  names: { zh: "渗碳", en: "Carburizing", es: "Cementación", ja: "浸炭" },
  category: "Spread",
  version: "1.0",
  modes: ["graphical", "instruction"],
  paramsSchema: carburizingParamsSchema,
  validateParams: (raw) => asAppInput(() => validateCarburizingParams(raw)),
  fieldLabels: carburizingFieldLabels,
  example: carburizingExample,
  doc: carburizingDoc,
  mainInput: "carburize.in",
  defaultResources: { cores: 1, walltimeMin: 10 },
  renderDeck: (params) => ({ files: { "carburize.in": renderCarburizingDeck(params) } }),
  parseDeck: (text) => asAppInput(() => parseCarburizingDeck(text)),
  jobScript: (ctx: JobScriptContext) =>
    [
      "#!/usr/bin/env bash",
      "set -euo pipefail",
      `cd ${shellQuote(ctx.workDir)}`,
      // exec: the solver replaces bash, so a cancel's SIGTERM reaches it at once (it is in the job's process group too).
      `exec ${shellQuote(process.execPath)} --import ${shellQuote(TSX_LOADER)} ${shellQuote(SOLVER_CLI)} ${shellQuote(ctx.mainInput)}`,
      "",
    ].join("\n"),
  parseOutput: (workDir) => readCarburizingResult(workDir, async (p) => (await fs.stat(path.join(workDir, p))).size),
};
