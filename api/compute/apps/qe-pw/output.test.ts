import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readQeProgress, readQeResult } from "./output.ts";
import { parsePwOutput } from "./pw-output.ts";

const FIX = path.join(import.meta.dirname, "fixtures");
const read = (name: string) => fs.readFileSync(path.join(FIX, name), "utf8");
const dirs: string[] = [];
const workDir = (files: Record<string, string>) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "qe-pw-"));
  dirs.push(d);
  for (const [n, t] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(d, n)), { recursive: true });
    fs.writeFileSync(path.join(d, n), t);
  }
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("pw.x output parser (real pw.x 6.7 outputs)", () => {
  it("reads QE example01's silicon: the reference energy, HOMO, iterations, zero forces and the stress", () => {
    const run = parsePwOutput(read("si-scf.out"));
    expect(run.finalEnergiesRy).toEqual([-15.84452726]);
    expect(run.highestOccupiedEv).toBe(5.9568);
    expect(run.fermiEnergyEv).toBeUndefined();
    expect(run.totalMagnetization).toBeUndefined();
    expect(run.scfIterations).toBe(6);
    expect(run.scfAccuracyRy).toHaveLength(6);
    expect(run.scfAccuracyRy[0]).toBeGreaterThan(run.scfAccuracyRy[5]);
    expect(run.alatBohr).toBeCloseTo(10.2, 5);
    expect(run.volumeBohr3).toBeCloseTo(265.302, 3);
    expect(run.forces?.atoms).toHaveLength(2);
    expect(run.forces?.totalForce).toBe(0);
    expect(run.stress?.pressureKbar).toBe(-10.25);
    expect(run.stress?.kbar[0][0]).toBe(-10.25);
    expect(run.jobDone).toBe(true);
  });

  it("reads the Fermi energy and magnetisation of spin-polarised bcc Fe with smearing", () => {
    const run = parsePwOutput(read("fe-bcc-spin.out"));
    expect(run.finalEnergiesRy.at(-1)).toBe(-55.55379408);
    expect(run.fermiEnergyEv).toBe(12.4696);
    expect(run.totalMagnetization).toBe(2.25);
    expect(run.absoluteMagnetization).toBe(2.39);
    expect(run.scfIterations).toBe(19);
    expect(run.stress?.pressureKbar).toBe(-210.95);
  });

  it("reads non-zero forces and an anisotropic stress (Si with one atom displaced, 2 MPI ranks)", () => {
    const run = parsePwOutput(read("si-displaced.out"));
    expect(run.forces?.atoms).toEqual([
      { atom: 1, type: 1, f: [0.02813369, 0, 0] },
      { atom: 2, type: 1, f: [-0.02813369, 0, 0] },
    ]);
    expect(run.forces?.totalForce).toBe(0.039787);
    expect(run.stress?.kbar).toEqual([
      [-10.53, 0, 0],
      [0, -8.6, -21.36],
      [0, -21.36, -8.6],
    ]);
  });

  it("reads half-written output without throwing", () => {
    const text = read("fe-bcc-spin.out");
    for (const cut of [0, 100, Math.floor(text.length / 3), Math.floor(text.length / 2), text.length - 200]) {
      const run = parsePwOutput(text.slice(0, cut));
      expect(run.jobDone).toBe(false);
      expect(Array.isArray(run.scfAccuracyRy)).toBe(true);
    }
    const half = parsePwOutput(text.slice(0, Math.floor(text.length / 2)));
    expect(half.finalEnergiesRy).toEqual([]);
    expect(half.scfAccuracyRy.length).toBeGreaterThan(0);
  });
});

