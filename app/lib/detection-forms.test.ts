import { describe, expect, it } from "vitest";
import { lineCount, orderFromForm, orderValues, projectFromForm, projectValues } from "./detection-forms";

const form = (entries: Array<[string, string]>) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("the order form", () => {
  it("sends the filled lines and limits, keeps every value, and names the API's refusals by the form's fields", () => {
    const { json, values, fieldOf, lines } = orderFromForm(
      form([
        ["lines", "3"],
        ["ProjectId", "p1"],
        ["Grade", " 42CrMo "],
        ["l0.Description", ""],
        ["l1.Description", "Φ25 棒材"],
        ["l1.Quantity", "2"],
        ["l1.Methods", "TENSILE-RT"],
        ["l1.Methods", "HARD-HBW"],
        ["l2.Description", "板"],
        ["x1.Quantity", "TENSILE-RT/Rm"],
        ["x1.Min", "1000"],
      ]),
    );
    expect(lines).toBe(3);
    expect(json.Grade).toBe("42CrMo");
    expect(json.Lines.map((l) => [l.Description, l.Quantity, l.Methods])).toEqual([
      ["Φ25 棒材", "2", ["TENSILE-RT", "HARD-HBW"]],
      ["板", "", []],
    ]);
    expect(json.Limits).toEqual([{ Method: "TENSILE-RT", Quantity: "Rm", Min: "1000", Max: "" }]);
    expect(values["l1.Methods"]).toBe("TENSILE-RT,HARD-HBW");
    // The API's second line is the form's third; its first limit the form's second row.
    expect(fieldOf("Lines.1.Methods")).toBe("l2.Methods");
    expect(fieldOf("Limits.0.Min")).toBe("x1.Min");
    expect(fieldOf("Limits.0.Method")).toBe("x1.Quantity");
    expect(fieldOf("ProjectId")).toBe("ProjectId");
    expect(fieldOf("Lines.5.Grade")).toBeNull();
  });

  it("shows a saved draft again and bounds the rows asked for", () => {
    const v = orderValues({
      Id: "o1",
      ProjectId: "p1",
      Grade: "45",
      DueDate: null,
      Note: "",
      Version: 2,
      Lines: [{ Description: "板", Grade: "", HeatNo: "H1", Form: "", Condition: "", Quantity: 3, Methods: ["CHEM-OES"] }],
      Limits: [{ Method: "CHEM-OES", Quantity: "C", Min: null, Max: 0.5 }],
    });
    expect([v.lines, v["l0.Quantity"], v["l0.Methods"], v["x0.Quantity"], v["x0.Min"], v["x0.Max"], v.Version]).toEqual(["1", "3", "CHEM-OES", "CHEM-OES/C", "", "0.5", "2"]);
    expect([lineCount(null), lineCount("4", true), lineCount("999", true), lineCount("-1")]).toEqual([3, 5, 200, 3]);
  });

  it("splits the project's client choice into its kind and id", () => {
    expect(projectFromForm(form([["Code", "NCS-1"], ["Name", "n"], ["Client", "enterprise:e1"]])).json).toMatchObject({ Code: "NCS-1", ClientKind: "enterprise", ClientId: "e1" });
    expect(projectFromForm(form([["Client", ""]])).json).toMatchObject({ ClientKind: "", ClientId: "" });
  });
});

describe("a detection project's form", () => {
  it("reads an edited project back with its id, version, leader and research project kept", () => {
    const values = projectValues({
      Id: "p1",
      Code: "NCS-1",
      Name: "渗碳齿轮钢",
      ClientKind: "enterprise",
      ClientId: "e1",
      ClientName: "合作单位",
      ResearchProjectId: null,
      ResearchProjectName: null,
      Standards: "GB/T 228.1",
      DueDate: "2026-12-31",
      Status: "active",
      LeaderId: "u1",
      LeaderName: "admin",
      Orders: 2,
      Version: 3,
      CreatedAt: "2026-11-01T00:00:00Z",
    });
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...values, Name: " 改名 ", Status: "closed" })) form.set(k, v);
    expect(projectFromForm(form).json).toEqual({ Id: "p1", Version: "3", LeaderId: "u1", ResearchProjectId: "", Status: "closed", Code: "NCS-1", Name: "改名", ClientKind: "enterprise", ClientId: "e1", Standards: "GB/T 228.1", DueDate: "2026-12-31" });
    // A new one sends none of them.
    const fresh = new FormData();
    fresh.set("Code", "NCS-2");
    fresh.set("Client", "department:d1");
    expect(Object.keys(projectFromForm(fresh).json).sort()).toEqual(["ClientId", "ClientKind", "Code", "DueDate", "Name", "Standards"]);
  });
});
