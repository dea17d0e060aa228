import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { shippedDatabase } from "../databases/index.ts";
import { parseTdb } from "../tdb/index.ts";
import { CalphadInputError } from "./params.ts";
import { runCalphadScript, type CalphadEquilibriumResult } from "./run.ts";

const noDeck = (p: string): string => {
  throw new Error(`no ${p}`);
};
const pbsnText = fs.readFileSync(shippedDatabase("pbsn")!.path, "utf8");

/** At equilibrium G is the tangent plane at the overall composition: GM = Σ x_c μ_c. */
const tangent = (r: CalphadEquilibriumResult) => r.components.reduce((s, c) => s + r.X[c] * r.MU[c], 0);

describe("runCalphadScript", () => {
  it("Pb–Sn at 450 K, x_Sn = 0.5: FCC_A1 + BCT_A5 in issue 6's result shape, from the shipped database by id", () => {
    const notes: string[] = [];
    const r = runCalphadScript("database pbsn\ncomponents PB SN\nphases *\nT 450 K\nX SN 0.5\n", noDeck, { onProgress: (f, n) => notes.push(`${f} ${n}`) });
    expect(r.phases.map((p) => p.name).sort()).toEqual(["BCT_A5", "FCC_A1"]);
    expect(r.phases.reduce((s, p) => s + p.fraction, 0)).toBeCloseTo(1, 10);
    // The lever rule holds with the phases' own compositions.
    expect(r.phases.reduce((s, p) => s + p.fraction * p.composition.SN, 0)).toBeCloseTo(0.5, 9);
    expect(r.GM).toBeCloseTo(tangent(r), 6);
    expect(r.drivingForces.LIQUID).toBeLessThan(0);
    expect(r.drivingForces.FCC_A1).toBe(0);
    const fcc = r.phases.find((p) => p.name === "FCC_A1")!;
    expect(Object.keys(fcc.siteFractions[0]).sort()).toEqual(["PB", "SN"]);
    expect(fcc.siteFractions[1]).toEqual({ VA: 1 });
    expect(fcc.siteFractions[0].SN).toBeCloseTo(fcc.composition.SN, 12);
    expect(r).toMatchObject({ database: "pbsn", components: ["PB", "SN"], T: 450, P: 101325, X: { PB: 0.5, SN: 0.5 }, converged: true });
    expect(notes.at(-1)).toMatch(/^1 equilibrium in /);
  });

  it("mass fractions are converted with the database's element masses", () => {
    const db = parseTdb(pbsnText);
    const w = 0.6;
    const nSn = w / db.elements.SN.mass;
    const nPb = (1 - w) / db.elements.PB.mass;
    const r = runCalphadScript("database file pbsn.tdb\ncomponents PB SN\nT 500 K\nW SN 0.6\n", (p) => (p === "pbsn.tdb" ? pbsnText : noDeck(p)));
    expect(r.X.SN).toBeCloseTo(nSn / (nSn + nPb), 12);
    expect(r.phases.reduce((s, p) => s + p.fraction * p.composition.SN, 0)).toBeCloseTo(r.X.SN, 9);
    expect(r.database).toBe("pbsn.tdb");
  });

  it("an uploaded TDB is checked against the script once read: unknown elements and phases refused with the script's line", () => {
    const read = (p: string) => (p === "db.tdb" ? pbsnText : noDeck(p));
    const refused = (script: string) => {
      try {
        runCalphadScript(script, read);
      } catch (e) {
        if (e instanceof CalphadInputError) return e.issues.map((i) => `${i.line} ${i.field} ${i.text.en}`);
        throw e;
      }
      throw new Error("accepted");
    };
    expect(refused("database file db.tdb\ncomponents PB AL\nT 500\nX AL 0.1\n")).toEqual(["2 components The database has no element AL (it has PB, SN)"]);
    expect(refused("database file db.tdb\ncomponents PB SN\nphases LIQUID HCP_A3\nT 500\nX SN 0.1\n")).toEqual(["3 phases The database has no phase HCP_A3 (it has LIQUID, FCC_A1, BCT_A5)"]);
    expect(refused("database file other.tdb\ncomponents PB SN\nT 500\nX SN 0.1\n")).toEqual(['1 databaseFile The TDB file "other.tdb" the script names is not among the task\'s files']);
    const broken = (p: string) => (p === "db.tdb" ? pbsnText.replace(/FUNCTION GHSERPB/i, "FUNCTION GHSERPB 298.15 1+;") : noDeck(p));
    expect(() => runCalphadScript("database file db.tdb\ncomponents PB SN\nT 500\nX SN 0.1\n", broken)).toThrow(/The TDB file "db.tdb" cannot be read at line \d+/);
  });
});
