import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { shippedDatabase } from "../../../../solvers/calphad/databases/index.ts";
import { CalphadInputError, databaseInfo, shippedDatabaseInfo, valueTexts } from "../../../../solvers/calphad/script/index.ts";
import { checkSectionParams, parseSectionScript, renderSectionScript, SECTION_SCRIPT, sectionParamsSchema, type SectionInput, type SectionParams } from "../../../../solvers/calphad/ternary/script.ts";
import { parseTdb, TdbError } from "../../../../solvers/calphad/tdb/index.ts";
import { parserErrorText } from "../../../modules/tdb/texts.ts";
import { DECK_DATABASE } from "../calphad-equilibrium/index.ts";
import { AppInputError, type AppDefinition, type InputIssue, type JobScriptContext } from "../types.ts";
import { calphadTernaryDoc } from "./doc.ts";
import { sectionFieldLabels } from "./form.ts";
import { readSectionResult } from "./output.ts";

// Resolved from this module, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
const SOLVER_CLI = fileURLToPath(new URL("../../../../solvers/calphad/ternary-cli.ts", import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

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
function parseScript(text: string): SectionParams {
  const first = parseSectionScript(text);
  const info = first.case.database.kind === "shipped" ? shippedDatabaseInfo(first.case.database.id) : undefined;
  return info ? parseSectionScript(text, info).params : first.params;
}

/** Instruction mode with an uploaded TDB: the file is there, it reads, and the script's elements and phases are in it. */
function checkUploadedDatabase(files: Readonly<Record<string, string>>, params: SectionParams): void {
  if (params.database !== "file" || !params.databaseFile) return;
  const name = params.databaseFile;
  const script = files[SECTION_SCRIPT] ?? "";
  const line = parseSectionScript(script).lines.get("database");
  const text = files[name];
  if (text === undefined) throw new AppInputError([{ field: SECTION_SCRIPT, line, text: valueTexts.databaseFileMissing(name) }]);
  let info;
  try {
    info = databaseInfo(parseTdb(text));
  } catch (e) {
    if (e instanceof TdbError) throw new AppInputError([{ field: name, text: parserErrorText({ line: e.line, code: e.code, message: e.detail }) }]);
    throw e;
  }
  try {
    parseSectionScript(script, info);
  } catch (e) {
    if (!(e instanceof CalphadInputError)) throw e;
    throw new AppInputError(e.issues.map((i): InputIssue => ({ field: SECTION_SCRIPT, line: i.line, text: i.text })));
  }
}

/** Ghosh's Cr–Ti–V at 650 °C, the section of issue 6's acceptance: the form's pre-filled values. */
export const calphadTernaryExample: SectionInput = {
  database: "crtiv_ghosh",
  components: "CR,TI,V",
  phases: "*",
  temperature: 923,
  temperatureUnit: "K",
  pressurePa: 101325,
  density: 30,
};

export const calphadTernarySectionApp: AppDefinition<SectionParams> = {
  id: "calphad-ternary-section",
  names: { zh: "三元等温截面", en: "CALPHAD ternary isothermal section", es: "Sección isotérmica ternaria CALPHAD", ja: "CALPHAD 三元系等温断面" },
  category: "CALPHAD",
  version: "1.0",
  modes: ["graphical", "instruction"],
  paramsSchema: sectionParamsSchema,
  validateParams: (raw) =>
    asAppInput(() => {
      const given = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
      // The form has no file to carry a TDB; refused here, in words, rather than as an unknown file later.
      if (given.database === "file") throw new CalphadInputError([{ field: "database", text: valueTexts.fileInGraphical }]);
      const info = typeof given.database === "string" ? shippedDatabaseInfo(given.database) : undefined;
      return checkSectionParams(raw, info).params;
    }),
  fieldLabels: sectionFieldLabels,
  example: calphadTernaryExample,
  doc: calphadTernaryDoc,
  mainInput: SECTION_SCRIPT,
  defaultResources: { cores: 1, walltimeMin: 10 },
  renderDeck: (params): { files: Record<string, string> } => {
    const shipped = params.database === "file" ? undefined : shippedDatabase(params.database);
    if (!shipped) return { files: { [SECTION_SCRIPT]: renderSectionScript(params) } };
    // The shipped file travels with the deck, so the task is self-contained and reruns the same on any node.
    return {
      files: {
        [SECTION_SCRIPT]: renderSectionScript({ ...params, database: "file", databaseFile: DECK_DATABASE }),
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
      // exec: the solver replaces bash, so a cancel's SIGTERM reaches it at once.
      `exec ${shellQuote(process.execPath)} --import ${shellQuote(TSX_LOADER)} ${shellQuote(SOLVER_CLI)} ${shellQuote(ctx.mainInput)}`,
      "",
    ].join("\n"),
  parseOutput: (workDir) => readSectionResult(workDir),
};
