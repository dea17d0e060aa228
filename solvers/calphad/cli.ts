/**
 * calphad-equilibrium CLI, as docs/compute.md "Solvers" sets out:
 *   node --import tsx solvers/calphad/cli.ts conditions.calphad
 * reads the condition script (and the TDB it names, relative to the script's folder), prints `progress`
 * lines and what it did to stdout, writes result.json in the current directory and exits 0. A bad script,
 * database or name is exit code 2 with the reason on stderr; an equilibrium that does not converge is 1.
 */
import fs from "node:fs";
import path from "node:path";
import { CalphadInputError } from "./script/params.ts";
import { CalphadSolveError, runCalphadScript } from "./script/run.ts";
import { CalphadModelError } from "./models/index.ts";

function fail(code: number, message: string): never {
  process.stderr.write(message.endsWith("\n") ? message : message + "\n");
  process.exit(code);
}

const scriptPath = process.argv[2];
if (!scriptPath || process.argv.length > 3) fail(2, "usage: cli.ts <condition script>");

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

let result;
try {
  result = runCalphadScript(script, readDeckFile, {
    onProgress: (f, note) => {
      console.log(`progress ${f.toFixed(3)}`);
      console.log(note);
    },
  });
} catch (e) {
  if (e instanceof CalphadInputError) fail(2, `invalid input ${scriptPath}:\n${e.message}`);
  if (e instanceof CalphadModelError) fail(2, `invalid input ${scriptPath}: ${e.message}`);
  if (e instanceof CalphadSolveError) fail(1, `calphad-equilibrium: ${e.message}`);
  fail(1, `calphad-equilibrium failed: ${(e as Error).stack ?? e}`);
}

console.log(`GM = ${result.GM.toFixed(4)} J/mol; ` + Object.entries(result.MU).map(([el, mu]) => `MU(${el}) = ${mu.toFixed(4)}`).join(", "));
const metastable = Object.entries(result.drivingForces).filter(([, df]) => df < 0);
if (metastable.length) console.log(`metastable: ${metastable.map(([p, df]) => `${p} ${df.toFixed(3)} J/mol`).join(", ")}`);

// Written whole and renamed, so a run killed mid-write never leaves a truncated result.json behind.
fs.writeFileSync("result.json.tmp", JSON.stringify(result, null, 1));
fs.renameSync("result.json.tmp", "result.json");
