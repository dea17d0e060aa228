import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { shippedDatabase } from "../../../../solvers/calphad/databases/index.ts";
import { renderDiagramSvg } from "../../../../solvers/calphad/diagram-svg.ts";
import { runDiagramScript } from "../../../../solvers/calphad/mapping/run.ts";
import { AppInputError, type InputIssue } from "../types.ts";
import { calphadBinaryDiagramApp as app, calphadBinaryDiagramExample } from "./index.ts";
import { readDiagramProgress } from "./output.ts";

const pbsn = fs.readFileSync(shippedDatabase("pbsn")!.path, "utf8");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "calphad-diagram-app-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function refused(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppInputError) return e.issues.map((i: InputIssue) => `${i.field} ${i.line ?? "-"} ${i.text.en}`);
    throw e;
  }
  throw new Error("accepted");
}

describe("calphad-binary-diagram app", () => {
  it("renders the form's params into a self-contained deck that reads back to the same params", () => {
    const params = app.validateParams!(calphadBinaryDiagramExample);
    const { files } = app.renderDeck(params);
    expect(Object.keys(files).sort()).toEqual(["database.tdb", "diagram.calphad"]);
    expect(files["database.tdb"]).toBe(pbsn);
    expect(files["diagram.calphad"]).toContain("T 300 650 K\n");
    expect(app.parseDeck(files["diagram.calphad"])).toEqual({ ...params, database: "file", databaseFile: "database.tdb" });
    expect(() => app.checkDeckFiles!(files, app.parseDeck(files["diagram.calphad"]))).not.toThrow();
  });

  it("refuses bad values and script lines, naming the field and the line", () => {
    const ok = { ...calphadBinaryDiagramExample };
    expect(refused(() => app.validateParams!({ ...ok, components: "PB" }))).toEqual(["components - A binary diagram needs exactly two components, e.g. PB,SN"]);
    expect(refused(() => app.validateParams!({ ...ok, components: "PB,AL" }))).toEqual(["components - The database has no element AL (it has PB, SN)"]);
    expect(refused(() => app.validateParams!({ ...ok, Tmin: 700, Tmax: 300 }))).toEqual(["Tmin - The temperature range must satisfy 0 K < lower < upper ≤ 10000 K"]);
    expect(refused(() => app.validateParams!({ ...ok, step: 0.001 }))).toEqual(["step - The temperature step must be above 0 and give at most 5000 steps over the range"]);
    expect(refused(() => app.parseDeck("database pbsn\ncomponents PB SN\nT 300\n"))).toEqual(["T 3 Wrong arguments, expected: T <lower> <upper> K | °C"]);
    expect(refused(() => app.parseDeck("database pbsn\ncomponents PB SN\nphases LIQUID HCP_A3\nT 300 700 K\n"))).toEqual([
      "phases 3 The database has no phase HCP_A3 (it has LIQUID, FCC_A1, BCT_A5)",
    ]);
    expect(refused(() => app.parseDeck("database pbsn\ncomponents PB SN\nT 300 700 F\nX SN 0.1\n"))).toEqual([
      'T 3 Unknown temperature unit "F" (K, °C or C)',
      ' 4 Unknown keyword "X" (known: database, components, phases, T, step, P)',
    ]);
    const zh = (() => {
      try {
        app.parseDeck("database pbsn\ncomponents PB\nT 300 700 K\n");
      } catch (e) {
        return (e as AppInputError).issues[0].text.zh;
      }
    })();
    expect(zh).toBe("二元相图须恰好给出两个组元，如 PB,SN");
  });

  it("turns a run's result.json and SVG into the task's table, scalars, curves and picture", async () => {
    const script = "database pbsn\ncomponents PB SN\nphases *\nT 27 377 °C\nstep 2\n";
    const record = runDiagramScript(script, () => {
      throw new Error("no deck files");
    });
    fs.writeFileSync(path.join(tmp, "result.json"), JSON.stringify(record));
    fs.writeFileSync(path.join(tmp, "diagram.svg"), renderDiagramSvg(record, { unit: record.unit }));
    fs.writeFileSync(path.join(tmp, "diagram.calphad"), script);
    const r = await app.parseOutput(tmp);
    const table = r.tables.find((t) => t.key === "invariants")!;
    const eutectic = table.rows.find((row) => row[1] === "eutectic")!;
    expect(eutectic[0]).toBe("L = FCC_A1 + BCT_A5");
    expect(Number(eutectic[2])).toBeCloseTo(454.562, 2);
    expect(Number(eutectic[3])).toBeCloseTo(454.562 - 273.15, 2);
    expect(r.scalars.find((s) => s.label.en.startsWith("L = FCC_A1 + BCT_A5"))!.value).toBeCloseTo(454.562, 2);
    // Two curves per boundary, in °C as asked, each a line of its own for the CSV download.
    expect(r.series).toHaveLength(2 * record.boundaries.length);
    for (const s of r.series) {
      expect(s.y.unit).toBe("°C");
      expect(s.x.values.length).toBe(s.y.values.length);
      expect(Math.max(...s.y.values)).toBeLessThanOrEqual(377 + 1e-9);
    }
    expect(r.images).toEqual([expect.objectContaining({ key: "diagram", path: "diagram.svg" })]);
    // The page reads T and x off the picture, and a click opens the equilibrium form at that point.
    const axes = r.images![0].axes!;
    expect(axes.x).toEqual({ min: 0, max: 1, label: "x(SN)" });
    expect(axes.y.min).toBeCloseTo(27, 9);
    expect(axes.y.max).toBeCloseTo(377, 9);
    expect(axes.plot.left + axes.plot.width).toBeLessThan(axes.width);
    expect(axes.open).toEqual(expect.objectContaining({ appId: "calphad-equilibrium" }));
    expect(axes.open!.fields).toMatchObject({ database: "pbsn", components: "PB,SN", temperature: "{y}", temperatureUnit: "°C", composition: "SN={x}" });
    expect(r.files.map((f) => f.path)).toEqual(["result.json", "diagram.svg", "diagram.calphad"]);
    const svg = fs.readFileSync(path.join(tmp, "diagram.svg"), "utf8");
    expect(svg).not.toContain("<script");
    expect(svg).toContain("181.41 °C"); // the eutectic line's label: 454.56 K
    for (const phase of ["LIQUID", "FCC_A1", "BCT_A5"]) expect(svg).toContain(`>${phase}</text>`);
  });

  it("shows a running diagram's scan and tie-lines from its log", async () => {
    const dir = fs.mkdtempSync(path.join(tmp, "run-"));
    fs.writeFileSync(path.join(dir, "stdout.log"), "progress 0.050\nx\nprogress 0.300\nT scanned to 600.00 K: 12 tie-lines so far\nprogress 0.500\nT scanned to 500.00 K: 40 tie-lines so far\n");
    const p = await readDiagramProgress(dir);
    expect(p.scalars.map((s) => [s.key, s.value])).toEqual([["progress", 0.5], ["tieLines", 40]]);
    expect(p.series[0].x.values).toEqual([600, 500]);
    expect(await readDiagramProgress(path.join(tmp, "missing"))).toEqual({ series: [], scalars: [] });
  });
});
