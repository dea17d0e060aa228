import { describe, expect, it } from "vitest";
import {
  CarburizingParamsError,
  carburizingExample,
  localizeIssues,
  parseCarburizingDeck,
  renderCarburizingDeck,
  validateCarburizingParams,
  type ParamIssue,
} from "./params.ts";

const BASE = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 4, depthMm: 3 };

function issuesOf(fn: () => unknown): ParamIssue[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof CarburizingParamsError) return e.issues;
    throw e;
  }
  throw new Error("expected CarburizingParamsError");
}

describe("validateCarburizingParams", () => {
  it("fills the model's and the numerics' defaults", () => {
    expect(validateCarburizingParams(BASE)).toEqual({
      ...BASE,
      nodes: 201,
      diffusivity: "constant",
      d0: 2.3e-5,
      qJPerMol: 148000,
      caseCarbonWt: 0.4,
    });
  });

  it("accepts the documented example", () => {
    expect(validateCarburizingParams(carburizingExample).diffusivity).toBe("tibbetts");
  });

  it.each([
    ["temperatureC", { temperatureC: 650 }],
    ["temperatureC", { temperatureC: 1250 }],
    ["timeH", { timeH: 0 }],
    ["timeH", { timeH: -1 }],
    ["depthMm", { depthMm: 0 }],
    ["nodes", { nodes: 10 }],
    ["nodes", { nodes: 20002 }],
    ["nodes", { nodes: 100.5 }],
    ["steps", { steps: 0 }],
    ["diffusivity", { diffusivity: "fick" }],
    ["d0", { d0: 0 }],
    ["c0", { c0: -0.1 }],
    ["cs", { cs: 0.2 }],
    ["cs", { cs: 0.1 }],
    ["caseCarbonWt", { caseCarbonWt: 0.95 }],
    ["caseCarbonWt", { caseCarbonWt: 0.2 }],
    ["temperatureC", { temperatureC: "925" }],
  ])("refuses a bad %s (%j) naming the field", (field, change) => {
    const issues = issuesOf(() => validateCarburizingParams({ ...BASE, ...change }));
    expect(issues.map((i) => i.field)).toEqual([field]);
  });

  it("names every missing condition and refuses unknown fields", () => {
    const issues = issuesOf(() => validateCarburizingParams({ c0: 0.2, pressure: 1 }));
    expect(issues.map((i) => i.field).sort()).toEqual(["cs", "depthMm", "pressure", "temperatureC", "timeH"]);
    expect(issues.find((i) => i.field === "cs")!.text.en).toBe("Required parameter missing");
    expect(issues.find((i) => i.field === "pressure")!.text.en).toBe("Unknown parameter");
  });

  it("says what is wrong in each of the four languages", () => {
    const issues = issuesOf(() => validateCarburizingParams({ ...BASE, temperatureC: 650 }));
    expect(localizeIssues(issues, "zh")).toEqual([{ field: "temperatureC", message: "温度须在 700 到 1200 °C 之间" }]);
    expect(localizeIssues(issues, "en")[0].message).toBe("Temperature must be between 700 and 1200 °C");
    expect(localizeIssues(issues, "es")[0].message).toBe("La temperatura debe estar entre 700 y 1200 °C");
    expect(localizeIssues(issues, "ja")[0].message).toBe("温度は 700〜1200 °C の範囲で指定してください");
  });
});

describe("parseCarburizingDeck", () => {
  it("reads key = value lines with comments, blank lines, spacing and CRLF", () => {
    const deck = "# gas carburizing\r\nc0 = 0.2\r\n\r\n  cs=0.9   # potential\r\ntemperatureC =925\ntimeH = 4\ndepthMm = 3\ndiffusivity = tibbetts\nd0 = 2.3E-05\nsteps = 300\n";
    expect(parseCarburizingDeck(deck)).toMatchObject({ ...BASE, diffusivity: "tibbetts", d0: 2.3e-5, steps: 300, nodes: 201 });
  });

  it("round-trips what renderCarburizingDeck writes", () => {
    const params = validateCarburizingParams({ ...BASE, d0: 1.234567e-7, qJPerMol: 141234.5, steps: 77, caseCarbonWt: 0.35 });
    expect(parseCarburizingDeck(renderCarburizingDeck(params))).toEqual(params);
  });

  it("refuses unreadable lines, unknown and repeated keys and non-numbers, with their line numbers", () => {
    const deck = ["c0 = 0.2", "cs = 0,9", "this line has no equals", "pressure = 1", "c0 = 0.3", "timeH = 0x10", "depthMm ="].join("\n");
    const issues = issuesOf(() => parseCarburizingDeck(deck));
    expect(issues.map((i) => [i.line, i.field, i.text.en])).toEqual([
      [2, "cs", "This value must be a number"],
      [3, "", "Unreadable line, expected key = value"],
      [4, "pressure", "Unknown parameter"],
      [5, "c0", "Parameter given more than once"],
      [6, "timeH", "This value must be a number"],
      [7, "", "Unreadable line, expected key = value"],
    ]);
  });

  it("checks values by the same rules as the form, pointing at the deck line", () => {
    const issues = issuesOf(() => parseCarburizingDeck("c0 = 0.2\ncs = 0.9\ntemperatureC = 1300\ntimeH = 4\n"));
    expect(issues).toEqual([
      expect.objectContaining({ field: "temperatureC", line: 3 }),
      expect.objectContaining({ field: "depthMm", line: undefined }),
    ]);
    const err = new CarburizingParamsError(issues);
    expect(err.message).toContain("line 3: temperatureC: Temperature must be between 700 and 1200 °C");
  });

  it("refuses an empty deck by naming what is required", () => {
    const issues = issuesOf(() => parseCarburizingDeck("# nothing here\n"));
    expect(issues.map((i) => i.field).sort()).toEqual(["c0", "cs", "depthMm", "temperatureC", "timeH"]);
  });
});
