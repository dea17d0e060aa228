import { execFile } from "node:child_process";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateInputs, type AppManifest } from "./manifest.ts";
import { readPackage } from "./package.ts";
import { readAppResult, toTaskResult, type AppOutput } from "./result.ts";
import { runSandboxed, sandboxProblem, type SandboxRun } from "./sandbox.ts";
import { writeZip, type ZipSpec } from "./test-archives.ts";

/**
 * The example apps the platform ships (api/modules/appStore/examples/), taken the way a researcher's upload
 * is: zipped, read by readPackage, run in the real bubblewrap sandbox with params.json from validateInputs,
 * and read back by readAppResult. Their numbers are checked against values computed here from the published
 * formulas and from the known K and n the tensile curves were made with. No skipping: a machine without
 * bubblewrap fails here with the command that installs it.
 */

const run = promisify(execFile);
const EXAMPLES = join(import.meta.dirname, "examples");
let base: string;
let n = 0;

interface Installed {
  root: string;
  manifest: AppManifest;
  files: string[];
}
const installed: Record<string, Installed> = {};

beforeAll(async () => {
  const problem = sandboxProblem();
  if (problem) throw new Error(`The app sandbox cannot run on this machine: ${problem}. Install it with: sudo bash scripts/setup-solvers.sh`);
  const py = await run("/usr/bin/python3", ["-c", "import numpy, matplotlib"]).catch((e: Error) => e);
  if (py instanceof Error) throw new Error(`Debian's python3 lacks numpy/matplotlib (${py.message}). Install them with: sudo bash scripts/setup-solvers.sh`);
  base = await mkdtemp(join(tmpdir(), "appstore-examples-"));
  // Searchable by others: bwrap runs as the run's own uid and resolves the work dir and package by path.
  await chmod(base, 0o711);
  await mkdir(join(base, "apps"));
  await mkdir(join(base, "tasks"));
});

afterAll(async () => {
  if (base) await rm(base, { recursive: true, force: true });
});

/** Every file under dir, relative and `/`-separated; Python's bytecode caches are a developer's leftovers, not the package. */
async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = join(entry.parentPath, entry.name);
    if (entry.isFile() && !full.includes("__pycache__")) out.push(relative(dir, full).split("\\").join("/"));
  }
  return out.sort();
}

/** Zips the example folder as "zip the folder" does (one top-level folder) and reads it as an upload. */
async function install(name: string): Promise<Installed> {
  if (installed[name]) return installed[name];
  const src = join(EXAMPLES, name);
  const entries: ZipSpec[] = [];
  for (const file of await listFiles(src)) entries.push({ name: `${name}/${file}`, body: await readFile(join(src, file)) });
  const zip = join(base, `${name}.zip`);
  await writeZip(zip, entries);
  const pkg = await readPackage(zip, join(base, "apps", name));
  expect(pkg.ok ? null : pkg.errors).toBeNull();
  if (!pkg.ok) throw new Error(`${name} was refused`);
  installed[name] = { root: pkg.root, manifest: pkg.manifest, files: pkg.files };
  return installed[name];
}

interface Ran {
  run: SandboxRun;
  work: string;
  params: Record<string, unknown>;
  stdout: string;
  stderr: string;
}

/**
 * Runs an installed app as the platform will: the form's values through validateInputs, uploads saved under
 * the work dir's inputs/ (the form names an upload by its bare file name, params.json by its path in the work
 * dir), params.json written, then the sandbox with the manifest's runtime and resources.
 */
