import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls } from "./task-helpers.ts";

const RESOURCES = { cores: 1, walltimeMin: 5 };

type Row = Array<string | number>;
interface Series {
  key: string;
  x: { unit: string; values: number[] };
  y: { unit: string; values: number[] };
}
type Task = {
  id: string;
  params: Record<string, unknown>;
  result: { scalars: Array<{ key: string; value: number }>; tables: Array<{ key: string; rows: Row[] }>; series: Series[]; files: Array<{ path: string }> };
};

const transitions = (task: Task) => task.result.tables.find((x) => x.key === "transitions")!.rows;
const series = (task: Task, key: string) => task.result.series.find((s) => s.key === key)!;

describeEachBackend("app calphad-step through the API", (t) => {
  const { submit, run, scalar } = taskCalls(t);
  const graphical = (params: Record<string, unknown>) => ({ appId: "calphad-step", mode: "graphical", params, resources: RESOURCES });

  it("graphical, pure Al (alzn_mey.tdb, x_Zn = 0): melting at 933.60 K, the liquid fraction 0 → 1 and H jumping by the latent heat", async () => {
    const s = await sessionFor(t(), "outside");
    const cats = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token, headers: { "accept-language": "en" } });
    const calphad = cats.returnData.data.find((c: { category: string }) => c.category === "CALPHAD");
    expect(calphad.apps).toContainEqual(expect.objectContaining({ id: "calphad-step", available: true, modes: ["graphical", "instruction"], mainInput: "step.calphad" }));

    const task = (await run(s.token, graphical({ database: "alzn_mey", components: "AL", phases: "*", Tmin: 900, Tmax: 960, step: 1, temperatureUnit: "K" }))) as Task;
    const Tm = scalar(task, "T:melting")!;
    expect(Math.abs(Tm - 933.6)).toBeLessThan(0.05);
    const [melting] = transitions(task);
    expect(melting.slice(0, 1).concat(melting.slice(3, 5))).toEqual(["melting", "FCC_A1", "LIQUID"]);
    // ΔH_fus from the TDB's upper-range GALLIQ − GHSERAL: 10481.971 + 10 · 1234.26e25 · T⁻⁹ at Tm.
    expect(Number(melting[5])).toBeCloseTo(10481.971 + 10 * 1234.26e25 * Tm ** -9, 2);
    const liquid = series(task, "fraction:LIQUID");
    const at = (T: number) => liquid.y.values[liquid.x.values.indexOf(T)];
    expect(at(933)).toBe(0);
    expect(at(934)).toBeCloseTo(1, 12);
    expect(liquid.x.unit).toBe("K");
    expect(series(task, "CPM").y.unit).toBe("J/(mol·K)");
    expect(task.result.files.map((f) => f.path)).toEqual(expect.arrayContaining(["result.json", "step.calphad", "database.tdb", "stdout.log"]));
  });

  it("instruction, a hand-written script: Pb–Sn at x_Sn = 0.3 from 130 °C to 330 °C — the eutectic solidus 454.56 K and the liquidus", async () => {
    const s = await sessionFor(t(), "outside");
    const script = ["# Pb–30Sn heated through the eutectic", "database pbsn", "components PB SN", "phases LIQUID FCC_A1 BCT_A5", "T 130 330 5 C", "X SN 0.3", ""].join("\n");
    const task = (await run(s.token, { appId: "calphad-step", mode: "instruction", deck: { "step.calphad": script }, resources: RESOURCES })) as Task;
    expect(task.params).toMatchObject({ database: "pbsn", Tmin: 130, Tmax: 330, step: 5, temperatureUnit: "°C", composition: "SN=0.3" });
    const solidus = scalar(task, "T:solidus")!;
    const liquidus = scalar(task, "T:liquidus")!;
    expect(Math.abs(solidus - 454.56)).toBeLessThan(0.1);
    expect(liquidus).toBeGreaterThan(530);
    expect(liquidus).toBeLessThan(550);
    expect(transitions(task).map((r) => [r[0], r[3], r[4]])).toEqual([
      ["solidus", "BCT_A5 + FCC_A1", "FCC_A1 + LIQUID"],
      ["liquidus", "FCC_A1 + LIQUID", "LIQUID"],
    ]);
    // The points themselves are in result.json; the log carries them as they were computed.
    const log = await t().call("CalculateTask/GetTaskLog", { token: s.token, query: { id: task.id } });
    expect(log.returnData.text).toMatch(/^point T=403\.15 GM=/m);
    const url = new URL("/api/CalculateTask/GetTaskFile", t().base);
    url.search = new URLSearchParams({ id: task.id, path: "result.json" }).toString();
    const json = await (await fetch(url, { headers: { xteam: "xteam", AuthorizationToken: s.token } })).json();
    expect(json.points).toHaveLength(41);
    expect(json.points[0]).toEqual(expect.objectContaining({ T: 403.15, phases: expect.any(Array), GM: expect.any(Number), HM: expect.any(Number), SM: expect.any(Number), CPM: expect.any(Number) }));
  });

  it("refuses a bad temperature line and a range the wrong way round, naming the line or the field, in the user's language", async () => {
    const s = await sessionFor(t(), "outside");
    const r = await submit(s.token, { appId: "calphad-step", mode: "instruction", deck: { "step.calphad": "database pbsn\ncomponents PB SN\nT 400 K\nX SN 0.3\n" } }, "en");
    expect(r.status).toBe(400);
    expect(r.returnData.fields).toEqual([{ field: "params.Tmin", message: "step.calphad:3 The temperature line is: T <from> <to> <step> [K|°C], e.g. T 300 1000 5 K" }]);
    const r2 = await submit(s.token, graphical({ database: "pbsn", components: "PB,SN", Tmin: 600, Tmax: 400, step: 5, composition: "SN=0.3" }), "zh-CN");
    expect(r2.status).toBe(400);
    expect(r2.returnData.fields).toEqual([{ field: "params.Tmax", message: "终止温度须高于起始温度，且不超过 10000 K" }]);
  });
});
