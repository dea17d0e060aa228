import { describe, expect, it } from "vitest";
import { RECORDS_PATH, recordApiQuery, recordQuery, recordsHref, similarBody, similarHref, similarQuery } from "./test-data";

const METHODS = ["CHEM-OES", "TENSILE-RT"];

describe("the records table's address", () => {
  it("reads leniently: nonsense is absent, never an error", () => {
    const q = recordQuery(new URLSearchParams("level=7&sort=password&element=Xx&min=1&method=DROP&from=2026-13-45&source=fax&project=nope&cols=Zz"), METHODS);
    expect(q).toMatchObject({ level: "0", sort: "-testedAt", element: "", min: "", method: "", from: "", source: "", project: "", cols: ["C", "Si", "Mn", "Cr", "Mo", "Rm", "Rp0.2", "A", "HBW"] });
  });

  it("round-trips through its links, defaults left out; the form's column boxes become `cols`", () => {
    const q = recordQuery(new URLSearchParams("level=1&grade=42CrMo&element=Rm&min=900&max=&method=TENSILE-RT&from=2026-01-01&sort=-Rm&col=Rm&col=C&page=3"), METHODS);
    expect(q.cols).toEqual(["C", "Rm"]);
    const href = recordsHref(RECORDS_PATH, q);
    expect(href).toBe(`${RECORDS_PATH}?page=3&sort=-Rm&level=1&grade=42CrMo&element=Rm&min=900&method=TENSILE-RT&from=2026-01-01&cols=C%2CRm`);
    expect(recordQuery(new URL(href, "http://x").searchParams, METHODS)).toEqual(q);
    expect(recordsHref(RECORDS_PATH, recordQuery(new URLSearchParams(), METHODS))).toBe(RECORDS_PATH);
    expect(recordApiQuery(q)).toEqual({ sort: "-Rm", level: "1", grade: "42CrMo", element: "Rm", min: "900", method: "TENSILE-RT", from: "2026-01-01", cols: "C,Rm" });
  });
});

describe("the similar-data search's address", () => {
  it("keeps the criteria rows aligned and builds the spec's detection data rows", () => {
    const q = similarQuery("nearest", new URLSearchParams("el=C&min=0.42&max=&w=2&el=&min=&max=&w=&el=Cr&min=1,05&max=&w=&k=50"));
    expect(q.rows).toEqual([
      { key: "C", min: "0.42", max: "", weight: "2" },
      { key: "Cr", min: "1,05", max: "", weight: "" },
    ]);
    expect(similarBody(q).Rows).toEqual([
      { ElementName: "C", MinValue: "0.42", MaxValue: "", Feature: "2" },
      { ElementName: "Cr", MinValue: "1,05", MaxValue: "", Feature: "" },
    ]);
    expect(similarQuery("nearest", new URL(similarHref(q), "http://x").searchParams)).toEqual(q);
    const range = similarQuery("range", new URLSearchParams("el=C&min=0.3&max=0.5&x=C&y=Rm&page=2"));
    expect(similarHref(range, { page: 1 })).toBe("/testDetection/myTestData/mySimilardataTable?el=C&min=0.3&max=0.5&x=C&y=Rm");
    expect(similarQuery("grade", new URLSearchParams()).asked).toBe(false);
  });
});
