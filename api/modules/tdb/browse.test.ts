import { describe, expect, it } from "vitest";
import { elementsFrom, headerOf, matchesFilter, pageOf, searchFunctions, searchParameters } from "./browse.ts";
import type { ParameterView } from "./content.types.ts";

const param = (type: string, phase: string, constituents: string[][], order = 0): ParameterView => ({
  type,
  phase,
  constituents,
  order,
  ranges: [{ low: 298.15, high: 6000, expression: "+1*T" }],
  label: `${type}(${phase},${constituents.map((s) => s.join(",")).join(":")};${order})`,
});

describe("pageOf", () => {
  it("cuts pages and keeps a page past the end on the last one", () => {
    const rows = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(rows, 1, 20)).toMatchObject({ total: 45, page: 1, size: 20, rows: rows.slice(0, 20) });
    expect(pageOf(rows, 3, 20).rows).toEqual([40, 41, 42, 43, 44]);
    expect(pageOf(rows, 9, 20).page).toBe(3);
    expect(pageOf([], 4, 20)).toMatchObject({ total: 0, page: 1, rows: [] });
  });
});

describe("searching a database", () => {
  const params = [param("G", "FCC_A1", [["AL"], ["VA"]]), param("L", "FCC_A1", [["AL", "ZN"], ["VA"]], 1), param("TC", "ALFE_B2", [["FE"], ["FE"]])];
  it("finds parameters by an exact phase, type or constituent, else by label", () => {
    expect(searchParameters(params, "zn").map((p) => p.label)).toEqual(["L(FCC_A1,AL,ZN:VA;1)"]);
    expect(searchParameters(params, "AL")).toHaveLength(2); // Al as a constituent, not ALFE_B2's name
    expect(searchParameters(params, "tc")).toHaveLength(1);
    expect(searchParameters(params, "FCC_A1,AL,")).toHaveLength(1);
    expect(searchParameters(params, " ")).toHaveLength(3);
  });
  it("finds functions by name or expression", () => {
    const fns = [
      { name: "GHSERAL", ranges: [{ low: 298.15, high: 700, expression: "-7976.15+137.093038*T" }] },
      { name: "GLIQAL", ranges: [{ low: 298.15, high: 6000, expression: "+11005.029-11.841867*T+GHSERAL#" }] },
    ];
    expect(searchFunctions(fns, "ghserAL").map((f) => f.name)).toEqual(["GHSERAL", "GLIQAL"]);
    expect(searchFunctions(fns, "liq").map((f) => f.name)).toEqual(["GLIQAL"]);
  });
});

describe("the catalogue filter", () => {
  const db = { name: "Al–Zn", elements: ["AL", "ZN"], phases: ["FCC_A1", "HCP_A3", "LIQUID"], citation: "S. an Mey 1993", source: "" };
  it("reads element symbols however they are separated", () => {
    expect(elementsFrom("al, Zn；fe  fe")).toEqual(["AL", "ZN", "FE"]);
    expect(elementsFrom("Alu 12 x")).toEqual(["X"]);
  });
  it("needs every element and matches the keyword anywhere", () => {
    expect(matchesFilter(db, { elements: ["AL"], keyword: "" })).toBe(true);
    expect(matchesFilter(db, { elements: ["AL", "FE"], keyword: "" })).toBe(false);
    expect(matchesFilter(db, { elements: [], keyword: "hcp" })).toBe(true);
    expect(matchesFilter(db, { elements: [], keyword: "mey" })).toBe(true);
    expect(matchesFilter(db, { elements: [], keyword: "bcc" })).toBe(false);
  });
});

describe("headerOf", () => {
  it("keeps the opening comment block, without its frame", () => {
    const text = "$ ====\r\n$ Al-Zn\r\n$ S. an Mey, Z. Metallkd. 84 (1993) 451\r\n$ ====\r\n\r\nELEMENT AL FCC_A1 26.98 0 0 !\r\n$ later\r\n";
    expect(headerOf(text)).toBe("Al-Zn\nS. an Mey, Z. Metallkd. 84 (1993) 451");
    expect(headerOf("ELEMENT AL FCC_A1 26.98 0 0 !")).toBe("");
  });
});
