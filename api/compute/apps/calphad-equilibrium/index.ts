import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { shippedDatabase } from "../../../../solvers/calphad/databases/index.ts";
import {
  CALPHAD_SCRIPT,
  calphadParamsSchema,
  CalphadInputError,
  checkCalphadParams,
  databaseInfo,
  parseCalphadScript,
  renderCalphadScript,
  shippedDatabaseInfo,
  valueTexts,
  type CalphadInput,
  type CalphadParams,
} from "../../../../solvers/calphad/script/index.ts";
import { parseTdb, TdbError } from "../../../../solvers/calphad/tdb/index.ts";
import { parserErrorText } from "../../../modules/tdb/texts.ts";
import { AppInputError, type AppDefinition, type InputIssue, type JobScriptContext } from "../types.ts";
import { calphadEquilibriumDoc } from "./doc.ts";
import { calphadFieldLabels } from "./form.ts";
import { readEquilibriumResult } from "./output.ts";

// Resolved from this module, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
const SOLVER_CLI = fileURLToPath(new URL("../../../../solvers/calphad/cli.ts", import.meta.url));
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

/** A shipped database's id and elements are checked from the catalogue; an uploaded one when its file is at hand. */
function parseScript(text: string): CalphadParams {
  const first = parseCalphadScript(text);
  const info = first.case.database.kind === "shipped" ? shippedDatabaseInfo(first.case.database.id) : undefined;
  return info ? parseCalphadScript(text, info).params : first.params;
}

/** Instruction mode with an uploaded TDB: the file is there, it reads, and the script's elements and phases are in it. */
function checkUploadedDatabase(files: Readonly<Record<string, string>>, params: CalphadParams): void {
  if (params.database !== "file" || !params.databaseFile) return;
  const name = params.databaseFile;
  const script = files[CALPHAD_SCRIPT] ?? "";
  const line = parseCalphadScript(script).lines.get("database");
  const text = files[name];
  if (text === undefined) throw new AppInputError([{ field: CALPHAD_SCRIPT, line, text: valueTexts.databaseFileMissing(name) }]);
  let info;
  try {
    info = databaseInfo(parseTdb(text));
  } catch (e) {
    if (e instanceof TdbError) throw new AppInputError([{ field: name, text: parserErrorText({ line: e.line, code: e.code, message: e.detail }) }]);
    throw e;
  }
  try {
    parseCalphadScript(script, info);
  } catch (e) {
    if (!(e instanceof CalphadInputError)) throw e;
    throw new AppInputError(e.issues.map((i): InputIssue => ({ field: CALPHAD_SCRIPT, line: i.line, text: i.text })));
  }
}

/** A Pb–Sn alloy in the two-phase field below the eutectic: the form's pre-filled values. */
export const calphadEquilibriumExample: CalphadInput = {
  database: "pbsn",
  components: "PB,SN",
  phases: "*",
  temperature: 450,
  temperatureUnit: "K",
  pressurePa: 101325,
  compositionUnit: "X",
  composition: "SN=0.5",
};

export const calphadEquilibriumApp: AppDefinition<CalphadParams> = {
  id: "calphad-equilibrium",
  names: { zh: "相平衡计算", en: "CALPHAD equilibrium", es: "Equilibrio CALPHAD", ja: "CALPHAD 平衡計算" },
  category: "CALPHAD",
  version: "1.0",
  modes: ["graphical", "instruction"],
  paramsSchema: calphadParamsSchema,
  validateParams: (raw) =>
    asAppInput(() => {
      const given = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
      // The form has no file to carry a TDB; refused here, in words, rather than as an unknown file later.
      if (given.database === "file") throw new CalphadInputError([{ field: "database", text: valueTexts.fileInGraphical }]);
      const info = typeof given.database === "string" ? shippedDatabaseInfo(given.database) : undefined;
      return checkCalphadParams(raw, info).params;
    }),
  fieldLabels: calphadFieldLabels,
  example: calphadEquilibriumExample,
  doc: calphadEquilibriumDoc,
  mainInput: CALPHAD_SCRIPT,
  defaultResources: { cores: 1, walltimeMin: 10 },
  renderDeck: (params): { files: Record<string, string> } => {
    const shipped = params.database === "file" ? undefined : shippedDatabase(params.database);
    if (!shipped) return { files: { [CALPHAD_SCRIPT]: renderCalphadScript(params) } };
    // The shipped file travels with the deck, so the task is self-contained and reruns the same on any node.
    return {
      files: {
        [CALPHAD_SCRIPT]: renderCalphadScript({ ...params, database: "file", databaseFile: DECK_DATABASE }),
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
  parseOutput: (workDir) => readEquilibriumResult(workDir),
};
