import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("./cli.ts", import.meta.url));
// The loader by absolute URL: `--import tsx` would be resolved from the cwd, a temp dir outside the repository.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const dirs: string[] = [];

/** Runs the CLI as a job script would: in a fresh work dir holding the deck. */
function run(deck: string) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "phasefield-cli-"));
  dirs.push(cwd);
  fs.writeFileSync(path.join(cwd, "phasefield.in"), deck);
  return new Promise<{ code: number | null; stdout: string; stderr: string; cwd: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", TSX, CLI, "phasefield.in"], { cwd });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr, cwd }));
  });
}

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

// Each test starts node with the TypeScript loader: a second or two alone, over vitest's 5 s on a loaded machine.
describe("phase-field CLI", { timeout: 30_000 }, () => {
  it("runs a deck: progress lines, progress.csv, the snapshots, the final field and result.json", async () => {
    const { code, stdout, stderr, cwd } = await run("model = cahn-hilliard\nn = 64\nsteps = 200\nsnapshots = 3\nseed = 4\n");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^progress 1\.000$/m);
    const files = fs.readdirSync(cwd).sort();
    expect(files).toEqual(["final-c.csv", "phasefield.in", "progress.csv", "result.json", "snapshot-000.png", "snapshot-001.png", "snapshot-002.png"]);
    const result = JSON.parse(fs.readFileSync(path.join(cwd, "result.json"), "utf8"));
    expect(result.snapshots.map((s: { step: number }) => s.step)).toEqual([0, 100, 200]);
    expect(result.history.at(-1).step).toBe(200);
    const csv = fs.readFileSync(path.join(cwd, "progress.csv"), "utf8").trim().split("\n");
    expect(csv[0]).toBe("step,time_s,energy_J_m3,length_m");
    expect(csv.length - 1).toBe(result.history.length);
    const rows = fs.readFileSync(path.join(cwd, "final-c.csv"), "utf8").trim().split("\n");
    expect(rows).toHaveLength(64);
    const values = rows.flatMap((r) => r.split(",").map(Number));
    expect(values).toHaveLength(64 * 64);
    expect(Math.abs(values.reduce((a, b) => a + b) / values.length - 0.5)).toBeLessThan(1e-7); // 8 significant digits in the CSV
  });

  it("runs a circle deck: the radius in progress.csv and result.json, with the law's fit, and no length scale", async () => {
    const { code, stderr, cwd } = await run("model = allen-cahn\ninitial = circle\norderParameters = 1\nn = 64\nsteps = 300\nsnapshots = 2\n");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const csv = fs.readFileSync(path.join(cwd, "progress.csv"), "utf8").trim().split("\n");
    expect(csv[0]).toBe("step,time_s,energy_J_m3,radius_m");
    const result = JSON.parse(fs.readFileSync(path.join(cwd, "result.json"), "utf8"));
    expect(result.finalLength).toBeUndefined();
    expect(result.history[0]).not.toHaveProperty("grains");
    // 16 cells of 0.1 µm shrinking at 2Lκ = 2e-14 m²/s for 30 s: R² from 2.56e-12 to 1.96e-12 m².
    expect(result.history[0].radius).toBeCloseTo(1.6e-6, 8);
    expect(result.finalRadius).toBeCloseTo(Math.sqrt(1.96e-12), 7);
    expect(result.circleLaw).toMatchObject({ lawSlope: -2e-14, points: result.history.length });
    expect(Number(csv.at(-1)!.split(",")[3])).toBe(result.finalRadius);
  });

  it("refuses a bad deck with exit code 2, naming the lines", async () => {
    const { code, stderr } = await run("model = allen-cahn\norderParameters = 40\nfoo = 1\n");
    expect(code).toBe(2);
    expect(stderr).toMatch(/line 2: orderParameters: Order parameters must be a whole number from 1 to 36/);
    expect(stderr).toMatch(/line 3: foo: Unknown parameter/);
  });
});
