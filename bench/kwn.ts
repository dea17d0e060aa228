/**
 * KWN precipitation benchmark: wall time and peak memory of whole runs, each case in a fresh node process so
 * its peak RSS is its own. Cases: the acceptance run (kawin's Al–0.4 at% Zr, 500 h at 723.15 K, 200 classes,
 * AlScZr through the CALPHAD engine: the thermodynamic table, then the kinetics), the same with simple
 * thermodynamics, the Fe–C tempering preset, a two-step schedule through the database (tables every 10 K),
 * and the CLI end to end (node start-up, deck, result.json) on the acceptance deck.
 * Usage: npm run bench:kwn [-- --runs 3]
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};

const CASES: Record<string, Record<string, unknown>> = {
  "acceptance (AlScZr, 500 h, 200 classes)": {},
  "acceptance, kawin's four-stage step": { stepper: "kawin" },
  "Al–Zr simple thermo (500 h)": { thermo: "simple", solubilityA: 2.19, solubilityQ: 60000, precipitateX: 0.25 },
  "Fe–C tempering preset (x0 0.02, 573 K, 2 h)": { preset: "FeC", x0: 0.02 },
  "Al–Zr two-step schedule (AlScZr, 673→723 K, 500 h)": { schedule: "0 673\n20 673\n21 723\n500 723" },
};

interface Measured {
  wallS: number;
  thermoS: number;
  steps: number;
  maxRssMB: number;
  N: number;
  rNm: number;
  fPercent: number;
}

/** Child: one case, its numbers as one JSON line. */
async function child(name: string): Promise<void> {
  const { solveKwn, validateKwnParams, kwnFeCTemperingPreset } = await import("../solvers/precipitation/index.ts");
  const { preset, stepper, ...rest } = CASES[name] as { preset?: string; stepper?: "kawin" } & Record<string, unknown>;
  const params = validateKwnParams(preset ? { ...kwnFeCTemperingPreset, ...rest } : rest);
  const t0 = performance.now();
  const r = solveKwn(params, { stepper });
  const wallS = (performance.now() - t0) / 1000;
  const out: Measured = {
    wallS,
    thermoS: r.thermoS,
    steps: r.steps,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    N: r.final.numberDensity,
    rNm: r.final.meanRadiusM * 1e9,
    fPercent: r.final.volumeFraction * 100,
  };
  console.log(JSON.stringify(out));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const self = fileURLToPath(import.meta.url);
// The repository's tsx by path: the CLI runs in a temp dir, where a bare "tsx" would not resolve.
const tsx = ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href];

function parent(): void {
  const runs = arg("runs", 3);
  const rows = Object.keys(CASES).map((name) => {
    const ms: Measured[] = [];
    for (let i = 0; i < runs; i++) {
      const p = spawnSync(process.execPath, [...tsx, self, "--case", name], { encoding: "utf8", cwd: path.dirname(self) + "/.." });
      if (p.status !== 0) throw new Error(`${name}: ${p.stderr}`);
      ms.push(JSON.parse(p.stdout.trim().split("\n").pop()!));
    }
    const last = ms[ms.length - 1];
    return {
      case: name,
      "run (s)": +median(ms.map((m) => m.wallS)).toFixed(2),
      "thermo tables (s)": +median(ms.map((m) => m.thermoS)).toFixed(2),
      "kinetics (s)": +median(ms.map((m) => m.wallS - m.thermoS)).toFixed(2),
      steps: last.steps,
      "peak RSS (MB)": +median(ms.map((m) => m.maxRssMB)).toFixed(0),
      "N (m⁻³)": last.N.toExponential(3),
      "r (nm)": +last.rNm.toFixed(3),
      "f (%)": +last.fPercent.toFixed(4),
    };
  });
  // The CLI as a job runs it: node start-up, the deck, progress.json and result.json.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kwn-bench-"));
  fs.writeFileSync(path.join(dir, "kwn.in"), "# acceptance case: all defaults\n");
  const cli = path.join(path.dirname(self), "../solvers/precipitation/cli.ts");
  const wall: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    // GNU time's %M: the CLI process's peak RSS in kB, on the last line of its stderr.
    const p = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, ...tsx, cli, "kwn.in"], { cwd: dir, encoding: "utf8" });
    wall.push((performance.now() - t0) / 1000);
    if (p.status !== 0) throw new Error(`cli: ${p.stderr}`);
    rss.push(Number(p.stderr.trim().split("\n").pop()) / 1024);
  }
  const size = fs.statSync(path.join(dir, "result.json")).size;
  fs.rmSync(dir, { recursive: true, force: true });
  console.table(rows);
  console.log(`CLI end to end on the acceptance deck (node start-up + run + result.json of ${(size / 1024).toFixed(0)} kB): ${median(wall).toFixed(2)} s, peak RSS ${median(rss).toFixed(0)} MB (medians of ${runs})`);
  console.log(`machine: ${os.cpus()[0]?.model ?? "?"} × ${os.cpus().length}, node ${process.version}`);
}

const i = process.argv.indexOf("--case");
if (i > 0) await child(process.argv[i + 1]);
else parent();
