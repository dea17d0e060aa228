/**
 * Carburizing solver CLI, as docs/compute.md "Solvers" sets out:
 *   node --import tsx solvers/diffusion/cli.ts <deck file>
 * reads the deck, prints `progress <fraction>` lines and a summary to stdout, writes result.json in the
 * current directory and exits 0. A bad deck is exit code 2 with its problems on stderr; a failure of the
 * solver itself is exit code 1.
 */
import fs from "node:fs";
import { solveCarburizing } from "./carburize.ts";
import { CarburizingParamsError, parseCarburizingDeck } from "./params.ts";

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
  params = parseCarburizingDeck(text);
} catch (e) {
  if (e instanceof CarburizingParamsError) fail(2, `invalid deck ${deckPath}:\n${e.message}`);
  throw e;
}

console.log(
  `carburizing: ${params.diffusivity} D, ${params.temperatureC} °C, ${params.timeH} h, c0 ${params.c0} → cs ${params.cs} wt%, ` +
    `${params.nodes} nodes over ${params.depthMm} mm`,
);
const started = performance.now();
let result;
try {
  result = solveCarburizing(params, { onProgress: (f) => console.log(`progress ${f.toFixed(3)}`) });
} catch (e) {
  fail(1, `solver failed: ${(e as Error).message}`);
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `done in ${seconds.toFixed(2)} s: ${result.steps} steps of ${result.timeStepS.toPrecision(4)} s, ` +
    `case depth ${result.caseDepthMm === null ? "beyond the domain" : result.caseDepthMm.toFixed(4) + " mm"} ` +
    `at ${params.caseCarbonWt} wt%, D(surface) ${result.dSurfaceM2s.toPrecision(4)} m²/s`,
);
// Warnings a user can act on, in the log next to the numbers they qualify.
const spacingMm = params.depthMm / (params.nodes - 1);
if (result.diffusionLengthMm / spacingMm < 5) {
  // Measured: about 0.4% of (cs − c0) off the erf solution at 3.4 nodes per 2√(Dt), 0.007% at 27.
  console.log(
    `note: only ${(result.diffusionLengthMm / spacingMm).toFixed(1)} grid spacings per diffusion length 2√(Dt) = ` +
      `${result.diffusionLengthMm.toPrecision(3)} mm; use more nodes or a shallower depth for an accurate profile`,
  );
}
if (params.diffusivity === "tibbetts" && (params.temperatureC < 850 || params.temperatureC > 1100)) {
  console.log("note: Tibbetts' diffusivity was fitted at about 850–1100 °C; outside that range it is an extrapolation");
}

// Written whole and renamed, so a run killed mid-write never leaves a truncated result.json behind.
const body = JSON.stringify({ solver: "carburizing", params, ...result });
fs.writeFileSync("result.json.tmp", body);
fs.renameSync("result.json.tmp", "result.json");
