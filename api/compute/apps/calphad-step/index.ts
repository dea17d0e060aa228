import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { shippedDatabase } from "../../../../solvers/calphad/databases/index.ts";
import { CalphadInputError, databaseInfo, shippedDatabaseInfo, valueTexts } from "../../../../solvers/calphad/script/index.ts";
import { checkStepParams, stepParamsSchema, type StepInput, type StepParams } from "../../../../solvers/calphad/step/params.ts";
import { parseStepScript, renderStepScript, STEP_SCRIPT } from "../../../../solvers/calphad/step/script.ts";
import { parseTdb, TdbError } from "../../../../solvers/calphad/tdb/index.ts";
import { parserErrorText } from "../../../modules/tdb/texts.ts";
import { AppInputError, type AppDefinition, type InputIssue, type JobScriptContext } from "../types.ts";
import { calphadStepDoc } from "./doc.ts";
import { calphadStepFieldLabels } from "./form.ts";
import { readStepProgress, readStepResult } from "./output.ts";

// Resolved from this module, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
const SOLVER_CLI = fileURLToPath(new URL("../../../../solvers/calphad/step-cli.ts", import.meta.url));
// The repository's own tsx (a dependency), as `npm start` runs TypeScript; bare "tsx" would resolve from the work dir.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** Single-quoted for bash, so any path (spaces, quotes) reaches node as one argument. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The deck's copy of a shipped database: the job reads it from its own work dir, on any node. */
export const DECK_DATABASE = "database.tdb";

/** The solver's refusals become the platform's: same fields, lines and four-language texts. */
function asAppInput<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof CalphadInputError) throw new AppInputError(e.issues);
    throw e;
  }
}

/** A shipped database's elements and phases are checked from the catalogue; an uploaded one's when its file is at hand. */
function parseScript(text: string): StepParams {
  const first = parseStepScript(text);
  const info = first.case.database.kind === "shipped" ? shippedDatabaseInfo(first.case.database.id) : undefined;
  return info ? parseStepScript(text, info).params : first.params;
}

/** Instruction mode with an uploaded TDB: the file is there, it reads, and the script's elements and phases are in it. */
function checkUploadedDatabase(files: Readonly<Record<string, string>>, params: StepParams): void {
  if (params.database !== "file" || !params.databaseFile) return;
  const name = params.databaseFile;
  const script = files[STEP_SCRIPT] ?? "";
  const line = parseStepScript(script).lines.get("database");
  const text = files[name];
  if (text === undefined) throw new AppInputError([{ field: STEP_SCRIPT, line, text: valueTexts.databaseFileMissing(name) }]);
  let info;
  try {
    info = databaseInfo(parseTdb(text));
  } catch (e) {
    if (e instanceof TdbError) throw new AppInputError([{ field: name, text: parserErrorText({ line: e.line, code: e.code, message: e.detail }) }]);
    throw e;
  }
  try {
    parseStepScript(script, info);
  } catch (e) {
    if (!(e instanceof CalphadInputError)) throw e;
    throw new AppInputError(e.issues.map((i): InputIssue => ({ field: STEP_SCRIPT, line: i.line, text: i.text })));
  }
}

/** Pb–30Sn from the solid through the eutectic and the liquidus: the form's pre-filled values. */
export const calphadStepExample: StepInput = {
  database: "pbsn",
  components: "PB,SN",
  phases: "*",
  Tmin: 400,
  Tmax: 600,
  step: 2,
  temperatureUnit: "K",
  pressurePa: 101325,
  compositionUnit: "X",
  composition: "SN=0.3",
};

export const calphadStepApp: AppDefinition<StepParams> = {
  id: "calphad-step",
  names: { zh: "CALPHAD 温度步进（性质图）", en: "CALPHAD step over temperature", es: "Barrido CALPHAD en temperatura", ja: "CALPHAD 温度ステップ計算" },
  category: "CALPHAD",
  version: "1.0",
  modes: ["graphical", "instruction"],
  paramsSchema: stepParamsSchema,
  validateParams: (raw) =>
    asAppInput(() => {
      const given = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
      // The form has no file to carry a TDB; refused here, in words, rather than as an unknown file later.
      if (given.database === "file") throw new CalphadInputError([{ field: "database", text: valueTexts.fileInGraphical }]);
      const info = typeof given.database === "string" ? shippedDatabaseInfo(given.database) : undefined;
      return checkStepParams(raw, info).params;
    }),
  fieldLabels: calphadStepFieldLabels,
  example: calphadStepExample,
  doc: calphadStepDoc,
  mainInput: STEP_SCRIPT,
  defaultResources: { cores: 1, walltimeMin: 20 },
  renderDeck: (params): { files: Record<string, string> } => {
    const shipped = params.database === "file" ? undefined : shippedDatabase(params.database);
    if (!shipped) return { files: { [STEP_SCRIPT]: renderStepScript(params) } };
    // The shipped file travels with the deck, so the task is self-contained and reruns the same on any node.
    return {
      files: {
        [STEP_SCRIPT]: renderStepScript({ ...params, database: "file", databaseFile: DECK_DATABASE }),
        [DECK_DATABASE]: fs.readFileSync(shipped.path, "utf8"),
      },
    };
  },
  parseDeck: (text) => asAppInput(() => parseScript(text)),
  checkDeckFiles: checkUploadedDatabase,
  jobScript: (ctx: JobScriptContext) =>
    [
      "#!/usr/bin/env bash",
      "set -euo pipefail",
      `cd ${shellQuote(ctx.workDir)}`,
      // exec: the solver replaces bash, so a cancel's SIGTERM reaches it at once (it is in the job's process group too).
      `exec ${shellQuote(process.execPath)} --import ${shellQuote(TSX_LOADER)} ${shellQuote(SOLVER_CLI)} ${shellQuote(ctx.mainInput)}`,
      "",
    ].join("\n"),
  parseOutput: (workDir) => readStepResult(workDir),
  progress: (workDir) => readStepProgress(workDir),
};
