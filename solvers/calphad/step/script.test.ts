import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { shippedDatabase } from "../databases/index.ts";
import { CalphadInputError, shippedDatabaseInfo } from "../script/index.ts";
import { pointFromLine, pointLine, runStepScript } from "./run.ts";
import { checkStepParams } from "./params.ts";
import { parseStepScript, renderStepScript } from "./script.ts";

const refusals = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CalphadInputError) return e.issues.map((i) => ({ field: i.field, line: i.line, en: i.text.en }));
    throw e;
  }
  throw new Error("not refused");
};

describe("the step script", () => {
  const script = "# Pb–30Sn cooled from the melt\ndatabase pbsn\ncomponents PB SN\nphases *\nT 150 350 2.5 C   # the range\nX SN 0.3\n";

  it("reads the temperature range into Tmin, Tmax and step, the rest as the equilibrium script does", () => {
    const r = parseStepScript(script, shippedDatabaseInfo("pbsn"));
    expect(r.params).toMatchObject({ database: "pbsn", components: "PB,SN", phases: "*", Tmin: 150, Tmax: 350, step: 2.5, temperatureUnit: "°C", compositionUnit: "X", composition: "SN=0.3" });
    expect(r.case).toMatchObject({ Tmin: 423.15, Tmax: 623.15, dT: 2.5, fractions: { SN: 0.3 }, components: ["PB", "SN"] });
    expect(r.lines.get("Tmin")).toBe(5);
  });

  it("renders params to a script that reads back to the same params", () => {
    const params = parseStepScript(script).params;
    const text = renderStepScript(params);
    expect(text).toContain("T 150 350 2.5 °C");
    expect(text.split("\n")[0]).toContain("calphad-step");
    expect(parseStepScript(text).params).toEqual(params);
  });

  it("refuses a bad temperature line, range or step and the equilibrium script's mistakes, naming the line", () => {
    expect(refusals(() => parseStepScript("database pbsn\ncomponents PB SN\nT 400 K\nX SN 0.3\n"))).toEqual([
      { field: "Tmin", line: 3, en: "The temperature line is: T <from> <to> <step> [K|°C], e.g. T 300 1000 5 K" },
    ]);
    expect(refusals(() => parseStepScript("database pbsn\ncomponents PB SN\nT 600 400 5 K\nX SN 0.3\n"))).toEqual([
      { field: "Tmax", line: 3, en: "The end temperature must be above the start and at most 10000 K" },
    ]);
    expect(refusals(() => parseStepScript("database pbsn\ncomponents PB SN\nT 300 900 0.01 K\nX SN 0.3\n"))[0]).toMatchObject({ field: "step", line: 3 });
    expect(refusals(() => parseStepScript("database pbsn\ncomponents PB SN\nT 300 900 5 F\nX SN 0.3\n"))).toEqual([
      { field: "Tmin", line: 3, en: 'Unknown temperature unit "F" (K, °C or C)' },
    ]);
    expect(refusals(() => parseStepScript("database pbsn\ncomponents PB FE\nT 300 900 5\nX FE 0.3\n", shippedDatabaseInfo("pbsn")))[0]).toMatchObject({ field: "components", line: 2 });
    expect(refusals(() => parseStepScript("database pbsn\ncomponents PB SN\nX SN 0.3\n"))).toEqual([{ field: "temperature", line: undefined, en: '"T" is missing' }].map((i) => ({ ...i, field: "Tmin" })));
  });

  it("checks the form's params by the same rules", () => {
    const form = { database: "alzn_mey", components: "AL", Tmin: 900, Tmax: 1000, step: 1, temperatureUnit: "K" };
    expect(checkStepParams(form, shippedDatabaseInfo("alzn_mey")).case).toMatchObject({ components: ["AL"], fractions: {}, Tmin: 900, Tmax: 1000, dT: 1 });
    expect(refusals(() => checkStepParams({ ...form, Tmin: -5 }))).toEqual([{ field: "Tmin", line: undefined, en: expect.any(String) }]);
    expect(refusals(() => checkStepParams({ ...form, step: "1" }))).toEqual([{ field: "step", line: undefined, en: expect.stringContaining("above 0") }]);
    expect(refusals(() => checkStepParams({ ...form, temperature: 900 }))).toEqual([{ field: "temperature", line: undefined, en: "This value is not valid" }]);
  });
});

describe("a step run from its script", () => {
  it("gives every point, the transitions and point lines the progress reader reads back", () => {
    const tdb = fs.readFileSync(shippedDatabase("alzn_mey")!.path, "utf8");
    const lines: string[] = [];
    const r = runStepScript("database file my.tdb\ncomponents AL\nT 930 940 1 K\n", (p) => (p === "my.tdb" ? tdb : ""), { onPoint: (p) => lines.push(pointLine(p)) });
    expect(r).toMatchObject({ solver: "calphad-step", database: "my.tdb", components: ["AL"], Tmin: 930, Tmax: 940, dT: 1 });
    expect(r.points).toHaveLength(11);
    expect(r.transitions.map((t) => [t.kind, +t.T.toFixed(2)])).toEqual([["melting", 933.6]]);
    expect(lines).toHaveLength(11);
    const back = pointFromLine(lines[10])!;
    expect(back.T).toBe(940);
    expect(back.fractions).toEqual({ LIQUID: 1 });
    expect(back.HM).toBeCloseTo(r.points[10].HM, 4);
    expect(pointFromLine("point T=940 GM=-1 HM=")).toBeNull();
    expect(pointFromLine("progress 0.5")).toBeNull();
  });
});
