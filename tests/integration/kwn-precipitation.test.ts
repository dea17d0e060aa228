/**
 * The kwn-precipitation app through the API: the acceptance case (kawin's Al–0.4 at% Zr, 500 h at 723.15 K on
 * dislocations) in graphical mode, the steel tempering preset as an instruction deck, a non-isothermal
 * schedule, refusals naming deck lines, the documentation and form in four languages, and live progress.
 */
import { expect, it } from "vitest";
import { kwnFeCTemperingPreset, renderKwnDeck } from "../../solvers/precipitation/params.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls, waitFor } from "./task-helpers.ts";

const RESOURCES = { cores: 1, walltimeMin: 5 };
/** kawin's own output for its example 01 (examples/01_Binary_Precipitation.ipynb at kawin@d785d33). */
const KAWIN = { numberDensity: 1.374e22, volumeFraction: 0.015504, meanRadiusM: 6.1126e-9, matrixX: 1.26e-4 };

interface Series {
  key: string;
  chart?: { key: string };
  x: { unit: string; values: number[] };
  y: { unit: string; values: number[] };
}
type Task = {
  id: string;
  params: Record<string, unknown>;
  result: {
    scalars: Array<{ key: string; value: number; unit: string }>;
    series: Series[];
    tables: Array<{ key: string; rows: Array<Array<number | string>> }>;
    files: Array<{ path: string }>;
    values: { final: { numberDensity: number; meanRadiusM: number; volumeFraction: number; matrixX: number } };
  };
};

const within = (v: number, ref: number, rel: number) => Math.abs(v / ref - 1) < rel;

