import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls } from "./task-helpers.ts";

/** Cantilever 100×10×10 mm, E = 210 GPa, ν = 0.3, 100 N at the tip: PL³/3EI = 100·100³/(3·210000·10·10³/12) mm. */
const CANTILEVER = { shape: "beam", analysis: "static", lengthMm: 100, widthMm: 10, heightMm: 10, youngsModulusGpa: 210, poissonRatio: 0.3, tipForceN: 100, meshSizeMm: 2.5 };
const BEAM_THEORY_MM = (100 * 100 ** 3) / (3 * 210_000 * ((10 * 10 ** 3) / 12));
/** The same bar conducting: q = 1 MW/m³, k = 50 W/(m·K), L = 0.1 m, ends at 20 °C: ΔT = qL²/8k = 25 K. */
const HEAT = { ...CANTILEVER, analysis: "heat", conductivityWmK: 50, heatSourceWm3: 1e6, endTemperatureC: 20, meshSizeMm: 5 };
const HEAT_RISE = (1e6 * 0.1 ** 2) / (8 * 50);

/** A user's bar for gmsh (quadratic tetrahedra, physical groups for the ends) and the deck that includes its mesh. */
const USER_GEO = `SetFactory("OpenCASCADE");
Box(1) = {0, 0, 0, 100, 10, 10};
Mesh.MeshSizeMax = 5;
Mesh.ElementOrder = 2;
Physical Volume("BAR") = {1};
Physical Surface("COLD1") = {1};
Physical Surface("COLD2") = {2};
`;
const USER_INP = `** steady conduction in a bar meshed by gmsh
*INCLUDE, INPUT=mesh.inp
*MATERIAL, NAME=STEEL
*ELASTIC
210000., 0.3
*CONDUCTIVITY
50.
*SOLID SECTION, ELSET=BAR, MATERIAL=STEEL
*STEP
*HEAT TRANSFER, STEADY STATE
*BOUNDARY
COLD1, 11, 11, 20.
COLD2, 11, 11, 20.
*DFLUX
BAR, BF, 1.
*NODE FILE
NT
*END STEP
`;

describeEachBackend("app calculix through the API", (t) => {
  const { submit, run, scalar } = taskCalls(t);

  it("graphical statics: the cantilever's tip deflects within 1% of PL³/3EI, with the axis curve, the contour and the files", async () => {
    const s = await sessionFor(t(), "outside");
    const cats = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token, headers: { "accept-language": "en" } });
    const limited = cats.returnData.data.find((c: { category: string }) => c.category === "Limited");
    expect(limited.apps).toContainEqual(expect.objectContaining({ id: "calculix", available: true, modes: ["graphical", "instruction"], mainInput: "model.inp" }));

    const task = await run(s.token, { appId: "calculix", mode: "graphical", params: CANTILEVER, resources: { cores: 1, walltimeMin: 5 } });
    const umax = scalar(task, "maxDisplacementMm")!;
    expect(Math.abs(umax - BEAM_THEORY_MM) / BEAM_THEORY_MM).toBeLessThan(0.01);
    const deflection = task.result.series.find((x: { key: string }) => x.key === "deflection");
    expect(deflection.x.values.at(-1)).toBe(100);
    expect(Math.abs(-deflection.y.values.at(-1) - BEAM_THEORY_MM) / BEAM_THEORY_MM).toBeLessThan(0.01);
    // σ = M c / I at the clamp: 100·100·5/833.3 = 60 MPa; the nodal maximum sits near it.
    expect(scalar(task, "maxVonMisesMpa")).toBeGreaterThan(50);
    expect(scalar(task, "maxVonMisesMpa")).toBeLessThan(80);
    expect(task.result.files.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(["model.inp", "model.frd", "model.dat", "contour.svg"]));
    expect(task.result.images).toEqual([expect.objectContaining({ key: "contour", path: "contour.svg" })]);
    const svg = await t().call("CalculateTask/GetTaskFile", { token: s.token, query: { id: task.id, path: "contour.svg" } });
    expect(String(svg.returnData ?? svg.msg)).toContain("<svg");
    expect(task.appVersion).toMatch(/^2\.\d+/);
  });

  it("graphical conduction: T_max − T0 within 0.5% of qL²/8k", async () => {
    const s = await sessionFor(t(), "outside");
    const task = await run(s.token, { appId: "calculix", mode: "graphical", params: HEAT, resources: { cores: 1, walltimeMin: 5 } });
    const rise = scalar(task, "maxTemperature")! - 20;
    expect(Math.abs(rise - HEAT_RISE) / HEAT_RISE).toBeLessThan(0.005);
    expect(task.result.scalars.find((x: { key: string }) => x.key === "maxTemperature").unit).toBe("°C");
    expect(task.result.series.map((x: { key: string }) => x.key)).toEqual(["temperature"]);
  });

  it("instruction: the user's deck including the mesh gmsh makes from model.geo gives the same temperature rise", async () => {
    const s = await sessionFor(t(), "outside");
    const task = await run(s.token, { appId: "calculix", mode: "instruction", deck: { "model.inp": USER_INP, "model.geo": USER_GEO }, resources: { cores: 1, walltimeMin: 5 } });
    const rise = scalar(task, "maxTemperature")! - 20;
    expect(Math.abs(rise - HEAT_RISE) / HEAT_RISE).toBeLessThan(0.005);
    expect(task.params).toMatchObject({ analysis: "heat", conductivityWmK: 50, youngsModulusGpa: 210, poissonRatio: 0.3 });
    expect(task.result.files.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(["mesh.inp", "model.geo", "model.frd"]));
  });

  it("refuses an *INCLUDE outside the work dir and a deck without a step, naming the lines", async () => {
    const s = await sessionFor(t(), "outside");
    const bad = USER_INP.replace("INPUT=mesh.inp", "INPUT=/etc/passwd").replace("*STEP\n", "").replace("*END STEP\n", "");
    const r = await submit(s.token, { appId: "calculix", mode: "instruction", deck: { "model.inp": bad } }, "en");
    expect(r.status).toBe(400);
    expect(r.returnData.fields.map((f: { message: string }) => f.message)).toEqual([
      "model.inp:2 INCLUDE INPUT=/etc/passwd is outside the task's directory: only relative paths inside it are allowed (no absolute paths, no ..)",
      "no analysis step: the deck needs *STEP … *END STEP",
    ]);
  });
});
