/**
 * calphad-binary-diagram CLI, as docs/compute.md "Solvers" sets out:
 *   node --import tsx solvers/calphad/binary-cli.ts diagram.calphad
 * reads the condition script (and the TDB it names, relative to the script's folder), prints `progress`
 * lines with the tie-lines found so far, writes result.json (the whole diagram, `invariants` included) and
 * diagram.svg in the current directory and exits 0. A bad script, database or name is exit code 2 with the
 * reason on stderr; a failure of the mapping itself is 1.
 */
import fs from "node:fs";
import path from "node:path";
import { renderDiagramSvg } from "./diagram-svg.ts";
import { runDiagramScript } from "./mapping/run.ts";
import { CalphadModelError } from "./models/index.ts";
import { CalphadInputError } from "./script/params.ts";

function fail(code: number, message: string): never {
  process.stderr.write(message.endsWith("\n") ? message : message + "\n");
  process.exit(code);
}

const scriptPath = process.argv[2];
if (!scriptPath || process.argv.length > 3) fail(2, "usage: binary-cli.ts <condition script>");

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
  result = runDiagramScript(script, readDeckFile, {
    onProgress: (f, note) => {
      console.log(`progress ${f.toFixed(3)}`);
      console.log(note);
    },
  });
} catch (e) {
  if (e instanceof CalphadInputError) fail(2, `invalid input ${scriptPath}:\n${e.message}`);
  if (e instanceof CalphadModelError) fail(2, `invalid input ${scriptPath}: ${e.message}`);
  fail(1, `calphad-binary-diagram failed: ${(e as Error).stack ?? e}`);
}

for (const inv of result.invariants) {
  console.log(`${inv.kind} ${inv.reaction} at ${inv.T.toFixed(3)} K: ` + Object.entries(inv.phases).map(([p, x]) => `${p} x=${x.toFixed(4)}`).join(", "));
}

// Written whole and renamed, so a run killed mid-write never leaves a truncated file behind.
const write = (name: string, body: string) => {
  fs.writeFileSync(`${name}.tmp`, body);
  fs.renameSync(`${name}.tmp`, name);
};
write("diagram.svg", renderDiagramSvg(result, { unit: result.unit, title: `${result.components.join("–")} (${result.database})` }));
write("result.json", JSON.stringify(result, null, 1));
