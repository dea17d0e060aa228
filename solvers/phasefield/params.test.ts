import { describe, expect, it } from "vitest";
import { parsePhaseFieldDeck, PhaseFieldParamsError, phaseFieldExample, renderPhaseFieldDeck, resolvePhaseField, validatePhaseFieldParams } from "./params.ts";
import { snapshotSteps } from "./simulate.ts";

const issuesOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof PhaseFieldParamsError) return e.issues;
    throw e;
  }
  throw new Error("expected a refusal");
};

describe("phase-field params and deck", () => {
  it("round-trips the example through the deck and fills the model's defaults", () => {
    const p = parsePhaseFieldDeck(renderPhaseFieldDeck(phaseFieldExample));
    expect(p).toEqual(validatePhaseFieldParams(phaseFieldExample));
    const r = resolvePhaseField(p);
    expect(r).toMatchObject({ model: "allen-cahn", dx: 1e-7, dt: 0.1, initial: "nuclei", stabilization: 0, radius: 128 * 1e-7 / 4 });
    expect(resolvePhaseField(validatePhaseFieldParams({ model: "cahn-hilliard" }))).toMatchObject({ dx: 1e-9, initial: "noise", stabilization: 2, steps: 10000 });
  });

  it("names the deck's lines: unknown key, repeat, non-number, bad syntax, each in four languages", () => {
    const issues = issuesOf(() => parsePhaseFieldDeck("model = allen-cahn\nfoo = 1\nn = 128\nn = 64\nsteps = many\njust words\n"));
    expect(issues.map((i) => [i.field, i.line])).toEqual([["foo", 2], ["n", 4], ["steps", 5], ["", 6]]);
    for (const i of issues) expect(Object.keys(i.text).sort()).toEqual(["en", "es", "ja", "zh"]);
  });

  it("refuses values outside the shared-server limits with the field's rule", () => {
    const issues = issuesOf(() => parsePhaseFieldDeck("model = cahn-hilliard\nn = 100\nsteps = 300000\nsnapshots = 61\ninitial = nuclei\n"));
    expect(issues.map((i) => [i.field, i.line])).toEqual([["n", 2], ["steps", 3], ["snapshots", 4], ["initial", 5]]);
    expect(issues[0].text.en).toMatch(/64, 128, 256 or 512/);
    expect(issuesOf(() => parsePhaseFieldDeck("n = 64\n"))[0]).toMatchObject({ field: "model", text: { en: "Required parameter missing" } });
    expect(issuesOf(() => validatePhaseFieldParams({ model: "allen-cahn", n: 64, dx: 1e-7, radius: 4e-6 }))[0].field).toBe("radius");
  });

  it("spreads snapshots evenly from the first to the last step", () => {
    expect(snapshotSteps(100, 5)).toEqual([0, 25, 50, 75, 100]);
    expect(snapshotSteps(3, 10)).toEqual([0, 1, 2, 3]);
  });
});
