import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readPhaseFieldProgress, readPhaseFieldResult } from "./output.ts";

let dir = "";
const workDir = (files: Record<string, string>) => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-out-"));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
};
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("phase-field live progress", () => {
  it("draws the lines written so far and skips one being written", async () => {
    const d = workDir({
      "phasefield.in": "model = cahn-hilliard\n",
      "progress.csv": "step,time_s,energy_J_m3,length_m\n0,0,6.4e6,2.6e-9\n50,5,5.1e6,8e-9\n100,10,4.2e6,1.1e-8\n150,15,4.0",
    });
    const p = await readPhaseFieldProgress(d);
    expect(p.series.map((s) => s.key)).toEqual(["energy", "length"]);
    expect(p.series[0].x.values).toEqual([0, 5, 10]);
    expect(p.series[0].y.values).toEqual([6.4e6, 5.1e6, 4.2e6]);
    expect(p.scalars.find((s) => s.key === "stepReached")?.value).toBe(100);
  });

  it("is empty before the solver has written anything", async () => {
    expect(await readPhaseFieldProgress(workDir({}))).toEqual({ series: [], scalars: [] });
  });
});

describe("phase-field result", () => {
  it("refuses a result.json without history", async () => {
    await expect(readPhaseFieldResult(workDir({ "result.json": "{}" }))).rejects.toThrow(/no history/);
    await expect(readPhaseFieldResult(workDir({}))).rejects.toThrow(/result.json unreadable/);
  });

  it("makes every snapshot a frame of one film, in order, with its time and step", async () => {
    const history = [0, 1, 2].map((i) => ({ step: i * 10, timeS: i, energy: 10 - i, length: 1e-6 * (1 + i), grains: 9 - i }));
    const snapshots = [0, 1, 2].map((i) => ({ step: i * 10, timeS: i, path: `snapshot-00${i}.png` }));
    const d = workDir({
      "result.json": JSON.stringify({ params: { model: "allen-cahn", steps: 20, dt: 0.1 }, history, snapshots, fieldFile: "final-grains.csv", finalEnergy: 8, finalLength: 3e-6, finalTimeS: 2, wallTimeS: 0.5 }),
      "snapshot-000.png": "x",
      "final-grains.csv": "1\n",
    });
    const r = await readPhaseFieldResult(d);
    expect(r.images!.map((i) => [i.path, i.sequence?.key, i.sequence?.at])).toEqual([
      ["snapshot-000.png", "evolution", "t = 0 s · 0"],
      ["snapshot-001.png", "evolution", "t = 1 s · 10"],
      ["snapshot-002.png", "evolution", "t = 2 s · 20"],
    ]);
    expect(r.series.map((s) => s.key)).toEqual(["energy", "grainSize", "grains"]);
    expect(r.scalars.find((s) => s.key === "finalGrains")?.value).toBe(7);
    // Only files that exist are offered.
    expect(r.files.map((f) => f.path).sort()).toEqual(["final-grains.csv", "result.json", "snapshot-000.png"]);
  });
});
