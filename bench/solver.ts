/**
 * Carburizing solver benchmark: wall time of one solve of 1,000 nodes × 10,000 time steps, with constant D
 * and with Tibbetts' carbon-dependent D (Picard iterations per step), median of a few runs after a warm-up.
 * Runs the library in this process: the CLI adds only node start-up and the writing of result.json.
 * Usage: npm run bench:solver [-- --runs 5 --nodes 1000 --steps 10000]
 */
import { performance } from "node:perf_hooks";
import { solveCarburizing, validateCarburizingParams, type CarburizingResult } from "../solvers/diffusion/index.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg("runs", 5);
const NODES = arg("nodes", 1000);
const STEPS = arg("steps", 10000);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

interface Row {
  diffusivity: string;
  medianMs: number;
  minMs: number;
  maxMs: number;
  nsPerNodeStep: number;
  picard: number;
  caseDepthMm: number | null;
}

function bench(diffusivity: "constant" | "tibbetts"): Row {
  const params = validateCarburizingParams({
    c0: 0.2,
    cs: 0.9,
    temperatureC: 925,
    timeH: 4,
    depthMm: 5,
    nodes: NODES,
    steps: STEPS,
    diffusivity,
  });
  // One short warm-up so the JIT has compiled the loops before anything is timed.
  solveCarburizing({ ...params, steps: Math.min(STEPS, 200) });
  const times: number[] = [];
  let last: CarburizingResult | undefined;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = solveCarburizing(params);
    times.push(performance.now() - t0);
  }
  const med = median(times);
  return {
    diffusivity,
    medianMs: med,
    minMs: Math.min(...times),
    maxMs: Math.max(...times),
    nsPerNodeStep: (med * 1e6) / (NODES * STEPS),
    picard: last!.maxPicardIterations,
    caseDepthMm: last!.caseDepthMm,
  };
}

const rows = [bench("constant"), bench("tibbetts")];
console.log(`carburizing solver, ${NODES} nodes × ${STEPS} steps, median of ${RUNS} runs (node ${process.version})`);
console.log("| D | median ms | min ms | max ms | ns per node·step | max Picard iterations | case depth mm |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const r of rows) {
  console.log(
    `| ${r.diffusivity} | ${r.medianMs.toFixed(0)} | ${r.minMs.toFixed(0)} | ${r.maxMs.toFixed(0)} | ${r.nsPerNodeStep.toFixed(1)} | ${r.picard} | ${r.caseDepthMm?.toFixed(4) ?? "–"} |`,
  );
}
