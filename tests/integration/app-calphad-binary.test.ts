import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls } from "./task-helpers.ts";

const RESOURCES = { cores: 1, walltimeMin: 5 };

type Row = Array<string | number>;
interface Series {
  key: string;
  label: { en: string };
  chart?: { key: string; label: { en: string } };
  x: { values: number[] };
  y: { unit: string; values: number[] };
}
type Task = {
  id: string;
  params: Record<string, unknown>;
  result: {
    tables: Array<{ key: string; rows: Row[] }>;
    series: Series[];
    images?: Array<{ key: string; path: string; axes?: { y: { min: number; max: number }; open?: { appId: string; fields: Record<string, string> } } }>;
    files: Array<{ path: string }>;
  };
};

/** Invariant rows of a finished task: [reaction, kind, T K, T °C, phase, x, phase, x, phase, x]. */
const invariants = (task: Task) => task.result.tables.find((x) => x.key === "invariants")!.rows;
const row = (task: Task, reaction: string) => invariants(task).find((r) => r[0] === reaction);
/** x of a phase in an invariant row. */
const xOf = (r: Row, phase: string) => Number(r[r.indexOf(phase) + 1]);

describeEachBackend("app calphad-binary-diagram through the API", (t) => {
  const { submit, run } = taskCalls(t);

  it("graphical, Pb–Sn (pbsn.tdb): the eutectic L = FCC_A1 + BCT_A5 at 454.56 K with liquid x_Sn 0.737, drawn and downloadable", async () => {
    const s = await sessionFor(t(), "outside");
    const cats = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token, headers: { "accept-language": "en" } });
    const calphad = cats.returnData.data.find((c: { category: string }) => c.category === "CALPHAD");
    expect(calphad.apps).toContainEqual(expect.objectContaining({ id: "calphad-binary-diagram", available: true, modes: ["graphical", "instruction"], mainInput: "diagram.calphad" }));

    const params = { database: "pbsn", components: "PB,SN", phases: "*", Tmin: 300, Tmax: 650, temperatureUnit: "K", step: 2 };
    const task = (await run(s.token, { appId: "calphad-binary-diagram", mode: "graphical", params, resources: RESOURCES })) as Task;
    const eutectic = row(task, "L = FCC_A1 + BCT_A5")!;
    expect(eutectic[1]).toBe("eutectic");
    expect(Math.abs(Number(eutectic[2]) - 454.56)).toBeLessThan(0.1);
    expect(xOf(eutectic, "LIQUID")).toBeCloseTo(0.737, 3);
    expect(task.result.images).toEqual([expect.objectContaining({ key: "diagram", path: "diagram.svg" })]);
    // The deck's copy of pbsn.tdb is recognised, so a click on the diagram opens calphad-equilibrium there.
    expect(task.result.images![0].axes).toMatchObject({ y: { min: 300, max: 650 }, open: { appId: "calphad-equilibrium", fields: { database: "pbsn", composition: "SN={x}", temperature: "{y}" } } });
    // One curve per boundary line (two per two-phase field), the three fields of the eutectic system.
    expect(task.result.series).toHaveLength(6);
    expect(task.result.files.map((f) => f.path)).toEqual(expect.arrayContaining(["result.json", "diagram.svg", "diagram.calphad", "database.tdb"]));

    const file = async (p: string) => {
      const url = new URL("/api/CalculateTask/GetTaskFile", t().base);
      url.search = new URLSearchParams({ id: task.id, path: p }).toString();
      return fetch(url, { headers: { xteam: "xteam", AuthorizationToken: s.token } });
    };
    const json = await (await file("result.json")).json();
    expect(json.invariants).toContainEqual(expect.objectContaining({ reaction: "L = FCC_A1 + BCT_A5", T: expect.any(Number), phases: expect.objectContaining({ LIQUID: expect.any(Number) }) }));
    expect(json.boundaries).toHaveLength(3);
    const svg = await (await file("diagram.svg")).text();
    expect(svg).toContain("<svg");
    expect(svg).not.toContain("<script");
    expect(svg).toContain("454.56 K");
  });

  it("instruction, Al–Zn (alzn_mey.tdb) in °C: melting of Al and Zn, the eutectic, the eutectoid and the FCC_A1 gap", async () => {
    const s = await sessionFor(t(), "outside");
    const script = ["# an Mey's Al–Zn, 127–727 °C", "database alzn_mey", "components AL ZN", "phases *", "T 127 727 C", "step 2", ""].join("\n");
    const task = (await run(s.token, { appId: "calphad-binary-diagram", mode: "instruction", deck: { "diagram.calphad": script }, resources: RESOURCES })) as Task;
    const melting = invariants(task).filter((r) => r[1] === "melting of a pure component");
    expect(Math.abs(Number(melting.find((r) => r[0] === "L = FCC_A1")![2]) - 933.6)).toBeLessThan(0.05);
    expect(Math.abs(Number(melting.find((r) => r[0] === "L = HCP_A3")![2]) - 692.68)).toBeLessThan(0.05);
    expect(Math.abs(Number(row(task, "L = FCC_A1 + HCP_A3")![2]) - 654.0)).toBeLessThan(0.1);
    const eutectoid = row(task, "FCC_A1#2 = FCC_A1#1 + HCP_A3")!;
    expect(eutectoid[1]).toBe("eutectoid");
    expect(Math.abs(Number(eutectoid[2]) - 550.4)).toBeLessThan(0.1);
    // The gap's two FCC composition sets: its curves' top in °C is the critical point, 625.7 K.
    const gap = task.result.series.filter((x) => x.chart?.label.en.startsWith("FCC_A1 + FCC_A1"));
    expect(gap).toHaveLength(2);
    expect(gap[0].y.unit).toBe("°C");
    expect(Math.abs(Math.max(...gap[0].y.values) + 273.15 - 625.7)).toBeLessThan(0.1);
    expect(task.params).toMatchObject({ database: "alzn_mey", components: "AL,ZN", Tmin: 127, Tmax: 727, temperatureUnit: "°C" });
  });

  it("refuses a script's bad lines in the user's language, naming file and line", async () => {
    const s = await sessionFor(t(), "outside");
    const script = "database pbsn\ncomponents PB SN\nT 300 700 K\nX SN 0.2\n";
    const r = await submit(s.token, { appId: "calphad-binary-diagram", mode: "instruction", deck: { "diagram.calphad": script } }, "en");
    expect(r.status).toBe(400);
    expect(r.returnData.fields).toEqual([{ field: "deck.diagram.calphad", message: 'diagram.calphad:4 Unknown keyword "X" (known: database, components, phases, T, step, P)' }]);
    const r2 = await submit(s.token, { appId: "calphad-binary-diagram", mode: "graphical", params: { database: "pbsn", components: "PB", Tmin: 300, Tmax: 700 } }, "zh-CN");
    expect(r2.status).toBe(400);
    expect(r2.returnData.fields).toEqual([{ field: "params.components", message: "二元相图须恰好给出两个组元，如 PB,SN" }]);
  });
});
