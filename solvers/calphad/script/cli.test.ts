import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { shippedDatabase } from "../databases/index.ts";

const CLI = fileURLToPath(new URL("../cli.ts", import.meta.url));
// The loader by absolute URL: `--import tsx` would be resolved from the cwd, a temp dir outside the repository.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Runs the CLI as the job script does: in a fresh work dir holding the deck's files. */
function run(files: Record<string, string>) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "calphad-cli-"));
  dirs.push(cwd);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(cwd, name), text);
  return new Promise<{ code: number | null; stdout: string; stderr: string; cwd: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", TSX, CLI, "conditions.calphad"], { cwd });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr, cwd }));
  });
}

describe("calphad-equilibrium CLI", () => {
  it("runs a deck with its own TDB: progress lines, result.json in issue 6's shape, exit 0", async () => {
    const tdb = fs.readFileSync(shippedDatabase("pbsn")!.path, "utf8");
    const { code, stdout, stderr, cwd } = await run({ "conditions.calphad": "database file database.tdb\ncomponents PB SN\nT 450 K\nX SN 0.5\n", "database.tdb": tdb });
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^progress 0\.100$/m);
    expect(stdout).toMatch(/^progress 1\.000$/m);
    const r = JSON.parse(fs.readFileSync(path.join(cwd, "result.json"), "utf8"));
    expect(r.phases.map((p: { name: string }) => p.name).sort()).toEqual(["BCT_A5", "FCC_A1"]);
    expect(Object.keys(r)).toEqual(expect.arrayContaining(["phases", "GM", "MU", "drivingForces"]));
    expect(fs.existsSync(path.join(cwd, "result.json.tmp"))).toBe(false);
  }, 20_000);

  it("exits 2 with the line on a bad script or a TDB the deck lacks, writing no result", async () => {
    const bad = await run({ "conditions.calphad": "database pbsn\ncomponents PB SN\nT 450 K\nX SN 0.5\nfoo bar\n" });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('line 5: Unknown keyword "foo"');
    expect(fs.existsSync(path.join(bad.cwd, "result.json"))).toBe(false);
    const missing = await run({ "conditions.calphad": "database file database.tdb\ncomponents PB SN\nT 450 K\nX SN 0.5\n" });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('line 1: databaseFile: The TDB file "database.tdb" the script names is not among the task\'s files');
  }, 20_000);
});
