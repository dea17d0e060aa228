import { inflateSync } from "node:zlib";
import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls, waitFor } from "./task-helpers.ts";

const RESOURCES = { cores: 1, walltimeMin: 5 };

interface Series {
  key: string;
  label: Record<string, string>;
  chart?: { key: string; label: Record<string, string> };
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

  it("graphical Allen–Cahn circle: R(t) beside the sharp-interface law, the slope of R² within 1 % of −2Lκ, and no grain size", async () => {
    const s = await sessionFor(t(), "outside");
    // 64² of 0.1 µm, R₀ = n·dx/4 = 1.6 µm, L = 1e-6 m³/(J·s) and κ = 1e-8 J/m (the model's defaults): 2Lκ = 2e-14 m²/s,
    // so 66 s take R to 1.1 µm, under four interface widths (1.13 µm) where the fit stops. Δt·L·W = 0.02.
    const params = { model: "allen-cahn", initial: "circle", orderParameters: 1, n: 64, dt: 0.02, steps: 3300, snapshots: 3 };
    const task = (await run(s.token, { appId: "phase-field", mode: "graphical", params, resources: RESOURCES })) as Task;
    expect(task.result.series.map((c) => c.key)).toEqual(["energy", "radius", "sharpInterfaceRadius"]);
    const radius = series(task, "radius");
    const law = series(task, "sharpInterfaceRadius");
    // One plot, the law named in every language.
    expect([radius.chart?.key, law.chart?.key]).toEqual(["radius", "radius"]);
    for (const lang of ["zh", "en", "es", "ja"]) expect(law.label[lang]).toContain("R² = R₀² − 2Lκt");
    expect(radius.y.unit).toBe("m");
    const r0 = radius.y.values[0];
    expect(r0).toBeCloseTo(1.6e-6, 8);
    expect(law.x.values).toEqual(radius.x.values);
    law.x.values.forEach((time, i) => expect(law.y.values[i]).toBeCloseTo(Math.sqrt(r0 * r0 - 2e-14 * time), 12));
    // R follows the law to 1 % in R² while the circle is at least four interface widths.
    radius.y.values.forEach((r, i) => {
      if (r >= 1.13e-6) expect(Math.abs((r * r) / law.y.values[i] ** 2 - 1)).toBeLessThan(0.01);
    });
    expect(radius.y.values.at(-1)!).toBeLessThan(1.13e-6);
    expect(scalar(task, "lawSlope")).toBe(-2e-14);
    const slopeError = scalar(task, "slopeErrorPercent")!;
    expect(Math.abs(slopeError)).toBeLessThan(1);
    expect(scalar(task, "r2Slope")).toBeCloseTo(-2e-14 * (1 + slopeError / 100), 24);
    expect(scalar(task, "initialRadius")).toBe(r0);
    expect(scalar(task, "finalRadius")).toBe(radius.y.values.at(-1));
    expect(task.result.scalars.map((x) => x.key).filter((k) => k === "finalGrains" || k === "finalLength")).toEqual([]);
    expect(nonIncreasing(series(task, "energy").y.values)).toBe(true);
  });

  it("instruction Cahn–Hilliard circle: the droplet's radius shrinks by Gibbs–Thomson, then holds, its mass kept", async () => {
    const s = await sessionFor(t(), "outside");
    // 64² of 1 nm, R₀ = 16 nm; the stabilized scheme reaches the same steady state at any Δt, so 2 s steps.
    const deck = ["model = cahn-hilliard", "initial = circle", "n = 64", "dt = 2", "steps = 400", "snapshots = 2", ""].join("\n");
    const task = (await run(s.token, { appId: "phase-field", mode: "instruction", deck: { "phasefield.in": deck }, resources: RESOURCES })) as Task;
    expect(task.result.series.map((c) => c.key)).toEqual(["energy", "radius"]);
    const radius = series(task, "radius").y.values;
    expect(series(task, "radius").label.en).toMatch(/Gibbs–Thomson/);
    // About 0.3 nm given up to the matrix (docs/phasefield.md), then no more than 0.01 nm over the last tenth.
    expect(radius[0] - radius.at(-1)!).toBeGreaterThan(0.25e-9);
    expect(radius[0] - radius.at(-1)!).toBeLessThan(0.35e-9);
    expect(Math.abs(radius.at(-1)! - radius[Math.floor(radius.length * 0.9)])).toBeLessThan(0.01e-9);
    expect(scalar(task, "meanDrift")!).toBeLessThan(1e-10);
    expect(task.result.scalars.map((x) => x.key)).not.toContain("slopeErrorPercent");
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

  it("shows live energy and radius curves, the law beside the radius, while a longer circle run goes on, and cancels it", async () => {
    const s = await sessionFor(t(), "outside");
    const params = { model: "allen-cahn", initial: "circle", orderParameters: 1, n: 256, steps: 20000 };
    const r = await submit(s.token, { appId: "phase-field", mode: "graphical", params, resources: RESOURCES });
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
    expect(seen.progress.series.map((c: Series) => c.key)).toEqual(["energy", "radius", "sharpInterfaceRadius"]);
    const radius = seen.progress.series.find((c: Series) => c.key === "radius");
    // R₀ = 256·0.1 µm/4 = 6.4 µm, barely shrinking yet (2Lκ = 2e-14 m²/s); the scalar is the last point's.
    expect(radius.y.values[0]).toBeCloseTo(6.4e-6, 7);
    expect(seen.progress.scalars.find((x: { key: string }) => x.key === "radius").value).toBe(radius.y.values.at(-1));
    expect((await t().call("CalculateTask/CancelTask", { token: s.token, json: { id } })).status).toBe(200);
    expect((await finished(s.token, id)).status).toBe("cancelled");
  }, 90_000);
});
