import { describe, expect, it } from "vitest";
import type { MenuItem } from "../../common/user-context.ts";
import { detectionTiles, labelsHref, labelsQuery, measuredComposition, sampleCodeFrom, sampleHref, sampleQuery } from "./detection";

describe("the sample lookup's address", () => {
  it("takes an ID as typed or scanned, or from a link's code parameter, and nothing else", () => {
    expect(sampleCodeFrom("  s202611-0042 ")).toBe("s202611-0042");
    expect(sampleCodeFrom("https://lab.example.org/testDetection/sampleId?code=S202611-0042")).toBe("S202611-0042");
    expect(sampleCodeFrom("https://example.org/other")).toBeNull();
    expect(sampleCodeFrom("S2026 11")).toBeNull();
    expect(sampleCodeFrom("<script>")).toBeNull();
    expect(sampleCodeFrom("")).toBeNull();
    expect(sampleCodeFrom("x".repeat(61))).toBeNull();
  });

  it("reads the list's filters leniently and keeps the typed text for the field", () => {
    const { q, code, typed } = sampleQuery(new URLSearchParams("code=%20bad%20id&state=lost&sort=-code&page=3&keyword=H26"));
    expect([code, typed]).toEqual([null, "bad id"]);
    expect(q).toEqual({ page: 3, keyword: "H26", sort: "-code", state: "all" });
    expect(sampleHref(q, { page: 1 })).toBe("/testDetection/sampleId?keyword=H26&sort=-code");
    expect(sampleHref(q, { code: "S1" })).toBe("/testDetection/sampleId?page=3&keyword=H26&sort=-code&code=S1");
  });

  it("builds and reads label requests, dropping what is not an id", () => {
    const id = "0b3c8a52-1d2e-4f6a-9b7c-1234567890ab";
    expect(labelsHref(id, "50x30", [id])).toBe(`/testDetection/sampleLabels?orderId=${id}&size=50x30&ids=${id}`);
    expect(labelsQuery(new URLSearchParams(`orderId=${id}&size=a0&start=99&ids=${id},x`))).toEqual({ orderId: id, size: "a4-3x8", start: 1, ids: [id] });
    expect(labelsQuery(new URLSearchParams("orderId=nope"))).toBeNull();
  });
});

describe("the test-data tab page", () => {
  const item = (Code: string, Url: string, ShowType: number, PType: MenuItem["PType"] = "ReadAndWrite", Sort = 0, ChildMenuList: MenuItem[] = []): MenuItem => ({
    ID: Code,
    Name: Code,
    Code,
    Url,
    Icon: "",
    ShowType,
    PType,
    Sort,
    ChildMenuList,
    HideChildMenuList: [],
  });
  it("tiles the testDetection children of ShowType 1 or 3 that exist, in order, enabled only with ReadAndWrite", () => {
    const res = [
      item("testDetection", "/testDetection", 5, "ReadAndWrite", 5, [
        item("steelNky", "/testDetection/steelNky", 3, "ReadAndWrite", 9),
        item("sampleId", "/testDetection/sampleId", 3, "ReadOnly", 1),
        item("hiddenOne", "/testDetection/steelNky", 5, "ReadAndWrite", 2),
        item("notBuilt", "/testDetection/noSuchPage", 3, "ReadAndWrite", 3),
      ]),
    ];
    expect(detectionTiles(res)).toEqual([
      { code: "sampleId", name: "sampleId", url: "/testDetection/sampleId", enabled: false },
      { code: "steelNky", name: "steelNky", url: "/testDetection/steelNky", enabled: true },
    ]);
    expect(detectionTiles([])).toEqual([]);
  });
});

describe("measuredComposition", () => {
  const quantities = (keys: string[]) => keys.map((Key) => ({ Key, Name: Key, Unit: "%", Text: false, Range: null }));
  const chem = [
    { Code: "CHEM-OES", Group: "chemical", Quantities: quantities(["C", "Si", "Mn", "Cr", "Ni"]) },
    { Code: "CHEM-CS", Group: "chemical", Quantities: quantities(["C", "S"]) },
    { Code: "TENSILE-RT", Group: "tensile", Quantities: quantities(["Rm"]) },
  ];
  const r = (Method: string, Quantity: string, Value: number | null, o: { verified?: boolean; at?: string; replaced?: boolean } = {}) => ({
    Method,
    Quantity,
    Value,
    VerifiedAt: o.verified ? "2026-11-02T00:00:00Z" : null,
    EnteredAt: o.at ?? "2026-11-01T00:00:00Z",
    SupersededAt: o.replaced ? "2026-11-03T00:00:00Z" : null,
  });

  it("takes the current chemical values, a verified one before a later unverified one, in the methods' order", () => {
    const got = measuredComposition(
      [
        r("CHEM-OES", "Cr", 1.02, { verified: true, at: "2026-11-04T00:00:00Z" }),
        r("CHEM-OES", "C", 0.41, { verified: true }),
        r("CHEM-CS", "C", 0.43, { at: "2026-11-05T00:00:00Z" }),
        r("CHEM-OES", "Cr", 0.9, { replaced: true, verified: true }),
        r("CHEM-OES", "Ni", 0, { verified: true }),
        r("TENSILE-RT", "Rm", 1100, { verified: true }),
      ],
      chem,
    );
    expect(got).toEqual({ composition: { C: 0.41, Cr: 1.02 }, verified: true });
    expect(Object.keys(got!.composition)).toEqual(["C", "Cr"]);
  });

  it("is preliminary while a value used is unverified, the latest of two unverified ones", () => {
    const got = measuredComposition([r("CHEM-OES", "C", 0.41), r("CHEM-CS", "C", 0.43, { at: "2026-11-05T00:00:00Z" })], chem);
    expect(got).toEqual({ composition: { C: 0.43 }, verified: false });
  });

  it("is null without a chemical value", () => {
    expect(measuredComposition([r("TENSILE-RT", "Rm", 1100), r("CHEM-OES", "C", null)], chem)).toBeNull();
    expect(measuredComposition([r("CHEM-OES", "Ni", 0)], chem)).toBeNull();
    // An unverified 0 left out does not make the rest preliminary.
    expect(measuredComposition([r("CHEM-OES", "C", 0.2, { verified: true }), r("CHEM-OES", "Ni", 0)], chem)).toEqual({ composition: { C: 0.2 }, verified: true });
  });
});
