import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { magnitude, readVectorField } from "./field.ts";
import { readOpenFoamProgress, readOpenFoamResult } from "./output.ts";
import { parseSolverLog } from "./solver-log.ts";
import { velocitySvg } from "./velocity-svg.ts";

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
/** icoFoam's log of the tutorial cavity, kept: the first three steps and the last two with End. */
const LOG = fixture("icoFoam-cavity.log");

describe("solver log", () => {
  it("reads every step's first initial residual per field, the last final residual, Courant and End", () => {
    const log = parseSolverLog(LOG);
    expect(log.steps).toEqual([0.005, 0.01, 0.015, 0.495, 0.5]);
    expect(log.fields.map((f) => f.field)).toEqual(["Ux", "Uy", "p"]);
    const p = log.fields.find((f) => f.field === "p")!;
    expect(p.times).toEqual(log.steps);
    // Two PISO correctors: the first solve's initial residual, the second solve's final residual.
    expect(p.initial.slice(0, 2)).toEqual([1, 0.428925]);
    expect(p.final[0]).toBe(2.65225e-7);
    expect(p.initial.at(-1)).toBe(8.63844e-7);
    expect(log.fields[1].initial[0]).toBe(0); // Uy is still at rest in the first step
    expect(log.courantMax).toBe(0.852134);
    expect(log.completed).toBe(true);
  });

  it("reads a half-written log without misreading its cut line", () => {
    const cut = LOG.indexOf("Solving for Uy", LOG.indexOf("Time = 0.01")) + 30;
    const log = parseSolverLog(LOG.slice(0, cut));
    expect(log.steps).toEqual([0.005, 0.01]);
    expect(log.fields.find((f) => f.field === "Uy")!.initial).toEqual([0]);
    expect(log.completed).toBe(false);
    expect(parseSolverLog("")).toEqual({ steps: [], fields: [], courantMax: null, executionTime: null, completed: false });
  });
});

describe("field files", () => {
  it("reads the 400 cell velocities of the cavity at t = 0.5 s and the cell centres", () => {
    const u = readVectorField(fixture("U-0.5"))!;
    expect(u).toHaveLength(400);
    expect(u[0]).toEqual([0.000253405, -0.000250456, 0]);
    expect(Math.max(...u.map(magnitude))).toBeCloseTo(0.852668, 5);
    const c = readVectorField(fixture("C-0"))!;
    expect(c[0]).toEqual([0.0025, 0.0025, 0.005]);
    expect(c[399]).toEqual([0.0975, 0.0975, 0.005]);
  });

  it("expands a uniform field and gives up on what it cannot read", () => {
    expect(readVectorField("internalField   uniform (1 0 0);", 2)).toEqual([[1, 0, 0], [1, 0, 0]]);
    expect(readVectorField("internalField nonuniform List<vector> 2((1 2 3) (4 5 6));")).toEqual([[1, 2, 3], [4, 5, 6]]);
    expect(readVectorField("internalField nonuniform List<vector> 3((1 2 3));")).toBeNull();
    expect(readVectorField("dimensions [0 1 -1 0 0 0 0];")).toBeNull();
  });
});

function workDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foam-out-"));
  fs.writeFileSync(path.join(dir, "stdout.log"), LOG);
  fs.mkdirSync(path.join(dir, "0"));
  fs.mkdirSync(path.join(dir, "0.5"));
  fs.writeFileSync(path.join(dir, "0/C"), fixture("C-0"));
  fs.writeFileSync(path.join(dir, "0.5/U"), fixture("U-0.5"));
  fs.mkdirSync(path.join(dir, "system"));
  fs.writeFileSync(path.join(dir, "system/controlDict"), fixture("cavity/system/controlDict"));
  return dir;
}

describe("result", () => {
  it("has the residual curves, convergence, |U| max, the velocity picture and the files", async () => {
    const dir = workDir();
    const r = await readOpenFoamResult(dir);
    const s = Object.fromEntries(r.scalars.map((x) => [x.key, x.value]));
    expect(s).toMatchObject({ converged: 1, steps: 5, time: 0.5, "finalResidual-Ux": 2.3091e-7, "finalResidual-Uy": 5.0684e-7, "finalResidual-p": 8.63844e-7, courantMax: 0.852134 });
    expect(s.maxVelocity).toBeCloseTo(0.852668, 5);
    expect(r.series.map((x) => [x.key, x.x.values.length, x.x.unit])).toEqual([
      ["residual-Ux", 5, "s"],
      ["residual-Uy", 5, "s"],
      ["residual-p", 5, "s"],
    ]);
    expect(r.images).toEqual([expect.objectContaining({ key: "velocity", path: "velocity.svg" })]);
    expect(r.files.map((f) => f.path)).toEqual(["stdout.log", "system/controlDict", "0.5/U", "velocity.svg"]);
    const svg = fs.readFileSync(path.join(dir, "velocity.svg"), "utf8");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 800 500"/);
    expect(svg).not.toMatch(/<script|href=/);
    expect(svg.match(/<rect [^>]*fill="rgb/g)!.length).toBe(400 + 50); // every cell, and the colour bar's bands
    expect(svg).toContain("|U| (m/s)");
  });

  it("refuses a run whose log has no End, and reports a large last residual as not converged", async () => {
    const dir = workDir();
    fs.writeFileSync(path.join(dir, "stdout.log"), LOG.replace(/\nEnd\n/, "\n"));
    await expect(readOpenFoamResult(dir)).rejects.toThrow(/no End/);
    fs.writeFileSync(path.join(dir, "stdout.log"), LOG.replace("Solving for p, Initial residual = 8.63844e-07", "Solving for p, Initial residual = 0.02"));
    const r = await readOpenFoamResult(dir);
    expect(r.scalars.find((x) => x.key === "converged")!.value).toBe(0);
  });
});

describe("progress", () => {
  it("gives the curves of a log still being written and nothing, without throwing, before it exists", async () => {
    const dir = workDir();
    fs.writeFileSync(path.join(dir, "stdout.log"), LOG.slice(0, LOG.indexOf("Time = 0.495")));
    const p = await readOpenFoamProgress(dir);
    expect(p.series.map((x) => x.y.values.length)).toEqual([3, 3, 3]);
    expect(p.scalars.find((x) => x.key === "time")!.value).toBe(0.015);
    fs.rmSync(path.join(dir, "stdout.log"));
    expect(await readOpenFoamProgress(dir)).toEqual({ series: [], scalars: [] });
  });
});

describe("velocity picture", () => {
  it("draws an unstructured set of centres as dots", () => {
    const svg = velocitySvg({ centres: [[0, 0, 0], [1, 0.2, 0], [0.3, 1, 0]], velocity: [[1, 0, 0], [0, 1, 0], [0, 0, 0]], title: "t" });
    expect(svg.match(/<circle/g)).toHaveLength(3);
  });
});
