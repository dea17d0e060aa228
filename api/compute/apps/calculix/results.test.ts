import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { datColumns, parseDat } from "./dat.ts";
import { lastBlock, parseFrd, vonMises } from "./frd.ts";
import { readCalculixProgress, readCalculixResult } from "./output.ts";
import { volumeOnlyInp } from "./volume-inp.ts";

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
const read = (p: string) => fs.readFileSync(path.join(FIXTURES, p), "utf8");
const tmpDirs: string[] = [];
/** A work dir holding copies of a fixture folder, as a finished job leaves it. */
function workDirOf(fixture: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ccx-unit-"));
  tmpDirs.push(dir);
  for (const f of fs.readdirSync(path.join(FIXTURES, fixture))) fs.copyFileSync(path.join(FIXTURES, fixture, f), path.join(dir, f));
  return dir;
}
afterAll(() => tmpDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** PL³/3EI for the fixtures' cantilever: 100 N, 100 mm, 10×10 mm, 210 GPa. */
const BEAM_THEORY_MM = (100 * 100 ** 3) / (3 * 210_000 * ((10 * 10 ** 3) / 12));

describe("parseFrd (ccx 2.20 output of a 10×2×2 C3D20R cantilever)", () => {
  const frd = parseFrd(read("beam-static/model.frd"));

  it("reads the mesh and the DISP and STRESS blocks with their components", () => {
    expect(frd.nodes.size).toBe(321);
    expect(frd.elements).toHaveLength(40);
    expect(frd.elements[0].type).toBe(4);
    expect(frd.elements[0].nodes).toHaveLength(20);
    expect(frd.blocks.map((b) => b.name)).toEqual(["DISP", "STRESS", "ERROR"]);
    expect(lastBlock(frd, "STRESS")!.components).toEqual(["SXX", "SYY", "SZZ", "SXY", "SYZ", "SZX"]);
    expect(lastBlock(frd, "DISP")!.values.size).toBe(321);
    const tip = [...frd.nodes].find(([, p]) => p[0] === 100 && p[1] === 5 && p[2] === 5)![0];
    expect(lastBlock(frd, "DISP")!.values.get(tip)![2]).toBeCloseTo(-0.1897893, 6);
  });

  it("keeps only complete blocks of a file cut short", () => {
    const text = read("beam-static/model.frd");
    const cut = parseFrd(text.slice(0, text.indexOf(" -4  STRESS") + 2000));
    expect(cut.blocks.map((b) => b.name)).toEqual(["DISP"]);
    expect(() => parseFrd("")).not.toThrow();
  });

  it("computes von Mises from the six components", () => {
    expect(vonMises([100, 0, 0, 0, 0, 0])).toBeCloseTo(100, 12);
    expect(vonMises([0, 0, 0, 50, 0, 0])).toBeCloseTo(50 * Math.sqrt(3), 12);
    expect(vonMises([30, 30, 30, 0, 0, 0])).toBe(0);
  });
});

describe("parseDat", () => {
  it("reads the printed node sets with their columns", () => {
    const [u] = parseDat(read("beam-static/model.dat"));
    expect(u).toMatchObject({ quantity: "displacements", components: ["vx", "vy", "vz"], set: "NAXIS", time: 1 });
    expect(u.rows).toHaveLength(21);
    expect(datColumns(u)).toEqual(["node", "vx", "vy", "vz"]);
    const [t] = parseDat(read("bar-heat/model.dat"));
    expect(datColumns(t)).toEqual(["node", "T"]);
    expect(t.rows.map((r) => r[1])).toEqual([20, 29, 36, 41, 44, 45, 44, 41, 36, 29, 20]);
  });
});

describe("readCalculixResult", () => {
  it("statics: maximum displacement near PL³/3EI, von Mises, the axis curve, tables, files and the contour", async () => {
    const dir = workDirOf("beam-static");
    const r = await readCalculixResult(dir);
    const umax = r.scalars.find((s) => s.key === "maxDisplacementMm")!;
    expect(umax.unit).toBe("mm");
    expect(Math.abs(umax.value - BEAM_THEORY_MM) / BEAM_THEORY_MM).toBeLessThan(0.01);
    expect(r.scalars.find((s) => s.key === "maxVonMisesMpa")!.value).toBeGreaterThan(50);
    expect(r.scalars.some((s) => s.key === "maxTemperature")).toBe(false);
    const curve = r.series.find((s) => s.key === "deflection")!;
    expect(curve.x.values[0]).toBe(0);
    expect(curve.x.values.at(-1)).toBe(100);
    expect(curve.y.values.at(-1)).toBeCloseTo(-0.1897893, 7);
    expect(r.tables[0].rows).toHaveLength(21);
    expect(r.files.map((f) => f.path)).toEqual(["model.inp", "model.frd", "model.dat", "model.sta", "contour.svg"]);
    const svg = fs.readFileSync(path.join(dir, "contour.svg"), "utf8");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 800 500"/);
    expect(svg).toContain("MPa");
    expect(svg).toMatch(/u × \d/);
    expect(svg).not.toMatch(/<script|href=/);
    expect(r.images).toEqual([expect.objectContaining({ key: "contour", path: "contour.svg" })]);
  });

  it("conduction: maximum temperature T0 + qL²/8k at mid-length, no displacement", async () => {
    const r = await readCalculixResult(workDirOf("bar-heat"));
    expect(r.scalars.find((s) => s.key === "maxTemperature")).toMatchObject({ value: 45, unit: "°C" });
    expect(r.scalars.find((s) => s.key === "minTemperature")!.value).toBe(20);
    expect(r.scalars.some((s) => s.key === "maxDisplacementMm")).toBe(false);
    expect(r.series[0].y.values[5]).toBe(45);
    expect(r.images![0].label.en).toBe("Temperature field");
  });

  it("says why when ccx wrote no .frd", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ccx-unit-"));
    tmpDirs.push(dir);
    await expect(readCalculixResult(dir)).rejects.toThrow(/model\.frd unreadable/);
  });
});

describe("readCalculixProgress", () => {
  it("reads the increments of the .sta file and nothing from an empty dir", async () => {
    const p = await readCalculixProgress(workDirOf("beam-static"));
    expect(p.scalars).toEqual([expect.objectContaining({ key: "totalTime", value: 1 })]);
    expect(p.series[0].x.values).toEqual([1]);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "ccx-unit-"));
    tmpDirs.push(empty);
    expect(await readCalculixProgress(empty)).toEqual({ series: [], scalars: [] });
  });
});

describe("volumeOnlyInp (gmsh 4.8 export of a bar with physical groups)", () => {
  const raw = read("gmsh-bar/mesh.inp");
  const out = volumeOnlyInp(raw);

  it("drops the surface elements and the element sets made of them, keeps volumes and node sets", () => {
    expect(raw).toMatch(/type=CPS6/);
    expect(out).not.toMatch(/type=CPS|type=T3D/);
    expect(out).toMatch(/^\*ELEMENT, type=C3D10, ELSET=Volume1$/m);
    expect(out).not.toMatch(/^\*ELSET,ELSET=FIX$/m);
    expect(out).toMatch(/^\*ELSET,ELSET=BEAM$/m);
    expect(out).toMatch(/^\*NSET,NSET=FIX$/m);
    expect(out).toMatch(/^\*NSET,NSET=TIP$/m);
  });

  it("renames gmsh's C3D20 to the reduced-integration C3D20R", () => {
    expect(volumeOnlyInp("*ELEMENT, type=C3D20, ELSET=Volume1\n1, 2")).toBe("*ELEMENT, type=C3D20R, ELSET=Volume1\n1, 2");
  });
});