describeEachBackend("app kwn-precipitation through the API", (t) => {
  const { submit, run, scalar, getTask } = taskCalls(t);

  it("is listed under Precipitation with its form and documentation in four languages", async () => {
    const s = await sessionFor(t(), "outside");
    const cats = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token, headers: { "accept-language": "en" } });
    const precipitation = cats.returnData.data.find((c: { category: string }) => c.category === "Precipitation");
    expect(precipitation.apps).toContainEqual(expect.objectContaining({ id: "kwn-precipitation", name: "Precipitation kinetics (KWN)", available: true, modes: ["graphical", "instruction"], mainInput: "kwn.in" }));
    const names: Record<string, string> = { "zh-CN": "析出动力学（KWN）", en: "Precipitation kinetics (KWN)", es: "Cinética de precipitación (KWN)", ja: "析出動力学（KWN）" };
    for (const [lang, name] of Object.entries(names)) {
      const doc = await t().call("CalculateTask/GetAppDoc", { token: s.token, query: { appId: "kwn-precipitation" }, headers: { "accept-language": lang } });
      expect(doc.status, doc.msg).toBe(200);
      expect(doc.returnData.name).toBe(name);
      expect(doc.returnData.description.references.join("\n")).toMatch(/Acta Mater\. 255 \(2023\) 118988/);
      // Every input has a label of its own in every language (none falls back to its key).
      for (const f of doc.returnData.inputs as Array<{ name: string; label: string }>) expect(f.label, `${lang} ${f.name}`).not.toBe(f.name);
    }
    const form = await t().call("CalculateTask/GetAppForm", { token: s.token, query: { appId: "kwn-precipitation" }, headers: { "accept-language": "en" } });
    const fields = form.returnData.fields as Array<{ name: string; options: string[] | null; multiline: unknown; unit: string | null }>;
    expect(fields.map((f) => f.name)).toEqual(expect.arrayContaining(["thermo", "database", "solvent", "solute", "matrixPhase", "precipitatePhase", "x0", "temperatureK", "timeH", "schedule", "solubilityA", "solubilityQ", "precipitateX", "D0", "Qd", "gamma", "latticeParameterNm", "atomsPerCell", "nucleationSite", "dislocationDensity", "grainSizeUm", "bins", "psdTimesH"]));
    expect(fields.find((f) => f.name === "nucleationSite")!.options).toEqual(["bulk", "dislocations", "grainBoundaries"]);
    expect(fields.find((f) => f.name === "schedule")!.multiline).toBeTruthy();
    expect(form.returnData.exampleDeck).toMatch(/^precipitatePhase = AL3ZR$/m);
  });

  it("graphical, the acceptance case: after 500 h N ≈ 1.37e22 m⁻³, f ≈ 1.55 %, r ≈ 6.1 nm (kawin), curves over log time", async () => {
    const s = await sessionFor(t(), "outside");
    const task = (await run(s.token, { appId: "kwn-precipitation", mode: "graphical", params: { psdTimesH: "1 10 100 500" }, resources: RESOURCES })) as Task;
    const f = task.result.values.final;
    expect(within(f.numberDensity, KAWIN.numberDensity, 0.1)).toBe(true);
    expect(within(f.volumeFraction, KAWIN.volumeFraction, 0.1)).toBe(true);
    expect(within(f.meanRadiusM, KAWIN.meanRadiusM, 0.1)).toBe(true);
    expect(within(f.matrixX, KAWIN.matrixX, 0.1)).toBe(true);
    expect(scalar(task, "numberDensity")).toBe(f.numberDensity);
    expect(scalar(task, "meanRadiusNm")).toBeCloseTo(f.meanRadiusM * 1e9, 10);
    expect(scalar(task, "volumeFractionPercent")).toBeCloseTo(f.volumeFraction * 100, 10);
    expect(Math.abs(scalar(task, "initialDrivingForce")! - 5773.7)).toBeLessThan(1);
    const N = task.result.series.find((c) => c.key === "numberDensity")!;
    // Seconds, spanning the decades the page puts on a log axis.
    expect(N.x.unit).toBe("s");
    expect(N.x.values[N.x.values.length - 1]).toBeCloseTo(500 * 3600, 6);
    expect(N.x.values[N.x.values.length - 1] / N.x.values[0]).toBeGreaterThan(1e3);
    expect(N.y.values[N.y.values.length - 1]).toBe(f.numberDensity);
    // Mean and critical radius share a plot; the four size distributions share another.
    expect(task.result.series.filter((c) => c.chart?.key === "radii").map((c) => c.key)).toEqual(["meanRadius", "criticalRadius"]);
    expect(task.result.series.filter((c) => c.chart?.key === "psd")).toHaveLength(4);
    expect(task.result.tables[0].rows.length).toBeGreaterThan(50);
    expect(task.result.files.map((x) => x.path)).toEqual(expect.arrayContaining(["result.json", "kwn.in", "stdout.log"]));
  });

  it("instruction, the steel tempering preset as a deck at x0 = 0.02 and a two-step schedule: finite results near the lever rule", async () => {
    const s = await sessionFor(t(), "outside");
    const deck = renderKwnDeck({ ...kwnFeCTemperingPreset, x0: 0.02, schedule: "0 473\n1 473\n1.05 623\n3 623" });
    expect(deck).toMatch(/^schedule = 0 473; 1 473; 1\.05 623; 3 623$/m);
    const task = (await run(s.token, { appId: "kwn-precipitation", mode: "instruction", deck: { "kwn.in": deck }, resources: RESOURCES })) as Task;
    expect(task.params).toMatchObject({ thermo: "simple", solute: "C", precipitateX: 0.25, x0: 0.02 });
    const f = task.result.values.final;
    for (const v of Object.values(f)) expect(Number.isFinite(v)).toBe(true);
    const eq = scalar(task, "equilibriumVolumeFractionPercent")!;
    expect(f.volumeFraction * 100).toBeGreaterThan(0.9 * eq);
    expect(f.volumeFraction * 100).toBeLessThan(1.001 * eq);
    // A schedule adds the temperature curve: 473 K, then 623 K.
    const T = task.result.series.find((c) => c.key === "temperature")!;
    expect(T.y.values[0]).toBe(473);
    expect(T.y.values[T.y.values.length - 1]).toBe(623);
  });

  it("refuses bad decks naming the line, in the caller's language", async () => {
    const s = await sessionFor(t(), "outside");
    const deck = (text: string) => ({ appId: "kwn-precipitation", mode: "instruction", deck: { "kwn.in": text }, resources: RESOURCES });
    const r = await submit(s.token, deck("x0 = 0.004\n# comment\ngamma = -1\n"), "en");
    expect(r.status).toBe(400);
    expect(r.returnData.fields).toEqual([{ field: "params.gamma", message: "kwn.in:3 Interfacial energy γ must be between 0 and 10 J/m²" }]);
    const unknown = await submit(s.token, deck("x0 = 0.004\nwhat = 3\n"), "es");
    expect(unknown.returnData.fields).toEqual([{ field: "params.what", message: "kwn.in:2 Parámetro desconocido" }]);
    const zh = await submit(s.token, { appId: "kwn-precipitation", mode: "graphical", params: { thermo: "simple" }, resources: RESOURCES }, "zh-CN");
    expect(zh.status).toBe(400);
    expect(JSON.stringify(zh.returnData.fields)).toMatch(/简单热力学模式需要给出溶解度/);
  });

  it("shows live curves while running", async () => {
    const s = await sessionFor(t(), "outside");
    // Finer classes and a long coarsening stretch: several seconds, so the 2 s poll sees it running.
    const r = await submit(s.token, { appId: "kwn-precipitation", mode: "graphical", params: { thermo: "simple", solubilityA: 2.19, solubilityQ: 60000, precipitateX: 0.25, timeH: 20000, bins: 1500 }, resources: RESOURCES });
    expect(r.status, r.msg).toBe(200);
    const seen = await waitFor("progress while running", async () => {
      const v = (await getTask(s.token, r.returnData.taskId)).returnData;
      return v.status === "running" && v.progress?.series?.some((c: { y: { values: number[] } }) => c.y.values.length >= 2) && v;
    }, 60_000);
    expect(seen.progress.series.map((c: { key: string }) => c.key)).toEqual(expect.arrayContaining(["numberDensity", "volumeFraction"]));
    expect(seen.progress.scalars.find((x: { key: string }) => x.key === "timeH").value).toBeGreaterThan(0);
    const done = await waitFor("end", async () => {
      const v = (await getTask(s.token, r.returnData.taskId)).returnData;
      return ["succeeded", "failed"].includes(v.status) && v;
    }, 120_000);
    expect(done.status, done.error).toBe("succeeded");
  }, 150_000);
});
