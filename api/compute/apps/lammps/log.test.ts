import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { readLammpsLog } from "./log.ts";

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("readLammpsLog on real LAMMPS logs", () => {
  it("reads the relax and the NVT run of bcc Fe as two thermo tables, and the printed results", () => {
    const log = readLammpsLog(fixture("fe-bcc-relax-nvt.log.lammps"));
    expect(log.units).toBe("metal");
    expect(log.error).toBeNull();
    expect(log.blocks.map((b) => [b.minimization, b.complete, b.atoms, b.rows.length])).toEqual([
      [true, true, 128, 2],
      [false, true, 128, 11],
    ]);
    const md = log.blocks[1];
    expect(md.columns).toEqual(["Step", "Temp", "PotEng", "TotEng", "Press", "Volume"]);
    expect(md.rows[0]).toEqual([0, 600, -527.67169, -517.82207, 7061.4233, 1489.8638]);
    expect(md.rows.at(-1)![0]).toBe(200);
    // The echoed print commands are not results: only the lines LAMMPS printed.
    expect(log.results).toEqual([
      { key: "latticeConstantA", value: 2.85532486 },
      { key: "cohesiveEnergyEvPerAtom", value: -4.1224351 },
      { key: "atoms", value: 128 },
    ]);
  });

  it("reads a log cut in the middle of a row: the partial row is dropped and the table is not complete", () => {
    const text = fixture("fe-bcc-relax-nvt.log.lammps");
    const cut = text.indexOf("     100 ") + 12;
    const log = readLammpsLog(text.slice(0, cut));
    expect(log.blocks).toHaveLength(2);
    expect(log.blocks[1].complete).toBe(false);
    expect(log.blocks[1].rows.map((r) => r[0])).toEqual([0, 20, 40, 60, 80]);
  });

  it("keeps LAMMPS's error line when it stopped", () => {
    const log = readLammpsLog(fixture("missing-potential.log.lammps"));
    expect(log.error).toMatch(/^ERROR on proc 0: cannot open eam\/fs potential file missing\.eam\.fs/);
    expect(log.blocks).toEqual([]);
  });

  it("reads the NPT run of Fe–Cr with its solute fraction", () => {
    const log = readLammpsLog(fixture("fecr-solute-npt.log.lammps"));
    expect(log.results.find((r) => r.key === "soluteFraction")?.value).toBeCloseTo(0.132812, 6);
    const md = log.blocks.at(-1)!;
    expect(md.minimization).toBe(false);
    const vol = md.columns.indexOf("Volume");
    expect(new Set(md.rows.map((r) => r[vol])).size).toBeGreaterThan(1);
  });
});
