/**
 * calphad-step CLI, as docs/compute.md "Solvers" sets out:
 *   node --import tsx solvers/calphad/step-cli.ts step.calphad
 * reads the step script (and the TDB it names, relative to the script's folder), prints `progress` lines and
 * one `point …` line per temperature (the app's live curves read them), then the transitions; writes
 * result.json with every point and exits 0. A bad script, database or name is exit 2 with the reason on
 * stderr; a failed equilibrium is 1.
 */
import fs from "node:fs";
import path from "node:path";
import { CalphadModelError } from "./models/index.ts";
import { CalphadInputError } from "./script/params.ts";
import { pointLine, runStepScript } from "./step/run.ts";

function fail(code: number, message: string): never {
  process.stderr.write(message.endsWith("\n") ? message : message + "\n");
  process.exit(code);
}

const scriptPath = process.argv[2];
if (!scriptPath || process.argv.length > 3) fail(2, "usage: step-cli.ts <step script>");

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
  result = runStepScript(script, readDeckFile, {
    onProgress: (f, note) => {
      console.log(`progress ${f.toFixed(3)}`);
      console.log(note);
    },
    onPoint: (p) => console.log(pointLine(p)),
  });
} catch (e) {
  if (e instanceof CalphadInputError) fail(2, `invalid input ${scriptPath}:\n${e.message}`);
  if (e instanceof CalphadModelError) fail(2, `invalid input ${scriptPath}: ${e.message}`);
  fail(1, `calphad-step failed: ${(e as Error).stack ?? e}`);
}

for (const t of result.transitions) {
  console.log(`transition ${t.kind} at ${t.T.toFixed(4)} K: ${t.below.join(" + ")} → ${t.above.join(" + ")}, ΔH = ${t.deltaH.toFixed(3)} J/mol`);
}
const s = result.stats;
console.log(`${result.points.length} points in ${s.seconds.toFixed(3)} s: ${s.warm} by Newton from the previous point, ${s.global} global starts, ${s.corrected} corrections`);

// Written whole and renamed, so a run killed mid-write never leaves a truncated result.json behind.
fs.writeFileSync("result.json.tmp", JSON.stringify(result, null, 1));
fs.renameSync("result.json.tmp", "result.json");
