import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls } from "./task-helpers.ts";

/** OpenFOAM v1912's icoFoam cavity tutorial as shipped (openfoam-examples), uploaded file by file as the web sends it. */
const TUTORIAL_DIR = new URL("../../api/compute/apps/openfoam/fixtures/cavity/", import.meta.url);
const TUTORIAL_FILES = ["system/controlDict", "system/fvSchemes", "system/fvSolution", "system/blockMeshDict", "constant/transportProperties", "0/U", "0/p"];
const tutorialDeck = (): Record<string, string> => Object.fromEntries(TUTORIAL_FILES.map((f) => [f, fs.readFileSync(new URL(f, TUTORIAL_DIR), "utf8")]));

type Series = { key: string; x: { values: number[] }; y: { values: number[] } };

/** The tutorial's 0.5 s by 0.005 s: the residual plot must have all 100 steps, for every field. */
function expectEveryStep(task: { result: { series: Series[] } }) {
  const keys = task.result.series.map((s) => s.key);
  expect(keys).toEqual(["residual-Ux", "residual-Uy", "residual-p"]);
  for (const s of task.result.series) {
    expect(s.x.values).toHaveLength(100);
    expect(s.x.values[0]).toBe(0.005);
    expect(s.x.values[99]).toBe(0.5);
  }
}

describeEachBackend("app openfoam through the API", (t) => {
  const { submit, run, finished, scalar } = taskCalls(t);

  it("graphical: the Re 10 cavity (20×20, 0.5 s by 0.005 s) converges, every step in the residuals, |U| picture and fields", async () => {
    const s = await sessionFor(t(), "outside");
    const cats = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token, headers: { "accept-language": "en" } });
    const fluid = cats.returnData.data.find((c: { category: string }) => c.category === "Fluid");
    expect(fluid.apps).toContainEqual(expect.objectContaining({ id: "openfoam", available: true, modes: ["graphical", "instruction"], mainInput: "system/controlDict" }));

    const form = await t().call("CalculateTask/GetAppForm", { token: s.token, query: { appId: "openfoam" }, headers: { "accept-language": "en" } });
    expect(form.returnData.fields.map((f: { name: string; default: unknown }) => [f.name, f.default])).toEqual([
      ["solver", "icoFoam"],
      ["reynolds", 10],
      ["cellsPerSide", 20],
      ["endTime", 0.5],
      ["deltaT", 0.005],
      ["writeInterval", 20],
    ]);
    expect(form.returnData.exampleDeck).toMatch(/^application\s+icoFoam;$/m);

    const task = await run(s.token, { appId: "openfoam", mode: "graphical", params: { reynolds: 10, cellsPerSide: 20, endTime: 0.5, deltaT: 0.005, writeInterval: 20 }, resources: { cores: 1, walltimeMin: 5 } });
    expect(task.appVersion).toMatch(/^1912/);
    expectEveryStep(task);
    expect(scalar(task, "converged")).toBe(1);
    expect(scalar(task, "steps")).toBe(100);
    for (const f of ["Ux", "Uy", "p"]) expect(scalar(task, `finalResidual-${f}`)).toBeLessThan(1e-5);
    expect(scalar(task, "courantMax")).toBeGreaterThan(0.8);
    expect(scalar(task, "courantMax")).toBeLessThanOrEqual(1);
    // The cell next to the lid moves at about 0.85 of the lid speed on this mesh.
    expect(scalar(task, "maxVelocity")).toBeGreaterThan(0.8);
    expect(scalar(task, "maxVelocity")).toBeLessThan(1);
    expect(task.result.images).toEqual([expect.objectContaining({ key: "velocity", path: "velocity.svg" })]);
    expect(task.result.files.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(["stdout.log", "log.blockMesh", "system/controlDict", "0.5/U", "0.5/p", "velocity.svg"]));
    const svg = fs.readFileSync(path.join(t().dataDir, "tasks", task.id, "velocity.svg"), "utf8");
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500"')).toBe(true);
  });

  it("instruction: the tutorial case uploaded as files runs with icoFoam and converges the same way", async () => {
    const s = await sessionFor(t(), "outside");
    const task = await run(s.token, { appId: "openfoam", mode: "instruction", deck: tutorialDeck(), resources: { cores: 1, walltimeMin: 5 } });
    expect(task.params).toEqual({ solver: "icoFoam", endTime: 0.5, deltaT: 0.005, writeInterval: 20 });
    expectEveryStep(task);
    expect(scalar(task, "converged")).toBe(1);
    expect(scalar(task, "finalResidual-p")).toBeLessThan(1e-5);
  });

  it("refuses a time step above Courant 1, and an uploaded controlDict that runs code, naming the line", async () => {
    const s = await sessionFor(t(), "outside");
    const r = await submit(s.token, { appId: "openfoam", mode: "graphical", params: { reynolds: 10, cellsPerSide: 20, endTime: 0.5, deltaT: 0.01 } }, "en");
    expect(r.status).toBe(400);
    expect(r.returnData.fields).toEqual([
      { field: "params.deltaT", message: "Courant number Co = U·Δt/Δx = 2 is above 1 and icoFoam would diverge: make the time step at most 0.005 s, or use fewer cells" },
    ]);

    const deck = tutorialDeck();
    deck["system/controlDict"] = deck["system/controlDict"].replace("endTime         0.5;", "endTime         #calc \"0.25*2\";");
    const line = deck["system/controlDict"].split("\n").findIndex((l) => l.includes("#calc")) + 1;
    const bad = await submit(s.token, { appId: "openfoam", mode: "instruction", deck }, "en");
    expect(bad.status).toBe(400);
    expect(bad.returnData.fields.map((f: { message: string }) => f.message)).toContain(`system/controlDict:${line} #calc is not allowed: it compiles or runs code on the server`);
  });

  it("refuses an uploaded case whose other files run code at submission, naming file and line in the user's language", async () => {
    const s = await sessionFor(t(), "outside");
    const deck = tutorialDeck();
    deck["0/U"] = deck["0/U"].replace("type            noSlip;", "type            codedFixedValue;");
    const r = await submit(s.token, { appId: "openfoam", mode: "instruction", deck, resources: { cores: 1, walltimeMin: 5 } });
    expect(r.status).toBe(400);
    expect(r.msg).toMatch(/^deck\.0\/U: 0\/U:\d+ 不允许 type codedFixedValue：它会在服务器上编译或执行代码/);
    const noMesh = tutorialDeck();
    delete noMesh["system/blockMeshDict"];
    const m = await submit(s.token, { appId: "openfoam", mode: "instruction", deck: noMesh, resources: { cores: 1, walltimeMin: 5 } }, "en");
    expect(m.status).toBe(400);
    expect(m.msg).toContain("the case has no mesh");
  });
});
