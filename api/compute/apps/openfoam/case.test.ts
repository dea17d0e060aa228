import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppInputError } from "../types.ts";
import { CONTROL_DICT, parseControlDict, renderCavityCase } from "./case.ts";
import { checkCase } from "./check-case.ts";
import { openFoamJobScript } from "./job.ts";
import { cavityCourant, openFoamExample, validateCavityParams } from "./params.ts";

const CAVITY = new URL("./fixtures/cavity/", import.meta.url);
const tutorial = (rel: string) => fs.readFileSync(new URL(rel, CAVITY), "utf8");

/** The refusals of a call as "field|line: english text". */
function refusals(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppInputError) return e.issues.map((i) => `${i.line ?? i.field}: ${i.text.en}`);
    throw e;
  }
  throw new Error("not refused");
}

describe("graphical params", () => {
  it("fills in the tutorial cavity (Re 10, 20×20, 0.5 s by 0.005 s) and accepts its Courant number of exactly 1", () => {
    const p = validateCavityParams({});
    expect(p).toEqual(openFoamExample);
    expect(cavityCourant(p)).toBeCloseTo(1, 12);
  });

  it("refuses a time step with Co > 1, naming the largest step allowed, and solvers other than icoFoam", () => {
    expect(refusals(() => validateCavityParams({ deltaT: 0.01 }))).toEqual([
      "deltaT: Courant number Co = U·Δt/Δx = 2 is above 1 and icoFoam would diverge: make the time step at most 0.005 s, or use fewer cells",
    ]);
    expect(refusals(() => validateCavityParams({ solver: "simpleFoam" }))[0]).toMatch(/^solver: The cavity of the graphical form runs icoFoam/);
    expect(refusals(() => validateCavityParams({ cellsPerSide: 2.5 }))[0]).toMatch(/^cellsPerSide: invalid value/);
    expect(refusals(() => validateCavityParams({ endTime: 1000, deltaT: 0.001, cellsPerSide: 10 }))[0]).toMatch(/^deltaT: 1000000 time steps is more than the limit/);
  });

  it("renders the case with ν = U·L/Re and reads its own controlDict back", () => {
    const files = renderCavityCase(validateCavityParams({ reynolds: 400, cellsPerSide: 40, deltaT: 0.0025, endTime: 1, writeInterval: 100 }));
    expect(Object.keys(files).sort()).toEqual(["0/U", "0/p", "constant/transportProperties", "system/blockMeshDict", "system/controlDict", "system/fvSchemes", "system/fvSolution"]);
    expect(files["constant/transportProperties"]).toMatch(/^nu\s+0\.00025;$/m);
    expect(files["system/blockMeshDict"]).toContain("(40 40 1)");
    expect(parseControlDict(files[CONTROL_DICT])).toEqual({ solver: "icoFoam", endTime: 1, deltaT: 0.0025, writeInterval: 100 });
  });
});

