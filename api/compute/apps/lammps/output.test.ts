import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readLammpsProgress, readLammpsResult } from "./output.ts";
import { niceTicks } from "./thermo-svg.ts";

const fixtures = new URL("./fixtures/", import.meta.url);
const dirs: string[] = [];

/** A work dir holding a fixture's log (optionally cut short) and its input, as a run leaves them. */
function workDir(name: string, cut?: (text: string) => string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lammps-out-"));
  dirs.push(dir);
  const log = fs.readFileSync(new URL(`${name}.log.lammps`, fixtures), "utf8");
  fs.writeFileSync(path.join(dir, "log.lammps"), cut ? cut(log) : log);
  if (fs.existsSync(new URL(`${name}.in.lammps`, fixtures))) fs.copyFileSync(new URL(`${name}.in.lammps`, fixtures), path.join(dir, "in.lammps"));
  fs.writeFileSync(path.join(dir, "job.sh"), "#!/bin/bash\n");
  return dir;
}

afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("niceTicks", () => {
  it("gives round steps covering the range", () => {
    expect(niceTicks(0, 200, 8)).toEqual([0, 50, 100, 150, 200]);
    expect(niceTicks(-518.2, -517.5, 4)).toEqual([-518.2, -518, -517.8, -517.6]);
  });
});

describe("LAMMPS results from real output", () => {
  it("gives the relaxed lattice constant and cohesive energy of bcc Fe, the NVT curves and the files", async () => {
    const dir = workDir("fe-bcc-relax-nvt");
    const r = await readLammpsResult(dir);
    const scalar = (k: string) => r.scalars.find((s) => s.key === k);
    expect(scalar("latticeConstantA")).toMatchObject({ value: 2.85532486, unit: "Å" });
    expect(scalar("cohesiveEnergyEvPerAtom")).toMatchObject({ value: -4.1224351, unit: "eV/atom" });
    expect(scalar("atoms")?.value).toBe(128);
    // Second half of the 11 rows (steps 100–200), averaged here by hand from the log's Temp column.
    const temps = [298.46775, 367.48622, 261.31801, 252.87054, 341.05973, 276.2953];
    expect(scalar("meanTemperature")?.value).toBeCloseTo(temps.reduce((a, b) => a + b) / temps.length, 6);
    expect(scalar("meanPressure")?.unit).toBe("bar");
    expect(r.series.map((s) => s.key)).toEqual(["temperature", "potentialEnergy", "totalEnergy", "pressure", "volume"]);
    const t = r.series[0];
    expect(t.x.values).toEqual([0, 20, 40, 60, 80, 100, 120, 140, 160, 180, 200]);
    expect(t.y).toMatchObject({ unit: "K" });
    expect(t.y.values[0]).toBe(600);
    expect(r.series.find((s) => s.key === "volume")?.y.unit).toBe("Å³");
    expect(r.files.map((f) => f.path)).toEqual(["in.lammps", "log.lammps", "thermo.svg"]);
    expect(r.files[1].bytes).toBeGreaterThan(5000);
    expect(r.images).toEqual([expect.objectContaining({ key: "thermo", path: "thermo.svg" })]);
    const svg = fs.readFileSync(path.join(dir, "thermo.svg"), "utf8");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 800 500"/);
    expect(svg).not.toMatch(/<script|href=/);
    expect(svg).toContain(">T (K)</text>");
    expect(svg).toContain(">E total (eV)</text>");
    // One point per thermo row in each panel.
    expect([...svg.matchAll(/<polyline points="([^"]+)"/g)].map((m) => m[1].split(" ").length)).toEqual([11, 11]);
  });

  it("refuses a log whose run stopped on an error, naming it", async () => {
    await expect(readLammpsResult(workDir("missing-potential"))).rejects.toThrow(/LAMMPS stopped: ERROR on proc 0: cannot open eam\/fs potential file/);
  });

  it("refuses a work dir without log.lammps", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lammps-out-"));
    dirs.push(dir);
    await expect(readLammpsResult(dir)).rejects.toThrow(/log\.lammps unreadable/);
  });

  it("shows a running task's curves from the log written so far, and nothing (not an error) before it exists", async () => {
    const p = await readLammpsProgress(workDir("fe-bcc-relax-nvt", (t) => t.slice(0, t.indexOf("     100 ") + 12)));
    expect(p.series.find((s) => s.key === "temperature")?.x.values).toEqual([0, 20, 40, 60, 80]);
    expect(p.scalars.map((s) => s.key)).toEqual(["latticeConstantA", "cohesiveEnergyEvPerAtom", "atoms"]);
    const during = await readLammpsProgress(workDir("fe-bcc-relax-nvt", (t) => t.slice(0, t.indexOf("Loop time"))));
    expect(during.series[0].x.values).toEqual([0, 2]);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "lammps-out-"));
    dirs.push(empty);
    expect(await readLammpsProgress(empty)).toEqual({ series: [], scalars: [] });
  });
});
