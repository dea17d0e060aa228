import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppInputError } from "../types.ts";
import { eosLatticeConstants, renderQeDeck } from "./deck.ts";
import { qeExample, validateQeParams } from "./params.ts";
import { INSTALLED_PSEUDOS, upfElement } from "./pseudos.ts";
import { parseQeDeck } from "./pw-input.ts";

const FIX = path.join(import.meta.dirname, "fixtures");
const read = (name: string) => fs.readFileSync(path.join(FIX, name), "utf8");
/** Stands in for the installed directory, so these tests do not depend on the machine's packages. */
const PSEUDOS = [
  { file: "Si.pz-vbc.UPF", element: "Si" },
  { file: "Fe.pz-nd-rrkjus.UPF", element: "Fe" },
];
const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppInputError);
    return (e as AppInputError).issues;
  }
  throw new Error("not refused");
};

describe("qe-pw graphical params and deck", () => {
  it("renders exactly the inputs the fixtures were computed from (Si example01, spin-polarised bcc Fe)", () => {
    const si = validateQeParams(qeExample, PSEUDOS);
    expect(renderQeDeck(si).files).toEqual({ "pw.in": read("si-scf.in") });
    const fe = validateQeParams(
      { lattice: "bcc", latticeConstantA: 2.87, element: "Fe", pseudopotential: "Fe.pz-nd-rrkjus.UPF", ecutwfc: 25, ecutrho: 200, kpoints: 4, smearing: "mv", degauss: 0.02, spinPolarized: "yes", startingMagnetization: 0.5, convThr: 1e-6, mixingBeta: 0.3 },
      PSEUDOS,
    );
    expect(renderQeDeck(fe).files["pw.in"]).toBe(read("fe-bcc-spin.in"));
  });

  it("renders an EOS scan: pw.in at a and eos/pNN.in at the other lattice constants, each with its own prefix", () => {
    const p = validateQeParams({ ...qeExample, latticeConstantA: 5.4, eosPoints: 5, eosSpreadPercent: 3 }, PSEUDOS);
    const files = renderQeDeck(p).files;
    expect(Object.keys(files).sort()).toEqual(["eos/p01.in", "eos/p02.in", "eos/p04.in", "eos/p05.in", "pw.in"]);
    expect(files["eos/p01.in"]).toBe(read("si-eos/eos/p01.in"));
    expect(files["eos/p05.in"]).toContain("prefix = 'p05'");
    expect(eosLatticeConstants(5.4, 5, 3).map((a) => +a.toFixed(6))).toEqual([5.238, 5.319, 5.4, 5.481, 5.562]);
    // An even count has no point at a: all of them are extra inputs, and pw.in joins the fit.
    expect(Object.keys(renderQeDeck({ ...p, eosPoints: 6 }).files)).toHaveLength(7);
  });

  it("renders hcp on hexagonal axes with c/a and crystal coordinates", () => {
    const p = validateQeParams({ ...qeExample, lattice: "hcp", latticeConstantA: 2.5, cOverA: 1.6, element: "Fe", pseudopotential: "Fe.pz-nd-rrkjus.UPF", smearing: "mv" }, PSEUDOS);
    const deck = renderQeDeck(p).files["pw.in"];
    expect(deck).toMatch(/ibrav = 4\n  celldm\(1\) = 4\.72431\d*\n  celldm\(3\) = 1\.6\n  nat = 2/);
    expect(deck).toContain("ATOMIC_POSITIONS crystal\n  Fe 0.3333333333 0.6666666667 0.25\n  Fe 0.6666666667 0.3333333333 0.75");
    expect(() => parseQeDeck(deck)).not.toThrow();
  });

  it("refuses a pseudopotential of another element, in four languages", () => {
    const [issue] = refused(() => validateQeParams({ ...qeExample, element: "Fe", smearing: "mv" }, PSEUDOS));
    expect(issue.field).toBe("pseudopotential");
    expect(issue.text.en).toBe("the pseudopotential Si.pz-vbc.UPF is for Si, not for the chosen element Fe");
    expect(issue.text.zh).toBe("赝势 Si.pz-vbc.UPF 对应元素 Si，与所选元素 Fe 不一致");
    expect(issue.text.es).toContain("Si.pz-vbc.UPF");
    expect(issue.text.ja).toContain("Fe");
  });

  it("refuses the rules between fields and words zod's refusals in four languages", () => {
    const issues = refused(() => validateQeParams({ ...qeExample, ecutrho: 50, spinPolarized: "yes", eosPoints: 3 }, PSEUDOS));
    expect(issues.map((i) => i.field)).toEqual(["ecutrho", "smearing", "eosPoints"]);
    expect(issues[0].text.en).toContain("72 Ry");
    const [bad] = refused(() => validateQeParams({ ...qeExample, kpoints: 2.5 }, PSEUDOS));
    expect(bad).toMatchObject({ field: "kpoints", text: { en: "must be a whole number", zh: "必须是整数" } });
    expect(refused(() => validateQeParams({ ...qeExample, lattice: "sc" }, PSEUDOS))[0].field).toBe("lattice");
  });

  it("finds each installed UPF file's element from its header or name", () => {
    expect(upfElement('<PP_HEADER element=" B" ', "B.pbe.UPF")).toBe("B");
    expect(upfElement("<PP_HEADER>\n   0                   Version Number\n  Co                   Element\n", "CorelUSPBE.RRKJ3.UPF")).toBe("Co");
    expect(upfElement("", "pb_s.UPF")).toBe("Pb");
    expect(upfElement("", "clean_ps")).toBeNull();
    for (const p of INSTALLED_PSEUDOS) expect(p.file).toMatch(/\.upf$/i);
  });
});