describe("an uploaded controlDict", () => {
  it("gives the tutorial's solver and time stepping", () => {
    expect(parseControlDict(tutorial("system/controlDict"))).toEqual({ solver: "icoFoam", endTime: 0.5, deltaT: 0.005, writeInterval: 20 });
  });

  it("ignores entries inside function objects and comments", () => {
    const text = tutorial("system/controlDict").replace("runTimeModifiable true;", "functions\n{\n  probes { type probes; endTime 99; writeInterval 1; }\n}\n// application simpleFoam;\n/* deltaT 1; */");
    expect(parseControlDict(text)).toEqual({ solver: "icoFoam", endTime: 0.5, deltaT: 0.005, writeInterval: 20 });
  });

  it("refuses an unknown solver, bad numbers and code, naming the lines", () => {
    const lines = tutorial("system/controlDict").split("\n");
    const appLine = lines.findIndex((l) => l.startsWith("application")) + 1;
    const bad = tutorial("system/controlDict")
      .replace("application     icoFoam;", "application     myFoam;")
      .replace("deltaT          0.005;", "deltaT          -1;")
      .replace("runTimeModifiable true;", 'runTimeModifiable true;\nnCells #codeStream { code #{ os << 1; #}; };\n#include "/etc/passwd"\n#include "../other/controlDict"\n#includeEtc "caseDicts/setConstraintTypes"');
    const r = refusals(() => parseControlDict(bad));
    expect(r).toContain(`${appLine}: application myFoam is not a solver offered here; offered: icoFoam, simpleFoam, pisoFoam, pimpleFoam, potentialFoam, laplacianFoam, scalarTransportFoam, buoyantBoussinesqSimpleFoam, buoyantBoussinesqPimpleFoam`);
    expect(r.find((x) => x.includes("deltaT must be"))).toMatch(/^\d+: deltaT must be a positive number, not "-1"$/);
    expect(r.filter((x) => x.includes("#codeStream is not allowed"))).toHaveLength(1);
    expect(r.filter((x) => x.includes("the path leads outside the case"))).toHaveLength(2);
    expect(r.some((x) => x.includes("caseDicts"))).toBe(false);
  });

  it("refuses a controlDict without application or endTime", () => {
    const r = refusals(() => parseControlDict("deltaT 0.1;\n"));
    expect(r).toEqual(["solver: controlDict has no application entry", "endTime: controlDict has no endTime entry"]);
  });
});

describe("the job's check of the whole case", () => {
  const copyTutorial = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foam-case-"));
    fs.cpSync(CAVITY, dir, { recursive: true });
    return dir;
  };

  it("passes the tutorial and names its solver and mesh source", () => {
    expect(checkCase(copyTutorial())).toEqual({ solver: "icoFoam", mesh: "blockMesh" });
  });

  it("refuses a case with no mesh, or with code or outside paths in any file, naming file and line", () => {
    const dir = copyTutorial();
    fs.rmSync(path.join(dir, "system/blockMeshDict"));
    fs.appendFileSync(path.join(dir, "0/U"), "\nextra { type codedFixedValue; }\n");
    fs.appendFileSync(path.join(dir, "constant/transportProperties"), '\n#include "$HOME/nu"\n');
    fs.appendFileSync(path.join(dir, "system/fvSolution"), '\nlibs\n(\n    "$FOAM_CASE/constant/libmine.so"\n);\n');
    const r = checkCase(dir);
    expect("errors" in r && r.errors).toEqual([
      expect.stringMatching(/^0\/U:\d+: type codedFixedValue is not allowed: it compiles or runs code/),
      expect.stringMatching(/^constant\/transportProperties:\d+: #include "\$HOME\/nu" is not allowed/),
      expect.stringMatching(/^system\/fvSolution:\d+: \$FOAM_CASE\/constant\/libmine\.so is not allowed: it compiles or runs code/),
      "no mesh: the case needs system/blockMeshDict or a mesh in constant/polyMesh (points, faces, owner, neighbour, boundary)",
    ]);
  });
});

describe("job script", () => {
  const ctx = { taskId: "t", workDir: "/data/tasks/t", mainInput: CONTROL_DICT, walltimeMin: 5 };
  it("execs the solver on one core, so a cancel's SIGTERM reaches it", () => {
    const s = openFoamJobScript({ ...ctx, cores: 1 });
    expect(s).toContain("export WM_PROJECT_DIR='/usr/share/openfoam'");
    expect(s.trim().split("\n").at(-1)).toBe('exec "$SOLVER"');
    expect(s).not.toContain("mpirun");
  });
  it("decomposes, runs under mpirun and reconstructs on several cores", () => {
    const s = openFoamJobScript({ ...ctx, cores: 2 });
    expect(s).toContain("numberOfSubdomains 2;");
    expect(s).toMatch(/mpirun "\$\{ROOT_FLAG\[@\]\}" -np 2 "\$SOLVER" -parallel/);
    expect(s).toContain('if [ "$(id -u)" = 0 ]; then ROOT_FLAG=(--allow-run-as-root)');
    expect(s.trim().split("\n").at(-1)).toBe("run_logged log.reconstructPar reconstructPar -latestTime");
  });
});
