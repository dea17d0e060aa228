import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppInputError } from "../types.ts";
import { renderLammpsDeck } from "./deck.ts";
import { parseLammpsDeck } from "./deck-check.ts";
import { lammpsJobScript } from "./index.ts";
import { lammpsExample, validateLammpsParams } from "./params.ts";
import { readScript } from "./script.ts";

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

/** The refusals of a call, as "line: english text" (line 0 when the problem is the whole deck). */
function refusals(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppInputError) return e.issues.map((i) => `${i.field || i.line || 0}: ${i.text.en}`);
    throw e;
  }
  throw new Error("not refused");
}

describe("graphical deck", () => {
  it("renders the inputs LAMMPS ran for the fixtures, byte for byte", () => {
    expect(renderLammpsDeck(validateLammpsParams({ steps: 200, thermoEvery: 20 }))).toBe(fixture("fe-bcc-relax-nvt.in.lammps"));
    const fecr = { potential: "FeCr.cdeam", element: "Fe", solute: "Cr", soluteFraction: 0.1, ensemble: "npt", steps: 200, thermoEvery: 20 };
    expect(renderLammpsDeck(validateLammpsParams(fecr))).toBe(fixture("fecr-solute-npt.in.lammps"));
  });

  it("maps type 1 to the host and type 2 to the other element whatever the file's order, and skips MD for none", () => {
    const deck = renderLammpsDeck(validateLammpsParams({ potential: "AlFe_mm.eam.fs", element: "Fe", lattice: "fcc", ensemble: "none", relax: "no" }));
    expect(deck).toContain("pair_coeff      * * /usr/share/lammps/potentials/AlFe_mm.eam.fs Fe Al\n");
    expect(deck).toContain("create_box      2 box\n");
    expect(deck).toContain("run             0\n");
    expect(deck).not.toMatch(/minimize|fix +md|set +type/);
  });

  it("refuses elements and solutes the potential lacks, and a fraction without a solute, in four languages", () => {
    expect(refusals(() => validateLammpsParams({ potential: "FeP_mm.eam.fs", element: "Cr", solute: "Al", soluteFraction: 0.1 }))).toEqual([
      "element: this potential does not describe that element; it has: Fe, P",
      "solute: the solute must be the potential's other element: Fe, P",
    ]);
    expect(refusals(() => validateLammpsParams({ soluteFraction: 0.1 }))).toEqual(["soluteFraction: must be 0 when no solute is chosen"]);
    expect(refusals(() => validateLammpsParams({ cells: 40, timestepPs: 0, extra: 1 }))).toEqual([
      "cells: must be at most 16",
      "timestepPs: must be greater than 0",
      "extra: is not a known parameter",
    ]);
    const refused = (() => {
      try {
        validateLammpsParams({ potential: "Fe_mm.eam.fs", solute: "P", soluteFraction: 0.05 });
      } catch (e) {
        return e as AppInputError;
      }
    })();
    expect(refused?.issues[0].text).toMatchObject({ zh: "该势函数只有一种元素，不能加溶质", ja: "このポテンシャルは単元素のため溶質を加えられません" });
  });
});

describe("instruction deck", () => {
  it("takes the app's own decks back, recognising their params", () => {
    expect(parseLammpsDeck(fixture("fecr-solute-npt.in.lammps"))).toEqual(
      validateLammpsParams({ potential: "FeCr.cdeam", element: "Fe", solute: "Cr", soluteFraction: 0.1, ensemble: "npt", steps: 200, thermoEvery: 20 }),
    );
    expect(parseLammpsDeck(renderLammpsDeck(validateLammpsParams(lammpsExample)))).toEqual(validateLammpsParams(lammpsExample));
  });

  it("reads continuation lines, quotes and comments as LAMMPS does", () => {
    const c = readScript('print "a # not a comment" # a comment\nfix 1 all nvt &\n  temp 300 300 0.1\n');
    expect(c).toEqual([
      { line: 1, command: "print", args: ["a # not a comment"] },
      { line: 2, command: "fix", args: ["1", "all", "nvt", "temp", "300", "300", "0.1"] },
    ]);
  });

  it("refuses programs, the environment and paths out of the work dir, naming each line", () => {
    const deck = [
      "units metal", // 1
      "read_data /etc/passwd", // 2
      "include ../other.in", // 3
      "pair_style eam/fs", // 4
      "pair_coeff * * /usr/share/lammps/potentials/Fe_mm.eam.fs Fe", // 5: allowed
      "pair_coeff * * /usr/share/lammps/potentials/../../../etc/x Fe", // 6
      "shell rm -rf data", // 7
      "python f input 1 v_x format f file f.py", // 8
      "fix 2 all python/invoke 10 end_of_step f", // 9
      "variable home getenv HOME", // 10
      "${cmd} x", // 11
      "dump 1 all atom 10 ~/x.dump", // 12
      'print "relaxing..."', // 13: an ellipsis, not a path
      "write_data out/../../x.data", // 14
      "log other.log", // 15
      "run 10", // 16
    ].join("\n");
    expect(refusals(() => parseLammpsDeck(deck))).toEqual([
      "2: the path /etc/passwd leaves the work directory: use relative paths without .., and for potentials a bare file name or a file of /usr/share/lammps/potentials/",
      expect.stringMatching(/^3: the path \.\.\/other\.in leaves/),
      expect.stringMatching(/^6: the path \/usr\/share\/lammps\/potentials\/\.\.\/\.\.\/\.\.\/etc\/x leaves/),
      "7: the shell command is not allowed (it runs arbitrary programs on the server)",
      "8: python (python) is not allowed: it runs arbitrary code on the server",
      "9: python (fix … python/invoke) is not allowed: it runs arbitrary code on the server",
      "10: getenv variables are not allowed: a run only uses files of its work directory",
      "11: a command name may not come from a variable (${cmd}): what it runs cannot be checked",
      expect.stringMatching(/^12: the path ~\/x\.dump leaves/),
      expect.stringMatching(/^14: the path out\/\.\.\/\.\.\/x\.data leaves/),
      "15: do not switch the log file with the log command: the platform reads the results from log.lammps",
    ]);
  });

  it("refuses a deck that would plainly do nothing", () => {
    expect(refusals(() => parseLammpsDeck("units metal\nlattice bcc 2.86\n"))).toEqual([
      "0: the input never makes a simulation box (create_box, read_data or read_restart)",
      "0: the input has no run, minimize or rerun command: it would compute nothing",
    ]);
  });

  it("the job checks included scripts before LAMMPS starts, and refuses one that runs a shell", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lammps-inc-"));
    try {
      fs.writeFileSync(path.join(dir, "in.lammps"), "include setup.in\nrun 0\n");
      fs.writeFileSync(path.join(dir, "setup.in"), "units metal\nshell touch pwned\n");
      const script = lammpsJobScript({ taskId: "t", workDir: dir, mainInput: "in.lammps", cores: 1, walltimeMin: 1 });
      fs.writeFileSync(path.join(dir, "job.sh"), script);
      let stderr = "";
      let status = 0;
      try {
        execFileSync("bash", ["job.sh"], { cwd: dir, stdio: "pipe" });
      } catch (e) {
        status = (e as { status: number }).status;
        stderr = String((e as { stderr: Buffer }).stderr);
      }
      expect(status).toBe(2);
      expect(stderr).toContain("setup.in:2: the shell command is not allowed");
      expect(fs.existsSync(path.join(dir, "pwned"))).toBe(false);
      expect(fs.existsSync(path.join(dir, "log.lammps"))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
