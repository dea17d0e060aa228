import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppInputError } from "../types.ts";
import { parseQeDeck } from "./pw-input.ts";

const FIX = path.join(import.meta.dirname, "fixtures");
const read = (name: string) => fs.readFileSync(path.join(FIX, name), "utf8");
const example = read("si-example01.in");
const issuesOf = (text: string) => {
  try {
    parseQeDeck(text);
  } catch (e) {
    expect(e).toBeInstanceOf(AppInputError);
    return (e as AppInputError).issues.map((i) => ({ line: i.line, en: i.text.en }));
  }
  throw new Error("accepted");
};
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

describe("qe-pw instruction mode: the user's pw.x input", () => {
  it("accepts QE's own example01 silicon input (explicit k list, installed pseudo_dir) and summarises it", () => {
    expect(parseQeDeck(example)).toEqual({
      source: "deck",
      calculation: "scf",
      ibrav: 2,
      nat: 2,
      ntyp: 1,
      ecutwfc: 18,
      nspin: 1,
      occupations: "fixed",
      kpoints: "10 points (tpiba)",
      species: ["Si"],
      pseudopotentials: ["Si.pz-vbc.UPF"],
    });
  });

  it("accepts the graphical mode's own decks", () => {
    expect(parseQeDeck(read("fe-bcc-spin.in"))).toMatchObject({ ibrav: 3, nspin: 2, occupations: "smearing", kpoints: "4 4 4 1 1 1", ecutrho: 200 });
    expect(parseQeDeck(read("si-eos/eos/p01.in")).pseudopotentials).toEqual(["Si.pz-vbc.UPF"]);
  });

  it("refuses paths outside the work dir, naming their lines", () => {
    const deck = example.replace("outdir='./tmp/'", "outdir='/tmp/'").replace("pseudo_dir = '/usr/share/espresso/pseudo/'", "pseudo_dir = '../pseudo'");
    expect(issuesOf(deck)).toEqual([
      { line: lineOf(deck, "pseudo_dir"), en: expect.stringContaining("pseudo_dir = '../pseudo' is not allowed") },
      { line: lineOf(deck, "outdir"), en: "outdir = '/tmp/' points outside the work dir: only relative paths without .. are allowed" },
    ]);
    expect(issuesOf(example.replace("outdir='./tmp/'", "outdir='run/../../x'"))[0].en).toContain("outside the work dir");
    expect(issuesOf(example.replace("Si.pz-vbc.UPF", "/etc/Si.UPF"))).toEqual([{ line: 21, en: "the pseudopotential file /etc/Si.UPF must be a plain file name, without a path" }]);
    expect(() => parseQeDeck(example.replace("pseudo_dir = '/usr/share/espresso/pseudo/',", "pseudo_dir = './',"))).not.toThrow();
    expect(() => parseQeDeck(example.replace("pseudo_dir = '/usr/share/espresso/pseudo/',", ""))).not.toThrow();
  });

  it("refuses what pw.x would fail on: missing namelists and cards, counts, k-points, nscf, unreadable lines", () => {
    expect(issuesOf(example.replace(" &electrons\n", "").replace("    diagonalization='david'\n    mixing_mode = 'plain'\n    mixing_beta = 0.7\n    conv_thr =  1.0d-8\n /\n", ""))).toEqual([
      { line: undefined, en: "the namelist &ELECTRONS is missing" },
    ]);
    expect(issuesOf(example.replace("nat=  2", "nat=  3"))).toEqual([{ line: 22, en: "ATOMIC_POSITIONS has 2 lines but nat = 3" }]);
    expect(issuesOf(example.replace(" Si 0.25 0.25 0.25", " Ge 0.25 0.25 0.25"))).toEqual([{ line: 24, en: "the label Ge is not in ATOMIC_SPECIES" }]);
    expect(issuesOf(example.replace("  10\n", "  11\n"))[0]).toMatchObject({ line: 26 });
    const auto = example.slice(0, example.indexOf("K_POINTS")) + "K_POINTS automatic\n 4 4 4 1 1\n";
    expect(issuesOf(auto)).toEqual([{ line: 26, en: expect.stringContaining("6 integers") }]);
    expect(issuesOf(example.replace("calculation = 'scf'", "calculation = 'nscf'"))).toEqual([{ line: 2, en: expect.stringContaining("calculation = 'nscf' is not supported") }]);
    expect(issuesOf(example.replace("    ecutwfc =18.0,\n", ""))).toEqual([{ line: 10, en: "ecutwfc is missing in &SYSTEM" }]);
    expect(issuesOf(example.replace("    tstress = .true.", "    tstress .true."))).toEqual([{ line: 5, en: "cannot read this: expected name = value" }]);
    expect(issuesOf(example.replace(" /\nATOMIC_SPECIES", "ATOMIC_SPECIES"))[0].en).toBe("&ELECTRONS is not closed by a line with /");
    expect(issuesOf("hello\n")[0]).toEqual({ line: 1, en: "text outside any namelist or card: hello" });
  });
});
