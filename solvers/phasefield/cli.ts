/**
 * Phase-field solver CLI, as docs/compute.md "Solvers" sets out:
 *   node --import tsx solvers/phasefield/cli.ts <deck file>
 * reads the deck, prints `progress <fraction>` lines to stdout, appends each history point to progress.csv
 * (the app's live view reads it while the run goes on), writes the snapshots as PNG files, the final field as
 * CSV and result.json in the current directory, and exits 0. A bad deck is exit code 2 with its problems on
 * stderr; a failure of the solver itself is exit code 1.
 */
import fs from "node:fs";
import { encodePng, upscale } from "./png.ts";
import { parsePhaseFieldDeck, PhaseFieldParamsError, resolvePhaseField } from "./params.ts";
import { progressHeader, progressLine } from "./progress.ts";
import { simulate, type HistoryPoint } from "./simulate.ts";

function fail(code: number, message: string): never {
  process.stderr.write(message.endsWith("\n") ? message : message + "\n");
  process.exit(code);
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
  params = resolvePhaseField(parsePhaseFieldDeck(text));
} catch (e) {
  if (e instanceof PhaseFieldParamsError) fail(2, `invalid deck ${deckPath}:\n${e.message}`);
  throw e;
}

const p = params;
console.log(
  `phase field: ${p.model}, ${p.n}×${p.n} cells of ${p.dx} m, ${p.steps} steps of ${p.dt} s, ` +
    (p.model === "allen-cahn" ? `${p.orderParameters} order parameters, L = ${p.mobility}` : `c0 = ${p.c0}, M = ${p.mobility}`) +
    `, κ = ${p.kappa} J/m, W = ${p.barrier} J/m³, initial ${p.initial}, seed ${p.seed}`,
);
const xi = Math.sqrt(p.kappa / p.barrier);
if (xi / p.dx < 0.7) console.log(`note: interface width √(κ/W) = ${xi.toPrecision(3)} m is under 0.7 cells; the interfaces are under-resolved`);

// Snapshots big enough to see on a page: small grids are enlarged by a whole factor (nearest neighbour).
const factor = Math.max(1, Math.ceil(256 / p.n));
// A circle run records its radius, the others their length scale (docs/phasefield.md, "The circle case").
const circle = p.initial === "circle";
fs.writeFileSync("progress.csv", progressHeader(circle));
const snapshots: Array<{ step: number; timeS: number; path: string }> = [];
const started = performance.now();
let lastProgress = -1;
let result;
try {
  result = simulate(p, {
    onHistory: (h: HistoryPoint, fraction) => {
      fs.appendFileSync("progress.csv", progressLine(h, circle));
      if (fraction - lastProgress >= 0.01 || fraction === 1) {
        console.log(`progress ${fraction.toFixed(3)}`);
        lastProgress = fraction;
      }
    },
    onSnapshot: (s) => {
      const name = `snapshot-${String(s.index).padStart(3, "0")}.png`;
      fs.writeFileSync(name, encodePng(s.n * factor, s.n * factor, upscale(s.n, s.rgb, factor)));
      snapshots.push({ step: s.step, timeS: s.timeS, path: name });
    },
  });
} catch (e) {
  fail(1, `solver failed: ${(e as Error).message}`);
}
const wallTimeS = (performance.now() - started) / 1000;
const history = result.history;
const last = history[history.length - 1];
for (const h of history) {
  if (!Number.isFinite(h.energy)) fail(1, `solver failed: the energy is not finite at step ${h.step} (time step too large?)`);
}

// The final field as a CSV of n rows: the concentration, or the index (1…p) of each cell's largest order parameter.
const n = p.n;
const rows: string[] = [];
for (let y = 0; y < n; y++) {
  const row: string[] = [];
  for (let x = 0; x < n; x++) {
    const i = y * n + x;
    if (p.model === "cahn-hilliard") row.push(result.fields[0][i].toPrecision(8));
    else {
      let best = 0;
      for (let g = 1; g < result.fields.length; g++) if (result.fields[g][i] > result.fields[best][i]) best = g;
      row.push(String(best + 1));
    }
  }
  rows.push(row.join(","));
}
const fieldFile = p.model === "cahn-hilliard" ? "final-c.csv" : "final-grains.csv";
fs.writeFileSync(fieldFile, rows.join("\n") + "\n");

const measured = circle
  ? `radius ${history[0].radius!.toPrecision(4)} → ${last.radius!.toPrecision(4)} m` +
    (result.circleLaw ? `, slope of R² ${(result.circleLaw.relativeError * 100).toFixed(2)} % off −2Lκ` : "")
  : p.model === "allen-cahn"
    ? `mean grain diameter ${last.length!.toPrecision(4)} m (${last.grains} grains)`
    : `length ${last.length!.toPrecision(4)} m`;
console.log(
  `done in ${wallTimeS.toFixed(2)} s (${(p.steps / wallTimeS).toFixed(1)} steps/s): energy ${history[0].energy.toPrecision(6)} → ` +
    `${last.energy.toPrecision(6)} J/m³, ${measured}${p.model === "cahn-hilliard" ? `, mean c ${last.mean}` : ""}`,
);

// Written whole and renamed, so a run killed mid-write never leaves a truncated result.json behind.
const body = JSON.stringify({
  solver: "phasefield",
  params: p,
  history,
  snapshots,
  fieldFile,
  steps: p.steps,
  finalTimeS: last.timeS,
  finalEnergy: last.energy,
  // A circle run's result is its radius (and for Allen–Cahn the law's fit), the others' their length scale.
  ...(circle ? { finalRadius: last.radius, circleLaw: result.circleLaw } : { finalLength: last.length }),
  wallTimeS,
});
fs.writeFileSync("result.json.tmp", body);
fs.renameSync("result.json.tmp", "result.json");
