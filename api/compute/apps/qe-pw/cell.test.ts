import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AppInputError } from "../types.ts";
import { renderQeDeck } from "./deck.ts";
import { readQeResult } from "./output.ts";
import { qeExample, validateQeParams } from "./params.ts";
import { parsePwOutput } from "./pw-output.ts";
import { parseQeDeck } from "./pw-input.ts";
import { chooseSpeciesPseudos, pseudoFamily } from "./species-pseudos.ts";

const FIX = path.join(import.meta.dirname, "fixtures");
const read = (name: string) => fs.readFileSync(path.join(FIX, name), "utf8");
/** A part of Debian's quantum-espresso-data set, in its sorted order, so these tests do not depend on the machine. */
const PSEUDOS = [
  { file: "Al.pz-vbc.UPF", element: "Al" },
  { file: "As.pz-bhs.UPF", element: "As" },
  { file: "Fe.pbe-mt_fhi.UPF", element: "Fe" },
  { file: "Fe.pbe-nd-rrkjus.UPF", element: "Fe" },
  { file: "Fe.pz-nd-rrkjus.UPF", element: "Fe" },
  { file: "Fe.rel-pbe-spn-rrkjus_psl.0.2.1.UPF", element: "Fe" },
  { file: "Ni.pbe-nd-rrkjus.UPF", element: "Ni" },
  { file: "Ni.pz-nd-rrkjus.UPF", element: "Ni" },
  { file: "O.pbe-kjpaw.UPF", element: "O" },
  { file: "O.pz-rrkjus.UPF", element: "O" },
  { file: "Si.pz-vbc.UPF", element: "Si" },
];
const CELL = { ...qeExample, lattice: "cell", structure: read("si-primitive.poscar") };
const ALAS = { ...CELL, structure: read("alas-zincblende.poscar"), ecutwfc: 16, kpoints: 2, convThr: 1e-6 };
const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppInputError);
    return (e as AppInputError).issues;
  }
  throw new Error("not refused");
};
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("qe-pw lattice = cell: pseudopotentials per species", () => {
  it("reads the family tags of QE's file names", () => {
    expect(pseudoFamily("Fe.pz-nd-rrkjus.UPF")).toEqual({ functional: "pz", kind: "rrkjus", relativistic: false });
    expect(pseudoFamily("Fe.rel-pbe-spn-rrkjus_psl.0.2.1.UPF")).toEqual({ functional: "pbe", kind: "rrkjus", relativistic: true });
    expect(pseudoFamily("O.pbe-kjpaw.UPF")).toEqual({ functional: "pbe", kind: "kjpaw", relativistic: false });
    expect(pseudoFamily("C_3.98148.UPF")).toEqual({ functional: undefined, kind: undefined, relativistic: false });
  });

  it("keeps the chosen file for its element and matches the others by functional, then kind, else takes the first", () => {
    expect(chooseSpeciesPseudos(["Fe", "O"], "Fe.pz-nd-rrkjus.UPF", PSEUDOS)).toEqual({
      pseudos: [{ element: "Fe", file: "Fe.pz-nd-rrkjus.UPF" }, { element: "O", file: "O.pz-rrkjus.UPF" }],
      missing: [],
    });
    // PBE ultrasoft Ni → PBE ultrasoft non-relativistic Fe, PBE (PAW, the only PBE one) O.
    expect(chooseSpeciesPseudos(["Fe", "O"], "Ni.pbe-nd-rrkjus.UPF", PSEUDOS).pseudos.map((p) => p.file)).toEqual(["Fe.pbe-nd-rrkjus.UPF", "O.pbe-kjpaw.UPF"]);
    // LDA vbc Si → LDA vbc Al; As has only an LDA bhs file: same functional wins.
    expect(chooseSpeciesPseudos(["Al", "As"], "Si.pz-vbc.UPF", PSEUDOS).pseudos.map((p) => p.file)).toEqual(["Al.pz-vbc.UPF", "As.pz-bhs.UPF"]);
    expect(chooseSpeciesPseudos(["Fe", "Na", "Cl"], "Si.pz-vbc.UPF", PSEUDOS).missing).toEqual(["Na", "Cl"]);
  });
});

