import { describe, expect, it } from "vitest";
import { compValue, parseCompositionConditions, parseRange } from "./grade-search.ts";

describe("grade search conditions", () => {
  it("takes a decimal comma as typed, without it splitting the condition", () => {
    const v = compValue({ element: "Cr", min: "0,8", max: "1,1" });
    expect(v).toBe("Cr,0.8,1.1");
    expect(parseCompositionConditions([v])).toEqual({ conditions: [{ element: "Cr", min: 0.8, max: 1.1 }], issues: [] });
  });

  it("names the row of a reversed range, an unknown element and an element given twice", () => {
    const { issues } = parseCompositionConditions(["Cr,1.1,0.8", "Xx,0,1", "Mo,0.1,", "Mo,,0.3"]);
    expect(issues).toEqual([
      { field: "comp.0", key: "rangeOrder" },
      { field: "comp.1", key: "elementUnknown" },
      { field: "comp.3", key: "elementTwice" },
    ]);
  });

  it("takes a minus only where a value can be below zero (a test temperature)", () => {
    expect(parseRange("-20", "20", true)).toEqual({ min: -20, max: 20 });
    expect(parseRange("−40", "", true)).toEqual({ min: -40, max: null });
    expect(parseRange("-0.1", "0.2").error).toBe("numberInvalid");
  });
});
