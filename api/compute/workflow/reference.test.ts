import { describe, expect, it } from "vitest";
import { follow, interpolate, parseReference, ReferenceError, referencesIn, resolveInput, resultView, setParam } from "./reference.ts";

const equilibrium = {
  phases: [
    { name: "FCC_A1", fraction: 0.9, composition: { AL: 0.999, ZR: 0.001 } },
    { name: "AL3ZR", fraction: 0.1, composition: { AL: 0.75, ZR: 0.25 } },
  ],
};

describe("workflow references", () => {
  it("reads the issue's form, selectors by name, indexes, keys with colons and a final @x", () => {
    expect(parseReference("steps.eq.result.phases[0].composition.ZN")).toEqual({
      step: "eq",
      source: "result",
      path: [{ key: "phases" }, { index: 0 }, { key: "composition" }, { key: "ZN" }],
    });
    expect(parseReference("steps.eq.result.phases[name=FCC_A1].composition.ZR").path[1]).toEqual({ match: { key: "name", value: "FCC_A1" } });
    expect(parseReference("steps.eq.result.scalars.MU:AL").path).toEqual([{ key: "scalars" }, { key: "MU:AL" }]);
    expect(parseReference("steps.carb.result.carbonMoleFraction@0.6")).toMatchObject({ path: [{ key: "carbonMoleFraction" }], at: 0.6 });
    expect(parseReference("steps.a.params.timeH")).toMatchObject({ source: "params", path: [{ key: "timeH" }] });
    for (const bad of ["eq.result.x", "steps..result", "steps.1a.result.x", "steps.a.output.x", "steps.a.result.x[", "steps.a.result.x y"]) {
      expect(() => parseReference(bad), bad).toThrow(ReferenceError);
    }
  });

  it("follows a path and names the first part that is missing", () => {
    expect(follow(equilibrium, parseReference("steps.eq.result.phases[name=FCC_A1].composition.ZR"))).toBe(0.001);
    expect(follow(equilibrium, parseReference("steps.eq.result.phases[1].fraction"))).toBe(0.1);
    expect(() => follow(equilibrium, parseReference("steps.eq.result.phases[name=LIQUID].composition"))).toThrow(/missing: \.phases\[name=LIQUID\]$/);
    expect(() => follow(equilibrium, parseReference("steps.eq.result.phases[5]"))).toThrow(/missing: \.phases\[5\]/);
    // Own keys only: nothing of Object's prototype is reachable.
    expect(() => follow(equilibrium, parseReference("steps.eq.result.constructor"))).toThrow(ReferenceError);
  });

  it("interpolates a curve linearly, either way round, and refuses to extrapolate", () => {
    const c = { x: [0, 1, 2], y: [10, 20, 40] };
    expect(interpolate(c, 0.5, "c")).toBe(15);
    expect(interpolate(c, 2, "c")).toBe(40);
    expect(interpolate({ x: [2, 1, 0], y: [40, 20, 10] }, 1.5, "c")).toBe(30);
    expect(() => interpolate(c, 2.5, "c")).toThrow(/outOfRange/);
    expect(() => interpolate({ x: [0], y: [1] }, 0, "c")).toThrow(/not a curve/);
  });

  it("a bare reference keeps the value's type; a template fills braces into text", () => {
    const read = (r: ReturnType<typeof parseReference>) => follow(equilibrium, r);
    expect(resolveInput("steps.eq.result.phases[0].fraction", read)).toBe(0.9);
    expect(resolveInput("ZR={steps.eq.result.phases[0].composition.ZR},AL={steps.eq.result.phases[0].composition.AL}", read)).toBe("ZR=0.001,AL=0.999");
    expect(referencesIn("x={steps.a.result.y} z={steps.b.params.w}").map((r) => r.step)).toEqual(["a", "b"]);
    expect(() => referencesIn("{ }")).toThrow(ReferenceError);
  });

  it("a result reads as its values with scalars and curves by key", () => {
    const view = resultView({
      scalars: [{ key: "a0", label: { zh: "", en: "", es: "", ja: "" }, value: 2.86, unit: "Å" }],
      series: [{ key: "p", label: { zh: "", en: "", es: "", ja: "" }, x: { label: { zh: "", en: "", es: "", ja: "" }, unit: "", values: [0, 1] }, y: { label: { zh: "", en: "", es: "", ja: "" }, unit: "", values: [1, 3] } }],
      tables: [],
      files: [],
      values: { final: { n: 5 } },
    });
    expect(follow(view, parseReference("steps.s.result.scalars.a0"))).toBe(2.86);
    expect(follow(view, parseReference("steps.s.result.series.p@0.25"))).toBe(1.5);
    expect(follow(view, parseReference("steps.s.result.final.n"))).toBe(5);
  });

  it("sets nested params by a dotted key", () => {
    const p: Record<string, unknown> = { a: 1, composition: { ZR: 0.1 } };
    setParam(p, "composition.ZR", 0.2);
    setParam(p, "b.c", 3);
    expect(p).toEqual({ a: 1, composition: { ZR: 0.2 }, b: { c: 3 } });
  });
});
