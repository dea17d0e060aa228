/**
 * calphad-ternary-section CLI, as docs/compute.md "Solvers" sets out:
 *   node --import tsx solvers/calphad/ternary-cli.ts section.calphad
 * reads the section script (and the TDB it names, relative to the script's folder), prints `progress` lines
 * and what it found, writes result.json (the whole section) and section.svg (the Gibbs triangle) in the
 * current directory and exits 0. A bad script, database or name is exit code 2 with the reason on stderr.
 */
import fs from "node:fs";
import path from "node:path";
import { CalphadInputError } from "./script/params.ts";
import { CalphadModelError } from "./models/index.ts";
import { runSectionScript } from "./ternary/run.ts";
import { ternarySectionSvg } from "./ternary-svg.ts";

function fail(code: number, message: string): never {
  process.stderr.write(message.endsWith("\n") ? message : message + "\n");
  process.exit(code);
}

const scriptPath = process.argv[2];
if (!scriptPath || process.argv.length > 3) fail(2, "usage: ternary-cli.ts <section script>");

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
  result = runSectionScript(script, readDeckFile, {
    onProgress: (f, note) => {
      console.log(`progress ${f.toFixed(3)}`);
      console.log(note);
    },
  });
} catch (e) {
  if (e instanceof CalphadInputError) fail(2, `invalid input ${scriptPath}:\n${e.message}`);
  if (e instanceof CalphadModelError) fail(2, `invalid input ${scriptPath}: ${e.message}`);
  fail(1, `calphad-ternary-section failed: ${(e as Error).stack ?? e}`);
}

for (const t of result.threePhase) {
  console.log(`three-phase ${t.phases.join(" + ")}: ` + t.vertices.map((v, i) => `${t.phases[i]} (${Object.entries(v).map(([el, x]) => `${el} ${x.toFixed(4)}`).join(", ")})`).join("; "));
}
console.log(`stats: ${JSON.stringify(result.stats)}`);

// Written whole and renamed, so a run killed mid-write never leaves a truncated file behind.
fs.writeFileSync("section.svg.tmp", ternarySectionSvg(result));
fs.renameSync("section.svg.tmp", "section.svg");
fs.writeFileSync("result.json.tmp", JSON.stringify(result, null, 1));
fs.renameSync("result.json.tmp", "result.json");
