import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { shippedDatabase } from "../../../../solvers/calphad/databases/index.ts";
import { runSectionScript } from "../../../../solvers/calphad/ternary/run.ts";
import { ternarySectionSvg } from "../../../../solvers/calphad/ternary-svg.ts";
import { AppInputError, type InputIssue } from "../types.ts";
import { calphadTernaryExample, calphadTernarySectionApp as app } from "./index.ts";

const crtiv = fs.readFileSync(shippedDatabase("crtiv_ghosh")!.path, "utf8");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "calphad-ternary-"));
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

describe("calphad-ternary-section app", () => {
  it("renders the form's params into a self-contained deck that reads back to the same params", () => {
    const params = app.validateParams!(calphadTernaryExample);
    const { files } = app.renderDeck(params);
    expect(Object.keys(files).sort()).toEqual(["database.tdb", "section.calphad"]);
    expect(files["database.tdb"]).toBe(crtiv);
    expect(files["section.calphad"]).toContain("database file database.tdb\n");
    expect(files["section.calphad"]).toContain("density 30\n");
    const again = app.parseDeck(files["section.calphad"]);
    expect(again).toEqual({ ...params, database: "file", databaseFile: "database.tdb" });
    expect(() => app.checkDeckFiles!(files, again)).not.toThrow();
  });

  it("refuses what a section cannot take, naming the field or the line", () => {
    const ok = { ...calphadTernaryExample };
    expect(refused(() => app.validateParams!({ ...ok, components: "CR,TI" }))).toEqual(["components - A ternary section needs exactly three components, e.g. CR,TI,V"]);
    expect(refused(() => app.validateParams!({ ...ok, density: 500 }))).toEqual(["density - The grid density must be a whole number from 8 to 80"]);
    expect(refused(() => app.validateParams!({ ...ok, components: "CR,TI,FE" }))).toEqual(["components - The database has no element FE (it has CR, TI, V)"]);
    expect(refused(() => app.parseDeck("database crtiv_ghosh\ncomponents CR TI V\nT 923\nX TI 0.2\n"))).toEqual(["composition 4 A section covers every composition: it takes no X or W line"]);
    expect(refused(() => app.parseDeck("database crtiv_ghosh\ncomponents CR TI V\nT 923\ndensity many\n"))).toEqual(["density 4 Wrong arguments, expected: density <whole number>"]);
    expect(refused(() => app.parseDeck("database crtiv_ghosh\ncomponents CR TI V\nphases BCC_A2 FCC_A1\nT 923\n"))).toEqual([
      "phases 3 The database has no phase FCC_A1 (it has LIQUID, BCC_A2, HCP_A3, LAVES_C14, LAVES_C36, LAVES_C15)",
    ]);
  });

  it("reads a run's section: the picture, the triangles' corners, tie-line ends and label points", async () => {
    const r = runSectionScript("database crtiv_ghosh\ncomponents CR TI V\nphases BCC_A2 HCP_A3 LAVES_C15\nT 650 °C\ndensity 16\n", () => {
      throw new Error("no deck file");
    });
    fs.writeFileSync(path.join(tmp, "result.json"), JSON.stringify(r));
    const svg = ternarySectionSvg(r);
    fs.writeFileSync(path.join(tmp, "section.svg"), svg);
    expect(svg).toMatch(/^<svg [^>]*width="800" height="700"/);
    expect(svg).not.toMatch(/<script/i);
    const out = await app.parseOutput(tmp);
    expect(out.images).toEqual([expect.objectContaining({ key: "section", path: "section.svg" })]);
    const tri = out.tables.find((t) => t.key === "threePhase")!;
    expect(tri.rows.length).toBe(3 * r.threePhase.length);
    // Each corner row gives x(CR), x(TI), x(V) summing to 1.
    for (const row of tri.rows) expect(Number(row[2]) + Number(row[3]) + Number(row[4])).toBeCloseTo(1, 12);
    expect(out.scalars.find((s) => s.key === "threePhase")!.value).toBe(r.threePhase.length);
    expect(out.files.map((f) => f.path)).toEqual(["section.svg", "result.json"]);
  }, 15_000);

  it("refuses a result.json without a section", async () => {
    fs.writeFileSync(path.join(tmp, "result.json"), JSON.stringify({ components: ["A"] }));
    await expect(app.parseOutput(tmp)).rejects.toThrow(/no ternary section/);
  });
});