async function runApp(app: Installed, values: Record<string, unknown>, uploads: Record<string, { name: string; body: string }> = {}): Promise<Ran> {
  const checked = validateInputs(app.manifest, { ...values, ...Object.fromEntries(Object.entries(uploads).map(([k, u]) => [k, u.name])) });
  expect(checked.ok ? null : checked.errors).toBeNull();
  if (!checked.ok) throw new Error("inputs refused");
  const work = join(base, "tasks", `t${++n}`);
  await mkdir(join(work, "inputs"), { recursive: true });
  const params = { ...checked.values };
  for (const [input, u] of Object.entries(uploads)) {
    await writeFile(join(work, "inputs", u.name), u.body);
    params[input] = `inputs/${u.name}`;
  }
  await writeFile(join(work, "params.json"), JSON.stringify(params));
  const { runtime, command, resources } = app.manifest;
  const r = await runSandboxed({ workDir: work, appDir: app.root, runtime, command, resources, timeoutMs: 60_000 });
  return { run: r, work, params, stdout: await readFile(r.stdoutPath, "utf8"), stderr: await readFile(r.stderrPath, "utf8") };
}

/** The app's outputs by name, after checking the run succeeded and its result.json is valid. */
async function outputsOf(app: Installed, r: Ran): Promise<Record<string, AppOutput>> {
  expect(r.run.reason, `stdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe("ok");
  expect(r.run.exitCode).toBe(0);
  const res = await readAppResult(r.work, app.manifest);
  expect(res.ok ? null : res.errors).toBeNull();
  if (!res.ok) throw new Error("result refused");
  // Every declared output is there (readAppResult refuses a missing one), and the task page can show them.
  expect(res.outputs.map((o) => o.name).sort()).toEqual(app.manifest.outputs.map((o) => o.name).sort());
  toTaskResult(res.outputs);
  return Object.fromEntries(res.outputs.map((o) => [o.name, o]));
}

const scalar = (o: AppOutput | undefined): number => {
  if (o?.kind !== "scalar") throw new Error(`not a scalar: ${JSON.stringify(o)}`);
  return o.value;
};
const series = (o: AppOutput | undefined): { x: number[]; y: number[] } => {
  if (o?.kind !== "series") throw new Error(`not a series: ${JSON.stringify(o)}`);
  return o;
};
const table = (o: AppOutput | undefined): { columns: string[]; rows: Array<Array<string | number>> } => {
  if (o?.kind !== "table") throw new Error(`not a table: ${JSON.stringify(o)}`);
  return o;
};

/* ------------------------------------------------------------------ Hollomon */

/** What make_sample_curve.py generated sample-curve.csv from. */
const SAMPLE = { K: 900, n: 0.15, E: 210_000 };

/**
 * A tensile curve on Hollomon's law: elastic part, transition, uniform plastic part up to the maximum load
 * (Considère with elasticity: ε_p = n(1 − σ/E)), then a falling necked branch the fit must leave out.
 */
function hollomonCurve(K: number, nExp: number, E: number): Array<[number, number]> {
  const eng = (sigma: number, epsP: number): [number, number] => {
    const e = Math.expm1(sigma / E + epsP);
    return [e, sigma / (1 + e)];
  };
  let epsU = nExp;
  for (let i = 0; i < 50; i++) epsU = nExp * (1 - (K * epsU ** nExp) / E);
  const pts: Array<[number, number]> = [];
  const sigmaA = K * 1e-4 ** nExp;
  for (let i = 0; i < 20; i++) pts.push(eng((sigmaA * i) / 20, ((sigmaA * i) / 20 / K) ** (1 / nExp)));
  for (let i = 0; i < 20; i++) {
    const epsP = 1e-4 * 20 ** (i / 20);
    pts.push(eng(K * epsP ** nExp, epsP));
  }
  for (let i = 0; i < 80; i++) {
    const epsP = 0.002 + ((epsU - 0.002) * i) / 79;
    pts.push(eng(K * epsP ** nExp, epsP));
  }
  const [eu, su] = pts[pts.length - 1];
  for (let i = 1; i <= 20; i++) pts.push([eu + (0.1 * i) / 20, su * (1 - 0.2 * (i / 20) ** 2)]);
  return pts;
}

/** The fit done independently of the app: true values up to the maximum load, log-log least squares in the window. */
function fitHollomon(curve: Array<[number, number]>, E: number, strainMin: number, strainMax?: number) {
  let iu = 0;
  curve.forEach(([, s], i) => {
    if (s > curve[iu][1]) iu = i;
  });
  const pre = curve.slice(0, iu + 1).map(([e, s]) => {
    const eps = Math.log1p(e);
    const sigma = s * (1 + e);
    return { eps, sigma, epsP: eps - sigma / E };
  });
  const upper = Math.min(strainMax ?? Infinity, pre[pre.length - 1].epsP);
  const used = pre.filter((p) => p.epsP >= strainMin && p.epsP <= upper && p.epsP > 0);
  const x = used.map((p) => Math.log(p.epsP));
  const y = used.map((p) => Math.log(p.sigma));
  const mx = x.reduce((a, b) => a + b, 0) / x.length;
  const my = y.reduce((a, b) => a + b, 0) / y.length;
  const sxy = x.reduce((a, xi, i) => a + (xi - mx) * (y[i] - my), 0);
  const sxx = x.reduce((a, xi) => a + (xi - mx) ** 2, 0);
  const slope = sxy / sxx;
  return { n: slope, K: Math.exp(my - slope * mx), points: used.length, uniform: pre[pre.length - 1].eps };
}

function parseCsv(text: string): Array<[number, number]> {
  return text
    .split(/\r?\n/)
    .filter((l) => l.trim() && !l.startsWith("#"))
    .map((l) => l.split(/[,;\t]/).map(Number) as [number, number])
    .filter(([e, s]) => Number.isFinite(e) && Number.isFinite(s));
}

// Archives of hundreds of MiB and real sandboxed runs: seconds each, more on a loaded 2-core machine.
describe("example app: hollomon-fit", { timeout: 60_000 }, () => {
  it("is a valid package: zipped, read by readPackage, its example passing validateInputs", async () => {
    const app = await install("hollomon-fit");
    expect(app.manifest.id).toBe("hollomon-fit");
    expect(app.manifest.version).toBe("1.0.0");
    expect(app.files).toEqual(expect.arrayContaining(["ferrum-app.json", "main.py", "README.md", "sample-curve.csv"]));
    expect(validateInputs(app.manifest, app.manifest.example)).toMatchObject({ ok: true, values: { strain_min: 0.02, youngs_modulus_gpa: 210 } });
    const readme = await readFile(join(app.root, "README.md"), "utf8");
    expect(readme).toContain("Trans. AIME) **162** (1945) 268–290");
  });

  it("fits the packaged sample with the manifest's example: n and K as generated, matching an independent fit", async () => {
    const app = await install("hollomon-fit");
    const r = await runApp(app, app.manifest.example);
    const out = await outputsOf(app, r);
    // The example gives no file: the app falls back to the sample it ships.
    expect(r.params.curve).toBeUndefined();
    expect(r.stdout).toContain("the packaged sample");

    const nFit = scalar(out.n);
    const kFit = scalar(out.K);
    expect(Math.abs(nFit - SAMPLE.n)).toBeLessThan(1e-5);
    expect(Math.abs(kFit - SAMPLE.K) / SAMPLE.K).toBeLessThan(1e-5);
    expect(scalar(out.r2)).toBeGreaterThan(0.99);

    const sample = parseCsv(await readFile(join(app.root, "sample-curve.csv"), "utf8"));
    expect(sample.length).toBeGreaterThanOrEqual(150);
    const mine = fitHollomon(sample, SAMPLE.E, 0.02);
    expect(nFit).toBeCloseTo(mine.n, 9);
    expect(kFit).toBeCloseTo(mine.K, 6);
    expect(scalar(out.uniform_elongation)).toBeCloseTo(mine.uniform, 9);
    // Considère: the maximum load falls at a true strain close to n.
    expect(Math.abs(scalar(out.uniform_elongation) - nFit)).toBeLessThan(0.01);

    expect(table(out.points).rows).toHaveLength(mine.points);
    const trueCurve = series(out.true_curve);
    const fitted = series(out.fitted_curve);
    expect(trueCurve.x.length).toBeGreaterThan(100);
    expect(Math.max(...trueCurve.x)).toBeCloseTo(mine.uniform, 9);
    // The fitted curve lies on the data: its last point is the window's end at the maximum load.
    expect(fitted.y[fitted.y.length - 1]).toBeCloseTo(trueCurve.y[trueCurve.y.length - 1], 0);
    expect(out.plot).toMatchObject({ kind: "image", format: "png" });
  }, 60_000);

  it("fits an uploaded CSV (tabs, header, comment, CRLF) and recovers its K and n, cutting strain_max back to the maximum load", async () => {
    const app = await install("hollomon-fit");
    const truth = { K: 420, n: 0.24, E: 70_000 };
    const curve = hollomonCurve(truth.K, truth.n, truth.E);
    const body = ["# aluminium-like test curve", "strain\tstress (MPa)", ...curve.map(([e, s]) => `${e.toFixed(7)}\t${s.toFixed(4)}`)].join("\r\n") + "\r\n";
    const r = await runApp(app, { strain_min: 0.03, strain_max: 0.5, youngs_modulus_gpa: 70 }, { curve: { name: "curve.csv", body } });
    expect(r.params.curve).toBe("inputs/curve.csv");
    const out = await outputsOf(app, r);
    expect(Math.abs(scalar(out.n) - truth.n)).toBeLessThan(1e-4);
    expect(Math.abs(scalar(out.K) - truth.K) / truth.K).toBeLessThan(1e-4);
    expect(scalar(out.r2)).toBeGreaterThan(0.99);
    expect(r.stdout).toContain("Curve: inputs/curve.csv, 140 points");
    expect(r.stdout).toMatch(/strain_max 0\.5 is past the maximum load/);
    const mine = fitHollomon(curve, truth.E, 0.03);
    expect(table(out.points).rows).toHaveLength(mine.points);
    expect(scalar(out.n)).toBeCloseTo(mine.n, 4);
  }, 60_000);

  it("stops on a malformed CSV with the line and column at fault, and writes no result", async () => {
    const app = await install("hollomon-fit");
    const body = "strain,stress\n0,0\n0.001,210\n0.002,oops\n0.003,300\n";
    const r = await runApp(app, {}, { curve: { name: "bad.csv", body } });
    expect(r.run.reason).toBe("failed");
    expect(r.run.exitCode).not.toBe(0);
    expect(r.stderr).toContain("inputs/bad.csv line 4: column 2 ('oops') is not a number");
    const res = await readAppResult(r.work, app.manifest);
    expect(res.ok ? null : res.errors[0].code).toBe("result-missing");
  }, 60_000);

  it("stops when fewer than 5 points fall in the fit window", async () => {
    const app = await install("hollomon-fit");
    const r = await runApp(app, { strain_min: 0.14, strain_max: 0.145 });
    expect(r.run.exitCode).not.toBe(0);
    expect(r.stderr).toMatch(/only \d point\(s\) have a true plastic strain between 0\.14 and 0\.145; the fit needs at least 5/);
  }, 60_000);
});

/* ------------------------------------------------------------------ Ms / Bs */

type Composition = { C: number; Mn: number; Si: number; Cr: number; Ni: number; Mo: number };
// The published formulas (°C, wt%), written out here independently of the app's tables.
const msAndrews = (c: Composition) => 539 - 423 * c.C - 30.4 * c.Mn - 17.7 * c.Ni - 12.1 * c.Cr - 7.5 * c.Mo;
const msStevenHaynes = (c: Composition) => 561 - 474 * c.C - 33 * c.Mn - 17 * c.Ni - 17 * c.Cr - 21 * c.Mo;
const bsStevenHaynes = (c: Composition) => 830 - 270 * c.C - 90 * c.Mn - 37 * c.Ni - 70 * c.Cr - 83 * c.Mo;

describe("example app: ms-bs", { timeout: 60_000 }, () => {
  it("is a valid package whose example is a 42CrMo / AISI 4140 steel", async () => {
    const app = await install("ms-bs");
    expect(app.manifest.id).toBe("ms-bs");
    expect(validateInputs(app.manifest, app.manifest.example)).toMatchObject({ ok: true, values: { C: 0.4, Mn: 0.75, Cr: 1, Mo: 0.2, ms_formula: "andrews" } });
    const readme = await readFile(join(app.root, "README.md"), "utf8");
    expect(readme).toContain("**203** (1965) 721–727");
    expect(readme).toContain("**183** (1956) 349–359");
  });

  it("gives the formulas' Ms and Bs for the example (4140, Andrews), with contributions and carbon sweeps", async () => {
    const app = await install("ms-bs");
    const r = await runApp(app, app.manifest.example);
    const out = await outputsOf(app, r);
    const c = r.params as unknown as Composition;
    expect(scalar(out.Ms)).toBeCloseTo(msAndrews(c), 9);
    expect(scalar(out.Bs)).toBeCloseTo(bsStevenHaynes(c), 9);
    expect(scalar(out.Ms)).toBeCloseTo(333.4, 6);
    expect(scalar(out.Bs)).toBeCloseTo(567.9, 6);
    expect(r.stdout).not.toContain("Warning");

    const rows = table(out.contributions).rows;
    const carbon = rows.find((row) => row[0] === "C")!;
    expect(carbon[3]).toBeCloseTo(-423 * 0.4, 6);
    expect(carbon[5]).toBeCloseTo(-270 * 0.4, 6);
    expect(rows[rows.length - 1][3]).toBeCloseTo(msAndrews(c), 3);

    const ms = series(out.ms_vs_carbon);
    const bs = series(out.bs_vs_carbon);
    expect(ms.x[0]).toBeCloseTo(0.1, 9);
    expect(ms.x[ms.x.length - 1]).toBeCloseTo(0.8, 9);
    ms.x.forEach((x, i) => expect(ms.y[i]).toBeCloseTo(msAndrews({ ...c, C: x }), 6));
    bs.x.forEach((x, i) => expect(bs.y[i]).toBeCloseTo(bsStevenHaynes({ ...c, C: x }), 6));
    expect(out.plot).toMatchObject({ kind: "image", format: "png" });
  }, 60_000);

  it("gives Andrews Ms ≈ 305 °C for AISI 4340", async () => {
    const app = await install("ms-bs");
    const c: Composition = { C: 0.4, Mn: 0.7, Si: 0.25, Cr: 0.8, Ni: 1.8, Mo: 0.25 };
    const out = await outputsOf(app, await runApp(app, { ...c, ms_formula: "andrews" }));
    expect(scalar(out.Ms)).toBeCloseTo(msAndrews(c), 9);
    expect(Math.abs(scalar(out.Ms) - 305)).toBeLessThan(0.5);
    expect(scalar(out.Bs)).toBeCloseTo(bsStevenHaynes(c), 9);
  }, 60_000);

  it("warns in the log when the composition is outside Steven & Haynes' range, and still computes", async () => {
    const app = await install("ms-bs");
    const c: Composition = { C: 0.7, Mn: 2, Si: 0.25, Cr: 0.8, Ni: 1.8, Mo: 0.25 };
    const r = await runApp(app, { ...c, ms_formula: "steven-haynes" });
    const out = await outputsOf(app, r);
    expect(scalar(out.Ms)).toBeCloseTo(msStevenHaynes(c), 9);
    expect(scalar(out.Bs)).toBeCloseTo(bsStevenHaynes(c), 9);
    expect(r.stdout).toMatch(/Warning: outside the range of Steven & Haynes \(1956\), used for Ms and Bs: C = 0\.7 wt% \(range 0\.1–0\.55\); Mn = 2 wt% \(range 0\.2–1\.7\)/);
    expect(r.stderr).toBe("");
  }, 60_000);
});
