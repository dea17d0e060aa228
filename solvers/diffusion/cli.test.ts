import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { erfc } from "../common/erf.ts";

const CLI = fileURLToPath(new URL("./cli.ts", import.meta.url));
// The loader by absolute URL: `--import tsx` would be resolved from the cwd, a temp dir outside the repository.
// (require.resolve, because vitest's module runner does not support import.meta.resolve.)
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const dirs: string[] = [];

/** Runs the CLI as a job script would: in a fresh work dir holding the deck. */
function run(deck: string | null, args: string[] = ["deck.in"]) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "carburize-cli-"));
  dirs.push(cwd);
  if (deck !== null) fs.writeFileSync(path.join(cwd, "deck.in"), deck);
  return new Promise<{ code: number | null; stdout: string; stderr: string; cwd: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", TSX, CLI, ...args], { cwd });
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

describe("carburizing CLI", () => {
  it("solves a deck: progress lines to stdout, result.json in the cwd, exit 0", async () => {
    const deck = "# 925 °C, 4 h\nc0 = 0.2\ncs = 0.9\ntemperatureC = 925\ntimeH = 4\ndepthMm = 5\nnodes = 201\n";
    const { code, stdout, stderr, cwd } = await run(deck);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const progress = stdout
      .split("\n")
      .filter((l) => l.startsWith("progress "))
      .map((l) => Number(l.slice("progress ".length)));
    expect(progress.length).toBeGreaterThanOrEqual(50);
    expect(progress.every((f) => f > 0 && f <= 1)).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(fs.existsSync(path.join(cwd, "result.json.tmp"))).toBe(false);
    const result = JSON.parse(fs.readFileSync(path.join(cwd, "result.json"), "utf8"));
    expect(result.params).toMatchObject({ c0: 0.2, cs: 0.9, diffusivity: "constant", caseCarbonWt: 0.4 });
    expect(result.profile.xMm).toHaveLength(201);
    const scale = 2 * Math.sqrt(result.dSurfaceM2s * 4 * 3600);
    result.profile.xMm.forEach((x: number, i: number) => {
      const exact = 0.2 + 0.7 * erfc(x / 1000 / scale);
      expect(Math.abs(result.profile.cWt[i] - exact)).toBeLessThan(0.005 * 0.7);
    });
    expect(result.caseDepthMm).toBeGreaterThan(0.4);
    expect(result.caseDepthMm).toBeLessThan(0.6);
    expect(stdout).toMatch(/case depth 0\.5\d* mm/);
    expect(stdout).not.toContain("note:");
  });

  it("notes in the log when the grid is too coarse for the profile or Tibbetts is extrapolated", async () => {
    const { code, stdout } = await run("c0 = 0.2\ncs = 0.9\ntemperatureC = 800\ntimeH = 0.01\ndepthMm = 5\ndiffusivity = tibbetts\ncaseCarbonWt = 0.3\n");
    expect(code).toBe(0);
    expect(stdout).toMatch(/note: only 1\.\d grid spacings per diffusion length/);
    expect(stdout).toContain("note: Tibbetts' diffusivity was fitted at about 850–1100 °C");
  });

  it("refuses a bad deck with exit 2, every problem on stderr and no result.json", async () => {
    const { code, stdout, stderr, cwd } = await run("c0 = 0.2\ncs = abc\nfoo = 1\ntemperatureC = 925\n");
    expect(code).toBe(2);
    expect(stderr).toContain("line 2: cs: This value must be a number");
    expect(stderr).toContain("line 3: foo: Unknown parameter");
    expect(stdout).toBe("");
    expect(fs.existsSync(path.join(cwd, "result.json"))).toBe(false);
  });

  it("refuses out-of-range values with exit 2", async () => {
    const { code, stderr } = await run("c0 = 0.2\ncs = 0.9\ntemperatureC = 650\ntimeH = 4\ndepthMm = 3\n");
    expect(code).toBe(2);
    expect(stderr).toContain("line 3: temperatureC: Temperature must be between 700 and 1200 °C");
  });

  it("exits 2 with a clear message when the deck is missing or not named", async () => {
    const missing = await run(null);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read deck deck\.in/);
    const unnamed = await run(null, []);
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toMatch(/usage: cli\.ts <deck file>/);
  });
});
