import { describe, expect, it } from "vitest";
import { catalogueHref, databaseHref, databaseQuery, formatT, isDatabaseId, pagerPages, parameterLabel } from "./tdb";

describe("catalogue addresses", () => {
  it("leave the defaults out", () => {
    expect(catalogueHref()).toBe("/steelResearchCompute/DatabaseResources");
    expect(catalogueHref({ elements: "Al Zn" })).toBe("/steelResearchCompute/DatabaseResources?elements=Al+Zn");
    expect(databaseHref("alzn_mey")).toBe("/steelResearchCompute/DatabaseResources?id=alzn_mey");
    expect(databaseHref("alzn_mey", { tab: "parameters", keyword: "LIQUID", page: 2 })).toBe(
      "/steelResearchCompute/DatabaseResources?id=alzn_mey&tab=parameters&q=LIQUID&page=2",
    );
  });
  it("read any address into a valid query, or none without an id", () => {
    expect(databaseQuery(new URLSearchParams("id=pbsn&tab=nope&page=-3"))).toEqual({ id: "pbsn", tab: "phases", keyword: "", page: 1 });
    expect(databaseQuery(new URLSearchParams("id=../etc/passwd"))).toBeNull();
    expect(isDatabaseId("0b9a3c1e-1111-4222-8333-444455556666")).toBe(true);
  });
});

describe("pager and labels", () => {
  it("shows the ends and the pages around the current one", () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
  });
  it("writes temperature bounds as the file does, an open end as ∞", () => {
    expect(formatT(298.15)).toBe("298.15");
    expect(formatT(null)).toBe("∞");
  });
  it("writes a parameter as PARAMETER does", () => {
    expect(parameterLabel({ type: "L", phase: "LIQUID", constituents: [["PB", "SN"]], order: 1 })).toBe("L(LIQUID,PB,SN;1)");
  });
});
