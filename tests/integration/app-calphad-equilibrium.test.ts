import { expect, it } from "vitest";
import { parseTdb } from "../../solvers/calphad/tdb/index.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls } from "./task-helpers.ts";

const RESOURCES = { cores: 1, walltimeMin: 5 };

interface Row extends Array<string | number> {}
type Task = { id: string; params: Record<string, unknown>; result: { scalars: Array<{ key: string; value: number }>; tables: Array<{ key: string; rows: Row[] }>; files: Array<{ path: string }> } };

/** The stable phases of a finished task, as [name, fraction, x…] rows of its table. */
const stable = (task: Task) => task.result.tables.find((x) => x.key === "stablePhases")!.rows;
const names = (task: Task) => stable(task).map((r) => String(r[0])).sort();

describeEachBackend("app calphad-equilibrium through the API", (t) => {
  const { submit, run, scalar } = taskCalls(t);
  const graphical = (params: Record<string, unknown>) => ({ appId: "calphad-equilibrium", mode: "graphical", params, resources: RESOURCES });

  it("graphical, Pb–Sn (pbsn.tdb): FCC_A1 + BCT_A5 at 450 K and x_Sn = 0.5; all liquid at the eutectic composition 0.737 at 460 K", async () => {
    const s = await sessionFor(t(), "outside");
    const cats = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token, headers: { "accept-language": "en" } });
    const calphad = cats.returnData.data.find((c: { category: string }) => c.category === "CALPHAD");
    expect(calphad.apps).toContainEqual(expect.objectContaining({ id: "calphad-equilibrium", available: true, modes: ["graphical", "instruction"], mainInput: "conditions.calphad" }));

    const pbsn = { database: "pbsn", components: "PB,SN", phases: "*", temperature: 450, temperatureUnit: "K", compositionUnit: "X", composition: "SN=0.5" };
    const below = (await run(s.token, graphical(pbsn))) as Task;
    expect(names(below)).toEqual(["BCT_A5", "FCC_A1"]);
    const fractions = stable(below).map((r) => Number(r[1]));
    expect(fractions.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    // The lever rule with the phases' own Sn contents gives back the overall x_Sn.
    expect(stable(below).reduce((sum, r) => sum + Number(r[1]) * Number(r[3]), 0)).toBeCloseTo(0.5, 8);
    expect(scalar(below, "MU:SN")).toBeLessThan(0);
    const df = below.result.tables.find((x) => x.key === "drivingForces")!.rows;
    expect(df.map((r) => r[0])).toEqual(["LIQUID"]);
    expect(Number(df[0][1])).toBeLessThan(0);
    expect(below.result.files.map((f) => f.path)).toEqual(expect.arrayContaining(["result.json", "conditions.calphad", "database.tdb"]));
    // The raw shape is kept as a file of the task.
    // Fetched as it is served (the harness's call() would read a JSON file as an API envelope).
    const url = new URL("/api/CalculateTask/GetTaskFile", t().base);
    url.search = new URLSearchParams({ id: below.id, path: "result.json" }).toString();
    const json = await (await fetch(url, { headers: { xteam: "xteam", AuthorizationToken: s.token } })).json();
    expect(Object.keys(json)).toEqual(expect.arrayContaining(["phases", "GM", "MU", "drivingForces"]));
    expect(json.phases[0]).toEqual(expect.objectContaining({ name: expect.any(String), fraction: expect.any(Number), composition: expect.any(Object), siteFractions: expect.any(Array) }));

    const above = (await run(s.token, graphical({ ...pbsn, temperature: 460, composition: "SN=0.737" }))) as Task;
    expect(names(above)).toEqual(["LIQUID"]);
    expect(scalar(above, "fraction:LIQUID")).toBeCloseTo(1, 9);
  });

  it("the form offers the shipped databases and the unit choices; the doc page documents the condition script", async () => {
    const s = await sessionFor(t(), "outside");
    const form = (await t().call("CalculateTask/GetAppForm", { token: s.token, query: { appId: "calphad-equilibrium" }, headers: { "accept-language": "en" } })).returnData;
    const field = (name: string) => form.fields.find((f: { name: string }) => f.name === name);
    expect(field("database").options).toEqual(expect.arrayContaining(["pbsn", "alzn_mey", "alfe", "crtiv_ghosh", "file"]));
    expect(field("database").optionLabels).toContain("Pb–Sn (PB, SN)");
    expect(field("temperatureUnit").options).toEqual(["K", "°C"]);
    expect(field("compositionUnit").options).toEqual(["X", "W"]);
    expect(form.exampleDeck).toContain("database file database.tdb");
    expect(form.exampleFileCount).toBe(2);
    const doc = (await t().call("CalculateTask/GetAppDoc", { token: s.token, query: { appId: "calphad-equilibrium" }, headers: { "accept-language": "en" } })).returnData;
    expect(JSON.stringify(doc)).toContain("database file <name>.tdb");
  });

  it("graphical, Al–Zn (alzn_mey.tdb) at 426.85 °C and x_Zn = 0.3: one FCC_A1 phase, as in the assessed diagram's (Al) field", async () => {
    const s = await sessionFor(t(), "outside");
    const task = (await run(s.token, graphical({ database: "alzn_mey", components: "AL,ZN", temperature: 426.85, temperatureUnit: "°C", composition: "ZN=0.3" }))) as Task;
    // an Mey's diagram: at 700 K, 30 at.% Zn is above the FCC miscibility gap (critical point ≈ 625.7 K) and below the solidus.
    expect(names(task)).toEqual(["FCC_A1"]);
    expect(stable(task)[0][3]).toBeCloseTo(0.3, 10);
    expect(task.params).toMatchObject({ temperature: 426.85, temperatureUnit: "°C" });
  });

  it("instruction, a hand-written script: Cr–Ti–V (crtiv_ghosh.tdb) at 923 K, x_Cr = 0.129, x_Ti = 0.861 in BCC_A2 + HCP_A3 + LAVES_C15", async () => {
    const s = await sessionFor(t(), "outside");
    const script = [
      "# Ghosh's Cr–Ti–V: the three-phase triangle at 650 °C",
      "database crtiv_ghosh",
      "components CR TI V",
      "phases *",
      "T 923 K",
      "X CR 0.129",
      "X TI 0.861",
      "",
    ].join("\n");
    const task = (await run(s.token, { appId: "calphad-equilibrium", mode: "instruction", deck: { "conditions.calphad": script }, resources: RESOURCES })) as Task;
    expect(names(task)).toEqual(["BCC_A2", "HCP_A3", "LAVES_C15"]);
    for (const r of stable(task)) expect(Number(r[1])).toBeGreaterThan(0);
    expect(task.params).toMatchObject({ database: "crtiv_ghosh", components: "CR,TI,V", composition: "CR=0.129,TI=0.861" });
  });

  it("instruction, the user's own TDB with the script, mass fractions", async () => {
    const s = await sessionFor(t(), "outside");
    const form = await t().call("CalculateTask/GetAppExample", { token: s.token, query: { appId: "calphad-equilibrium" } });
    const tdb = form.returnData.files["database.tdb"] as string;
    expect(tdb).toContain("PHASE BCT_A5");
    const script = "database file my-pbsn.tdb\ncomponents PB SN\nphases LIQUID FCC_A1 BCT_A5\nT 180 C\nW SN 0.3\n";
    const task = (await run(s.token, { appId: "calphad-equilibrium", mode: "instruction", deck: { "conditions.calphad": script, "my-pbsn.tdb": tdb }, resources: RESOURCES })) as Task;
    // 453.15 K is just below the eutectic (454.56 K): w_Sn = 0.3 is x_Sn ≈ 0.43, between the two solid solutions.
    expect(names(task)).toEqual(["BCT_A5", "FCC_A1"]);
    const { elements } = parseTdb(tdb);
    const xSn = 0.3 / elements.SN.mass / (0.3 / elements.SN.mass + 0.7 / elements.PB.mass);
    expect(stable(task).reduce((sum, r) => sum + Number(r[1]) * Number(r[3]), 0)).toBeCloseTo(xSn, 8);
    expect(task.params).toMatchObject({ database: "file", databaseFile: "my-pbsn.tdb", compositionUnit: "W", temperatureUnit: "°C" });
  });

  it("refuses a script's bad lines and the form's unknown elements, naming the line or the field, in the user's language", async () => {
    const s = await sessionFor(t(), "outside");
    const script = "database alzn_mey\ncomponents AL ZN\nphases LIQUID BCC_A2\nT 700 K\nX ZN 0.3\nQ 1\n";
    const r = await submit(s.token, { appId: "calphad-equilibrium", mode: "instruction", deck: { "conditions.calphad": script } }, "en");
    expect(r.status).toBe(400);
    expect(r.returnData.fields).toEqual([{ field: "deck.conditions.calphad", message: 'conditions.calphad:6 Unknown keyword "Q" (known: database, components, phases, T, P, X, W)' }]);
    const r2 = await submit(s.token, { appId: "calphad-equilibrium", mode: "instruction", deck: { "conditions.calphad": script.replace("Q 1\n", "") } }, "en");
    expect(r2.returnData.fields).toEqual([{ field: "params.phases", message: "conditions.calphad:3 The database has no phase BCC_A2 (it has LIQUID, FCC_A1, HCP_A3)" }]);
    const r3 = await submit(s.token, graphical({ database: "pbsn", components: "PB,FE", temperature: 500, composition: "FE=0.1" }), "zh-CN");
    expect(r3.status).toBe(400);
    expect(r3.returnData.fields).toEqual([{ field: "params.components", message: "数据库中没有元素 FE（有：PB、SN）" }]);
  });
});
