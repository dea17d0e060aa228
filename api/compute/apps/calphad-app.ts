import fs from "node:fs";
import type { z } from "zod";
import type { Texts } from "../../http/messages.ts";
import { shippedDatabase } from "../../../solvers/calphad/databases/index.ts";
import { CalphadInputError, databaseInfo, shippedDatabaseInfo, valueTexts, type DatabaseInfo } from "../../../solvers/calphad/script/index.ts";
import { parseTdb, TdbError } from "../../../solvers/calphad/tdb/index.ts";
import { parserErrorText } from "../../modules/tdb/texts.ts";
import { AppInputError, asAppInput, type AppDefinition, type AppDoc, type FieldLabel, type InputIssue, type Resources, type TaskProgress, type TaskResult } from "./types.ts";
import { shellQuote, nodeCli } from "../job-shell.ts";

/**
 * The four CALPHAD apps (equilibrium, binary diagram, ternary section, step) differ in their script, their CLI
 * and their result; how they check a database, carry it in the deck and run the CLI is one thing, here.
 */

/** The deck's copy of a shipped database: the job reads it from its own work dir, on any node. */
export const DECK_DATABASE = "database.tdb";

/** What every CALPHAD app's params have: a shipped database id, or "file" with the uploaded TDB's name. */
interface DatabaseParams {
  database: string;
  databaseFile?: string;
}

type Checked<P> = { params: P; case: { database: { kind: string; id?: string } } };

export interface CalphadAppSpec<P extends DatabaseParams> {
  id: string;
  names: Texts;
  doc: AppDoc;
  fieldLabels: Record<string, FieldLabel>;
  example: unknown;
  /** The condition script's file name (the main input). */
  script: string;
  /** The app's command-line entry (absolute path), run with the script in the work dir. */
  cli: string;
  defaultResources: Resources;
  schema: z.ZodType<P>;
  /** Form params → checked params (against the database when known); throws CalphadInputError. */
  check(raw: unknown, db?: DatabaseInfo): Checked<P>;
  /** Script text → params, checked against the database when given; throws CalphadInputError naming lines. */
  parse(text: string, db?: DatabaseInfo): Checked<P> & { lines: Map<string, number> };
  render(params: P): string;
  parseOutput(workDir: string): Promise<TaskResult>;
  progress?(workDir: string): Promise<TaskProgress>;
}

export function calphadApp<P extends DatabaseParams>(spec: CalphadAppSpec<P>): AppDefinition<P> {
  /** A shipped database's elements and phases are checked from the catalogue; an uploaded one's when its file is at hand. */
  const parseScript = (text: string): P => {
    const first = spec.parse(text);
    const db = first.case.database;
    const info = db.kind === "shipped" && db.id ? shippedDatabaseInfo(db.id) : undefined;
    return info ? spec.parse(text, info).params : first.params;
  };

  /** Instruction mode with an uploaded TDB: the file is there, it reads, and the script's elements and phases are in it. */
  const checkUploadedDatabase = (files: Readonly<Record<string, string>>, params: P): void => {
    if (params.database !== "file" || !params.databaseFile) return;
    const name = params.databaseFile;
    const script = files[spec.script] ?? "";
    const line = spec.parse(script).lines.get("database");
    const text = files[name];
    if (text === undefined) throw new AppInputError([{ field: spec.script, line, text: valueTexts.databaseFileMissing(name) }]);
    let info: DatabaseInfo;
    try {
      info = databaseInfo(parseTdb(text));
    } catch (e) {
      if (e instanceof TdbError) throw new AppInputError([{ field: name, text: parserErrorText({ line: e.line, code: e.code, message: e.detail }) }]);
      throw e;
    }
    try {
      spec.parse(script, info);
    } catch (e) {
      if (!(e instanceof CalphadInputError)) throw e;
      throw new AppInputError(e.issues.map((i): InputIssue => ({ field: spec.script, line: i.line, text: i.text })));
    }
  };

  return {
    id: spec.id,
    names: spec.names,
    category: "CALPHAD",
    version: "1.0",
    modes: ["graphical", "instruction"],
    paramsSchema: spec.schema,
    validateParams: (raw) =>
      asAppInput(() => {
        const given = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
        // The form has no file to carry a TDB; refused here, in words, rather than as an unknown file later.
        if (given.database === "file") throw new CalphadInputError([{ field: "database", text: valueTexts.fileInGraphical }]);
        const info = typeof given.database === "string" ? shippedDatabaseInfo(given.database) : undefined;
        return spec.check(raw, info).params;
      }, CalphadInputError),
    fieldLabels: spec.fieldLabels,
    example: spec.example,
    doc: spec.doc,
    mainInput: spec.script,
    defaultResources: spec.defaultResources,
    renderDeck: (params) => {
      const shipped = params.database === "file" ? undefined : shippedDatabase(params.database);
      if (!shipped) return { files: { [spec.script]: spec.render(params) } };
      // The shipped file travels with the deck, so the task is self-contained and reruns the same on any node.
      return {
        files: {
          [spec.script]: spec.render({ ...params, database: "file", databaseFile: DECK_DATABASE }),
          [DECK_DATABASE]: fs.readFileSync(shipped.path, "utf8"),
        },
      };
    },
    parseDeck: (text) => asAppInput(() => parseScript(text), CalphadInputError),
    checkDeckFiles: checkUploadedDatabase,
    jobScript: (ctx) =>
      [
        "#!/usr/bin/env bash",
        "set -euo pipefail",
        `cd ${shellQuote(ctx.workDir)}`,
        // exec: the solver replaces bash, so a cancel's SIGTERM reaches it at once (it is in the job's process group too).
        `exec ${nodeCli(spec.cli, ctx.mainInput)}`,
        "",
      ].join("\n"),
    parseOutput: spec.parseOutput,
    ...(spec.progress ? { progress: spec.progress } : {}),
  };
}
