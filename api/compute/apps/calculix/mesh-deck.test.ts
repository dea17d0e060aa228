import { describe, expect, it } from "vitest";
import { AppInputError } from "../types.ts";
import { boxMesh, divisionsFor } from "./box-mesh.ts";
import { renderInp } from "./deck.ts";
import { parseInpDeck } from "./inp-deck.ts";
import { calculixParamsSchema, meshDivisions, validateCalculixParams } from "./params.ts";

describe("boxMesh", () => {
  it("numbers a serendipity brick grid: corners and midsides only, 20 distinct nodes per element", () => {
    const m = boxMesh(100, 10, 10, 4, 2, 2);
    // (2n+1)³ grid points minus those with two or three odd indices.
    const [gx, gy, gz] = [9, 5, 5];
    let expected = 0;
    for (let i = 0; i < gx; i++) for (let j = 0; j < gy; j++) for (let k = 0; k < gz; k++) if ((i % 2) + (j % 2) + (k % 2) <= 1) expected++;
    expect(m.nodes.size).toBe(expected);
    expect(m.elements).toHaveLength(16);
    for (const e of m.elements) expect(new Set(e).size).toBe(20);
    expect(m.fixedEnd.every((id) => m.nodes.get(id)![0] === 0)).toBe(true);
    expect(m.freeEnd.every((id) => m.nodes.get(id)![0] === 100)).toBe(true);
    expect(m.axis.map((id) => m.nodes.get(id)!.slice(1))).toEqual(Array(9).fill([5, 5]));
  });

  it("spreads the tip load as consistent loads of a uniform traction: they sum to 1, corners negative", () => {
    const m = boxMesh(100, 10, 10, 4, 2, 2);
    const sum = [...m.freeEndWeights.values()].reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 12);
    const corner = [...m.freeEndWeights].find(([id]) => m.nodes.get(id)![1] === 0 && m.nodes.get(id)![2] === 0)!;
    expect(corner[1]).toBeCloseTo(-1 / 12 / 4, 12);
  });

  it("divides each side by the mesh size, with a minimum", () => {
    expect(divisionsFor(100, 2.5, 2)).toBe(40);
    expect(divisionsFor(10, 20, 2)).toBe(2);
    expect(divisionsFor(10, 3, 1)).toBe(4);
    expect(meshDivisions(calculixParamsSchema.parse({ shape: "plate", lengthMm: 100, widthMm: 50, heightMm: 2, meshSizeMm: 5 }))).toEqual([20, 10, 1]);
  });
});

describe("renderInp", () => {
  it("writes C3D20R bricks, the end sets, the tip load and what to print for statics", () => {
    const p = calculixParamsSchema.parse({ meshSizeMm: 10 });
    const deck = renderInp(p);
    expect(deck).toMatch(/^\*ELEMENT, TYPE=C3D20R, ELSET=EALL$/m);
    expect(deck).toMatch(/^\*ELASTIC\n210000\., 0\.3$/m);
    expect(deck).toMatch(/^\*STATIC$/m);
    expect(deck).toMatch(/^NFIX, 1, 3$/m);
    const loads = deck.split("*CLOAD\n")[1].split("\n*")[0].split("\n").map((l) => Number(l.split(",")[2]));
    expect(loads.reduce((a, b) => a + b, 0)).toBeCloseTo(-100, 6);
    // Round trip: the deck the form writes is a deck instruction mode accepts, with the same material.
    expect(parseInpDeck(deck)).toMatchObject({ analysis: "static", youngsModulusGpa: 210, poissonRatio: 0.3, conductivityWmK: 50 });
  });

  it("holds both ends at T0 and converts the source from W/m³ for conduction", () => {
    const deck = renderInp(calculixParamsSchema.parse({ analysis: "heat", heatSourceWm3: 2e6, endTemperatureC: 100, meshSizeMm: 20 }));
    expect(deck).toMatch(/^\*HEAT TRANSFER, STEADY STATE$/m);
    expect(deck).toMatch(/^NFIX, 11, 11, 100\.$/m);
    expect(deck).toMatch(/^NTIP, 11, 11, 100\.$/m);
    expect(deck).toMatch(/^EALL, BF, 2\.$/m);
    expect(parseInpDeck(deck).analysis).toBe("heat");
  });

  it("refuses a mesh too fine to solve here, naming the field", () => {
    expect(() => validateCalculixParams({ meshSizeMm: 0.5 })).toThrow(/meshSizeMm: mesh size too small: 200×20×20 = 80000 elements/);
    try {
      validateCalculixParams({ poissonRatio: 0.5, lengthMm: -1 });
      expect.unreachable();
    } catch (e) {
      // Worded like the form's own refusals, in every language.
      expect((e as AppInputError).issues).toEqual([
        { field: "lengthMm", text: { zh: "必须大于 0", en: "must be greater than 0", es: "debe ser mayor que 0", ja: "0 より大きくしてください" } },
        { field: "poissonRatio", text: { zh: "必须小于 0.5", en: "must be less than 0.5", es: "debe ser menor que 0.5", ja: "0.5 より小さくしてください" } },
      ]);
    }
  });
});

describe("parseInpDeck", () => {
  const issuesOf = (text: string) => {
    try {
      parseInpDeck(text);
    } catch (e) {
      if (e instanceof AppInputError) return e.issues.map((i) => [i.line ?? null, i.text.en]);
      throw e;
    }
    return [];
  };

  it("refuses includes and file parameters outside the work dir, naming their lines", () => {
    const deck = ["*INCLUDE, INPUT=../secret.inp", "*INCLUDE,INPUT=/etc/passwd", "*INCLUDE, INPUT=sub/mesh.inp", "*STEP", "*STATIC", "*NODE FILE, FILE=~/x", "U", "*END STEP"].join("\n");
    expect(issuesOf(deck).map((i) => i[0])).toEqual([1, 2, 6]);
    expect(issuesOf(deck)[0][1]).toMatch(/INCLUDE INPUT=\.\.\/secret\.inp is outside the task's directory/);
  });

  it("needs a mesh and a closed step, and no data before the first keyword", () => {
    expect(issuesOf("1, 0, 0, 0\n*NODE\n1, 0, 0, 0\n*STEP\n*STATIC")).toEqual([
      [1, "a data line before the first keyword line (starting with *)"],
      [null, "no mesh: the deck needs *NODE and *ELEMENT, or an *INCLUDE of a mesh file"],
      [4, "this *STEP has no *END STEP"],
    ]);
    expect(issuesOf("*INCLUDE\n*STEP\n*STATIC\n*END STEP")).toEqual([[1, "*INCLUDE has no INPUT=file"]]);
  });

  it("keeps the defaults for what it cannot read and ignores values out of range", () => {
    const p = parseInpDeck("*INCLUDE, INPUT=mesh.inp\n*MATERIAL, NAME=A\n*ELASTIC\n2.1e11, 0.3\n*STEP\n*FREQUENCY\n10\n*END STEP");
    expect(p.youngsModulusGpa).toBe(210);
    expect(p.analysis).toBe("static");
    expect(p.poissonRatio).toBe(0.3);
  });
});
