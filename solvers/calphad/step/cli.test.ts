import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { shippedDatabase } from "../databases/index.ts";
import { pointFromLine } from "./run.ts";

const CLI = fileURLToPath(new URL("../step-cli.ts", import.meta.url));
// The loader by absolute URL: `--import tsx` would be resolved from the cwd, a temp dir outside the repository.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Runs the CLI as the job script does: in a fresh work dir holding the deck's files. */
function run(files: Record<string, string>) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "calphad-step-cli-"));
  dirs.push(cwd);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(cwd, name), text);
  return new Promise<{ code: number | null; stdout: string; stderr: string; cwd: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", TSX, CLI, "step.calphad"], { cwd });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr, cwd }));
  });
}

describe("calphad-step CLI", () => {
  it("runs a deck with its TDB: progress and point lines on stdout, every point in result.json", async () => {
    const tdb = fs.readFileSync(shippedDatabase("pbsn")!.path, "utf8");
    const r = await run({ "step.calphad": "database file database.tdb\ncomponents PB SN\nT 440 470 5 K\nX SN 0.3\n", "database.tdb": tdb });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const points = r.stdout.split("\n").map(pointFromLine).filter((p) => p !== null);
    expect(points.map((p) => p!.T)).toEqual([440, 445, 450, 455, 460, 465, 470]);
    expect(r.stdout).toMatch(/^progress 1\.000$/m);
    expect(r.stdout).toMatch(/^transition solidus at 454\.56\d\d K: BCT_A5 \+ FCC_A1 → FCC_A1 \+ LIQUID/m);
    const json = JSON.parse(fs.readFileSync(path.join(r.cwd, "result.json"), "utf8"));
    expect(json).toMatchObject({ solver: "calphad-step", database: "database.tdb", components: ["PB", "SN"], Tmin: 440, Tmax: 470, dT: 5 });
    expect(json.points).toHaveLength(7);
    expect(fs.existsSync(path.join(r.cwd, "result.json.tmp"))).toBe(false);
  });

  it("exits 2 naming the line for a bad script, and for a TDB the deck lacks", async () => {
    const bad = await run({ "step.calphad": "database pbsn\ncomponents PB SN\nT 400 K\nX SN 0.3\n" });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("line 3: Tmin: The temperature line is: T <from> <to> <step> [K|°C]");
    const missing = await run({ "step.calphad": "database file gone.tdb\ncomponents PB SN\nT 400 500 5 K\nX SN 0.3\n" });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/line 1: databaseFile: .*gone\.tdb/);
    expect(fs.existsSync(path.join(missing.cwd, "result.json"))).toBe(false);
  });
});
