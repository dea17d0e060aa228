import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { shippedDatabase } from "../../../../solvers/calphad/databases/index.ts";
import { checkDiagramParams, DIAGRAM_SCRIPT, diagramParamsSchema, parseDiagramScript, renderDiagramScript, type DiagramInput, type DiagramParams } from "../../../../solvers/calphad/mapping/script.ts";
import { CalphadInputError, databaseInfo, shippedDatabaseInfo, valueTexts } from "../../../../solvers/calphad/script/index.ts";
import { parseTdb, TdbError } from "../../../../solvers/calphad/tdb/index.ts";
import { parserErrorText } from "../../../modules/tdb/texts.ts";
import { AppInputError, type AppDefinition, type InputIssue, type JobScriptContext } from "../types.ts";
import { calphadBinaryDiagramDoc } from "./doc.ts";
import { diagramFieldLabels } from "./form.ts";
import { readDiagramProgress, readDiagramResult } from "./output.ts";

// Resolved from this module, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
const SOLVER_CLI = fileURLToPath(new URL("../../../../solvers/calphad/binary-cli.ts", import.meta.url));
// The repository's own tsx (a dependency), as `npm start` runs TypeScript; bare "tsx" would resolve from the work dir.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The deck's copy of a shipped database: the job reads it from its own work dir, on any node. */
const DECK_DATABASE = "database.tdb";

function asAppInput<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof CalphadInputError) throw new AppInputError(e.issues);
    throw e;
  }
}

/** A shipped database's elements and phases are checked from the catalogue; an uploaded one's when its file is at hand. */
function parseScript(text: string): DiagramParams {
  const first = parseDiagramScript(text);
  const info = first.case.database.kind === "shipped" ? shippedDatabaseInfo(first.case.database.id) : undefined;
  return info ? parseDiagramScript(text, info).params : first.params;
}

/** Instruction mode with an uploaded TDB: the file is there, it reads, and the script's elements and phases are in it. */
function checkUploadedDatabase(files: Readonly<Record<string, string>>, params: DiagramParams): void {
  if (params.database !== "file" || !params.databaseFile) return;
  const name = params.databaseFile;
  const script = files[DIAGRAM_SCRIPT] ?? "";
  const line = parseDiagramScript(script).lines.get("database");
  const text = files[name];
  if (text === undefined) throw new AppInputError([{ field: DIAGRAM_SCRIPT, line, text: valueTexts.databaseFileMissing(name) }]);
  let info;
  try {
    info = databaseInfo(parseTdb(text));
  } catch (e) {
    if (e instanceof TdbError) throw new AppInputError([{ field: name, text: parserErrorText({ line: e.line, code: e.code, message: e.detail }) }]);
    throw e;
  }
  try {
    parseDiagramScript(script, info);
  } catch (e) {
    if (!(e instanceof CalphadInputError)) throw e;
    throw new AppInputError(e.issues.map((i): InputIssue => ({ field: DIAGRAM_SCRIPT, line: i.line, text: i.text })));
  }
}

/** Pb–Sn from room temperature to above Pb's melting point: the form's pre-filled values. */
export const calphadBinaryDiagramExample: DiagramInput = {
  database: "pbsn",
  components: "PB,SN",
  phases: "*",
  Tmin: 300,
  Tmax: 650,
  temperatureUnit: "K",
  step: 2,
  pressurePa: 101325,
};

export const calphadBinaryDiagramApp: AppDefinition<DiagramParams> = {
  id: "calphad-binary-diagram",
  names: { zh: "二元相图", en: "Binary phase diagram", es: "Diagrama de fases binario", ja: "二元系状態図" },
  category: "CALPHAD",
  version: "1.0",
  modes: ["graphical", "instruction"],
  paramsSchema: diagramParamsSchema,
  validateParams: (raw) =>
    asAppInput(() => {
      const given = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
      if (given.database === "file") throw new CalphadInputError([{ field: "database", text: valueTexts.fileInGraphical }]);
      const info = typeof given.database === "string" ? shippedDatabaseInfo(given.database) : undefined;
      return checkDiagramParams(raw, info).params;
    }),
  fieldLabels: diagramFieldLabels,
  example: calphadBinaryDiagramExample,
  doc: calphadBinaryDiagramDoc,
  mainInput: DIAGRAM_SCRIPT,
  defaultResources: { cores: 1, walltimeMin: 10 },
  renderDeck: (params): { files: Record<string, string> } => {
    const shipped = params.database === "file" ? undefined : shippedDatabase(params.database);
    if (!shipped) return { files: { [DIAGRAM_SCRIPT]: renderDiagramScript(params) } };
    // The shipped file travels with the deck, so the task is self-contained and reruns the same on any node.
    return {
      files: {
        [DIAGRAM_SCRIPT]: renderDiagramScript({ ...params, database: "file", databaseFile: DECK_DATABASE }),
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
  parseOutput: (workDir) => readDiagramResult(workDir),
  progress: (workDir) => readDiagramProgress(workDir),
};
