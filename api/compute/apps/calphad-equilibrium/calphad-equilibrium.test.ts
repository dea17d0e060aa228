import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { shippedDatabase } from "../../../../solvers/calphad/databases/index.ts";
import { runCalphadScript } from "../../../../solvers/calphad/script/run.ts";
import { AppInputError, type InputIssue } from "../types.ts";
import { calphadEquilibriumApp as app, calphadEquilibriumExample } from "./index.ts";

const pbsn = fs.readFileSync(shippedDatabase("pbsn")!.path, "utf8");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "calphad-app-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The issues an app call refuses with, as "field line english". */
function refused(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppInputError) return e.issues.map((i: InputIssue) => `${i.field} ${i.line ?? "-"} ${i.text.en}`);
    throw e;
  }
  throw new Error("accepted");
}

describe("calphad-equilibrium app", () => {
  it("renders the form's params into a self-contained deck: the script names the copied shipped TDB", () => {
    const params = app.validateParams!(calphadEquilibriumExample);
    const { files } = app.renderDeck(params);
    expect(Object.keys(files).sort()).toEqual(["conditions.calphad", "database.tdb"]);
    expect(files["database.tdb"]).toBe(pbsn);
    expect(files["conditions.calphad"]).toContain("database file database.tdb\n");
    // Read back as instruction mode reads it: the same conditions, the database now the deck's file.
    const again = app.parseDeck(files["conditions.calphad"]);
    expect(again).toEqual({ ...params, database: "file", databaseFile: "database.tdb" });
    expect(() => app.checkDeckFiles!(files, again)).not.toThrow();
  });

  it("refuses the form's bad values against the chosen database, naming the field", () => {
    const ok = { ...calphadEquilibriumExample };
    expect(refused(() => app.validateParams!({ ...ok, components: "PB,SN,AL", composition: "SN=0.5,AL=0.1" }))).toEqual(["components - The database has no element AL (it has PB, SN)"]);
    expect(refused(() => app.validateParams!({ ...ok, phases: "LIQUID,HCP_A3" }))).toEqual(["phases - The database has no phase HCP_A3 (it has LIQUID, FCC_A1, BCT_A5)"]);
    expect(refused(() => app.validateParams!({ ...ok, temperature: -300, temperatureUnit: "°C" }))).toEqual([
      "temperature - The temperature must be above absolute zero (0 K, −273.15 °C) and at most 10000 K",
    ]);
    expect(refused(() => app.validateParams!({ ...ok, composition: "SN=half" }))).toEqual([
      'composition - Cannot read the composition "SN=half": expected element=fraction, several separated by commas (e.g. CR=0.1,TI=0.2)',
    ]);
    expect(refused(() => app.validateParams!({ ...ok, database: "nist" }))).toEqual([expect.stringMatching(/^database - Unknown database "nist"/)]);
    expect(refused(() => app.validateParams!({ ...ok, database: "file", databaseFile: "x.tdb" }))).toEqual([
      "database - The form offers the shipped databases only; upload your own TDB together with the condition script in instruction mode",
    ]);
    expect(refused(() => app.validateParams!({ ...ok, temperature: "hot" }))).toEqual(["temperature - The temperature must be above absolute zero (0 K, −273.15 °C) and at most 10000 K"]);
  });

  it("checks an uploaded TDB at submission: present, readable, and holding the script's elements and phases", () => {
    const script = "database file own.tdb\ncomponents PB SN\nphases LIQUID FCC_A1\nT 500\nX SN 0.2\n";
    const params = app.parseDeck(script);
    expect(params).toMatchObject({ database: "file", databaseFile: "own.tdb", phases: "LIQUID,FCC_A1" });
    expect(() => app.checkDeckFiles!({ "conditions.calphad": script, "own.tdb": pbsn }, params)).not.toThrow();
    expect(refused(() => app.checkDeckFiles!({ "conditions.calphad": script }, params))).toEqual([`conditions.calphad 1 The TDB file "own.tdb" the script names is not among the task's files`]);
    const broken = pbsn.replace(/PHASE LIQUID:L %  1  1.0  !/, "PHASE LIQUID:L %  2  1.0  !");
    expect(broken).not.toBe(pbsn);
    expect(refused(() => app.checkDeckFiles!({ "conditions.calphad": script, "own.tdb": broken }, params))).toEqual([expect.stringMatching(/^own\.tdb - Line \d+: /)]);
    const other = script.replace("PB SN", "PB SN BI").replace("X SN 0.2", "X SN 0.2 BI 0.1");
    expect(refused(() => app.checkDeckFiles!({ "conditions.calphad": other, "own.tdb": pbsn }, app.parseDeck(other)))).toEqual(["conditions.calphad 2 The database has no element BI (it has PB, SN)"]);
  });

  it("refuses a hand-written script naming the line", () => {
    expect(refused(() => app.parseDeck("database alzn_mey\ncomponents AL ZN\nT 700 K\nX ZN 0.3\nphases LIQUID BCC_A2\n"))).toEqual([
      "phases 5 The database has no phase BCC_A2 (it has LIQUID, FCC_A1, HCP_A3)",
    ]);
  });

  it("reads a run's result: GM, μ and fractions as scalars, tables of phases, driving forces and site fractions; two FCC sets named apart", async () => {
    const r = runCalphadScript("database alzn_mey\ncomponents AL ZN\nT 580 K\nX ZN 0.4\n", (p) => {
      throw new Error(`no ${p}`);
    });
    fs.writeFileSync(path.join(tmp, "result.json"), JSON.stringify(r));
    fs.writeFileSync(path.join(tmp, "conditions.calphad"), "database alzn_mey\n");
    const out = await app.parseOutput(tmp);
    const scalar = (k: string) => out.scalars.find((s) => s.key === k)?.value;
    expect(scalar("GM")).toBe(r.GM);
    expect(scalar("MU:AL")).toBe(r.MU.AL);
    expect(scalar("MU:ZN")).toBe(r.MU.ZN);
    // Inside the Al–Zn FCC miscibility gap: two composition sets of one phase.
    expect(r.phases.map((p) => p.name)).toEqual(["FCC_A1", "FCC_A1"]);
    expect(scalar("fraction:FCC_A1#1")).toBe(r.phases[0].fraction);
    expect(scalar("fraction:FCC_A1#2")).toBe(r.phases[1].fraction);
    const table = (k: string) => out.tables.find((x) => x.key === k)!;
    expect(table("stablePhases").rows).toEqual(r.phases.map((p, i) => [`FCC_A1#${i + 1}`, p.fraction, p.composition.AL, p.composition.ZN]));
    expect(table("drivingForces").rows.map((row) => row[0]).sort()).toEqual(["HCP_A3", "LIQUID"]);
    expect(table("siteFractions").rows).toContainEqual(["FCC_A1#2", 1, "ZN", r.phases[1].siteFractions[0].ZN]);
    expect(out.files.map((f) => f.path)).toEqual(["result.json", "conditions.calphad"]);
  });

  it("refuses a result.json without an equilibrium", async () => {
    fs.writeFileSync(path.join(tmp, "result.json"), JSON.stringify({ GM: 1 }));
    await expect(app.parseOutput(tmp)).rejects.toThrow(/no equilibrium/);
  });
});
