import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls } from "./task-helpers.ts";

const RESOURCES = { cores: 1, walltimeMin: 5 };

type Row = Array<string | number>;
type Task = {
  id: string;
  params: Record<string, unknown>;
  result: { scalars: Array<{ key: string; value: number }>; tables: Array<{ key: string; rows: Row[] }>; files: Array<{ path: string }>; images?: Array<{ key: string; path: string }> };
};

/** Whether (x_TI, x_V) lies inside the triangle whose corners are rows [label, phase, x_CR, x_TI, x_V]. */
function inside(corners: Row[], xTi: number, xV: number): boolean {
  const p = corners.map((r) => [Number(r[3]), Number(r[4])]);
  const cross = (a: number[], b: number[], c: number[]) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  const s = [cross(p[0], p[1], [xTi, xV]), cross(p[1], p[2], [xTi, xV]), cross(p[2], p[0], [xTi, xV])];
  return s.every((v) => v > 0) || s.every((v) => v < 0);
}

describeEachBackend("app calphad-ternary-section through the API", (t) => {
  const { submit, run } = taskCalls(t);

  it("graphical, Cr–Ti–V (crtiv_ghosh.tdb) at 650 °C: x_Cr = 0.129, x_Ti = 0.861 inside the BCC_A2 + HCP_A3 + LAVES_C15 triangle; the picture and result.json offered", async () => {
    const s = await sessionFor(t(), "outside");
    const cats = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token, headers: { "accept-language": "en" } });
    const calphad = cats.returnData.data.find((c: { category: string }) => c.category === "CALPHAD");
    expect(calphad.apps).toContainEqual(expect.objectContaining({ id: "calphad-ternary-section", available: true, modes: ["graphical", "instruction"], mainInput: "section.calphad" }));

    const params = { database: "crtiv_ghosh", components: "CR,TI,V", phases: "*", temperature: 649.85, temperatureUnit: "°C", density: 24 };
    const task = (await run(s.token, { appId: "calphad-ternary-section", mode: "graphical", params, resources: RESOURCES }, 90_000)) as Task;
    const rows = task.result.tables.find((x) => x.key === "threePhase")!.rows;
    const corners = rows.filter((r) => String(r[0]).endsWith(": BCC_A2 + HCP_A3 + LAVES_C15"));
    expect(corners.map((r) => r[1])).toEqual(["BCC_A2", "HCP_A3", "LAVES_C15"]);
    expect(inside(corners, 0.861, 0.01)).toBe(true);
    expect(task.result.images).toEqual([expect.objectContaining({ key: "section", path: "section.svg" })]);
    expect(task.result.files.map((f) => f.path)).toEqual(expect.arrayContaining(["section.svg", "result.json", "section.calphad", "database.tdb"]));
    const url = new URL("/api/CalculateTask/GetTaskFile", t().base);
    url.search = new URLSearchParams({ id: task.id, path: "result.json" }).toString();
    const json = await (await fetch(url, { headers: { xteam: "xteam", AuthorizationToken: s.token } })).json();
    expect(Object.keys(json)).toEqual(expect.arrayContaining(["twoPhase", "threePhase", "singlePhase"]));
    expect(json.twoPhase[0]).toEqual(expect.objectContaining({ phases: expect.any(Array), tieLines: expect.any(Array) }));
    expect(task.params).toMatchObject({ temperature: 649.85, temperatureUnit: "°C", density: 24 });
  }, 120_000);

  it("instruction, a hand-written script with the user's own TDB and a phase list", async () => {
    const s = await sessionFor(t(), "outside");
    const example = await t().call("CalculateTask/GetAppExample", { token: s.token, query: { appId: "calphad-ternary-section" } });
    const tdb = example.returnData.files["database.tdb"] as string;
    expect(tdb).toContain("LAVES_C15");
    const script = "# Cr–Ti–V without the liquid and the other Laves phases\ndatabase file ghosh.tdb\ncomponents CR TI V\nphases BCC_A2 HCP_A3 LAVES_C15\nT 923 K\ndensity 16\n";
    const task = (await run(s.token, { appId: "calphad-ternary-section", mode: "instruction", deck: { "section.calphad": script, "ghosh.tdb": tdb }, resources: RESOURCES }, 90_000)) as Task;
    const rows = task.result.tables.find((x) => x.key === "threePhase")!.rows;
    expect(inside(rows.filter((r) => String(r[0]).endsWith(": BCC_A2 + HCP_A3 + LAVES_C15")), 0.861, 0.01)).toBe(true);
    expect(task.params).toMatchObject({ database: "file", databaseFile: "ghosh.tdb", phases: "BCC_A2,HCP_A3,LAVES_C15", density: 16 });
  }, 120_000);

  it("refuses a section script's composition line and a two-component form, in the user's language", async () => {
    const s = await sessionFor(t(), "outside");
    const r = await submit(s.token, { appId: "calphad-ternary-section", mode: "instruction", deck: { "section.calphad": "database crtiv_ghosh\ncomponents CR TI V\nT 923\nX TI 0.5\n" } }, "en");
    expect(r.status).toBe(400);
    expect(r.returnData.fields).toEqual([{ field: "params.composition", message: "section.calphad:4 A section covers every composition: it takes no X or W line" }]);
    const r2 = await submit(s.token, { appId: "calphad-ternary-section", mode: "graphical", params: { database: "crtiv_ghosh", components: "CR,TI", temperature: 923 } }, "zh-CN");
    expect(r2.status).toBe(400);
    expect(r2.returnData.fields).toEqual([{ field: "params.components", message: "三元等温截面须恰好给出三个组元，如 CR,TI,V" }]);
  });
});
