/**
 * Phase-field benchmark: wall time, steps/s and peak RSS of 256×256 runs, each case in its own child process so
 * its peak RSS is its own: Cahn–Hilliard spinodal decomposition for 10,000 steps, Allen–Cahn grain growth with
 * 4 and 8 order parameters (2,000 and 1,000 steps: each pair of order parameters costs one forward and one
 * inverse 2-D FFT per step), and the bare 2-D FFT. The library runs in-process (no PNG or CSV writing; the CLI
 * adds ~0.5 s of node start-up and a few ms per snapshot).
 * Usage: npm run bench:phasefield [-- --scale 0.1]   (scale multiplies the step counts, for a quick look)
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { Fft } from "../solvers/phasefield/fft.ts";
import { resolvePhaseField, validatePhaseFieldParams } from "../solvers/phasefield/params.ts";
import { simulate } from "../solvers/phasefield/simulate.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const CASES: Record<string, { what: string; params: Record<string, unknown> }> = {
  ch: { what: "Cahn–Hilliard, c0 = 0.5", params: { model: "cahn-hilliard", n: 256, steps: 10000, snapshots: 2 } },
  ac4: { what: "Allen–Cahn, 4 order parameters", params: { model: "allen-cahn", n: 256, steps: 2000, orderParameters: 4, nuclei: 120, snapshots: 2 } },
  ac8: { what: "Allen–Cahn, 8 order parameters", params: { model: "allen-cahn", n: 256, steps: 1000, orderParameters: 8, nuclei: 120, snapshots: 2 } },
};

/** Child: one case, printed as one JSON line. */
function runCase(name: string, scale: number) {
  if (name === "fft") {
    const n = 256;
    const fft = new Fft(n);
    const re = Float64Array.from({ length: n * n }, (_, i) => Math.sin(i));
    const im = new Float64Array(n * n);
    for (let i = 0; i < 20; i++) fft.transform2d(re, im, i % 2 === 1); // warm-up
    const runs = 200;
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) fft.transform2d(re, im, i % 2 === 1);
    const ms = (performance.now() - t0) / runs;
    return { case: "2-D complex FFT 256×256 (one transform)", steps: runs, wallS: (ms * runs) / 1000, stepsPerS: 1000 / ms, msPerStep: ms, peakRssMb: process.resourceUsage().maxRSS / 1024, result: "" };
  }
  const c = CASES[name];
  const p = resolvePhaseField(validatePhaseFieldParams({ ...c.params, steps: Math.max(1, Math.round((c.params.steps as number) * scale)) }));
  const t0 = performance.now();
  const { history } = simulate(p);
  const wallS = (performance.now() - t0) / 1000;
  const first = history[0];
  const last = history[history.length - 1];
  const rises = history.slice(1).filter((h, i) => h.energy > history[i].energy).length;
  const result =
    p.model === "cahn-hilliard"
      ? `E ${first.energy.toPrecision(4)}→${last.energy.toPrecision(4)} J/m³ (rises: ${rises}), λ ${(first.length! * 1e9).toFixed(2)}→${(last.length! * 1e9).toFixed(2)} nm, |Δmean| ${Math.abs(last.mean! - first.mean!).toExponential(1)}`
      : `E ${first.energy.toPrecision(4)}→${last.energy.toPrecision(4)} J/m³ (rises: ${rises}), grains ${first.grains}→${last.grains}`;
  return { case: `${c.what}, 256×256`, steps: p.steps, wallS, stepsPerS: p.steps / wallS, msPerStep: (wallS * 1000) / p.steps, peakRssMb: process.resourceUsage().maxRSS / 1024, result };
}

const child = arg("case");
if (child) {
  console.log(JSON.stringify(runCase(child, Number(arg("scale") ?? 1))));
} else {
  const scale = arg("scale") ?? "1";
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  const self = fileURLToPath(import.meta.url);
  const rows = ["fft", "ch", "ac4", "ac8"].map((name) => {
    const r = spawnSync(process.execPath, ["--import", tsx, self, "--case", name, "--scale", scale], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`case ${name} failed: ${r.stderr}`);
    const row = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
    return {
      case: row.case,
      steps: row.steps,
      "wall (s)": +row.wallS.toFixed(2),
      "steps/s": +row.stepsPerS.toFixed(1),
      "ms/step": +row.msPerStep.toFixed(2),
      "peak RSS (MB)": +row.peakRssMb.toFixed(0),
      result: row.result,
    };
  });
  console.table(rows);
}
