import { describe, expect, it } from "vitest";
import { cascade, grantRows, postedGrants, roleHref, roleQuery, type GrantNode } from "./role-grants.ts";

const node = (Code: string, Children: GrantNode[] = []): GrantNode => ({
  Code,
  Name: Code,
  Url: `/${Code}`,
  Hidden: false,
  External: false,
  Granted: null,
  Default: null,
  Children,
});

describe("role grants page helpers", () => {
  it("reads the role from the address leniently and builds it back", () => {
    expect(roleQuery(new URLSearchParams("role=InsideAdmin&confirm=reset"))).toEqual({ role: "InsideAdmin", confirmReset: true });
    expect(roleQuery(new URLSearchParams("role=Wizard"))).toEqual({ role: "SystemAdmin", confirmReset: false });
    expect(roleHref("SGUser")).toBe("/systemManage/roleManage?role=SGUser");
    expect(roleHref("SGUser", true)).toBe("/systemManage/roleManage?role=SGUser&confirm=reset");
  });

  it("takes the shown pages from the posted selects, an empty one meaning not shown", () => {
    expect(postedGrants({ Role: "InsideAdmin", "Grants.a": "ReadAndWrite", "Grants.b": "", "Grants.c": "ReadOnly" })).toEqual({ a: "ReadAndWrite", c: "ReadOnly" });
  });

  it("flattens the tree in order with depths", () => {
    const rows = grantRows([node("g", [node("a"), node("h", [node("x")])]), node("z")]);
    expect(rows.map((r) => [r.Code, r.depth, r.group, r.parent])).toEqual([
      ["g", 1, true, null],
      ["a", 2, false, "g"],
      ["h", 2, true, "g"],
      ["x", 3, false, "h"],
      ["z", 1, false, null],
    ]);
  });

  it("with JavaScript, hiding a group hides what it holds and showing a page shows its groups", () => {
    const rows = grantRows([node("g", [node("a"), node("h", [node("x")])]), node("z")]);
    const now: Record<string, string> = { g: "ReadAndWrite", a: "ReadOnly", h: "ReadAndWrite", x: "ReadAndWrite", z: "" };
    expect(cascade(rows, "g", "", (c) => now[c])).toEqual({ a: "", h: "", x: "" });
    const hidden: Record<string, string> = { g: "", a: "", h: "", x: "", z: "" };
    expect(cascade(rows, "x", "ReadOnly", (c) => hidden[c])).toEqual({ h: "ReadAndWrite", g: "ReadAndWrite" });
    expect(cascade(rows, "a", "ReadOnly", (c) => now[c])).toEqual({});
  });
});
