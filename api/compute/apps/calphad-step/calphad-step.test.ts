import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { shippedDatabase } from "../../../../solvers/calphad/databases/index.ts";
import { pointLine, runStepScript } from "../../../../solvers/calphad/step/run.ts";
import { AppInputError, type InputIssue } from "../types.ts";
import { calphadStepApp as app, calphadStepExample } from "./index.ts";

const pbsn = fs.readFileSync(shippedDatabase("pbsn")!.path, "utf8");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "calphad-step-app-"));
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

describe("calphad-step app", () => {
  it("renders the form's params into a self-contained deck that instruction mode reads back", () => {
    const params = app.validateParams!(calphadStepExample);
    const { files } = app.renderDeck(params);
    expect(Object.keys(files).sort()).toEqual(["database.tdb", "step.calphad"]);
    expect(files["database.tdb"]).toBe(pbsn);
    expect(files["step.calphad"]).toContain("database file database.tdb\n");
    expect(files["step.calphad"]).toContain("T 400 600 2 K\n");
    const again = app.parseDeck(files["step.calphad"]);
    expect(again).toEqual({ ...params, database: "file", databaseFile: "database.tdb" });
    expect(() => app.checkDeckFiles!(files, again)).not.toThrow();
    expect(app.category).toBe("CALPHAD");
    // The step CLI runs as its plain-node bundle (or through tsx where the bundle cache cannot be written).
    expect(app.jobScript({ taskId: "t", workDir: "/w", mainInput: "step.calphad", cores: 1, walltimeMin: 5 })).toMatch(/step-cli(-[0-9a-f]+\.mjs|\.ts)' 'step\.calphad'/);
  });

  it("refuses bad ranges, elements and files, naming the field or the script's line", () => {
    const ok = { ...calphadStepExample };
    expect(refused(() => app.validateParams!({ ...ok, Tmax: 300 }))).toEqual(["Tmax - The end temperature must be above the start and at most 10000 K"]);
    expect(refused(() => app.validateParams!({ ...ok, step: 0 }))).toEqual(["step - The temperature step must be above 0, with at most 5000 points"]);
    expect(refused(() => app.validateParams!({ ...ok, Tmin: -300, temperatureUnit: "°C" }))).toEqual([
      "Tmin - The temperature must be above absolute zero (0 K, −273.15 °C) and at most 10000 K",
    ]);
    expect(refused(() => app.validateParams!({ ...ok, components: "PB,AL", composition: "AL=0.1" }))).toEqual(["components - The database has no element AL (it has PB, SN)"]);
    expect(refused(() => app.validateParams!({ ...ok, database: "file", databaseFile: "x.tdb" }))[0]).toMatch(/^database - The form offers the shipped databases only/);
    expect(refused(() => app.parseDeck("database pbsn\ncomponents PB SN\nT 400 600 K\nX SN 0.3\n"))).toEqual([
      "Tmin 3 The temperature line is: T <from> <to> <step> [K|°C], e.g. T 300 1000 5 K",
    ]);
    const script = "database file own.tdb\ncomponents PB SN\nT 400 600 5\nX SN 0.3\n";
    expect(refused(() => app.checkDeckFiles!({ "step.calphad": script }, app.parseDeck(script)))).toEqual([`step.calphad 1 The TDB file "own.tdb" the script names is not among the task's files`]);
  });

  it("reads a run's result into curves, transition temperatures and their table; the live view from the log's point lines", async () => {
    const { files } = app.renderDeck(app.validateParams!({ ...calphadStepExample, step: 10 }));
    const log: string[] = [];
    const result = runStepScript(files["step.calphad"], (p) => files[p], { onPoint: (p) => log.push(pointLine(p)) });
    fs.writeFileSync(path.join(tmp, "result.json"), JSON.stringify(result));
    // A run cut short: half the points and a half-written line.
    fs.writeFileSync(path.join(tmp, "stdout.log"), ["progress 0.050", ...log.slice(0, 8), log[8].slice(0, 20)].join("\n"));
    const live = await app.progress!(tmp);
    expect(live.series.find((s) => s.key === "fraction:FCC_A1")!.x.values).toEqual([400, 410, 420, 430, 440, 450, 460, 470]);
    expect(live.series.map((s) => s.key)).toEqual(["fraction:BCT_A5", "fraction:FCC_A1", "fraction:LIQUID", "HM", "CPM"]);
    expect(live.scalars[0]).toMatchObject({ key: "T", value: 470 });

    const r = await app.parseOutput(tmp);
    const scalar = (k: string) => r.scalars.find((s) => s.key === k)?.value;
    expect(Math.abs(scalar("T:solidus")! - 454.56)).toBeLessThan(0.1);
    expect(scalar("T:liquidus")).toBeGreaterThan(scalar("T:solidus")!);
    const transitions = r.tables.find((x) => x.key === "transitions")!;
    expect(transitions.rows.map((row) => [row[0], row[3], row[4]])).toEqual([
      ["solidus", "BCT_A5 + FCC_A1", "FCC_A1 + LIQUID"],
      ["liquidus", "FCC_A1 + LIQUID", "LIQUID"],
    ]);
    expect(Number(transitions.rows[0][5])).toBeGreaterThan(100);
    const series = (k: string) => r.series.find((s) => s.key === k)!;
    expect(series("fraction:LIQUID").y.values.at(-1)).toBeCloseTo(1, 12);
    expect(series("fraction:LIQUID").x.values).toHaveLength(21);
    // A phase's composition only where it is stable: BCT_A5 below the eutectic.
    expect(series("x:BCT_A5:SN").x.values.every((T) => T < 454.56)).toBe(true);
    for (const k of ["HM", "SM", "CPM", "GM"]) expect(series(k).y.values).toHaveLength(21);
    expect(r.files.map((f) => f.path)).toEqual(["result.json", "stdout.log"]);
  });

  it("fails on a missing or malformed result.json, and shows nothing live before the first point", async () => {
    const empty = fs.mkdtempSync(path.join(tmp, "empty-"));
    await expect(app.parseOutput(empty)).rejects.toThrow(/result.json unreadable/);
    fs.writeFileSync(path.join(empty, "result.json"), JSON.stringify({ components: ["AL"], points: [] }));
    await expect(app.parseOutput(empty)).rejects.toThrow(/no step/);
    expect(await app.progress!(empty)).toEqual({ series: [], scalars: [] });
  });
});
