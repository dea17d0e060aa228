import fs from "node:fs";
import path from "node:path";
import { CalphadModelError } from "./models/index.ts";
import { CalphadInputError } from "./script/params.ts";

/** What a run gets besides the script: its deck's other files (the TDB) and where to report progress. */
export type ReadDeckFile = (p: string) => string;
export type Progress = { onProgress: (fraction: number, note: string) => void };

export interface ScriptCli<R> {
  /** The app's name, for failure messages. */
  name: string;
  /** Runs the script; throws CalphadInputError / CalphadModelError for bad input, anything else on failure. */
  run(script: string, readDeckFile: ReadDeckFile, progress: Progress): R;
  /** Errors that are the solver's own verdict (not a crash): exit 1 with just their message. */
  solveError?: new (...args: never[]) => Error;
  /** Lines for the log once it is done (what was found). */
  report(result: R): string[];
  /** Files written into the current directory besides result.json (name → text). */
  files?(result: R): Record<string, string>;
}

function fail(code: number, message: string): never {
  process.stderr.write(message.endsWith("\n") ? message : message + "\n");
  process.exit(code);
}

/**
 * The CALPHAD apps' command-line entries, as docs/compute.md "Solvers" sets out: `node --import tsx <cli>
 * <script>` reads the condition script (and the TDB it names, relative to the script's folder and never
 * outside it), prints `progress f` lines, writes result.json (and the app's pictures) in the current directory
 * and exits 0. A bad script, database or name is exit code 2 with the reason on stderr; a failure is 1.
 */
export function runScriptCli<R>(cli: ScriptCli<R>, argv = process.argv): void {
  const scriptPath = argv[2];
  if (!scriptPath || argv.length > 3) fail(2, `usage: ${path.basename(argv[1] ?? cli.name)} <condition script>`);
  let script: string;
  try {
    script = fs.readFileSync(scriptPath, "utf8");
  } catch (e) {
    fail(2, `cannot read ${scriptPath}: ${(e as Error).message}`);
  }
  const folder = path.dirname(path.resolve(scriptPath));
  const readDeckFile = (p: string) => {
    // The script may only name files of its own folder (the task's work dir), as the deck checker allows.
    const full = path.resolve(folder, p);
    if (!full.startsWith(folder + path.sep)) throw new Error(`${p} is outside ${folder}`);
    return fs.readFileSync(full, "utf8");
  };
  let result: R;
  try {
    result = cli.run(script, readDeckFile, {
      onProgress: (f, note) => {
        console.log(`progress ${f.toFixed(3)}`);
        console.log(note);
      },
    });
  } catch (e) {
    if (e instanceof CalphadInputError) fail(2, `invalid input ${scriptPath}:\n${e.message}`);
    if (e instanceof CalphadModelError) fail(2, `invalid input ${scriptPath}: ${e.message}`);
    if (cli.solveError && e instanceof cli.solveError) fail(1, `${cli.name}: ${e.message}`);
    fail(1, `${cli.name} failed: ${(e as Error).stack ?? e}`);
  }
  for (const line of cli.report(result)) console.log(line);
  // Written whole and renamed, so a run killed mid-write never leaves a truncated file behind.
  const write = (name: string, body: string) => {
    fs.writeFileSync(`${name}.tmp`, body);
    fs.renameSync(`${name}.tmp`, name);
  };
  for (const [name, body] of Object.entries(cli.files?.(result) ?? {})) write(name, body);
  write("result.json", JSON.stringify(result, null, 1));
}