describe("qe-pw result and progress", () => {
  it("makes the task result of a single point: scalars, tables, log SCF series, picture and files", async () => {
    const dir = workDir({ "pw.in": read("si-scf.in"), "pw.out": read("si-scf.out"), "stdout.log": read("si-scf.out") });
    const r = await readQeResult(dir);
    const s = Object.fromEntries(r.scalars.map((x) => [x.key, x.value]));
    expect(s.totalEnergyRy).toBe(-15.84452726);
    expect(s.pressureKbar).toBe(-10.25);
    expect(s.scfIterations).toBe(6);
    expect(s.eosLatticeConstantA).toBeUndefined();
    expect(r.tables.map((t) => t.key)).toEqual(["forces", "stress"]);
    const scf = r.series.find((x) => x.key === "scfAccuracy")!;
    expect(scf.x.values).toEqual([1, 2, 3, 4, 5, 6]);
    expect(scf.y.values[0]).toBeCloseTo(Math.log10(0.06142089), 2);
    expect(r.images).toEqual([expect.objectContaining({ key: "scf", path: "scf.svg" })]);
    const svg = fs.readFileSync(path.join(dir, "scf.svg"), "utf8");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 800 500"/);
    expect(svg).not.toMatch(/<script|href=/);
    expect(r.files.map((f) => f.path)).toEqual(["pw.in", "pw.out", "stdout.log", "scf.svg"]);
  });

  it("fits the EOS of the Si scan (5 real pw.x runs, 18 Ry, 4×4×4): a0 ≈ 5.40 Å, B0 ≈ 93 GPa, and draws E(V)", async () => {
    const files: Record<string, string> = {};
    for (const f of ["pw.in", "pw.out"]) files[f] = read(`si-eos/${f}`);
    for (const f of fs.readdirSync(path.join(FIX, "si-eos/eos"))) files[`eos/${f}`] = read(`si-eos/eos/${f}`);
    const dir = workDir(files);
    const r = await readQeResult(dir);
    const s = Object.fromEntries(r.scalars.map((x) => [x.key, x.value]));
    expect(s.eosLatticeConstantA).toBeCloseTo(5.4001, 3);
    expect(s.bulkModulusGPa).toBeGreaterThan(90);
    expect(s.bulkModulusGPa).toBeLessThan(97);
    expect(s.eosEnergyRy).toBeLessThanOrEqual(Math.min(...r.series.find((x) => x.key === "eosPoints")!.y.values) + 1e-6);
    expect(s.eosFitRmsRy).toBeLessThan(1e-4);
    const pts = r.series.find((x) => x.key === "eosPoints")!;
    expect(pts.y.values).toHaveLength(5);
    expect(pts.y.values).toContain(-15.84450112);
    expect(r.series.find((x) => x.key === "eosFit")!.x.values).toHaveLength(61);
    expect(r.tables.find((t) => t.key === "eos")!.rows).toHaveLength(5);
    expect(r.images?.[0]).toMatchObject({ key: "eos", path: "eos.svg" });
    const svg = fs.readFileSync(path.join(dir, "eos.svg"), "utf8");
    expect(svg).toContain("<polyline");
    expect(svg.match(/<circle/g)!.length).toBe(5 + 1); // five points and the legend's marker
    expect(r.files.map((f) => f.path)).toContain("eos/p05.out");
  });

  it("refuses a run without a final energy, and shows the live SCF curve of a half-written one", async () => {
    const text = read("fe-bcc-spin.out");
    const dir = workDir({ "pw.out": text.slice(0, Math.floor(text.length / 2)) });
    await expect(readQeResult(dir)).rejects.toThrow(/no final total energy/);
    const p = await readQeProgress(dir);
    expect(p.series[0].key).toBe("scfAccuracy");
    expect(p.series[0].y.values.length).toBeGreaterThan(0);
    expect(await readQeProgress(workDir({}))).toEqual({ series: [expect.objectContaining({ key: "scfAccuracy" })], scalars: [] });
  });

  it("counts finished EOS points while a scan runs", async () => {
    const dir = workDir({ "pw.out": read("si-eos/pw.out"), "eos/p01.out": read("si-eos/eos/p01.out"), "eos/p02.out": read("si-eos/eos/p02.out").slice(0, 3000) });
    const p = await readQeProgress(dir);
    expect(p.scalars.find((x) => x.key === "eosPointsDone")?.value).toBe(2);
  });
});
