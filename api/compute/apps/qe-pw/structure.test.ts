import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppInputError, type InputIssue } from "../types.ts";
import { parseStructure } from "./structure.ts";

const FIX = path.join(import.meta.dirname, "fixtures");
const read = (name: string) => fs.readFileSync(path.join(FIX, name), "utf8");
const SI = read("si-primitive.poscar");
const ALAS = read("alas-zincblende.poscar");

const refusal = (text: string): InputIssue => {
  try {
    parseStructure(text);
  } catch (e) {
    expect(e).toBeInstanceOf(AppInputError);
    const issues = (e as AppInputError).issues;
    expect(issues).toHaveLength(1);
    expect(issues[0].field).toBe("structure");
    for (const lang of ["zh", "en", "es", "ja"] as const) expect(issues[0].text[lang]).not.toMatch(/\{\w+\}/);
    return issues[0];
  }
  throw new Error("not refused");
};
const close = (a: number[], b: number[]) => a.forEach((x, i) => expect(x).toBeCloseTo(b[i], 9));

describe("uploaded cell: POSCAR", () => {
  it("reads a VASP 5 POSCAR in Direct coordinates with the scale applied to the cell", () => {
    const s = parseStructure(SI);
    expect(s.format).toBe("poscar");
    expect(s.species).toEqual(["Si"]);
    close(s.cellA[0], [0, 2.69880375, 2.69880375]);
    close(s.cellA[2], [2.69880375, 2.69880375, 0]);
    expect(s.atoms).toEqual([{ element: "Si", crystal: [0, 0, 0] }, { element: "Si", crystal: [0.25, 0.25, 0.25] }]);
  });

  it("converts Cartesian positions to crystal coordinates, keeping species in file order", () => {
    const s = parseStructure(ALAS);
    expect(s.species).toEqual(["Al", "As"]);
    expect(s.atoms.map((a) => a.element)).toEqual(["Al", "As"]);
    close(s.atoms[1].crystal, [0.25, 0.25, 0.25]);
  });

  it("takes Selective dynamics, POTCAR-suffixed symbols, a negative scale (the volume) and CRLF", () => {
    const text = ["B2 FeAl", "-24.389", "1 0 0", "0 1 0", "0 0 1", "Fe_pv Al", "1 1", "Selective dynamics", "Cartesian", "0 0 0 F F F", "0.5 0.5 0.5 T T T", ""].join("\r\n");
    const s = parseStructure(text);
    expect(s.species).toEqual(["Fe", "Al"]);
    expect(s.cellA[0][0]).toBeCloseTo(Math.cbrt(24.389), 9);
    // Cartesian positions are scaled too: the second atom is the body centre.
    close(s.atoms[1].crystal, [0.5, 0.5, 0.5]);
  });

  it("refuses each malformed part, naming its line in four languages", () => {
    const lines = SI.split("\n");
    const with_ = (i: number, v: string) => lines.map((l, k) => (k === i ? v : l)).join("\n");
    expect(refusal("").text.en).toBe("the structure is empty: lattice = cell needs a POSCAR or extended XYZ file");
    expect(refusal(lines.slice(0, 4).join("\n")).text.en).toBe("line 5: the file ends here; still missing: the cell vectors");
    expect(refusal(lines.slice(0, 9).join("\n")).text.zh).toBe("第 10 行：文件在此处结束，还缺少原子坐标");
    expect(refusal(with_(1, "zero")).text.en).toBe("line 2: the scale factor must be one non-zero number");
    expect(refusal(with_(3, "0.5 x 0.5")).text.en).toBe("line 4: expected 3 numbers");
    expect(refusal(with_(4, "0.5 0.5 1")).text.en).toBe("line 3: the cell vectors are zero or coplanar (volume 0 Å³), not a 3D cell");
    expect(refusal(with_(5, "2")).text.en).toMatch(/^line 6: the element line is missing/);
    expect(refusal(with_(5, "Xx")).text).toMatchObject({ en: "line 6: Xx is not an element symbol", zh: "第 6 行：Xx 不是元素符号" });
    expect(refusal(with_(6, "2 1")).text.en).toBe("line 7: expected one positive whole atom count per element (1 in all)");
    expect(refusal(with_(6, "0")).text.en).toBe("line 7: expected one positive whole atom count per element (1 in all)");
    expect(refusal(with_(7, "Fractional")).text.en).toBe("line 8: expected Direct or Cartesian");
    expect(refusal(with_(9, "  0.25 0.25")).text.en).toBe("line 10: expected 3 numbers");
    expect(refusal(with_(6, "65")).text.en).toBe("line 7: 65 atoms, at most 64 are allowed");
    expect(refusal(with_(5, "H He Li Be B C N").replace("\n2\n", "\n1 1 1 1 1 1 1\n")).text.en).toBe("line 7: 7 elements, at most 6 are allowed");
  });
});

describe("uploaded cell: extended XYZ", () => {
  const XYZ = ['2', 'Lattice="0 2.83 2.83 2.83 0 2.83 2.83 2.83 0" Properties=species:S:1:pos:R:3 pbc="T T T"', "Al 0 0 0", "As 1.415 1.415 1.415", ""].join("\n");

  it("reads the Lattice of the comment line and Cartesian positions", () => {
    const s = parseStructure(XYZ);
    expect(s.format).toBe("xyz");
    expect(s.species).toEqual(["Al", "As"]);
    close(s.cellA[1], [2.83, 0, 2.83]);
    close(s.atoms[1].crystal, [0.25, 0.25, 0.25]);
    // The same crystal as the POSCAR fixture.
    expect(parseStructure(ALAS).atoms.map((a) => a.crystal.map((c) => +c.toFixed(9)))).toEqual(s.atoms.map((a) => a.crystal.map((c) => +c.toFixed(9))));
  });

  it("refuses a missing Lattice, other Properties, bad atoms, wrong counts and too many atoms", () => {
    const lines = XYZ.split("\n");
    const with_ = (i: number, v: string) => lines.map((l, k) => (k === i ? v : l)).join("\n");
    expect(refusal(with_(1, "AlAs")).text.en).toBe('line 2: the extended XYZ comment line needs Lattice="ax ay az bx by bz cx cy cz" (9 numbers)');
    expect(refusal(with_(1, 'Lattice="1 0 0 0 1 0 0 0"')).text.en).toMatch(/^line 2: the extended XYZ comment line needs Lattice=/);
    expect(refusal(with_(1, 'Lattice="1 0 0 0 1 0 0 0 0"')).text.en).toBe("line 2: the cell vectors are zero or coplanar (volume 0 Å³), not a 3D cell");
    expect(refusal(with_(1, 'Lattice="3 0 0 0 3 0 0 0 3" Properties=pos:R:3:species:S:1')).text.en).toBe("line 2: only Properties=species:S:1:pos:R:3 (symbol x y z) is supported");
    expect(refusal(with_(3, "As 1.4 nan 1.4")).text.en).toBe("line 4: expected symbol x y z (Å)");
    expect(refusal(with_(3, "Qq 1 1 1")).text.en).toBe("line 4: Qq is not an element symbol");
    expect(refusal(with_(0, "3")).text.en).toBe("line 5: the file ends here; still missing: the atom coordinates");
    expect(refusal(with_(0, "1")).text.en).toBe("line 4: more text after the atoms (the atom count does not match the coordinate lines)");
    expect(refusal(with_(0, "100")).text.en).toBe("line 1: 100 atoms, at most 64 are allowed");
  });
});
