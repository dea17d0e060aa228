/**
 * KWN precipitation solver CLI, as docs/compute.md "Solvers" sets out:
 *   node --import tsx solvers/precipitation/cli.ts <deck file>
 * reads the deck, prints `progress <fraction>` lines and a summary to stdout, keeps progress.json (the curves
 * so far, for a running task's live view) and writes result.json in the current directory, then exits 0.
 * A bad deck is exit code 2 with its problems on stderr; a failure of the solver itself is exit code 1.
 */
import fs from "node:fs";
import { solveKwn, thinHistory } from "./index.ts";
import { KwnParamsError, parseKwnDeck } from "./params.ts";

function fail(code: number, message: string): never {
  process.stderr.write(message.endsWith("\n") ? message : message + "\n");
  process.exit(code);
}

/** Written whole and renamed, so a reader (or a kill mid-write) never sees a truncated file. */
function writeAtomic(file: string, body: string): void {
  fs.writeFileSync(file + ".tmp", body);
  fs.renameSync(file + ".tmp", file);
}

const deckPath = process.argv[2];
if (!deckPath || process.argv.length > 3) fail(2, "usage: cli.ts <deck file>");

let text: string;
try {
  text = fs.readFileSync(deckPath, "utf8");
} catch (e) {
  fail(2, `cannot read deck ${deckPath}: ${(e as Error).message}`);
}

let params;
try {
  params = parseKwnDeck(text);
} catch (e) {
  if (e instanceof KwnParamsError) fail(2, `invalid deck ${deckPath}:\n${e.message}`);
  throw e;
}

const path = params.schedule?.trim() ? `schedule (${params.schedule.trim().split(/\r?\n|;/).filter((l) => l.trim()).length} points)` : `${params.temperatureK} K for ${params.timeH} h`;
console.log(
  `kwn: ${params.precipitatePhase} in ${params.matrixPhase} (${params.solvent}–${params.solute}, x0 = ${params.x0}), ${path}, ` +
    `${params.thermo === "simple" ? "simple thermodynamics" : `database ${params.database}`}, nucleation on ${params.nucleationSite}, ${params.bins} classes`,
);

let lastReport = 0;
let result;
try {
  result = solveKwn(params, {
    log: (line) => console.log(line),
    onProgress: (p) => {
      const now = performance.now();
      if (now - lastReport < 500) return; // a live view polls every 2 s: twice a second is plenty
      lastReport = now;
      console.log(`progress ${p.fraction.toFixed(3)}`);
      writeAtomic("progress.json", JSON.stringify({ fraction: p.fraction, steps: p.steps, state: p.state, history: thinHistory(p.history, 200) }));
    },
  });
} catch (e) {
  fail(1, `solver failed: ${(e as Error).message}`);
}

const f = result.final;
console.log(
  `done in ${result.runtimeS.toFixed(2)} s, ${result.steps} steps: N = ${f.numberDensity.toExponential(4)} /m³, ` +
    `mean radius ${(f.meanRadiusM * 1e9).toFixed(4)} nm, volume fraction ${(f.volumeFraction * 100).toFixed(4)} %, ` +
    `matrix x = ${f.matrixX.toExponential(4)}; initial driving force ${result.initialDrivingForce.toFixed(1)} J/mol`,
);
for (const v of [f.numberDensity, f.meanRadiusM, f.volumeFraction, f.matrixX]) if (!Number.isFinite(v)) fail(1, "solver failed: a result is not a finite number");
writeAtomic("result.json", JSON.stringify(result));
console.log("progress 1.000");
