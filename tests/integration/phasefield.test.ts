import { inflateSync } from "node:zlib";
import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls, waitFor } from "./task-helpers.ts";

const RESOURCES = { cores: 1, walltimeMin: 5 };

interface Series {
  key: string;
  x: { unit: string; values: number[] };
  y: { unit: string; values: number[] };
}
type Task = {
  id: string;
  params: Record<string, unknown>;
  result: {
    scalars: Array<{ key: string; value: number }>;
    series: Series[];
    files: Array<{ path: string }>;
    images: Array<{ key: string; path: string; label: Record<string, string>; sequence?: { key: string; label: Record<string, string>; at: string } }>;
  };
};

const series = (task: Task, key: string) => task.result.series.find((s) => s.key === key)!;
const nonIncreasing = (v: number[]) => v.every((e, i) => i === 0 || e <= v[i - 1]);

/** A PNG the page will show: fetched through the task file route, its signature, header and pixel data checked. */
async function fetchPng(base: string, token: string, id: string, path: string) {
  const url = new URL("/api/CalculateTask/GetTaskFile", base);
  url.search = new URLSearchParams({ id, path }).toString();
  const res = await fetch(url, { headers: { xteam: "xteam", AuthorizationToken: token } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/image\/png/);
  const png = Buffer.from(await res.arrayBuffer());
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.toString("latin1", 12, 16)).toBe("IHDR");
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatLen = png.readUInt32BE(33);
  expect(png.toString("latin1", 37, 41)).toBe("IDAT");
  const raw = inflateSync(png.subarray(41, 41 + idatLen));
  expect(raw.length).toBe(height * (1 + 3 * width));
  return { width, height };
}

describeEachBackend("app phase-field through the API", (t) => {
  const { submit, getTask, run, scalar, finished } = taskCalls(t);

  it("graphical Allen–Cahn grain growth: a film of snapshots readable as PNG, the energy falling, the grains coarsening", async () => {
    const s = await sessionFor(t(), "outside");
    const cats = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token, headers: { "accept-language": "en" } });
    const multiphase = cats.returnData.data.find((c: { category: string }) => c.category === "Multiphase");
    expect(multiphase.apps).toContainEqual(expect.objectContaining({ id: "phase-field", name: "Phase field", available: true, modes: ["graphical", "instruction"], mainInput: "phasefield.in" }));

    const params = { model: "allen-cahn", n: 64, steps: 400, orderParameters: 6, nuclei: 20, seed: 3, snapshots: 5 };
    const task = (await run(s.token, { appId: "phase-field", mode: "graphical", params, resources: RESOURCES })) as Task;
    const frames = task.result.images;
    expect(frames).toHaveLength(5);
    expect(frames.map((f) => f.sequence?.key)).toEqual(Array(5).fill("evolution"));
    expect(frames[0].sequence!.label.ja).toBe("組織の変化");
    expect(frames.map((f) => f.sequence!.at)).toEqual(["t = 0 s · 0", "t = 10 s · 100", "t = 20 s · 200", "t = 30 s · 300", "t = 40 s · 400"]);
    // 64 cells are enlarged four times so the frames are 256 px wide.
    expect(await fetchPng(t().base, s.token, task.id, frames[4].path)).toEqual({ width: 256, height: 256 });
    const energy = series(task, "energy");
    expect(energy.y.unit).toBe("J/m³");
    expect(nonIncreasing(energy.y.values)).toBe(true);
    const grains = series(task, "grains").y.values;
    expect(grains[0]).toBeGreaterThan(grains.at(-1)!);
    expect(series(task, "grainSize").y.values.at(-1)!).toBeGreaterThan(series(task, "grainSize").y.values[0]);
    expect(scalar(task, "steps")).toBe(400);
    expect(scalar(task, "finalEnergy")).toBeCloseTo(energy.y.values.at(-1)!, 6);
    expect(task.result.files.map((f) => f.path)).toEqual(expect.arrayContaining(["result.json", "phasefield.in", "progress.csv", "final-grains.csv", "snapshot-004.png"]));
  });

  it("instruction Cahn–Hilliard deck: the mean concentration kept to 1e-10, the energy never rising, the length growing", async () => {
    const s = await sessionFor(t(), "outside");
    const deck = ["# spinodal decomposition of c0 = 0.45", "model = cahn-hilliard", "n = 64", "steps = 1500", "c0 = 0.45", "seed = 9", "snapshots = 4", ""].join("\n");
    const task = (await run(s.token, { appId: "phase-field", mode: "instruction", deck: { "phasefield.in": deck }, resources: RESOURCES })) as Task;
    expect(task.params).toMatchObject({ model: "cahn-hilliard", n: 64, steps: 1500, c0: 0.45 });
    expect(scalar(task, "meanDrift")!).toBeLessThan(1e-10);
    const energy = series(task, "energy").y.values;
    expect(nonIncreasing(energy)).toBe(true);
    expect(energy.at(-1)!).toBeLessThan(energy[0]);
    const length = series(task, "length").y.values;
    expect(length.at(-1)!).toBeGreaterThan(2 * length[0]);
    expect(task.result.images).toHaveLength(4);
    await fetchPng(t().base, s.token, task.id, task.result.images[3].path);
  });

  it("refuses a bad deck naming its lines, in the user's language", async () => {
    const s = await sessionFor(t(), "outside");
    const r = await submit(s.token, { appId: "phase-field", mode: "instruction", deck: { "phasefield.in": "model = cahn-hilliard\nn = 100\nsteps = 300000\n" } }, "es");
    expect(r.status).toBe(400);
    expect(r.returnData.fields).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/2.*El tamaño de malla N debe ser 64, 128, 256 o 512/) }),
      expect.objectContaining({ message: expect.stringMatching(/3.*Los pasos deben ser un número entero entre 1 y 200000/) }),
    ]);
  });

  it("shows live energy curves while a longer run goes on, and cancels it", async () => {
    const s = await sessionFor(t(), "outside");
    const r = await submit(s.token, { appId: "phase-field", mode: "graphical", params: { model: "cahn-hilliard", n: 256, steps: 20000 }, resources: RESOURCES });
    expect(r.status, r.msg).toBe(200);
    const id = r.returnData.taskId;
    const seen = await waitFor(
      "progress while running",
      async () => {
        const v = (await getTask(s.token, id)).returnData;
        if (v.status !== "running") return v.status === "queued" ? undefined : v;
        return v.progress?.series?.some((c: Series) => c.y.values.length >= 3) && v;
      },
      60_000,
    );
    expect(seen.status).toBe("running");
    const energy = seen.progress.series.find((c: Series) => c.key === "energy");
    expect(nonIncreasing(energy.y.values)).toBe(true);
    expect(seen.progress.scalars.find((x: { key: string }) => x.key === "stepReached").value).toBeGreaterThan(0);
    expect((await t().call("CalculateTask/CancelTask", { token: s.token, json: { id } })).status).toBe(200);
    expect((await finished(s.token, id)).status).toBe("cancelled");
  }, 90_000);
});