describe("qe-pw lattice = cell: params and deck", () => {
  it("renders the uploaded cell exactly as the fixture pw.x ran: ibrav 0, Å cell, crystal positions, one pseudopotential per species", () => {
    expect(renderQeDeck(validateQeParams(ALAS, PSEUDOS), PSEUDOS).files).toEqual({ "pw.in": read("alas-cell.in") });
    const si = renderQeDeck(validateQeParams(CELL, PSEUDOS), PSEUDOS).files["pw.in"];
    expect(si).toContain("  ibrav = 0\n  nat = 2\n  ntyp = 1\n");
    expect(si).toContain("ATOMIC_SPECIES\n  Si 28.086 Si.pz-vbc.UPF\nCELL_PARAMETERS angstrom\n  0 2.69880375 2.69880375\n");
    // The rendered deck is one instruction mode accepts, too.
    expect(parseQeDeck(read("alas-cell.in"))).toMatchObject({ ibrav: 0, nat: 2, ntyp: 2, species: ["Al", "As"], pseudopotentials: ["Al.pz-vbc.UPF", "As.pz-bhs.UPF"] });
  });

  it("scales the whole cell for an EOS scan around the uploaded one, and sets a magnetisation per species", () => {
    const p = validateQeParams({ ...ALAS, latticeConstantA: 5.66, eosPoints: 5, eosSpreadPercent: 3 }, PSEUDOS);
    const files = renderQeDeck(p, PSEUDOS).files;
    expect(files).toEqual({
      "pw.in": read("alas-eos/pw.in"),
      "eos/p01.in": read("alas-eos/eos/p01.in"),
      "eos/p02.in": read("alas-eos/eos/p02.in"),
      "eos/p04.in": read("alas-eos/eos/p04.in"),
      "eos/p05.in": read("alas-eos/eos/p05.in"),
    });
    expect(files["eos/p01.in"]).toContain("CELL_PARAMETERS angstrom\n  0 2.7451 2.7451\n");
    const spin = renderQeDeck(validateQeParams({ ...ALAS, smearing: "mv", spinPolarized: "yes", startingMagnetization: 0.3 }, PSEUDOS), PSEUDOS).files["pw.in"];
    expect(spin).toContain("  nspin = 2\n  starting_magnetization(1) = 0.3\n  starting_magnetization(2) = 0.3\n");
  });

  it("refuses a cell without a structure, a bad structure and elements without an installed pseudopotential", () => {
    expect(refused(() => validateQeParams({ ...CELL, structure: undefined }, PSEUDOS))).toEqual([
      { field: "structure", text: expect.objectContaining({ en: "lattice = cell needs a structure (a VASP 5 POSCAR or an extended XYZ with Lattice=)" }) },
    ]);
    expect(refused(() => validateQeParams({ ...CELL, structure: "Si\n1.0\n1 0 0\n" }, PSEUDOS))[0].text.en).toBe("line 4: the file ends here; still missing: the cell vectors");
    const nacl = ["NaCl", "5.64", "0 .5 .5", ".5 0 .5", ".5 .5 0", "Na Cl", "1 1", "Direct", "0 0 0", ".5 .5 .5"].join("\n");
    const issues = refused(() => validateQeParams({ ...CELL, structure: nacl }, PSEUDOS));
    expect(issues.map((i) => i.text.en)).toEqual(["no pseudopotential is installed for the element Na of the structure", "no pseudopotential is installed for the element Cl of the structure"]);
    expect(issues[0].text.zh).toBe("结构中的元素 Na 没有已安装的赝势");
    // The element field does not bind a cell: only the pseudopotential's family counts.
    expect(() => validateQeParams({ ...ALAS, element: "Fe" }, PSEUDOS)).not.toThrow();
    expect(refused(() => validateQeParams({ ...CELL, structure: "x".repeat(65537) }, PSEUDOS))[0].field).toBe("structure");
  });
});

describe("qe-pw lattice = cell: results (real pw.x 6.7 outputs)", () => {
  it("reads the two-species AlAs run: ibrav 0, a force per atom of each type", () => {
    const run = parsePwOutput(read("alas-cell.out"));
    expect(run.ibrav).toBe(0);
    expect(run.finalEnergiesRy).toEqual([-16.98951361]);
    expect(run.forces?.atoms.map((a) => a.type)).toEqual([1, 2]);
    expect(run.nat).toBe(2);
  });

  it("fits the EOS of a scaled cell with a0 the cube root of the volume per cell", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qe-pw-cell-"));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, "eos"));
    for (const f of ["pw.out", "eos/p01.out", "eos/p02.out", "eos/p04.out", "eos/p05.out"]) fs.copyFileSync(path.join(FIX, "alas-eos", f), path.join(dir, f));
    const r = await readQeResult(dir);
    const value = (key: string) => r.scalars.find((s) => s.key === key)?.value;
    expect(value("eosLatticeConstantA")).toBeCloseTo(Math.cbrt(value("eosVolumeA3")!), 9);
    // The table's lattice constants are ∛V of each scaled cell: ∛(2·2.83³) at the middle point.
    const table = r.tables.find((t) => t.key === "eos")!;
    expect(table.rows.map((row) => Number(row[1]).toFixed(4))).toContain(Math.cbrt(2 * 2.83 ** 3).toFixed(4));
    expect(value("bulkModulusGPa")).toBeGreaterThan(50);
    expect(value("bulkModulusGPa")).toBeLessThan(110);
  });
});
