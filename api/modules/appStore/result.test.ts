import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ManifestOutput } from "./manifest.ts";
import { MAX_SERIES_POINTS, readAppResult, toTaskResult } from "./result.ts";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
const OUTPUTS: ManifestOutput[] = [
  { name: "depth", kind: "scalar", label: { zh: "深度", en: "Depth" }, unit: "mm" },
  { name: "profile", kind: "series", label: { zh: "曲线" } },
  { name: "grid", kind: "table", label: { zh: "表" } },
  { name: "raw", kind: "file", label: { zh: "原始数据" } },
  { name: "plot", kind: "image", label: { zh: "图" } },
];
const GOOD = { depth: 0.8, profile: { x: [0, 1], y: [1, 0.5] }, grid: { columns: ["a", "b"], rows: [[1, "x"]] }, raw: "out/raw.csv", plot: "plot.svg" };

let base: string;
let n = 0;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "appstore-result-"));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** A work dir with the good files, then `result` as result.json (a value is JSON-encoded, a string written as is). */
async function workDir(result: unknown): Promise<string> {
  const dir = join(base, `w${++n}`);
  await mkdir(join(dir, "out"), { recursive: true });
  await writeFile(join(dir, "out", "raw.csv"), "a,b\n1,2\n");
  await writeFile(join(dir, "plot.svg"), '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dir, "plot.png"), PNG);
  if (result !== undefined) await writeFile(join(dir, "result.json"), typeof result === "string" ? result : JSON.stringify(result));
  return dir;
}

async function codes(dir: string): Promise<string[]> {
  const r = await readAppResult(dir, { outputs: OUTPUTS });
  return r.ok ? [] : r.errors.map((e) => e.code);
}

describe("readAppResult", () => {
  it("reads every kind of output and maps it to a task result", async () => {
    const r = await readAppResult(await workDir(GOOD), { outputs: OUTPUTS });
    expect(r.ok ? null : r.errors).toBeNull();
    if (!r.ok) return;
    expect(r.outputs.map((o) => o.kind)).toEqual(["scalar", "series", "table", "file", "image"]);
    expect(r.outputs[4]).toMatchObject({ path: "plot.svg", format: "svg" });
    const task = toTaskResult(r.outputs);
    expect(task.scalars).toEqual([{ key: "depth", label: { zh: "深度", en: "Depth", es: "深度", ja: "深度" }, value: 0.8, unit: "mm" }]);
    expect(task.series[0].y.values).toEqual([1, 0.5]);
    expect(task.files).toEqual([{ path: "out/raw.csv", bytes: 8 }]);
    expect(task.images?.[0].path).toBe("plot.svg");
    const png = await readAppResult(await workDir({ ...GOOD, plot: "plot.png" }), { outputs: OUTPUTS });
    expect(png.ok && png.outputs[4]).toMatchObject({ format: "png" });
  });

  it("refuses missing, malformed and oversized results", async () => {
    expect(await codes(await workDir(undefined))).toEqual(["result-missing"]);
    expect(await codes(await workDir("{ nope"))).toEqual(["result-syntax"]);
    expect(await codes(await workDir([1, 2]))).toEqual(["result-not-object"]);
    const big = await workDir(GOOD);
    await truncate(join(big, "result.json"), 5 * 1024 * 1024 + 1);
    expect(await codes(big)).toEqual(["result-too-large"]);
    const r = await readAppResult(await workDir({ depth: 1 }), { outputs: OUTPUTS });
    expect(!r.ok && r.errors[0].message.zh).toBe("结果中缺少输出“曲线”（profile）");
  });

  it("checks each output against its kind", async () => {
    const bad = {
      depth: "0.8",
      profile: { x: [0, 1, 2], y: [1, 0.5] },
      grid: { columns: ["a", "b"], rows: [[1]] },
      raw: "../outside.csv",
      plot: "out/raw.csv",
    };
    expect(await codes(await workDir(bad))).toEqual(["output-not-scalar", "output-not-series", "output-not-table", "output-bad-path", "output-not-image"]);
    const long = Array.from({ length: MAX_SERIES_POINTS + 1 }, (_, i) => i);
    expect(await codes(await workDir({ ...GOOD, profile: { x: long, y: long } }))).toEqual(["output-not-series"]);
    expect(await codes(await workDir({ ...GOOD, depth: null, raw: "/etc/passwd", plot: "missing.png" }))).toEqual(["output-not-scalar", "output-bad-path", "output-file-missing"]);
    expect(await codes(await workDir({ ...GOOD, grid: { columns: ["a"], rows: Array(10_001).fill([1]) } }))).toEqual(["output-not-table"]);
  });

  it("follows no link the app left: result.json, a file, or a folder on the way", async () => {
    const linked = await workDir(undefined);
    await symlink("/etc/passwd", join(linked, "result.json"));
    expect(await codes(linked)).toEqual(["result-not-file"]);
    const viaDir = await workDir({ ...GOOD, raw: "etc/passwd" });
    await symlink("/etc", join(viaDir, "etc"));
    expect(await codes(viaDir)).toEqual(["output-file-link"]);
    const viaFile = await workDir({ ...GOOD, plot: "shadow.png" });
    await symlink("/etc/shadow", join(viaFile, "shadow.png"));
    expect(await codes(viaFile)).toEqual(["output-file-link"]);
    // A FIFO named result.json would block a plain open forever.
    const fifo = await workDir(undefined);
    execFileSync("mkfifo", [join(fifo, "result.json")]);
    expect(await codes(fifo)).toEqual(["result-not-file"]);
  });
});
